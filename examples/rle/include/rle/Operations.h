// The operations of Rle.RleVector that theorems constrain, each with its arguments, its
// production call, its dense-oracle counterpart and the positions it writes, and the vector as
// an operation-checked structure (proofport/runner/Operation.h): what the operation
// theorems (rle/Theorems.h) are stated over and what the checked vector (rle/Checked.h)
// intercepts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proofport/spec/Error.h"
#include "proofport/spec/Scalar.h"
#include "rle/Dense.h"
#include "rle/RleVector.h"

namespace rle {

/// The oracle's reading of a vector's raw runs: each `(value, count)` written out `count` times
/// by a plain loop (never the port's `toList`).   Cost: O(size)
template <proofport::Scalar S>
oracle::DenseVector<S> dense(const RleVector<S> &v) {
  oracle::DenseVector<S> out;
  for (const auto &run : v.runs()) {
    for (std::size_t k = 0; k < run.count; ++k) {
      out.items.push_back(run.value);
    }
  }
  return out;
}

/// The reads of a vector at some positions, taken before an operation: what the right side of
/// an operation theorem is evaluated on when the vector is not copied (the checked vector's
/// `local` level). It answers `size()` and `get(i)` like the vector did.
template <proofport::Scalar S>
class Reads {
public:
  /// Reads `v` at `positions` (each below `v.size()`; any order, repeats read once).
  /// Cost: O(positions × (runs + log positions))
  Reads(const RleVector<S> &v, std::span<const std::size_t> positions) : m_size(v.size()) {
    std::vector<std::size_t> sorted(positions.begin(), positions.end());
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    for (const std::size_t i : sorted) {
      m_reads.emplace_back(i, v.get(i));
    }
  }
  /// Reads `v` at `positions` again (a checked vector reads before every operation).
  void assign(const RleVector<S> &v, std::span<const std::size_t> positions) {
    *this = Reads(v, positions);
  }
  /// The size before.   Cost: O(1)
  std::size_t size() const noexcept { return m_size; }
  /// The value read at `i` before.   Cost: O(log positions read)
  /// Throws: proofport::ContractError if `i` was not read.
  const S &get(std::size_t i) const {
    const auto found = std::lower_bound(
        m_reads.begin(), m_reads.end(), i,
        [](const std::pair<std::size_t, S> &read, std::size_t at) { return read.first < at; });
    if (found == m_reads.end() || found->first != i) {
      proofport::throwContractError("rle::Reads::get", "a position read before the operation",
                                    "position " + std::to_string(i));
    }
    return found->second;
  }

private:
  std::size_t m_size;
  std::vector<std::pair<std::size_t, S>> m_reads;
};

/// The operations. Each has `name`, `Args<S>`, `apply(v, args)` (production), `dense(model,
/// args)` (the oracle) and `touched(v, args, out)` (the positions it may write, of the vector
/// before; a position at or past its size is one the operation creates).
namespace op {

/// `v.push a`.   Lean: Rle.RleVector.push
struct push {
  static constexpr std::string_view name = "rle::RleVector::push";
  template <proofport::Scalar S>
  struct Args {
    S value;
  };
  template <proofport::Scalar S>
  static void apply(RleVector<S> &v, const Args<S> &a) {
    v.push(a.value);
  }
  template <proofport::Scalar S>
  static void dense(oracle::DenseVector<S> &model, const Args<S> &a) {
    model.push(a.value);
  }
  template <proofport::Scalar S>
  static void touched(const RleVector<S> &v, const Args<S> &, std::vector<std::size_t> &out) {
    out.push_back(v.size());
  }
};

/// `v.set i a`.   Lean: Rle.RleVector.set
struct set {
  static constexpr std::string_view name = "rle::RleVector::set";
  template <proofport::Scalar S>
  struct Args {
    std::size_t i;
    S value;
  };
  template <proofport::Scalar S>
  static void apply(RleVector<S> &v, const Args<S> &a) {
    v.set(a.i, a.value);
  }
  template <proofport::Scalar S>
  static void dense(oracle::DenseVector<S> &model, const Args<S> &a) {
    model.set(a.i, a.value);
  }
  template <proofport::Scalar S>
  static void touched(const RleVector<S> &, const Args<S> &a, std::vector<std::size_t> &out) {
    out.push_back(a.i);
  }
};

}  // namespace op

/// The vector as an operation-checked structure: positions are indices, reads are `get`, the
/// materialized value at a position is `toList()[i]`, the oracle is `dense`.
struct Structure {
  template <proofport::Scalar S>
  static std::vector<std::size_t> positions(const RleVector<S> &v) {
    std::vector<std::size_t> out(v.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i] = i;
    }
    return out;
  }
  template <proofport::Scalar S>
  static S read(const RleVector<S> &v, std::size_t i) {
    return v.get(i);
  }
  template <proofport::Scalar S>
  static S pack(const RleVector<S> &v, std::size_t i) {
    return v.toList().at(i);
  }
  template <proofport::Scalar S>
  static std::size_t size(const RleVector<S> &v) {
    return v.size();
  }
  template <proofport::Scalar S>
  static oracle::DenseVector<S> model(const RleVector<S> &v) {
    return dense(v);
  }
  template <proofport::Scalar S>
  static S modelRead(const oracle::DenseVector<S> &model, std::size_t i) {
    return model.items.at(i);
  }
  template <proofport::Scalar S>
  static std::size_t modelSize(const oracle::DenseVector<S> &model) {
    return model.items.size();
  }
  /// Names the position in a message when a check covers several.
  static std::string where(std::size_t positions, std::size_t i) {
    return positions == 1 ? std::string() : " at " + std::to_string(i);
  }
};

}  // namespace rle
