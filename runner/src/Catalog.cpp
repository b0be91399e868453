// Catalogs: listing declarations by kind and looking them up.
#include "proofport/runner/Catalog.h"

#include <algorithm>
#include <numeric>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "proofport/spec/Error.h"

namespace proofport::runner {

std::string_view kindName(Kind kind) {
  switch (kind) {
  case Kind::Seed: return "seed";
  case Kind::Lemma: return "lemma";
  case Kind::Invariant: return "invariant";
  case Kind::Obligation: return "obligation";
  case Kind::Definition: return "definition";
  case Kind::Law: return "law";
  case Kind::Model: return "model";
  }
  return "?";
}

int kindRank(Kind kind) {
  switch (kind) {
  case Kind::Seed: return 0;
  case Kind::Lemma: return 1;
  case Kind::Definition: return 2;
  case Kind::Invariant: return 3;
  case Kind::Obligation: return 4;
  case Kind::Law: return 5;
  case Kind::Model: return 6;
  }
  return 7;
}

bool Entry::missingByName() const noexcept {
  return std::none_of(missingClasses.begin(), missingClasses.end(),
                      [](const std::string &c) { return c.find(' ') != std::string::npos; });
}

std::string Entry::missingNames() const {
  std::string out = missing.names();
  for (const std::string &name : missingClasses) {
    out += (out.empty() ? "" : ", ") + name;
  }
  return out;
}

std::string Entry::id() const {
  return scalar.name + "/" + (shortName.empty() ? std::string(theorem->leanName) : shortName);
}

Catalog::Catalog(std::string leanPrefix, std::vector<Entry> entries)
    : m_prefix(std::move(leanPrefix)) {
  // The declarations in first-appearance order, then stably by kind. (Lookups by pointer and
  // by name: a catalog of a Lean file holds thousands of declarations.)
  std::vector<const Theorem *> order;
  std::unordered_set<const Theorem *> listed;
  for (const Entry &e : entries) {
    if (listed.insert(e.theorem).second) {
      order.push_back(e.theorem);
    }
  }
  std::stable_sort(order.begin(), order.end(), [](const Theorem *a, const Theorem *b) {
    return kindRank(a->kind) < kindRank(b->kind);
  });
  std::unordered_map<const Theorem *, std::size_t> rank;
  std::unordered_set<std::string_view> names;
  m_theorems.reserve(order.size());
  for (const Theorem *t : order) {
    if (!names.insert(std::string_view(t->leanName)).second) {
      throwContractError("Catalog", "one declaration per Lean name",
                         "two named " + std::string(t->leanName));
    }
    rank.emplace(t, m_theorems.size());
    m_theorems.push_back(*t);
  }
  std::unordered_map<std::string, std::size_t> scalarRank;
  for (const Entry &e : entries) {
    if (scalarRank.emplace(e.scalar.name, m_scalars.size()).second) {
      m_scalars.push_back(e.scalar);
    }
  }
  // Declaration-major, scalars in registration order, entries of one declaration and scalar
  // in the order given; entry.theorem points into m_theorems.
  std::vector<std::size_t> byPlace(entries.size());
  std::iota(byPlace.begin(), byPlace.end(), std::size_t{0});
  std::vector<std::pair<std::size_t, std::size_t>> place(entries.size());
  for (std::size_t k = 0; k < entries.size(); ++k) {
    place[k] = {rank.at(entries[k].theorem), scalarRank.at(entries[k].scalar.name)};
  }
  std::stable_sort(byPlace.begin(), byPlace.end(),
                   [&place](std::size_t a, std::size_t b) { return place[a] < place[b]; });
  m_entries.reserve(entries.size());
  for (const std::size_t k : byPlace) {
    const std::size_t t = place[k].first;
    m_entries.push_back(std::move(entries[k]));
    m_entries.back().theorem = &m_theorems[t];
    m_entries.back().shortName = shortName(m_theorems[t].leanName);
  }
}

const Theorem *Catalog::find(std::string_view name) const {
  for (const Theorem &t : m_theorems) {
    if (t.leanName == name || shortName(t.leanName) == name) {
      return &t;
    }
  }
  return nullptr;
}

const Entry *Catalog::find(const Theorem &theorem, std::string_view scalar) const {
  for (const Entry &e : m_entries) {
    if (e.theorem == &theorem && e.scalar.name == scalar) {
      return &e;
    }
  }
  return nullptr;
}

std::string Catalog::shortName(std::string_view leanName) const {
  if (leanName.substr(0, m_prefix.size()) == m_prefix) {
    leanName.remove_prefix(m_prefix.size());
  }
  return std::string(leanName);
}

}  // namespace proofport::runner
