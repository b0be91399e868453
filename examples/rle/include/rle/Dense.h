// The dense oracle of the run-length encoded vector: a plain array of every position, with
// plain loops, sharing no code with the port (rle/RleVector.h).
#pragma once

#include <cstddef>
#include <vector>

namespace rle::oracle {

template <class S>
struct DenseVector {
  std::vector<S> items;

  void push(const S &a) { items.push_back(a); }
  /// Lean's `List.set`: past the end nothing changes.
  void set(std::size_t i, const S &a) {
    if (i < items.size()) {
      items[i] = a;
    }
  }
};

}  // namespace rle::oracle
