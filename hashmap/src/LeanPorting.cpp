// Lean's own HashMap port as Std.HashMap: its porting and registration (Interpreted.h), over
// Int and String keys here and the test keys of Keys.h through PairsLean*.cpp.
#include "Pairs.hpp"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {
namespace {

/// Registers the port at every key type, with their models.
void registerLeanKeys(interp::Registry &registry, const std::string &label) {
  detail::registerKey<LeanHashMapAdapter, int>(registry, label, "Int");
  detail::registerKey<LeanHashMapAdapter, std::string>(registry, label, "String");
  detail::registerKey<LeanHashMapAdapter, CaseInsensitive>(registry, label, "CaseInsensitive");
  detail::registerKey<LeanHashMapAdapter, OneBucket>(registry, label, "OneBucket");
  detail::registerKey<LeanHashMapAdapter, FiniteFloat>(registry, label, "FiniteFloat");
  // `NaN == NaN` is false and CaseSensitiveHash hashes `==` keys apart: the association list is
  // no oracle of Lean's HashMap there (Pairs.h); the statements that need neither law still run.
  detail::registerKey<LeanHashMapAdapter, NaNFloat>(registry, label, "NaNFloat", false);
  detail::registerKey<LeanHashMapAdapter, CaseSensitiveHash>(registry, label, "CaseSensitiveHash",
                                                             false);
}

}  // namespace

std::unique_ptr<interp::Porting> leanHashMapPorting() {
  const std::string label = "lean_hashmap";
  auto out = detail::newPorting(label,
                                "Lean's own HashMap ported to C++ (HashMap.h) over Int, String, "
                                "case-insensitive, one-bucket, float and lawless-hash keys",
                                true);
  registerLeanKeys(*out->registry, label);
  // From capacity 0 (one bucket) the drawn maps double their buckets as they fill, so the
  // statements read maps that went through Lean's resize several times.
  detail::drawKey<LeanHashMapAdapter, int>(*out, 0);
  detail::drawKey<LeanHashMapAdapter, std::string>(*out, 0);
  detail::drawKey<LeanHashMapAdapter, CaseInsensitive>(*out, 0);
  detail::drawKey<LeanHashMapAdapter, OneBucket>(*out, 0);
  detail::drawKey<LeanHashMapAdapter, FiniteFloat>(*out, 0);
  detail::drawKey<LeanHashMapAdapter, NaNFloat>(*out, 0);
  detail::drawKey<LeanHashMapAdapter, CaseSensitiveHash>(*out, 0);
  // The test keys at Int values (and case-insensitive keys at Unit): the theorems about
  // `HashMap α Unit` run at each, over the (key, Unit) maps registered beside.
  auto pairs = detail::standardPairs();
  pairs.insert(pairs.end(), {{"CaseInsensitive", "Int"},
                             {"CaseInsensitive", "Unit"},
                             {"OneBucket", "Int"},
                             {"FiniteFloat", "Int"},
                             {"NaNFloat", "Int"},
                             {"CaseSensitiveHash", "Int"}});
  detail::finishPorting(*out, label, pairs);
  return out;
}

void registerLeanHashMaps(interp::Registry &registry) {
  detail::registerTestKeys(registry);
  registry.structure("Std.HashMap", {"α", "β"});
  registerLeanKeys(registry, "lean_hashmap");
}

interp::Portings leanPortings() {
  return {std::shared_ptr<const interp::Porting>(leanHashMapPorting())};
}

}  // namespace proofport::hashmap
