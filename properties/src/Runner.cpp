// Runs catalog entries through RapidCheck's checker and collects exact counterexamples.
#include "proofport/properties/Runner.h"

#include <algorithm>
#include <cfenv>
#include <chrono>
#include <cstdlib>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/TestListenerAdapter.h>
#include <rapidcheck/shrinkable/Operations.h>

#include "proofport/properties/Classify.h"

namespace proofport::properties {
namespace {

class ShrinkCounter : public rc::detail::TestListenerAdapter {
public:
  void onShrinkTried(const rc::detail::CaseDescription &, bool accepted) override {
    m_accepted += accepted ? 1 : 0;
  }
  int accepted() const { return m_accepted; }

private:
  int m_accepted = 0;
};

constexpr std::string_view kReproduceKey = "reproduce=";

bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == ':';
}

/// Replaces every whole-token occurrence of `from` in `type` by `to` (`float` inside `float32`
/// or `floatish` is not a token).
std::string renameType(const std::string &type, const std::string &from, const std::string &to) {
  if (from.empty()) {
    return type;
  }
  std::string out;
  std::size_t at = 0;
  while (at < type.size()) {
    const std::size_t hit = type.find(from, at);
    if (hit == std::string::npos) {
      break;
    }
    const std::size_t end = hit + from.size();
    const bool startsToken = hit == 0 || !isIdentifierChar(type[hit - 1]);
    const bool endsToken = end == type.size() || !isIdentifierChar(type[end]);
    out.append(type, at, hit - at);
    out += startsToken && endsToken ? to : from;
    at = end;
    // RapidCheck spells nested templates `number<…> >`; keep `<rational>` tight.
    if (startsToken && endsToken && at < type.size() && type[at] == ' ' && at + 1 < type.size() &&
        type[at + 1] == '>') {
      ++at;
    }
  }
  out.append(type, at, std::string::npos);
  return out;
}

std::string encodeReproduce(const std::string &id, const rc::detail::Reproduce &reproduce) {
  rc::detail::Configuration config;
  config.reproduce[id] = reproduce;
  const std::string text = rc::detail::configToString(config);
  const auto at = text.find(kReproduceKey);
  if (at == std::string::npos) {
    return {};
  }
  const auto start = at + kReproduceKey.size();
  const auto end = text.find(' ', start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::unordered_map<std::string, rc::detail::Reproduce> decodeReproduce(const std::string &token,
                                                                       const std::string &id) {
  std::unordered_map<std::string, rc::detail::Reproduce> map;
  try {
    map = rc::detail::configFromString(std::string(kReproduceKey) + token).reproduce;
  } catch (const std::exception &e) {
    throw std::invalid_argument("reproduce token: expected a token printed by a failed run, got '" +
                                token.substr(0, 80) + "' (" + e.what() + ")");
  }
  if (map.count(id) == 0) {
    std::string owners;
    for (const auto &[owner, reproduce] : map) {
      owners += (owners.empty() ? "" : ", ") + owner;
    }
    throw std::invalid_argument("reproduce token: the token replays " +
                                (owners.empty() ? std::string("nothing") : owners) +
                                ", not " + id);
  }
  return map;
}

} // namespace

void checkReproduceToken(const Entry &entry, const std::string &token) {
  decodeReproduce(token, entry.id());
}

std::string verdictName(RunResult::Verdict verdict) {
  switch (verdict) {
  case RunResult::Verdict::Passed:
    return "passed";
  case RunResult::Verdict::Falsified:
    return "FALSIFIED";
  case RunResult::Verdict::GaveUp:
    return "gave up";
  case RunResult::Verdict::Error:
    return "error";
  }
  return "?";
}

RunResult run(const Entry &entry, const RunOptions &options) {
  const auto &config = rc::detail::configuration();
  rc::detail::TestParams params = config.testParams;
  if (options.seed) {
    params.seed = *options.seed;
  }
  if (options.cases) {
    params.maxSuccess = *options.cases;
  }
  if (options.maxSize) {
    params.maxSize = *options.maxSize;
  }
  auto reproduceMap = config.reproduce;
  if (options.reproduce) {
    reproduceMap = decodeReproduce(*options.reproduce, entry.id());
  }

  rc::detail::TestMetadata metadata;
  metadata.id = entry.id();
  metadata.description = entry.id();
  ShrinkCounter listener;

  RunResult out;
  out.seed = params.seed;
  // Every case (generation, production and oracle) runs under the entry's rounding mode.
  const int savedRounding = std::fegetround();
  std::fesetround(entry.scalar.rounding);
  const auto start = std::chrono::steady_clock::now();
  const auto result =
      rc::detail::checkProperty(entry.property(), metadata, params, listener, reproduceMap);
  std::fesetround(savedRounding);
  out.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.shrinks = listener.accepted();

  if (result.is<rc::detail::SuccessResult>()) {
    out.verdict = RunResult::Verdict::Passed;
    out.cases = result.get<rc::detail::SuccessResult>().numSuccess;
    std::set<std::string> carriers;
    for (const auto &[tags, count] : result.get<rc::detail::SuccessResult>().distribution) {
      // RapidCheck stores tags as printed values: strings arrive quoted.
      std::set<std::string> unique;
      for (const std::string &raw : tags) {
        const bool quoted = raw.size() >= 2 && raw.front() == '"' && raw.back() == '"';
        unique.insert(quoted ? raw.substr(1, raw.size() - 2) : raw);
      }
      for (const std::string &tag : unique) {
        if (tag.rfind(cls::kCarrier, 0) == 0) {
          carriers.insert(tag.substr(std::string_view(cls::kCarrier).size()));
        } else {
          out.classes[tag] += count;
        }
      }
    }
    for (const std::string &needed : neededClasses(carriers)) {
      if (out.classes.count(needed) == 0) {
        out.unexercised.push_back(needed);
      }
    }
  } else if (result.is<rc::detail::FailureResult>()) {
    const auto &failure = result.get<rc::detail::FailureResult>();
    out.verdict = RunResult::Verdict::Falsified;
    out.cases = failure.numSuccess;
    out.description = failure.description;
    out.counterexample = failure.counterExample;
    // `GradientContext<boost::multiprecision::number<…>>` reads as `GradientContext<rational>`.
    for (auto &[type, value] : out.counterexample) {
      type = renameType(type, entry.scalar.typeName, entry.scalar.name);
    }
    out.reproduceToken = encodeReproduce(metadata.id, failure.reproduce);
  } else if (result.is<rc::detail::GaveUpResult>()) {
    const auto &gaveUp = result.get<rc::detail::GaveUpResult>();
    out.verdict = RunResult::Verdict::GaveUp;
    out.cases = gaveUp.numSuccess;
    out.description = gaveUp.description;
  } else {
    out.verdict = RunResult::Verdict::Error;
    out.description = result.get<rc::detail::Error>().description;
  }
  return out;
}

std::set<std::string> neededClasses(const std::set<std::string> &carriers) {
  std::set<std::string> out;
  const auto needs = [&](const char *carrier, std::initializer_list<const char *> classes) {
    if (carriers.count(carrier) != 0) {
      out.insert(classes.begin(), classes.end());
    }
  };
  needs("history", {cls::kMergedRuns});
  needs("replay", {cls::kFixedPoint});
  needs(detail::kSignedZeroScalars, {cls::kSignedZero});
  needs(detail::kNaNScalars, {cls::kNaN});
  needs("support", {cls::kDuplicateSupport});
  needs("raw epochs", {cls::kEpochAboveClock});
  return out;
}

RunResult replay(const Entry &entry, const std::string &token) {
  const auto map = decodeReproduce(token, entry.id());
  const rc::detail::Reproduce &reproduce = map.at(entry.id());
  RunResult out;
  out.reproduceToken = token;
  const int savedRounding = std::fegetround();
  std::fesetround(entry.scalar.rounding);
  const auto start = std::chrono::steady_clock::now();
  const auto shrinkable = rc::shrinkable::walkPath(
      entry.property()(reproduce.random, reproduce.size), reproduce.shrinkPath);
  if (!shrinkable) {
    std::fesetround(savedRounding);
    out.verdict = RunResult::Verdict::Error;
    out.description = "the token's shrink path does not exist for this property: the "
                      "generators changed since it was recorded";
    return out;
  }
  const rc::detail::CaseDescription description = shrinkable->value();
  out.counterexample = description.example ? description.example() : rc::detail::Example{};
  std::fesetround(savedRounding);
  out.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  for (auto &[type, value] : out.counterexample) {
    type = renameType(type, entry.scalar.typeName, entry.scalar.name);
  }
  out.description = description.result.description;
  switch (description.result.type) {
  case rc::detail::CaseResult::Type::Success:
    out.verdict = RunResult::Verdict::Passed;
    out.cases = 1;
    break;
  case rc::detail::CaseResult::Type::Failure:
    out.verdict = RunResult::Verdict::Falsified;
    break;
  case rc::detail::CaseResult::Type::Discard:
    out.verdict = RunResult::Verdict::GaveUp;
    break;
  }
  return out;
}

namespace {

/// The element count of the tensor whose text starts at `at` (just after `tensor(`): the
/// product of the dimensions in `[d0,d1,…]`.
std::size_t tensorElements(const std::string &text, std::size_t at) {
  const std::size_t close = text.find(']', at);
  if (at >= text.size() || text[at] != '[' || close == std::string::npos) {
    return 0;
  }
  std::size_t count = 1;
  std::istringstream dims(text.substr(at + 1, close - at - 1));
  for (std::string dim; std::getline(dims, dim, ',');) {
    count *= static_cast<std::size_t>(std::strtoull(dim.c_str(), nullptr, 10));
  }
  return count;
}

/// Top-level `( … )` groups between `history[` at `at` and its closing bracket.
std::size_t historyRuns(const std::string &text, std::size_t at) {
  std::size_t runs = 0;
  int depth = 0;
  for (std::size_t k = at; k < text.size(); ++k) {
    const char c = text[k];
    if (c == '(' || c == '[') {
      runs += depth == 0 && c == '(' ? 1 : 0;
      ++depth;
    } else if (c == ')' || c == ']') {
      if (depth == 0) {
        break;
      }
      --depth;
    }
  }
  return runs;
}

} // namespace

CaseSize measure(const std::vector<std::pair<std::string, std::string>> &counterexample) {
  constexpr std::string_view kTensor = "tensor(";
  constexpr std::string_view kHistory = "history[";
  CaseSize size;
  for (const auto &[type, value] : counterexample) {
    for (std::size_t at = value.find(kTensor); at != std::string::npos;
         at = value.find(kTensor, at + 1)) {
      const std::size_t elements = tensorElements(value, at + kTensor.size());
      size.tensors += 1;
      size.elements += elements;
      size.maxElements = std::max(size.maxElements, elements);
    }
    for (std::size_t at = value.find(kHistory); at != std::string::npos;
         at = value.find(kHistory, at + 1)) {
      size.historyRuns += historyRuns(value, at + kHistory.size());
    }
    if (value.find('\n') != std::string::npos) {
      std::istringstream lines(value);
      for (std::string line; std::getline(lines, line);) {
        size.commands += line.find_first_not_of(" \t") == std::string::npos ? 0 : 1;
      }
    }
  }
  return size;
}

std::string showSize(const CaseSize &size) {
  return std::to_string(size.tensors) + (size.tensors == 1 ? " tensor" : " tensors") +
         " (max " + std::to_string(size.maxElements) +
         (size.maxElements == 1 ? " element), " : " elements), ") +
         std::to_string(size.historyRuns) + (size.historyRuns == 1 ? " run, " : " runs, ") +
         std::to_string(size.commands) + (size.commands == 1 ? " command" : " commands");
}

std::string describeFailure(const RunResult &result) {
  std::ostringstream os;
  if (!result.fromCorpus.empty()) {
    os << "  the saved case " << result.fromCorpus << " fails again; its inputs:\n";
  } else {
    os << "  after " << result.cases << " passing cases and " << result.shrinks
       << " shrink steps, the smallest counterexample found is:\n";
  }
  for (const auto &[type, value] : result.counterexample) {
    if (value.find('\n') == std::string::npos) {
      os << "    " << type << " = " << value << "\n";
      continue;
    }
    // Multi-line values (command sequences) get one indented line each.
    os << "    " << type << " =\n";
    std::istringstream lines(value);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty()) {
        os << "      " << line << "\n";
      }
    }
  }
  os << "  failure:\n";
  std::istringstream lines(result.description);
  for (std::string line; std::getline(lines, line);) {
    os << "    " << line << "\n";
  }
  return os.str();
}

} // namespace proofport::properties
