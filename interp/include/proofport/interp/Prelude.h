// Lean core's functions on lists, options, pairs, booleans and natural numbers, implemented on
// Values, with their Lean signatures (registered in every Registry).
// Ports: Init/Prelude.lean, Init/Data/List/Basic.lean, Init/Data/Option/Basic.lean,
// Init/Core.lean (the definitions, not their proofs)
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "proofport/interp/Registry.h"
#include "proofport/interp/Value.h"

namespace proofport::interp {

/// Registers the prelude in `registry` (Registry's constructor does). Names and meanings are
/// Lean core's:
/// - List: `length`, `map`, `filter`, `filterMap`, `contains`, `elem`, `find?`, `foldl`,
///   `foldr`, `all`, `any`, `isEmpty`, `Pairwise`, `Nodup`, `Perm`, `set`, `get?`, `getD`,
///   `head?`, `head` (domain `l ≠ []`), `reverse`, `append`, `cons`, `nil`, `lookup`, `erase`,
///   `take`, `drop`, `zip`, `sum` (of Nat), and the instances `l[i]?`, `l[i]!`, `l[i]`
///   (domain `i < l.length`), `a ∈ l` (by `=`), `l₁ ++ l₂`, `∅`, `insert`, `singleton`;
/// - Option: `map`, `isSome`, `isNone`, `get` (domain `o.isSome`), `get!`, `getD`, `some`,
///   `none`, `bind`, `elim`, `all`, `any`, `filter`, `toList`;
/// - Prod: `fst`, `snd`, `mk`, `swap`; Bool: `not`, `and`, `or`, `true`, `false`; `id`;
/// - Nat: `+`, `-` (truncating at 0), `*`, `/` and `%` (by 0: 0 and the dividend), `≤`, `<`,
///   `min`, `max`, `succ`, `pred`.
/// Prop-valued definitions (`Pairwise`, `Perm`, `≤`) are decided: Bool-valued on Values.
/// A function whose signature needs `Inhabited α` (`get!`, `l[i]!`) receives `α`'s default
/// before its arguments (see Registry::genericOperation).
/// Cost: O(prelude)   Throws: ContractError if a name is taken already.
void addPrelude(Registry &registry);

/// A prelude function: a name, an arity and a body on exactly that many Values.
class Builtin final : public Callable {
public:
  using Body = Value (*)(std::span<const Value> args);
  /// Cost: O(name)
  Builtin(std::string name, std::size_t arity, Body body);
  std::size_t arity() const override { return m_arity; }
  Value call(std::span<const Value> args) const override { return m_body(args); }
  std::string describe() const override { return m_name; }

private:
  std::string m_name;
  std::size_t m_arity;
  Body m_body;
};

/// Nat arithmetic of Lean on 64 bits: `+` and `*` are exact or throw; `-` truncates at 0.
/// Cost: O(1)   Throws: Undecided (Evaluate.h) if the exact result is 2^64 or more: Lean's
/// Nat has it, the interpreter's does not, so a case that needs it decides nothing.
std::uint64_t natAdd(std::uint64_t a, std::uint64_t b);
std::uint64_t natMul(std::uint64_t a, std::uint64_t b);
std::uint64_t natSub(std::uint64_t a, std::uint64_t b);

/// A signature of unnamed value parameters (the prelude's and tests' shorthand).
/// Cost: O(params)
Signature signatureOf(std::vector<Type> params, Type result);

}  // namespace proofport::interp
