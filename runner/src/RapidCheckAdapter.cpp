// The one adapter to RapidCheck's internal API (rc::detail): searching, replaying and tagging
// property cases, reproduce tokens, and RC_PARAMS. RapidCheck does not promise this API stays
// stable; a new RapidCheck version is absorbed here and nowhere else.
#include "proofport/runner/Engine.h"

#include <array>
#include <chrono>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <random>
#include <set>
#include <unordered_map>
#include <vector>

#include <rapidcheck.h>
#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/TestListenerAdapter.h>
#include <rapidcheck/shrinkable/Operations.h>

#include "proofport/runner/Check.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/Numbers.h"

namespace proofport::runner::engine {
namespace {

constexpr std::string_view kReproduceKey = "reproduce=";

/// Ends the current case as RapidCheck's failure with `message` (how a property body reports a
/// failure to RapidCheck).   Throws: rc::detail::CaseResult, always (RapidCheck catches it).
[[noreturn]] void failCase(const std::string &message) {
  throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, message);
}

/// The body as a RapidCheck property: a `Falsified` becomes the case's failure.
rc::detail::Property toProperty(const Body &body) {
  return rc::detail::toProperty([body] {
    try {
      body();
    } catch (const Falsified &falsified) {
      failCase(falsified.what());
    }
  });
}

rc::detail::TestParams toTestParams(const Params &params) {
  rc::detail::TestParams out;
  out.seed = params.seed;
  out.maxSuccess = params.maxSuccess;
  out.maxSize = params.maxSize;
  out.maxDiscardRatio = params.maxDiscardRatio;
  out.disableShrinking = params.disableShrinking;
  return out;
}

std::string encodeToken(const std::string &id, const rc::detail::Reproduce &reproduce) {
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

/// Whether `reproduce` is a case a search records: a random state no draw has been taken from
/// (RapidCheck asserts that before it splits one, so an altered token would abort the process)
/// and a size within the engine's bounds.   Cost: O(1)
bool replayable(const rc::detail::Reproduce &reproduce) {
  std::vector<std::uint8_t> bytes;
  rc::serialize(reproduce.random, std::back_inserter(bytes));
  std::array<std::uint64_t, 4> key{};
  std::uint64_t bits = 0;
  std::uint64_t counter = 0;
  auto at =
      rc::detail::deserializeN<std::uint64_t>(bytes.begin(), bytes.end(), key.size(), key.begin());
  at = rc::detail::deserializeCompact(at, bytes.end(), bits);
  at = rc::detail::deserializeCompact(at, bytes.end(), counter);
  const bool bitIndexOk = at != bytes.end() && *at <= 64;
  return counter == 0 && bitIndexOk && reproduce.size >= 0 && reproduce.size <= kLargestSize;
}

std::unordered_map<std::string, rc::detail::Reproduce> decodeToken(const std::string &token,
                                                                   const std::string &id) {
  std::unordered_map<std::string, rc::detail::Reproduce> map;
  try {
    map = rc::detail::configFromString(std::string(kReproduceKey) + token).reproduce;
  } catch (const std::exception &e) {
    throwFormatError("reproduce token", "a token printed by a failed run",
                     "'" + token.substr(0, 80) + "' (" + e.what() + ")");
  }
  for (const auto &[owner, reproduce] : map) {
    if (!replayable(reproduce)) {
      throwFormatError("reproduce token", "a token printed by a failed run",
                       "'" + token.substr(0, 80) +
                           "' (its random state or size is not one a search records)");
    }
  }
  if (map.count(id) == 0) {
    std::string owners;
    for (const auto &[owner, reproduce] : map) {
      owners += (owners.empty() ? "" : ", ") + owner;
    }
    throwFormatError("reproduce token", "a token of " + id,
                     "a token that replays " + (owners.empty() ? std::string("nothing") : owners));
  }
  // A token is exactly what a run printed: one with text past its end, or changed where the
  // decoding does not look, names another string than the case it replays.
  if (map.size() == 1 && encodeToken(id, map.at(id)) != token) {
    throwFormatError("reproduce token", "a token printed by a failed run",
                     "'" + token.substr(0, 80) + "' (it is not the token of the case it decodes " +
                         "to: text past its end, or characters that do not belong to it)");
  }
  return map;
}

/// One `key=value` of settings text in RC_PARAMS syntax, the value unquoted and unescaped.
struct Setting {
  std::string key;
  std::string value;
};

/// The settings of text in RC_PARAMS syntax: `key=value` pairs separated by spaces, values
/// optionally in single or double quotes with backslash escapes (`\x` stands for `x`).
std::vector<Setting> settings(const std::string &text) {
  std::vector<Setting> out;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && text[at] == ' ') {
      ++at;
    }
    if (at == text.size()) {
      break;
    }
    const std::size_t start = at;
    while (at < text.size() && text[at] != '=' && text[at] != ' ') {
      ++at;
    }
    Setting setting{text.substr(start, at - start), {}};
    if (at < text.size() && text[at] == '=') {
      ++at;
      if (at < text.size() && (text[at] == '"' || text[at] == '\'')) {
        const char quote = text[at++];
        while (at < text.size() && text[at] != quote) {
          at += text[at] == '\\' && at + 1 < text.size() ? 1 : 0;
          setting.value += text[at++];
        }
        ++at;
      } else {
        while (at < text.size() && text[at] != ' ') {
          setting.value += text[at++];
        }
      }
    }
    out.push_back(std::move(setting));
  }
  return out;
}

/// The numbers settings give, each read by readWholeNumber as the command line reads its
/// flags (a key given twice: its last value); none for a key not given.
struct NumberSettings {
  std::optional<std::uint64_t> seed;
  std::optional<int> maxSuccess;
  std::optional<int> maxSize;
  std::optional<int> maxDiscardRatio;
};

/// Throws: FormatError naming `RC_PARAMS key`, the range and the value.
NumberSettings readNumbers(const std::vector<Setting> &given) {
  NumberSettings out;
  const auto read = [](const Setting &setting, std::uint64_t min, std::uint64_t max) {
    return readWholeNumber("RC_PARAMS " + setting.key, setting.value, min, max);
  };
  for (const Setting &setting : given) {
    if (setting.key == "seed") {
      out.seed = read(setting, 0, kLargestWholeNumber);
    } else if (setting.key == "max_success") {
      out.maxSuccess = static_cast<int>(read(setting, 1, kMostCases));
    } else if (setting.key == "max_size") {
      out.maxSize = static_cast<int>(read(setting, 0, kLargestSize));
    } else if (setting.key == "max_discard_ratio") {
      out.maxDiscardRatio = static_cast<int>(read(setting, 0, std::numeric_limits<int>::max()));
    }
  }
  return out;
}

Params readDefaults() {
  const char *text = std::getenv("RC_PARAMS");
  Params out;
  NumberSettings numbers;
  if (text != nullptr) {
    checkSettings(text);
    out.disableShrinking = rc::detail::configFromString(text).testParams.disableShrinking;
    numbers = readNumbers(settings(text));
  }
  out.maxSuccess = numbers.maxSuccess.value_or(out.maxSuccess);
  out.maxSize = numbers.maxSize.value_or(out.maxSize);
  out.maxDiscardRatio = numbers.maxDiscardRatio.value_or(out.maxDiscardRatio);
  if (numbers.seed) {
    out.seed = *numbers.seed;
  } else {
    std::random_device device;
    out.seed = (static_cast<std::uint64_t>(device()) << 32U) ^ device();
  }
  return out;
}

/// The inputs of RapidCheck's example: a named draw's value (proofport/gen/Named.h: mark, name,
/// mark, value) gives its name and the value text after it; any other input keeps an empty
/// name and its text.   Cost: O(text)
std::vector<Input> inputsOf(const rc::detail::Example &example) {
  std::vector<Input> out;
  out.reserve(example.size());
  for (const auto &[type, value] : example) {
    Input input{{}, type, value};
    if (!value.empty() && value.front() == kNameMark) {
      const std::size_t end = value.find(kNameMark, 1);
      if (end != std::string::npos) {
        input.name = value.substr(1, end - 1);
        input.value = value.substr(end + 1);
      }
    }
    out.push_back(std::move(input));
  }
  return out;
}

/// A discarded case's description without RapidCheck's location and macro lines
/// (`file:104:\nRC_DISCARD(…)\n\nwhy`): the reason the property gave, or the description as it
/// is when it gave none.   Cost: O(description)
std::string discardReason(const std::string &description) {
  const std::size_t macro = description.find(":\nRC_");
  const std::size_t reason = macro == std::string::npos ? macro : description.find("\n\n", macro);
  if (reason == std::string::npos || reason + 2 >= description.size()) {
    return description;
  }
  return description.substr(reason + 2);
}

Outcome fromResult(const rc::detail::TestResult &result, const std::string &id) {
  Outcome out;
  if (result.is<rc::detail::SuccessResult>()) {
    const auto &success = result.get<rc::detail::SuccessResult>();
    out.type = Outcome::Type::Passed;
    out.successes = success.numSuccess;
    for (const auto &[tags, count] : success.distribution) {
      out.tags[tags] += count;
    }
  } else if (result.is<rc::detail::FailureResult>()) {
    const auto &failure = result.get<rc::detail::FailureResult>();
    out.type = Outcome::Type::Falsified;
    out.successes = failure.numSuccess;
    out.description = failure.description;
    out.example = inputsOf(failure.counterExample);
    out.token = encodeToken(id, failure.reproduce);
  } else if (result.is<rc::detail::GaveUpResult>()) {
    const auto &gaveUp = result.get<rc::detail::GaveUpResult>();
    out.type = Outcome::Type::GaveUp;
    out.successes = gaveUp.numSuccess;
    out.description = discardReason(gaveUp.description);
  } else {
    out.type = Outcome::Type::Error;
    out.description = result.get<rc::detail::Error>().description;
  }
  return out;
}

/// Where a shrink ended: the smallest failing case found (none: no shrink failed), the path of
/// shrink indices leading to it from the first failure, and whether the deadline stopped it.
struct ShrinkResult {
  std::optional<rc::detail::CaseDescription> best;
  std::vector<std::size_t> path;
  bool cutShort = false;
};

/// RapidCheck's greedy shrink: try the shrinks of the current case in order; the first that
/// still fails becomes the current case, its index joins the path, and its own shrinks are
/// tried from the start. Stops when no shrink fails, or before a try that would start after
/// `until`.   Cost: one property evaluation per shrink tried.
ShrinkResult shrink(const rc::Shrinkable<rc::detail::CaseDescription> &failing,
                    const std::optional<std::chrono::steady_clock::time_point> &until) {
  ShrinkResult out;
  rc::Seq<rc::Shrinkable<rc::detail::CaseDescription>> shrinks = failing.shrinks();
  std::size_t index = 0;
  while (true) {
    if (until && std::chrono::steady_clock::now() >= *until) {
      out.cutShort = true;
      return out;
    }
    rc::Maybe<rc::Shrinkable<rc::detail::CaseDescription>> next = shrinks.next();
    if (!next) {
      return out;
    }
    rc::detail::CaseDescription tried = next->value();
    if (tried.result.type != rc::detail::CaseResult::Type::Failure) {
      ++index;
      continue;
    }
    shrinks = next->shrinks();
    out.best = std::move(tried);
    out.path.push_back(index);
    index = 0;
  }
}

}  // namespace

const Params &defaults() {
  static const Params params = readDefaults();
  return params;
}

void checkSettings(const std::string &text) {
  static const std::set<std::string> kKnown = {
      "seed",     "max_success",      "max_size",          "max_discard_ratio",
      "noshrink", "verbose_progress", "verbose_shrinking", "reproduce"};
  const std::vector<Setting> given = settings(text);
  for (const Setting &setting : given) {
    if (kKnown.count(setting.key) == 0) {
      throwFormatError("RC_PARAMS",
                       "keys among seed, max_success, max_size, max_discard_ratio, "
                       "noshrink, verbose_progress, verbose_shrinking, reproduce",
                       "the key '" + setting.key + "' in \"" + text + "\"");
    }
  }
  (void)readNumbers(given);
  try {
    rc::detail::configFromString(text);
  } catch (const std::exception &e) {
    throwFormatError("RC_PARAMS", "key=value settings RapidCheck can read",
                     "\"" + text + "\" (" + e.what() + ")");
  }
}

Outcome search(const Body &body, const std::string &id, const Params &params,
               const std::optional<std::string> &token) {
  std::unordered_map<std::string, rc::detail::Reproduce> reproduce;
  if (token) {
    reproduce = decodeToken(*token, id);
  }
  rc::detail::TestMetadata metadata;
  metadata.id = id;
  metadata.description = id;
  const rc::detail::Property property = toProperty(body);
  // RapidCheck searches; the shrink is this adapter's own loop (RapidCheck's algorithm, so the
  // counterexample and token are the ones RapidCheck would give), which can stop at a deadline.
  rc::detail::TestParams searchParams = toTestParams(params);
  searchParams.disableShrinking = true;
  rc::detail::TestListenerAdapter silent;
  const rc::detail::TestResult result =
      rc::detail::checkProperty(property, metadata, searchParams, silent, reproduce);
  if (token || params.disableShrinking || !result.is<rc::detail::FailureResult>()) {
    return fromResult(result, id);
  }
  rc::detail::FailureResult failure = result.get<rc::detail::FailureResult>();
  const ShrinkResult shrunk =
      shrink(property(failure.reproduce.random, failure.reproduce.size), params.shrinkUntil);
  if (shrunk.best) {
    failure.description = shrunk.best->result.description;
    failure.counterExample = shrunk.best->example ? shrunk.best->example() : rc::detail::Example{};
  }
  failure.reproduce.shrinkPath = shrunk.path;
  Outcome out = fromResult(failure, id);
  out.shrinks = static_cast<int>(shrunk.path.size());
  out.shrinkCutShort = shrunk.cutShort;
  return out;
}

Outcome replay(const Body &body, const std::string &id, const std::string &token) {
  const auto map = decodeToken(token, id);
  const rc::detail::Reproduce &reproduce = map.at(id);
  Outcome out;
  out.token = token;
  const auto shrinkable = rc::shrinkable::walkPath(
      toProperty(body)(reproduce.random, reproduce.size), reproduce.shrinkPath);
  if (!shrinkable) {
    out.type = Outcome::Type::Error;
    out.description = "the token's shrink path does not exist for this property: the "
                      "generators changed since it was recorded";
    return out;
  }
  const rc::detail::CaseDescription description = shrinkable->value();
  out.example = inputsOf(description.example ? description.example() : rc::detail::Example{});
  out.description = description.result.description;
  switch (description.result.type) {
  case rc::detail::CaseResult::Type::Success:
    out.type = Outcome::Type::Passed;
    out.successes = 1;
    break;
  case rc::detail::CaseResult::Type::Failure: out.type = Outcome::Type::Falsified; break;
  case rc::detail::CaseResult::Type::Discard:
    out.type = Outcome::Type::GaveUp;
    out.description = discardReason(out.description);
    break;
  }
  return out;
}

std::string caseToken(const std::string &id, std::uint64_t seed, int size,
                      const std::vector<std::size_t> &path) {
  if (size < 0 || size > kLargestSize) {
    throwFormatError("case size", "0 to " + std::to_string(kLargestSize), std::to_string(size));
  }
  rc::detail::Reproduce reproduce;
  reproduce.random = rc::Random(seed);
  reproduce.size = size;
  reproduce.shrinkPath = path;
  return encodeToken(id, reproduce);
}

Outcome replayShrunk(const Body &body, const std::string &id, const std::string &token,
                     const Params &params) {
  Outcome out = replay(body, id, token);
  if (out.type != Outcome::Type::Falsified) {
    return out;
  }
  rc::detail::Reproduce reproduce = decodeToken(token, id).at(id);
  const auto failing = rc::shrinkable::walkPath(toProperty(body)(reproduce.random, reproduce.size),
                                                reproduce.shrinkPath);
  if (!failing) {
    return out;
  }
  const ShrinkResult shrunk = shrink(*failing, params.shrinkUntil);
  if (!shrunk.best) {
    return out;
  }
  reproduce.shrinkPath.insert(reproduce.shrinkPath.end(), shrunk.path.begin(), shrunk.path.end());
  out.description = shrunk.best->result.description;
  out.example = inputsOf(shrunk.best->example ? shrunk.best->example() : rc::detail::Example{});
  out.token = encodeToken(id, reproduce);
  out.shrinks = static_cast<int>(shrunk.path.size());
  out.shrinkCutShort = shrunk.cutShort;
  return out;
}

void checkToken(const std::string &token, const std::string &id) { decodeToken(token, id); }

void tag(const std::string &name) { rc::detail::tag({name}); }

}  // namespace proofport::runner::engine
