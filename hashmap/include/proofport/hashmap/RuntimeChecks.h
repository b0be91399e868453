// The run-time checks of a Lean file over a hash map: a registry where an adapter's map realizes
// Std.HashMap, and the file's theorems interpreted over it, as CheckedHashMap's `local` reads them.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "proofport/checked/Violation.h"
#include "proofport/hashmap/Interpreted.h"
#include "proofport/hashmap/MapAdapter.h"
#include "proofport/interp/Registry.h"
#include "proofport/interp/Runtime.h"
#include "proofport/interp/Suite.h"

namespace proofport::hashmap {

/// A registry where adapter `A`'s map realizes `Std.HashMap key value` (labelled `label`, with
/// no oracle model: a run-time check evaluates the port alone), and the run-time checks of the
/// Lean file `path` over it: what CheckedHashMap<A, local> needs. The registry lives as long as
/// the checks (the returned pointer owns both). `register` registers the key and value types
/// first (registerValueTypes for Int and String).
/// Cost: reading and elaborating the file.
/// Throws: lean::ReadError if the file cannot be read or has a syntax error; ContractError as
/// registerHashMap and interp::RuntimeChecks.
template <MapAdapter A, class Register>
std::shared_ptr<interp::RuntimeChecks>
runtimeChecks(const std::string &path, const std::string &label, const std::string &key,
              const std::string &value, Register reg, interp::RuntimeOptions options = {},
              checked::CheckOptions report = {}) {
  auto registry = std::make_shared<interp::Registry>();
  reg(*registry);
  if (registry->findStructure("Std.HashMap") == nullptr) {
    registry->structure("Std.HashMap", {"α", "β"});
  }
  registerHashMap<A>(*registry, label, key, value);
  // The registry is declared first, so it outlives the checks that refer to it.
  struct Owned {
    std::shared_ptr<interp::Registry> registry;
    std::unique_ptr<interp::RuntimeChecks> checks;
  };
  auto owned = std::make_shared<Owned>();
  owned->registry = registry;
  owned->checks = interp::RuntimeChecks::fromFile(
      path, *registry, hashMapInstantiation(*registry, label, key, value), options,
      std::move(report));
  return std::shared_ptr<interp::RuntimeChecks>(owned, owned->checks.get());
}

}  // namespace proofport::hashmap
