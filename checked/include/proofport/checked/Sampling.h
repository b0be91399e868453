// Which positions a checked structure checks around one operation, and the seeded random
// stream that picks the sampled ones.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace proofport::checked {

/// splitmix64: a seeded stream of 64-bit draws, the same on every platform and compiler (the
/// checked levels' samples, and any demo that wants reproducible operations).
class SplitMix64 {
public:
  explicit SplitMix64(std::uint64_t seed) noexcept : m_state(seed) {}

  /// The next draw.   Cost: O(1)
  std::uint64_t next() noexcept {
    m_state += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = m_state;
    z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31U);
  }
  /// The next draw as a double in [0, 1) (its top 53 bits).   Cost: O(1)
  double unit() noexcept { return static_cast<double>(next() >> 11U) * 0x1.0p-53; }

private:
  std::uint64_t m_state;
};

/// The position indices checked before and after one operation, in scratch vectors reused from
/// one operation to the next (at the cheap levels an allocation per operation is a visible
/// share of the operation itself). Each list is ascending, each position once.
class CheckedPositions {
public:
  /// Before the operation, in a structure of `size` positions: every position (`all`: a
  /// sampled shadow operation), or the `touched` ones that exist plus, when `samples > 0`,
  /// `samples` consecutive positions from a start drawn from `random` (wrapping at the end): as
  /// likely as independent draws to land on any one position, and one stretch of the
  /// structure's memory, not one cache miss per position, so a check costs the same at any size.
  /// The start is kept for `window` calls (operations) in a row, or until the structure no
  /// longer reaches it: a stretch still in cache costs no miss at all.
  /// Returns: a list valid until the next call.   Cost: O(touched log touched + samples)
  const std::vector<std::size_t> &before(std::size_t size, const std::vector<std::size_t> &touched,
                                         bool all, std::size_t samples, SplitMix64 &random,
                                         std::size_t window = 1) {
    std::vector<std::size_t> &out = m_before;
    if (all) {
      return every(size, out);
    }
    out.clear();
    for (const std::size_t i : touched) {
      if (i < size) {
        out.push_back(i);
      }
    }
    if (size > 0 && samples > 0) {
      if (m_left == 0 || m_start >= size) {
        m_start =
            std::min(static_cast<std::size_t>(random.unit() * static_cast<double>(size)), size - 1);
        m_left = window;
      }
      if (m_left > 0) {  // a window of 0 draws every time, as 1 does
        --m_left;
      }
      std::size_t at = m_start;
      for (std::size_t k = 0; k < std::min(samples, size); ++k) {
        out.push_back(at);
        at = at + 1 == size ? 0 : at + 1;
      }
    }
    unique(out);
    return out;
  }

  /// After the operation, in a structure now of `size` positions and of `sizeBefore` before:
  /// every position (`all`), or those checked before (`before`'s last list) that still exist
  /// and the `touched` positions the operation created (ofPack grows the structure).
  /// Returns: a list valid until the next call.   Cost: O(n log n) in the positions listed
  const std::vector<std::size_t> &after(std::size_t size, const std::vector<std::size_t> &touched,
                                        std::size_t sizeBefore, bool all) {
    std::vector<std::size_t> &out = m_after;
    if (all) {
      return every(size, out);
    }
    out.clear();
    for (const std::size_t i : m_before) {
      if (i < size) {
        out.push_back(i);
      }
    }
    const std::size_t kept = out.size();
    for (const std::size_t i : touched) {
      if (i >= sizeBefore && i < size) {
        out.push_back(i);
      }
    }
    if (out.size() > kept) {  // what remains of `before`'s list is already ascending, each once
      unique(out);
    }
    return out;
  }

private:
  static const std::vector<std::size_t> &every(std::size_t size, std::vector<std::size_t> &out) {
    out.resize(size);
    for (std::size_t i = 0; i < size; ++i) {
      out[i] = i;
    }
    return out;
  }
  /// Sorts `positions`, each once.   Cost: O(n log n); a short list (the usual: a few
  /// touched and sampled positions) by insertion, without std::sort's set-up.
  static void unique(std::vector<std::size_t> &positions) {
    if (positions.size() <= 16) {
      for (std::size_t k = 1; k < positions.size(); ++k) {
        const std::size_t value = positions[k];
        std::size_t j = k;
        for (; j > 0 && positions[j - 1] > value; --j) {
          positions[j] = positions[j - 1];
        }
        positions[j] = value;
      }
    } else {
      std::sort(positions.begin(), positions.end());
    }
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  }

  std::vector<std::size_t> m_before;
  std::vector<std::size_t> m_after;
  std::size_t m_start = 0;  // the sampled stretch's start, and the operations it has left
  std::size_t m_left = 0;
};

}  // namespace proofport::checked
