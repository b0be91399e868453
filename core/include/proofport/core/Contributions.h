// A node's vector-Jacobian product described compactly: dense form, lookup, uniform, support.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Contributions.lean
#pragma once

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "proofport/core/Context.h"

namespace proofport {

/// A node's complete local contribution to the gradient context. Positions outside `support`
/// must read `full(shape, uniform)` (`outside`), and `lookup` must read what `dense()` holds
/// (`correct`); `validate()` checks both. `support` may repeat positions.
/// Lean: Proofs.Autograd.Algebra.Contributions
template <Scalar S>
class Contributions {
public:
  using Dense = std::function<TensorPack<S>()>;

  /// Assembles a contribution; checks only that every part is typed by `lookup.shapes()`.
  /// Cost: O(support × rank)   Throws: ContractError if `dense` is empty; IndexError /
  /// ShapeError for a support entry that is not an index of `lookup.shapes()`. The obligations
  /// are checked by `validate()`.
  Contributions(Dense dense, TensorLookup<S> lookup, S uniform, std::vector<SomeIdx> support)
      : m_dense(std::move(dense)), m_lookup(std::move(lookup)), m_uniform(std::move(uniform)),
        m_support(std::move(support)) {
    if (!m_dense) {
      throwContractError("Contributions::Contributions", "a callable dense thunk",
                         "an empty thunk");
    }
    for (const SomeIdx &idx : m_support) {
      checkIdx(m_lookup.shapes(), idx, "Contributions::Contributions");
    }
  }

  /// The whole pack the contribution adds.   Cost: that of the thunk.
  TensorPack<S> dense() const { return m_dense(); }
  const TensorLookup<S> &lookup() const noexcept { return m_lookup; }
  const S &uniform() const noexcept { return m_uniform; }
  const std::vector<SomeIdx> &support() const noexcept { return m_support; }
  /// The shape list (that of `lookup()`).   Cost: O(1)
  const ShapeList &shapes() const noexcept { return m_lookup.shapes(); }

  /// Uniform `u` everywhere, empty support.   Cost: O(1)
  /// Lean: Proofs.Autograd.Algebra.Contributions.fill
  static Contributions fill(ShapeList shapes, const S &u) {
    auto lookup = TensorLookup<S>::fill(shapes, u);
    return Contributions([shapes, u] { return TensorPack<S>::fill(shapes, u); }, std::move(lookup),
                         u, {});
  }

  /// Uniform `0` (the type's `ScalarTraits::zero()`), empty support; its dense program is
  /// `TensorPack::zero`, as in Lean (TensorLookup.ofPack_zero makes it `correct`).   Cost: O(1)
  /// Lean: Proofs.Autograd.Algebra.Contributions.zero
  static Contributions zero(ShapeList shapes) {
    const S u = ScalarTraits<S>::zero();
    auto lookup = TensorLookup<S>::fill(shapes, u);
    return Contributions([shapes] { return TensorPack<S>::zero(shapes); }, std::move(lookup), u,
                         {});
  }

  /// Pointwise sum: dense and lookup add (left first), uniform `l.u + r.u`, support `l ++ r`
  /// with duplicates kept.   Cost: O(support), plus O(total rank) unless the shape lists share
  /// storage.   Throws: ShapeError unless the shape lists match.
  /// Lean: Proofs.Autograd.Algebra.Contributions.add
  static Contributions add(const Contributions &l, const Contributions &r) {
    if (l.shapes() != r.shapes()) {
      throwShapeError("Contributions::add", "shapes " + showShapes(l.shapes()),
                      showShapes(r.shapes()));
    }
    auto lookup = TensorLookup<S>::add(l.m_lookup, r.m_lookup);
    std::vector<SomeIdx> support = l.m_support;
    support.insert(support.end(), r.m_support.begin(), r.m_support.end());
    if (PROOFPORT_MUTANT(add_drops_duplicates)) {
      const std::vector<SomeIdx> both = support;
      std::erase_if(support, [&both](const SomeIdx &idx) {
        return std::count(both.begin(), both.end(), idx) > 1;
      });
    }
    return Contributions([l, r] { return l.dense().add(r.dense()); }, std::move(lookup),
                         l.m_uniform + r.m_uniform, std::move(support));
  }

  /// Checks the proof obligations at run time: `correct` (`ofPack(dense()) == lookup`, by
  /// identity at every position) and `outside` (positions not in `support` read
  /// `full(shape, uniform)`).   Cost: O(all elements)
  /// Throws: ContractError naming the obligation, position and both tensors.
  void validate() const {
    const TensorPack<S> pack = dense();
    const auto &shapes = m_lookup.shapes();
    if (pack.shapes() != shapes) {
      throwContractError("Contributions::validate (correct)",
                         "dense() of shapes " + showShapes(shapes), showShapes(pack.shapes()));
    }
    std::vector<bool> inSupport(shapes.size(), false);
    for (const SomeIdx &idx : m_support) {
      inSupport[idx.i] = true;
    }
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const Idx idx{i, shapes[i]};
      const Tensor<S> read = m_lookup.read(idx);
      if (!identical(read, pack[i])) {
        throwContractError("Contributions::validate (correct)",
                           "lookup at " + showIdx(idx) + " = dense " + showTensor(pack[i]),
                           showTensor(read));
      }
      if (!inSupport[i]) {
        const Tensor<S> expected = Tensor<S>::full(shapes[i], m_uniform);
        if (!identical(read, expected)) {
          throwContractError("Contributions::validate (outside)",
                             "position " + showIdx(idx) + " outside the support to read " +
                                 showTensor(expected),
                             showTensor(read));
        }
      }
    }
  }

private:
  Dense m_dense;
  TensorLookup<S> m_lookup;
  S m_uniform;
  std::vector<SomeIdx> m_support;
};

/// `Contributions(uniform=…, support=[#i:[…], …], dense=pack[…])` with exact scalars.
template <Scalar S>
std::string showContributions(const Contributions<S> &c) {
  std::string out = "Contributions(uniform=" + ScalarTraits<S>::show(c.uniform()) + ", support=[";
  for (std::size_t k = 0; k < c.support().size(); ++k) {
    out += (k == 0 ? "" : ", ") + showIdx(c.support()[k]);
  }
  out += "], dense=" + showPack(c.dense()) + ")";
  return out;
}

template <Scalar S>
void showValue(const Contributions<S> &c, std::ostream &os) {
  os << showContributions(c);
}

}  // namespace proofport
