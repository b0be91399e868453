// The HashMap catalog's portings, the parts every map shares: the key and value types with their
// claims and drawings, the instantiations, and the program's list of structures. Each map's
// registrations are compiled in a unit of its own (Pairs.h).
#include "proofport/hashmap/Interpreted.h"

#include <array>
#include <bit>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "Pairs.h"
#include "proofport/hashmap/Keys.h"
#include "proofport/interp/Laws.h"

namespace proofport::hashmap {
namespace {

using interp::Registry;

/// Keys drawn in 0..7 and strings of length 0–2 over three letters: two drawn keys are often
/// equal, so premises like `k ∈ m` or `k == a` hold without aiming, and buckets collide.
constexpr int kMaxDrawnInt = 7;
constexpr std::size_t kMaxDrawnStringLength = 2;

const std::vector<std::string> kClasses = {"BEq",     "Hashable",       "EquivBEq",    "LawfulBEq",
                                           "ReflBEq", "LawfulHashable", "DecidableEq", "Inhabited"};

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
    }
    out += c;
  }
  return out + "\"";
}

template <class T>
interp::ValueTypeSpec<T> keySpec(std::function<std::string(const T &)> print, T defaultValue) {
  interp::ValueTypeSpec<T> spec;
  spec.print = std::move(print);
  spec.beq = [](const T &a, const T &b) { return a == b; };
  spec.hash = [](const T &x) { return static_cast<std::uint64_t>(std::hash<T>{}(x)); };
  spec.classes = kClasses;
  spec.defaultValue = std::move(defaultValue);
  return spec;
}

/// Strings over `a`, `A`, `b` of length 0–2: most drawn keys have an `==` twin of other case.
rc::Gen<std::string> caseInsensitiveText() {
  return rc::gen::resize(
      rc::kNominalSize, rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, kMaxDrawnStringLength + 1),
                                        [](std::size_t length) {
                                          return rc::gen::container<std::string>(
                                              length, rc::gen::element('a', 'A', 'b'));
                                        }));
}

/// Every spelling of `text` that differs from it in case only, `text` left out, as `T`s.
template <class T>
std::vector<T> otherCases(const std::string &text) {
  std::vector<std::string> spellings{""};
  for (const char c : text) {
    std::vector<std::string> next;
    for (const std::string &prefix : spellings) {
      next.push_back(prefix + c);
      const char flipped = c >= 'a' && c <= 'z'   ? static_cast<char>(c - 'a' + 'A')
                           : c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a')
                                                  : c;
      if (flipped != c) {
        next.push_back(prefix + flipped);
      }
    }
    spellings = std::move(next);
  }
  std::vector<T> out;
  for (std::string &spelling : spellings) {
    if (spelling != text) {
      out.push_back(T{std::move(spelling)});
    }
  }
  return out;
}

/// Lean-like float syntax: `-0.0`, `1.5`, `NaN`, `inf`.
std::string printDouble(double x) {
  if (std::isnan(x)) {
    return "NaN";
  }
  if (std::isinf(x)) {
    return x > 0 ? "inf" : "-inf";
  }
  std::array<char, 32> buffer{};
  const auto written = std::to_chars(buffer.data(), buffer.data() + buffer.size(), x);
  std::string out(buffer.data(), written.ptr);
  if (out.find_first_of(".e") == std::string::npos) {
    out += ".0";
  }
  return out;
}

/// Doubles from a small set, both zeros among them (and NaN where `withNaN`): drawn keys are
/// often equal, and `-0.0` often meets `+0.0`.
rc::Gen<double> smallDoubles(bool withNaN) {
  std::vector<double> values = {0.0, -0.0, 1.0, -1.5, 0.25, 3.0};
  if (withNaN) {
    values.push_back(std::numeric_limits<double>::quiet_NaN());
  }
  return rc::gen::elementOf(values);
}

/// The other zero of a zero, as a `T`; nothing for any other value.
template <class T>
std::vector<T> otherZero(const T &x) {
  if (x.value == 0.0) {
    return {T{std::signbit(x.value) ? 0.0 : -0.0}};
  }
  return {};
}

/// A double key type's registration: IEEE `==`, the bit pattern as `=`, both zeros hashed alike.
template <class T>
interp::ValueTypeSpec<T> doubleKeySpec(std::vector<std::string> classes) {
  interp::ValueTypeSpec<T> spec;
  spec.print = [](const T &x) { return printDouble(x.value); };
  spec.beq = [](const T &a, const T &b) { return a == b; };
  spec.identical = [](const T &a, const T &b) {
    return std::bit_cast<std::uint64_t>(a.value) == std::bit_cast<std::uint64_t>(b.value);
  };
  spec.hash = [](const T &x) { return static_cast<std::uint64_t>(std::hash<T>{}(x)); };
  spec.classes = std::move(classes);
  spec.defaultValue = T{};
  return spec;
}

}  // namespace

namespace detail {

void registerTestKeys(Registry &registry) {
  interp::ValueTypeSpec<CaseInsensitive> text;
  text.print = [](const CaseInsensitive &x) { return quoted(x.text); };
  text.beq = [](const CaseInsensitive &a, const CaseInsensitive &b) { return a == b; };
  text.identical = [](const CaseInsensitive &a, const CaseInsensitive &b) {
    return a.text == b.text;
  };
  text.hash = [](const CaseInsensitive &x) {
    return static_cast<std::uint64_t>(std::hash<CaseInsensitive>{}(x));
  };
  // `==` is not `=`: no LawfulBEq, so the theorems that need it are not admissible.
  text.classes = {"BEq",         "Hashable", "EquivBEq", "ReflBEq", "LawfulHashable",
                  "DecidableEq", "Inhabited"};
  text.defaultValue = CaseInsensitive{};
  registry.valueType<CaseInsensitive>("CaseInsensitive", text);
  interp::ValueTypeSpec<OneBucket> one =
      keySpec<OneBucket>([](const OneBucket &x) { return std::to_string(x.value); }, OneBucket{});
  registry.valueType<OneBucket>("OneBucket", one);
  // `-0.0 == +0.0` but not `=`: no LawfulBEq.
  registry.valueType<FiniteFloat>(
      "FiniteFloat", doubleKeySpec<FiniteFloat>({"BEq", "Hashable", "EquivBEq", "ReflBEq",
                                                 "LawfulHashable", "DecidableEq", "Inhabited"}));
  // Claims what FiniteFloat claims; checkClaims refuses EquivBEq and ReflBEq (`NaN == NaN` is
  // false), so the lemmas that need them are not admissible here.
  registry.valueType<NaNFloat>(
      "NaNFloat", doubleKeySpec<NaNFloat>({"BEq", "Hashable", "EquivBEq", "ReflBEq",
                                           "LawfulHashable", "DecidableEq", "Inhabited"}));
  // Claims LawfulHashable, which checkClaims refuses (`"A" == "a"`, hashed apart).
  interp::ValueTypeSpec<CaseSensitiveHash> lawless;
  lawless.print = [](const CaseSensitiveHash &x) { return quoted(x.text); };
  lawless.beq = [](const CaseSensitiveHash &a, const CaseSensitiveHash &b) { return a == b; };
  lawless.identical = [](const CaseSensitiveHash &a, const CaseSensitiveHash &b) {
    return a.text == b.text;
  };
  lawless.hash = [](const CaseSensitiveHash &x) {
    return static_cast<std::uint64_t>(std::hash<CaseSensitiveHash>{}(x));
  };
  lawless.classes = {"BEq",         "Hashable", "EquivBEq", "ReflBEq", "LawfulHashable",
                     "DecidableEq", "Inhabited"};
  lawless.defaultValue = CaseSensitiveHash{};
  registry.valueType<CaseSensitiveHash>("CaseSensitiveHash", lawless);
}

std::unique_ptr<interp::Porting> newPorting(const std::string &label, std::string description,
                                            bool testKeys) {
  auto out = std::make_unique<interp::Porting>();
  out->name = label;
  out->description = std::move(description);
  out->leanPrefix = "Std.HashMap.";
  Registry &r = *out->registry;
  registerValueTypes(r);
  r.structure("Std.HashMap", {"α", "β"});
  // RapidCheck scales inRange by the size, and a list draws its elements at a small size: at a
  // fixed nominal size keys cover their whole domain wherever they are drawn.
  out->drawings.valueType<int>(
      r, rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, kMaxDrawnInt + 1)));
  out->drawings.valueType<std::string>(
      r,
      rc::gen::resize(rc::kNominalSize,
                      rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, kMaxDrawnStringLength + 1),
                                      [](std::size_t length) {
                                        return rc::gen::container<std::string>(
                                            length, rc::gen::element('a', 'b', 'c'));
                                      })));
  if (testKeys) {
    registerTestKeys(r);
    out->drawings.valueType<CaseInsensitive>(
        r, rc::gen::map(caseInsensitiveText(), [](std::string t) { return CaseInsensitive{t}; }),
        [](const CaseInsensitive &x) { return otherCases<CaseInsensitive>(x.text); });
    out->drawings.valueType<OneBucket>(
        r, rc::gen::resize(rc::kNominalSize, rc::gen::map(rc::gen::inRange(0, kMaxDrawnInt + 1),
                                                          [](int v) { return OneBucket{v}; })));
    out->drawings.valueType<CaseSensitiveHash>(
        r, rc::gen::map(caseInsensitiveText(), [](std::string t) { return CaseSensitiveHash{t}; }),
        [](const CaseSensitiveHash &x) { return otherCases<CaseSensitiveHash>(x.text); });
    out->drawings.valueType<FiniteFloat>(
        r, rc::gen::map(smallDoubles(false), [](double x) { return FiniteFloat{x}; }),
        otherZero<FiniteFloat>);
    out->drawings.valueType<NaNFloat>(
        r, rc::gen::map(smallDoubles(true), [](double x) { return NaNFloat{x}; }),
        otherZero<NaNFloat>);
  }
  return out;
}

std::vector<KeyValue> standardPairs() {
  return {{"Int", "Int"}, {"String", "Int"}, {"Int", "Unit"}, {"String", "Unit"}};
}

void finishPorting(interp::Porting &porting, const std::string &label,
                   const std::vector<KeyValue> &pairs) {
  for (const auto &[key, value] : pairs) {
    porting.instantiations.push_back(hashMapInstantiation(*porting.registry, label, key, value));
  }
  interp::checkClaims(porting);
}

}  // namespace detail

void registerValueTypes(Registry &registry) {
  interp::ValueTypeSpec<int> intSpec =
      keySpec<int>([](const int &x) { return std::to_string(x); }, 0);
  intSpec.ofNat = [](std::uint64_t n) {
    return n <= static_cast<std::uint64_t>(INT_MAX) ? std::optional<int>(static_cast<int>(n))
                                                    : std::nullopt;
  };
  registry.valueType<int>("Int", intSpec);
  registry.valueType<std::string>("String", keySpec<std::string>(quoted, std::string()));
}

interp::Instantiation hashMapInstantiation(const Registry &registry, const std::string &label,
                                           const std::string &key, const std::string &value) {
  std::string name = label;
  for (const std::string &part : {key, value}) {
    name += '-';
    for (const char c : part) {
      name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
  }
  // A type variable other than α and β (a fold's accumulator) takes Int, the type fold is
  // registered at (MapAdapter.h).
  return interp::Instantiation{name,
                               {{"α", registry.parseType(key)}, {"β", registry.parseType(value)}},
                               {{"Std.HashMap", label}},
                               registry.parseType("Int")};
}

}  // namespace proofport::hashmap
