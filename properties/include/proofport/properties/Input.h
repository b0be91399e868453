// One input of a reported case: the name of the binder it stands for, its type and its value.
#pragma once

#include <string>

namespace proofport::properties {

/// One generated input of a case, as a counterexample shows it.
struct Input {
  /// The Lean binder (or descriptive name) the draw was given (`gen::pick`, generators/Named.h);
  /// empty for an unnamed draw (RapidCheck's `*gen`) and in files written before names.
  std::string name;
  /// The C++ type as RapidCheck spells it, or with the registered scalar name once shown.
  std::string type;
  /// The exact value as printed.
  std::string value;

  friend bool operator==(const Input &, const Input &) = default;
};

}  // namespace proofport::properties
