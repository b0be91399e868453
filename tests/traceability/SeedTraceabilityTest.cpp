// Traceability: every `theorem` of a Lean seed listing has a catalog entry over every scalar
// type, and every seed entry of the catalog is declared in the listing. The listing's path
// comes from the PROOFPORT_SEED environment variable.
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "proofport/properties/BuiltInCatalog.h"

namespace {

using namespace proofport::properties;
using namespace proofport::runner;

std::set<std::string> seedTheorems(const std::string &path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read seed listing " << path;
  std::set<std::string> names;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string keyword;
    std::string name;
    if (words >> keyword >> name && keyword == "theorem") {
      names.insert(name);
    }
  }
  return names;
}

TEST(Traceability, SeedTheoremsEqualCatalogSeedEntries) {
  const char *path = std::getenv("PROOFPORT_SEED");
  ASSERT_NE(path, nullptr) << "PROOFPORT_SEED must name a seed listing";
  const auto declared = seedTheorems(path);
  ASSERT_FALSE(declared.empty()) << path << " declares no theorem";

  std::set<std::string> catalogued;
  for (const Theorem &t : builtInCatalog().theorems()) {
    if (t.kind == Kind::Seed) {
      catalogued.insert(std::string(t.leanName));
    }
  }
  for (const auto &name : declared) {
    EXPECT_TRUE(catalogued.count(name)) << "seed theorem without a catalog entry: " << name;
  }
  for (const auto &name : catalogued) {
    EXPECT_TRUE(declared.count(name)) << "catalog seed entry not declared in the seed: " << name;
  }
}

TEST(Traceability, EveryTheoremRunsOverEveryScalar) {
  const Catalog &catalog = builtInCatalog();
  for (const Theorem &t : catalog.theorems()) {
    for (const ScalarInfo &s : catalog.scalars()) {
      int found = 0;
      for (const Entry &e : catalog.entries()) {
        found += (e.theorem == &t && e.scalar.name == s.name) ? 1 : 0;
      }
      EXPECT_EQ(found, 1) << t.leanName << " over " << s.name;
    }
  }
  EXPECT_GE(catalog.scalars().size(), 3U);
}

}  // namespace
