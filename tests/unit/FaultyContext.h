// Deliberately faulty ports of GradientContext for the checked-context tests: each gets one
// operation wrong, so every run-time check can be seen failing.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "UnitSupport.h"
#include "proofport/core/Gradients.h"

namespace proofport::unit {

/// Positions [2], [] holding 1, 2 | 3, after one deferred 0.5.
inline GradientContext<double> startContext() {
  GradientContext<double> ctx = GradientContext<double>::ofPack(
      unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}));
  ctx.addUniform(0.5);
  return ctx;
}

/// Which operation `Faulty` gets wrong.
enum class Fault {
  none,
  addUniform,
  set,
  setMany,
  addContributions,
  toPack,
  pop,
  epochsBounded,
  epochsCovered,
  storedShapes,
  ofPack
};

/// A port of GradientContext<double> that gets the `F` operation wrong.
template <Fault F>
class Faulty : public GradientContext<double> {
public:
  using Base = GradientContext<double>;
  Faulty() = default;
  explicit Faulty(Base base) : Base(std::move(base)) {}
  static Faulty ofPack(TensorPack<double> seed) {
    return Faulty(Base::ofPack(faultySeed(std::move(seed))));
  }
  /// As the production context, sharing the caller's list.
  static Faulty ofPack(TensorPack<double> seed, ShapeList shapes) {
    return Faulty(Base::ofPack(faultySeed(std::move(seed)), std::move(shapes)));
  }

  void addUniform(const double &u) {
    Base::addUniform(u);
    if constexpr (F == Fault::addUniform) {
      Base::addUniform(u);  // added twice
    }
  }
  /// The structure faults break the fields of the position set (what an incremental check of
  /// the invariants looks at).
  void set(const Idx &idx, Tensor<double> value) {
    if constexpr (F == Fault::epochsBounded || F == Fault::epochsCovered ||
                  F == Fault::storedShapes) {
      m_broken = true;
    }
    if constexpr (F == Fault::set) {
      value.elements()[0] = -value.elements()[0];
    }
    Base::set(idx, std::move(value));
  }
  void setMany(std::vector<Update<double>> updates) {
    if constexpr (F == Fault::setMany) {
      updates.pop_back();  // the last update is lost
    }
    Base::setMany(std::move(updates));
  }
  void addContributions(const Contributions<double> &c) {
    Base::addContributions(c);
    if constexpr (F == Fault::addContributions) {
      Base::addUniform(1.0);
    }
  }
  TensorPack<double> toPack() const {
    TensorPack<double> out = Base::toPack();
    if constexpr (F == Fault::toPack) {
      std::vector<Tensor<double>> tensors = std::move(out).takeTensors();
      tensors[0].elements()[0] += 100.0;
      return TensorPack<double>(std::move(tensors));
    }
    return out;
  }
  Tensor<double> pop() {
    Tensor<double> last = Base::pop();
    if constexpr (F == Fault::pop) {
      last = Tensor<double>::full(last.shape(), 42.0);
    }
    return last;
  }
  const std::vector<std::size_t> &epochs() const noexcept {
    return m_broken && F != Fault::storedShapes ? m_fakeEpochs : Base::epochs();
  }
  const TensorContext<double> &stored() const noexcept {
    return m_broken && F == Fault::storedShapes ? m_fakeStored : Base::stored();
  }
  std::size_t size() const noexcept { return stored().size(); }

private:
  static TensorPack<double> faultySeed(TensorPack<double> seed) {
    if constexpr (F == Fault::ofPack) {
      if (!seed.empty()) {  // the last position starts at zero, in the seed's own storage
        std::vector<Tensor<double>> tensors = std::move(seed).takeTensors();
        for (double &x : tensors.back().elements()) {
          x = 0.0;
        }
        seed = TensorPack<double>(std::move(tensors));
      }
    }
    return seed;
  }
  bool m_broken = false;
  std::vector<std::size_t> m_fakeEpochs =
      F == Fault::epochsCovered ? std::vector<std::size_t>{0} : std::vector<std::size_t>{0, 99};
  TensorContext<double> m_fakeStored = TensorContext<double>::ofPack(
      unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({1}, {3.0})}));
};

}  // namespace proofport::unit
