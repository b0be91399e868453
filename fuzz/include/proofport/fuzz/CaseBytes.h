// A property case as bytes a coverage-guided fuzzer mutates (libFuzzer, ClusterFuzzLite): the
// parts of a reproduce token, so a case the fuzzer finds is a case `proofport replay` replays on
// any build, and nearby bytes are nearby cases.
//
// Layout (every byte string decodes; missing bytes read as 0):
//   bytes 0-7   the seed of the case's random state, little-endian
//   byte  8     the generation size, modulo kMaxSize + 1
//   bytes 9…    the shrink path: at each step the index (0-255) of the shrink taken, in the
//               order RapidCheck's greedy shrink tries them; at most kMaxPath steps
//
// Why this layout (and not a choice sequence): the generators are RapidCheck's, which draw from
// RapidCheck's own random state and cannot draw from a byte string. A case is therefore a root
// (seed, size) and a walk down the root's shrink tree. A step of the walk makes one input
// simpler (a list loses an element, a number moves toward zero, one binder changes, the others
// stay); dropping the last step undoes one. The mutator (`mutate`) makes those moves most of
// the time, so a small change of the bytes is a small change of the values; it leaves the
// root's bytes to libFuzzer's own mutations, which jump to another case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace proofport::fuzz {

/// The largest generation size a case bytes string names (RapidCheck's default `max_size`).
inline constexpr int kMaxSize = 100;
/// The most shrink steps a case bytes string holds.
inline constexpr std::size_t kMaxPath = 64;
/// The bytes before the shrink path.
inline constexpr std::size_t kHeaderBytes = 9;

/// One case, decoded.
struct CaseBytes {
  /// The seed of the case's random state.
  std::uint64_t seed = 0;
  /// The generation size, 0 … kMaxSize.
  int size = 0;
  /// The shrink indices from the root, at most kMaxPath.
  std::vector<std::size_t> path;

  bool operator==(const CaseBytes &) const = default;
};

/// The case `data` names, or none when its path is longer than kMaxPath steps (bytes a fuzzer
/// should not keep).   Cost: O(size)
std::optional<CaseBytes> decode(const std::uint8_t *data, std::size_t size);

/// The bytes of `c`: decode(encode(c)) == c for a case with size ≤ kMaxSize, path ≤ kMaxPath
/// and indices ≤ 255.   Cost: O(path)
/// Throws: ContractError if an index is over 255, the path over kMaxPath or the size outside
/// 0 … kMaxSize.
std::vector<std::uint8_t> encode(const CaseBytes &c);

/// The reproduce token of entry `id`'s case `c` (engine::caseToken).   Cost: O(path)
std::string tokenOf(const std::string &id, const CaseBytes &c);

/// libFuzzer's own mutation of `data` in place (LLVMFuzzerMutate): returns the new size.
using Fallback =
    std::function<std::size_t(std::uint8_t *data, std::size_t size, std::size_t maxSize)>;

/// Mutates the case in `data` (`size` bytes, room for `maxSize`) in place and returns its new
/// size: LLVMFuzzerCustomMutator's contract. Seven times in ten a local move: one shrink step
/// more (a small index), one fewer, the last index moved by one, or the size moved by up to 4;
/// otherwise `fallback` (libFuzzer's byte-level mutations, which reach another root).
/// Deterministic in `seed`. The result always decodes.
/// Cost: O(size)
std::size_t mutate(std::uint8_t *data, std::size_t size, std::size_t maxSize, unsigned seed,
                   const Fallback &fallback);

}  // namespace proofport::fuzz
