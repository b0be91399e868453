// The production maps as MapAdapters (Adapters.h, DenseHashMapAdapter.h): Abseil's two Swiss
// tables with a canonical toList order, boost::unordered_map, google::dense_hash_map with its
// reserved keys per key type. Private to the catalog's units.
#pragma once

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <absl/container/flat_hash_map.h>
#include <absl/container/node_hash_map.h>
#include <boost/unordered_map.hpp>

#include "DenseHashMapAdapter.h"
#include "Pairs.h"
#include "proofport/hashmap/Adapters.h"
#include "proofport/hashmap/Keys.h"

namespace proofport::hashmap::detail {

/// A key's place in the canonical order of KeyOrder: its exact value (a double by its bits, so
/// `-0.0` and `+0.0` never tie).
inline int orderKey(int k) { return k; }
inline const std::string &orderKey(const std::string &k) { return k; }
inline const std::string &orderKey(const CaseInsensitive &k) { return k.text; }
inline int orderKey(const OneBucket &k) { return k.value; }
inline std::tuple<double, bool> orderKey(const FiniteFloat &k) {
  return {k.value, !std::signbit(k.value)};
}

/// toList's entries by key (exact spelling, so two keys of one map never tie).
struct KeyOrder {
  template <class E>
  static void arrange(std::vector<E> &entries) {
    std::sort(entries.begin(), entries.end(),
              [](const E &a, const E &b) { return orderKey(a.first) < orderKey(b.first); });
  }
};

/// Abseil's Swiss tables (Debian libabsl-dev): their iteration order follows a hash seeded per
/// process. No statement of Std.HashMap's lemmas depends on toList's order, but draws aimed at a
/// map's keys pick among them by position (interp/Aim.h): toList is put in key order (KeyOrder)
/// so that verdicts, case counts, counterexamples and tokens are the same in every process and
/// at every `-j`.
template <class K, class V>
using AbslFlatAdapter = StandardMapAdapter<absl::flat_hash_map<K, V>, KeyOrder>;
template <class K, class V>
using AbslNodeAdapter = StandardMapAdapter<absl::node_hash_map<K, V>, KeyOrder>;

/// Boost's unordered_map (Debian libboost-dev, header-only) hashed by std::hash<K>, the hash the
/// registry claims LawfulHashable for (boost::hash would need a hash_value per key type). Its
/// insert is insert_or_assign, which keeps the stored key (StandardMapAdapter); its iteration
/// order is a function of the map's history alone, so toList keeps it.
template <class K, class V>
using BoostUnorderedAdapter = StandardMapAdapter<boost::unordered_map<K, V, std::hash<K>>>;

/// dense_hash_map's reserved keys per key type: outside the drawn domain (Int and OneBucket keys
/// are drawn in 0..7, strings have at most 2 letters, doubles are finite), so a reserved key
/// reaches the map only from a statement's literal, and is refused there.
template <class K>
struct DenseReserved;
constexpr int kDenseEmptyInt = INT_MIN;
constexpr int kDenseDeletedInt = INT_MIN + 1;
constexpr std::string_view kDenseEmptyText = "<empty>";
constexpr std::string_view kDenseDeletedText = "<deleted>";
template <>
struct DenseReserved<int> {
  static int empty() { return kDenseEmptyInt; }
  static int deleted() { return kDenseDeletedInt; }
  static constexpr const char *kEmptyName = "INT_MIN";
  static constexpr const char *kDeletedName = "INT_MIN + 1";
};
template <>
struct DenseReserved<OneBucket> {
  static OneBucket empty() { return OneBucket{kDenseEmptyInt}; }
  static OneBucket deleted() { return OneBucket{kDenseDeletedInt}; }
  static constexpr const char *kEmptyName = DenseReserved<int>::kEmptyName;
  static constexpr const char *kDeletedName = DenseReserved<int>::kDeletedName;
};
template <>
struct DenseReserved<std::string> {
  static std::string empty() { return std::string(kDenseEmptyText); }
  static std::string deleted() { return std::string(kDenseDeletedText); }
  static constexpr const char *kEmptyName = "\"<empty>\"";
  static constexpr const char *kDeletedName = "\"<deleted>\"";
};
template <>
struct DenseReserved<CaseInsensitive> {
  static CaseInsensitive empty() { return CaseInsensitive{std::string(kDenseEmptyText)}; }
  static CaseInsensitive deleted() { return CaseInsensitive{std::string(kDenseDeletedText)}; }
  static constexpr const char *kEmptyName = DenseReserved<std::string>::kEmptyName;
  static constexpr const char *kDeletedName = DenseReserved<std::string>::kDeletedName;
};
/// The infinities: FiniteFloat keys are finite by definition (and NaN, unequal to itself, could
/// not mark a slot).
template <>
struct DenseReserved<FiniteFloat> {
  static FiniteFloat empty() { return FiniteFloat{std::numeric_limits<double>::infinity()}; }
  static FiniteFloat deleted() { return FiniteFloat{-std::numeric_limits<double>::infinity()}; }
  static constexpr const char *kEmptyName = "inf";
  static constexpr const char *kDeletedName = "-inf";
};
static_assert(kDenseEmptyInt < 0 && kDenseDeletedInt < 0 && kDenseEmptyInt != kDenseDeletedInt,
              "dense_hash_map's reserved Int and OneBucket keys must lie below the drawn 0..7");
static_assert(kDenseEmptyText.size() > 2 && kDenseDeletedText.size() > 2 &&
                  kDenseEmptyText.size() != kDenseDeletedText.size(),
              "dense_hash_map's reserved String and CaseInsensitive keys must be longer than any "
              "drawn key, and not `==` to each other in any case");

template <class K, class V>
using DenseAdapter = DenseHashMapAdapter<K, V, DenseReserved<K>>;

/// The test key types of a production map (productionPorting, Pairs.hpp), instantiated in the
/// map's `*Keys.cpp` unit (`prefix` empty) and declared `extern` to the rest (`prefix` extern):
/// the costliest registrations, compiled apart from the porting's own.
#define PROOFPORT_HASHMAP_TEST_KEY(prefix, Adapter, K)                                             \
  prefix template void registerKey<Adapter, K>(interp::Registry &, const std::string &,            \
                                               const std::string &, bool);                         \
  prefix template void drawKey<Adapter, K>(interp::Porting &, std::size_t);
#define PROOFPORT_HASHMAP_TEST_KEYS(prefix, Adapter)                                               \
  PROOFPORT_HASHMAP_TEST_KEY(prefix, Adapter, OneBucket)                                           \
  PROOFPORT_HASHMAP_TEST_KEY(prefix, Adapter, CaseInsensitive)                                     \
  PROOFPORT_HASHMAP_TEST_KEY(prefix, Adapter, FiniteFloat)
PROOFPORT_HASHMAP_TEST_KEYS(extern, UnorderedMapAdapter)
PROOFPORT_HASHMAP_TEST_KEYS(extern, AbslFlatAdapter)
PROOFPORT_HASHMAP_TEST_KEYS(extern, AbslNodeAdapter)
PROOFPORT_HASHMAP_TEST_KEYS(extern, BoostUnorderedAdapter)
PROOFPORT_HASHMAP_TEST_KEYS(extern, DenseAdapter)

}  // namespace proofport::hashmap::detail
