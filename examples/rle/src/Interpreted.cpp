// Rle.RleVector registered with proofport's statement interpreter (rle/Interpreted.h).
// Ports: lean/Rle.lean
#include "rle/Interpreted.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "proofport/gen/RationalScalars.h"
#include "proofport/scalars/Rational.h"
#include "rle/Port.h"

namespace rle {
namespace {

using namespace proofport::interp;

/// α := `lean` by S, `Rle.RleVector lean` by RleVector<S>, its operations and drawings, and the
/// instantiation `rle-<scalar>`.
template <proofport::Scalar S>
void registerScalar(Porting &porting, const std::string &lean, const std::string &scalar) {
  using T = proofport::ScalarTraits<S>;
  using V = RleVector<S>;
  Registry &r = *porting.registry;
  ValueTypeSpec<S> value;
  value.print = [](const S &x) { return T::show(x); };
  // `[DecidableEq α]`: Lean's `=` and `==` are both the scalar identity (-0 and +0 differ,
  // every NaN is one value), as the runs compare values.
  value.identical = value.beq = [](const S &a, const S &b) { return T::identical(a, b); };
  value.classes = {"DecidableEq", "BEq", "LawfulBEq", "Inhabited"};
  value.defaultValue = S{};
  r.valueType<S>(lean, value);
  RealizationSpec<V, S> vector;
  vector.label = scalar;
  vector.elements = [](const V &v) { return v.toList(); };
  vector.print = [](const V &v) {
    std::ostringstream os;
    showValue(v, os);
    return os.str();
  };
  // Lean's `=` on the structure: the same runs, value by identity and count.
  vector.identical = [](const V &a, const V &b) {
    return a.runs().size() == b.runs().size() &&
           std::equal(a.runs().begin(), a.runs().end(), b.runs().begin(),
                      [](const auto &x, const auto &y) {
                        return x.count == y.count && T::identical(x.value, y.value);
                      });
  };
  vector.classes = {"Inhabited"};
  vector.defaultValue = V{};
  r.realize("Rle.RleVector", {r.parseType(lean)}, vector);

  r.operation("Rle.RleVector.empty", "RleVector α", [] { return V{}; });
  r.operation("Rle.RleVector.ofList", "List α → RleVector α",
              [](const std::vector<S> &xs) { return V::ofList(xs); });
  r.operation("Rle.RleVector.toList", "RleVector α → List α",
              [](const V &v) { return v.toList(); });
  r.operation("Rle.RleVector.size", "RleVector α → Nat", [](const V &v) { return v.size(); });
  r.operation("Rle.RleVector.push", "RleVector α → α → RleVector α", [](V v, const S &a) {
    v.push(a);
    return v;
  });
  // Past the end the port refuses (IndexError) where Lean answers `none` or changes nothing;
  // a refused `set` must leave the vector as it was, which toList_set then reads.
  r.operation("Rle.RleVector.lookup", "RleVector α → Nat → Option α",
              [](const V &v, std::size_t i) -> std::optional<S> {
                try {
                  return v.get(i);
                } catch (const proofport::IndexError &) {
                  return std::nullopt;
                }
              });
  r.operation("Rle.RleVector.set", "RleVector α → Nat → α → RleVector α",
              [](V v, std::size_t i, const S &a) {
                try {
                  v.set(i, a);
                } catch (const proofport::IndexError &) {
                }
                return v;
              });
  r.operation("Rle.RleVector.Canonical", "RleVector α → Prop",
              [](const V &v) { return !nonCanonical(v); });

  // Half the time a drawn value is one already in the case, or (floats) the other zero: what
  // tells identity from `==`.
  std::function<std::vector<S>(const S &)> equivalents;
  if constexpr (T::hasSignedZero) {
    equivalents = [](const S &x) { return x == S{} ? std::vector<S>{-x} : std::vector<S>{}; };
  }
  porting.drawings.valueType<S>(r, proofport::gen::scalar<S>(), equivalents);
  porting.drawings.realization<V, S>(r, [](const std::vector<S> &xs) { return V::ofList(xs); });
  porting.instantiations.push_back(
      Instantiation{"rle-" + scalar, {{"α", r.parseType(lean)}}, {}, std::nullopt});
}

}  // namespace

proofport::interp::Portings portings() {
  auto porting = std::make_shared<Porting>();
  porting->name = "rle";
  porting->description = "a run-length encoded vector as Rle.RleVector";
  porting->leanPrefix = "Rle.";
  porting->registry->structure("Rle.RleVector", {"α"});
  registerScalar<float>(*porting, "Float", "float32");
  registerScalar<proofport::Rational>(*porting, "Rat", "rational");
  checkClaims(*porting);
  return {porting};
}

}  // namespace rle
