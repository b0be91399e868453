// The statement parser on a real Lean file, Lean core's HashMap lemmas (read at run time, path
// from CMake): the same theorems as lean::read, no syntax error, how many parse with no
// Unsupported node (printed with the constructs left), every tree printed back and parsed to
// itself, every position inside its theorem, and the time the whole file takes.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "TermText.h"
#include "proofport/lean/Declarations.h"
#include "proofport/lean/Term.h"

namespace proofport::lean {
namespace {

bool before(Position a, Position b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

/// Every position in `term` (made-up ones, zero, aside) is in [from, to).
bool within(const Term &term, Position from, Position to) {
  if (term.position.line != 0 && (before(term.position, from) || !before(term.position, to))) {
    return false;
  }
  for (const TermPtr &arg : term.args) {
    if (!within(*arg, from, to)) {
      return false;
    }
  }
  for (const Binder &binder : term.binders) {
    if (binder.type && !within(*binder.type, from, to)) {
      return false;
    }
  }
  return true;
}

bool roundTrips(const Term &term) { return testing::sameTree(term, *parseTerm(toLean(term))); }

TEST(LeanLemmasCorpus, everyTheoremOfTheHashMapLemmas) {
  const std::string path = PROOFPORT_HASHMAP_LEMMAS;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Statement> statements = readStatementsFile(path);
  const auto end = std::chrono::steady_clock::now();
  const Reading reading = readFile(path);
  ASSERT_EQ(statements.size(), reading.declarations.size());
  std::size_t full = 0;
  std::map<std::string, std::pair<std::size_t, std::string>> constructs;
  for (std::size_t k = 0; k < statements.size(); ++k) {
    const Statement &s = statements[k];
    EXPECT_EQ(s.name, reading.declarations[k].name);
    EXPECT_EQ(s.namespaces, (std::vector<std::string>{"Std", "Std.HashMap"})) << s.name;
    if (s.unsupported) {
      auto &entry = constructs[s.unsupported->text];
      if (entry.first++ == 0) {
        entry.second = s.name + " at " + toString(s.unsupported->position);
      }
    } else {
      ++full;
    }
    const Position next =
        k + 1 < statements.size() ? statements[k + 1].position : Position{~std::size_t{0}, 0};
    EXPECT_TRUE(within(*s.conclusion, s.position, next)) << s.name;
    EXPECT_TRUE(roundTrips(*s.conclusion)) << s.name << ": " << toLean(*s.conclusion);
    for (const std::vector<Binder> *groups : {&s.binders, &s.variables}) {
      for (const Binder &binder : *groups) {
        if (binder.type) {
          EXPECT_TRUE(roundTrips(*binder.type)) << s.name << ": " << toLean(*binder.type);
        }
      }
    }
  }
  std::cout << path << ": " << statements.size() << " theorems, " << full
            << " parsed with no Unsupported node, " << statements.size() - full
            << " with one; parsed in "
            << std::chrono::duration<double, std::milli>(end - start).count() << " ms\n";
  for (const auto &[text, entry] : constructs) {
    std::cout << "  unsupported " << text << ": " << entry.first << " (first: " << entry.second
              << ")\n";
  }
  EXPECT_EQ(statements.size(), 351U);
  EXPECT_GE(full, 330U);
}

}  // namespace
}  // namespace proofport::lean
