// Claimed classes checked by their laws on drawn values (Laws.h).
#include "proofport/interp/Laws.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "proofport/interp/Generate.h"
#include "proofport/interp/Registry.h"
#include "proofport/interp/Suite.h"
#include "proofport/interp/Value.h"
#include "Text.h"

namespace proofport::interp {
namespace {

/// The values a type's laws are checked on, with what the type's registration gives of them.
struct Sample {
  const OpaqueType &type;
  std::vector<Value> values;

  bool eq(const Value &a, const Value &b) const { return type.beq(a.opaqueData(), b.opaqueData()); }
  bool same(const Value &a, const Value &b) const {
    return type.identical(a.opaqueData(), b.opaqueData());
  }
};

/// A law's counterexample, or nullopt where it held on every value.
using Law = std::function<std::optional<std::string>(const Sample &)>;

std::string p(const Value &v) { return printArgument(v); }

std::optional<std::string> refl(const Sample &s) {
  for (const Value &a : s.values) {
    if (!s.eq(a, a)) {
      return cat({p(a), " == ", p(a), " is false"});
    }
  }
  return std::nullopt;
}

std::optional<std::string> symm(const Sample &s) {
  for (const Value &a : s.values) {
    for (const Value &b : s.values) {
      if (s.eq(a, b) && !s.eq(b, a)) {
        return cat({p(a), " == ", p(b), " is true but ", p(b), " == ", p(a), " is false"});
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> trans(const Sample &s) {
  for (const Value &a : s.values) {
    for (const Value &b : s.values) {
      if (!s.eq(a, b)) {
        continue;
      }
      for (const Value &c : s.values) {
        if (s.eq(b, c) && !s.eq(a, c)) {
          return cat({p(a), " == ", p(b), " and ", p(b), " == ", p(c), " but ", p(a), " == ", p(c),
                      " is false"});
        }
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> eqOfBeq(const Sample &s) {
  for (const Value &a : s.values) {
    for (const Value &b : s.values) {
      if (s.eq(a, b) && !s.same(a, b)) {
        return cat({p(a), " == ", p(b), " but ", p(a), " ≠ ", p(b)});
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> hashEq(const Sample &s) {
  for (const Value &a : s.values) {
    for (const Value &b : s.values) {
      if (!s.eq(a, b)) {
        continue;
      }
      const std::uint64_t ha = s.type.hash(a.opaqueData());
      const std::uint64_t hb = s.type.hash(b.opaqueData());
      if (ha != hb) {
        return cat({p(a), " == ", p(b), " but hash ", p(a), " = ", std::to_string(ha), " ≠ hash ",
                    p(b), " = ", std::to_string(hb)});
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> identityReflSymm(const Sample &s) {
  for (const Value &a : s.values) {
    if (!s.same(a, a)) {
      return cat({p(a), " = ", p(a), " is false"});
    }
    for (const Value &b : s.values) {
      if (s.same(a, b) && !s.same(b, a)) {
        return cat({p(a), " = ", p(b), " but not ", p(b), " = ", p(a)});
      }
    }
  }
  return std::nullopt;
}

struct NamedLaw {
  const char *name;
  Law law;
};

/// Lean's laws of each class, by the class's name; a class not listed has none to check here.
const std::vector<NamedLaw> *lawsOf(const std::string &cls) {
  static const std::vector<std::pair<std::string, std::vector<NamedLaw>>> table = {
      {"ReflBEq", {{"refl", refl}}},
      {"PartialEquivBEq", {{"symm", symm}, {"trans", trans}}},
      {"EquivBEq", {{"refl", refl}, {"symm", symm}, {"trans", trans}}},
      {"LawfulBEq", {{"rfl", refl}, {"eq_of_beq", eqOfBeq}}},
      {"LawfulHashable", {{"hash_eq", hashEq}}},
      {"DecidableEq", {{"decEq", identityReflSymm}}},
  };
  for (const auto &[name, laws] : table) {
    if (name == cls) {
      return &laws;
    }
  }
  return nullptr;
}

/// `draws` values of the type and the equivalents of each, from `seed`.
std::vector<Value> drawValues(const Drawing &drawing, std::size_t draws, std::uint64_t seed) {
  rc::Random random(seed);
  std::vector<Value> values;
  for (std::size_t i = 0; i < draws; ++i) {
    // Sizes from 0 up, as a property's cases grow.
    const int size = static_cast<int>(i * static_cast<std::size_t>(rc::kNominalSize) / draws);
    values.push_back(drawing.generate(random.split(), size).value());
  }
  if (drawing.equivalents) {
    const std::size_t drawn = values.size();
    for (std::size_t i = 0; i < drawn; ++i) {
      for (Value &equivalent : drawing.equivalents(values[i])) {
        values.push_back(std::move(equivalent));
      }
    }
  }
  return values;
}

}  // namespace

void checkClaims(Porting &porting, const ClaimOptions &options) {
  if (porting.claimsChecked) {
    throwMisuse("interp::checkClaims", "a porting whose claims are not checked yet",
                porting.name + ", checked already");
  }
  Registry &registry = *porting.registry;
  std::vector<ClaimVerdict> verdicts;
  std::uint64_t stream = options.seed;
  for (const Realization *realization : registry.registrations()) {
    const OpaqueType &type = *realization->opaque;
    const Drawing *drawing = porting.drawings.find(type);
    ++stream;
    if (drawing == nullptr) {
      continue;
    }
    // A copy: refusing a claim erases it from the set being walked. Classes without laws here
    // (BEq, Hashable, Inhabited: their instances are checked present at registration) are
    // left out.
    std::vector<std::string> claimed;
    for (const std::string &cls : realization->classes) {
      if (lawsOf(cls) != nullptr) {
        claimed.push_back(cls);
      }
    }
    if (claimed.empty()) {
      continue;
    }
    const Sample sample{type, drawValues(*drawing, options.draws, stream)};
    for (const std::string &cls : claimed) {
      ClaimVerdict verdict;
      verdict.type = toString(realization->type);
      verdict.cls = cls;
      verdict.values = sample.values.size();
      const bool beqMissing = cls != "DecidableEq" && !type.beq;
      const bool hashMissing = cls == "LawfulHashable" && !type.hash;
      if (beqMissing || hashMissing) {
        verdict.held = false;
        verdict.counterexample =
            hashMissing ? "no Hashable instance registered" : "no BEq instance registered";
      }
      for (const NamedLaw &law : *lawsOf(cls)) {
        verdict.laws += cat({verdict.laws.empty() ? "" : ", ", law.name});
        if (verdict.held) {
          if (std::optional<std::string> refuted = law.law(sample)) {
            verdict.held = false;
            verdict.counterexample = cat({law.name, ": ", *refuted});
          }
        }
      }
      if (!verdict.held) {
        registry.refuseClaim(type.cppType, cls, verdict.counterexample);
      }
      verdicts.push_back(std::move(verdict));
    }
  }
  porting.claims = std::move(verdicts);
  porting.claimsChecked = true;
}

std::string claimsLine(const std::vector<ClaimVerdict> &verdicts, const std::string &type) {
  std::string out;
  for (const ClaimVerdict &v : verdicts) {
    if (v.type != type) {
      continue;
    }
    out += out.empty() ? "" : ", ";
    out += v.cls;
    if (!v.held) {
      out += cat({" REFUSED (", v.counterexample, ")"});
    } else {
      out += " held";
    }
  }
  return out;
}

}  // namespace proofport::interp
