// Case bytes: decoding, encoding, the token of a case and the mutator (CaseBytes.h).
#include "proofport/fuzz/CaseBytes.h"

#include <algorithm>

#include "proofport/runner/Engine.h"
#include "proofport/spec/Error.h"

namespace proofport::fuzz {

std::optional<CaseBytes> decode(const std::uint8_t *data, std::size_t size) {
  if (size > kHeaderBytes + kMaxPath) {
    return std::nullopt;
  }
  CaseBytes out;
  for (std::size_t i = 0; i < 8 && i < size; ++i) {
    out.seed |= static_cast<std::uint64_t>(data[i]) << (8 * i);
  }
  out.size = size > 8 ? data[8] % (kMaxSize + 1) : 0;
  for (std::size_t i = kHeaderBytes; i < size; ++i) {
    out.path.push_back(data[i]);
  }
  return out;
}

std::vector<std::uint8_t> encode(const CaseBytes &c) {
  if (c.size < 0 || c.size > kMaxSize || c.path.size() > kMaxPath) {
    throwContractError("fuzz::encode",
                       "a size of 0 to " + std::to_string(kMaxSize) + " and at most " +
                           std::to_string(kMaxPath) + " shrink steps",
                       "size " + std::to_string(c.size) + ", " + std::to_string(c.path.size()) +
                           " steps");
  }
  std::vector<std::uint8_t> out(kHeaderBytes);
  for (std::size_t i = 0; i < 8; ++i) {
    out[i] = static_cast<std::uint8_t>(c.seed >> (8 * i));
  }
  out[8] = static_cast<std::uint8_t>(c.size);
  for (const std::size_t index : c.path) {
    if (index > 255) {
      throwContractError("fuzz::encode", "shrink indices of 0 to 255",
                         "index " + std::to_string(index));
    }
    out.push_back(static_cast<std::uint8_t>(index));
  }
  return out;
}

std::string tokenOf(const std::string &id, const CaseBytes &c) {
  return runner::engine::caseToken(id, c.seed, c.size, c.path);
}

std::size_t mutate(std::uint8_t *data, std::size_t size, std::size_t maxSize, unsigned seed,
                   const Fallback &fallback) {
  std::minstd_rand random(seed);
  const auto draw = [&](unsigned n) { return static_cast<unsigned>(random() % n); };
  const std::size_t room = std::min(maxSize, kHeaderBytes + kMaxPath);
  if (room < kHeaderBytes) {
    return fallback(data, size, maxSize);
  }
  // A string shorter than the header is first padded with zero bytes (how decode reads it).
  if (size < kHeaderBytes) {
    std::fill(data + size, data + kHeaderBytes, std::uint8_t{0});
    size = kHeaderBytes;
  }
  size = std::min(size, room);
  const unsigned move = draw(10);
  const bool hasPath = size > kHeaderBytes;
  if (move < 3 && size < room) {
    data[size++] = static_cast<std::uint8_t>(draw(4));  // one more step: an early shrink
  } else if (move < 5 && hasPath) {
    --size;  // one step fewer: the case the last step shrank
  } else if (move < 6 && hasPath) {
    std::uint8_t &last = data[size - 1];
    last = draw(2) == 0 ? static_cast<std::uint8_t>(last == 0 ? 1 : last - 1)
                        : static_cast<std::uint8_t>(last == 255 ? 254 : last + 1);
  } else if (move < 7) {
    const int delta = static_cast<int>(draw(9)) - 4;
    const int moved = std::clamp(data[8] % (kMaxSize + 1) + delta, 0, kMaxSize);
    data[8] = static_cast<std::uint8_t>(moved);
  } else {
    size = fallback(data, size, room);
  }
  return std::min(size, room);
}

}  // namespace proofport::fuzz
