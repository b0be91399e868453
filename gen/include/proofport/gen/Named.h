// Named draws: a property's input printed under the name of the Lean binder it stands for
// (`v := …`), with the same randomness, value and shrinks as the unnamed draw.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <utility>

#include <rapidcheck.h>

#include "proofport/runner/Input.h"
#include "proofport/spec/Error.h"

namespace proofport::gen {

using runner::isName;
using runner::kNameMark;

/// A drawn value and the name it is printed under.
template <class T>
struct Named {
  std::string name;
  T value;
};

/// Prints the mark, the name, the mark, then the value exactly as RapidCheck prints a `T`.
/// Cost: that of printing the value.
template <class T>
void showValue(const Named<T> &named, std::ostream &os) {
  os << kNameMark << named.name << kNameMark;
  rc::show(named.value, os);
}

/// `gen` with each value under `name`: a map, so the draws, values and shrinks are `gen`'s own
/// and a reproduce token of the unnamed draw replays the named one.
/// Cost: O(name) per value.
/// Throws: ContractError if `name` is not a name (see isName).
template <class T>
rc::Gen<Named<T>> named(std::string name, rc::Gen<T> gen) {
  if (!isName(name)) {
    throwContractError(
        "gen::named", "a name of 1 to 64 bytes without spaces, controls, : or =", "'" + name + "'");
  }
  return rc::gen::map(std::move(gen), [name = std::move(name)](T value) {
    return Named<T>{name, std::move(value)};
  });
}

/// Draws one input of the running property from `gen` (RapidCheck's `*gen`), reported in a
/// counterexample as `name := value`; name the draw after the Lean binder it stands for.
/// Cost: one draw of `gen`.
/// Throws: ContractError if `name` is not a name (see isName); what `*gen` throws.
template <class T>
T pick(std::string name, rc::Gen<T> gen) {
  return (*named(std::move(name), std::move(gen))).value;
}

}  // namespace proofport::gen

namespace rc {

/// A named draw's type is the type of its value (counterexamples keep the C++ type).
template <class T>
struct ShowType<proofport::gen::Named<T>> {
  static void showType(std::ostream &os) { rc::ShowType<T>::showType(os); }
};

}  // namespace rc
