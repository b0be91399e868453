// Catalogs: listing declarations by kind and looking them up.
#include "proofport/runner/Catalog.h"

#include <algorithm>

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
  // The declarations in first-appearance order, then stably by kind.
  std::vector<const Theorem *> order;
  for (const Entry &e : entries) {
    if (std::find(order.begin(), order.end(), e.theorem) == order.end()) {
      order.push_back(e.theorem);
    }
  }
  std::stable_sort(order.begin(), order.end(), [](const Theorem *a, const Theorem *b) {
    return kindRank(a->kind) < kindRank(b->kind);
  });
  for (const Theorem *t : order) {
    for (const Theorem &seen : m_theorems) {
      if (seen.leanName == t->leanName) {
        throwContractError("Catalog", "one declaration per Lean name",
                           "two named " + std::string(t->leanName));
      }
    }
    m_theorems.push_back(*t);
  }
  for (const Entry &e : entries) {
    const bool seen = std::any_of(m_scalars.begin(), m_scalars.end(),
                                  [&e](const ScalarInfo &s) { return s.name == e.scalar.name; });
    if (!seen) {
      m_scalars.push_back(e.scalar);
    }
  }
  // Declaration-major, scalars in registration order; entry.theorem points into m_theorems.
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (const ScalarInfo &scalar : m_scalars) {
      for (const Entry &e : entries) {
        if (e.theorem == order[k] && e.scalar.name == scalar.name) {
          m_entries.push_back(e);
          m_entries.back().theorem = &m_theorems[k];
          m_entries.back().shortName = shortName(m_theorems[k].leanName);
        }
      }
    }
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
