// The failure block, the JUnit XML and JSON reports, and RunResult as JSON.
#include "Reports.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/core.h>

#include "Cli.h"
#include "proofport/runner/Input.h"
#include "proofport/spec/Utf8.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

/// Appends the UTF-8 character starting at `text[i]` to `out` and returns its length, or
/// returns 0 if the bytes there are not a valid encoding of a character XML 1.0 allows.
std::size_t copyXmlCharacter(const std::string &text, std::size_t i, std::string &out) {
  const CodePoint c = decodeUtf8(text, i);
  const char32_t code = c.value;
  const bool allowed = code == 0x9 || code == 0xA || code == 0xD ||
                       (code >= 0x20 && code <= 0xD7FF) || (code >= 0xE000 && code <= 0xFFFD) ||
                       (code >= 0x10000 && code <= 0x10FFFF);
  if (c.length == 0 || !allowed) {
    return 0;
  }
  out.append(text, i, c.length);
  return c.length;
}

std::vector<std::string> concat(std::vector<std::string> words,
                                const std::vector<std::string> &more) {
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

RunResult::Verdict verdictFromKey(const std::string &key) {
  for (const auto verdict : {RunResult::Verdict::Passed, RunResult::Verdict::Falsified,
                             RunResult::Verdict::GaveUp, RunResult::Verdict::Error,
                             RunResult::Verdict::NotAdmissible, RunResult::Verdict::Unsupported}) {
    if (verdictKey(verdict) == key) {
      return verdict;
    }
  }
  throwFormatError("a result's verdict",
                   "passed, falsified, gave up, error, not admissible or unsupported",
                   "'" + key + "'");
}

/// The largest count a result holds (an int).
constexpr std::uint64_t kMaxCount = std::numeric_limits<int>::max();

/// `object[key]`, a field of a result object, which `accepts` (a null only if it says so).
/// Throws: FormatError naming the field, what it must hold (`expected`) and what it holds, or
/// that it is missing.
template <class Accepts>
const nlohmann::json &field(const nlohmann::json &object, const char *key,
                            const std::string &expected, Accepts accepts) {
  const std::string name = std::string("a result's \"") + key + "\"";
  const auto it = object.find(key);
  if (it == object.end()) {
    throwFormatError(name, expected, "no such field");
  }
  if (!accepts(*it)) {
    throwFormatError(name, expected, it->dump().substr(0, 80));
  }
  return *it;
}

std::string textField(const nlohmann::json &object, const char *key) {
  return field(object, key, "a string", [](const auto &v) { return v.is_string(); })
      .template get<std::string>();
}

/// A text field that may be null (no value): empty then.
std::string textOrNullField(const nlohmann::json &object, const char *key) {
  const nlohmann::json &value = field(object, key, "a string or null",
                                      [](const auto &v) { return v.is_string() || v.is_null(); });
  return value.is_null() ? std::string() : value.get<std::string>();
}

int countField(const nlohmann::json &object, const char *key) {
  return field(object, key, fmt::format("a whole number from 0 to {}", kMaxCount),
               [](const auto &v) { return isWhole(v, kMaxCount); })
      .template get<int>();
}

bool isTextList(const nlohmann::json &value) {
  return value.is_array() &&
         std::all_of(value.begin(), value.end(), [](const auto &v) { return v.is_string(); });
}

}  // namespace

std::string replayCommand(const Invocation &how, const Entry &e, const RunResult &result) {
  const std::vector<std::string> start = concat(
      concat(concat(how.environmentWords, {how.self, "replay"}), how.mutantWords), how.leanWords);
  if (!result.fromCorpus.empty()) {
    return shellCommand(concat(start, {result.fromCorpus}));
  }
  if (result.reproduceToken.empty()) {
    return {};
  }
  return shellCommand(concat(start, {"--theorem", std::string(e.theorem->leanName), "--scalar",
                                     e.scalar.name, "--token", result.reproduceToken}));
}

std::string rerunCommand(const Invocation &how, const Outcome &outcome) {
  const Entry &e = *outcome.entry;
  const RunResult &result = outcome.result;
  const std::optional<int> cases = outcome.rerunCases ? outcome.rerunCases : how.cases;
  std::vector<std::string> words = concat(
      concat(concat(how.environmentWords, {how.self, "run"}), how.mutantWords), how.leanWords);
  words = concat(words, {"--theorem", std::string(e.theorem->leanName), "--scalar", e.scalar.name,
                         "--seed", std::to_string(result.seed)});
  if (cases) {
    words = concat(words, {"--cases", std::to_string(*cases)});
  }
  if (how.maxSize) {
    words = concat(words, {"--max-size", std::to_string(*how.maxSize)});
  }
  return shellCommand(concat(words, {"--no-corpus"}));
}

std::string failureReport(const Invocation &how, const Outcome &outcome) {
  const Entry &e = *outcome.entry;
  const RunResult &result = outcome.result;
  // A property that could not run (a crash, a timeout, an unreadable corpus) has no case.
  const bool noCase =
      result.verdict != RunResult::Verdict::Falsified && result.counterexample.empty();
  std::string out =
      fmt::format("{} {} over {}\n  {}\n  {}\n{}", verdictName(result.verdict), e.theorem->leanName,
                  e.scalar.name, e.theorem->source, e.theorem->statement,
                  noCase ? "  " + result.description + "\n" : describeFailure(result));
  const std::string replay = replayCommand(how, e, result);
  if (!replay.empty()) {
    out += fmt::format("  replay this case:  {}\n", replay);
  }
  if (!result.fromCorpus.empty() || !how.searched) {
    return out;
  }
  if (!result.savedAs.empty()) {
    out += fmt::format("  saved to corpus:   {}\n", result.savedAs);
  }
  out += fmt::format("  rerun the search:  {}\n", rerunCommand(how, outcome));
  return out;
}

std::string verdictKey(RunResult::Verdict verdict) {
  switch (verdict) {
  case RunResult::Verdict::Passed: return "passed";
  case RunResult::Verdict::Falsified: return "falsified";
  case RunResult::Verdict::GaveUp: return "gave up";
  case RunResult::Verdict::NotAdmissible: return "not admissible";
  case RunResult::Verdict::Unsupported: return "unsupported";
  case RunResult::Verdict::Error: break;
  }
  return "error";
}

double casesPerSecond(const RunResult &result) {
  return result.milliseconds > 0 ? result.cases * 1000.0 / result.milliseconds : 0.0;
}

std::string xmlEscape(const std::string &text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    switch (text[i]) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&apos;"; break;
    case '\t': out += attribute ? "&#9;" : "\t"; break;
    case '\n': out += attribute ? "&#10;" : "\n"; break;
    case '\r': out += "&#13;"; break;
    default: {
      const std::size_t copied = copyXmlCharacter(text, i, out);
      if (copied == 0) {
        out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i]));
        i += 1;
      } else {
        i += copied;
      }
      continue;
    }
    }
    i += 1;
  }
  return out;
}

std::string junitReport(const Invocation &how, const std::vector<Outcome> &outcomes) {
  std::size_t failures = 0;
  std::size_t errors = 0;
  std::size_t skipped = 0;
  double milliseconds = 0;
  for (const auto &[e, result, rerunCases, index] : outcomes) {
    skipped += nothingRan(result.verdict) ? 1 : 0;
    failures += result.verdict == RunResult::Verdict::Falsified ? 1 : 0;
    errors +=
        result.verdict == RunResult::Verdict::GaveUp || result.verdict == RunResult::Verdict::Error
            ? 1
            : 0;
    milliseconds += result.milliseconds;
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites>\n<testsuite name=\"proofport\" tests=\"{}\" failures=\"{}\" "
                     "errors=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n",
                     outcomes.size(), failures, errors, skipped, milliseconds / 1000);
  for (const Outcome &outcome : outcomes) {
    const Entry *e = outcome.entry;
    const RunResult &result = outcome.result;
    out += fmt::format("  <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"",
                       xmlEscape(e->scalar.name, true), xmlEscape(e->shortName, true),
                       result.milliseconds / 1000);
    if (result.verdict == RunResult::Verdict::Passed) {
      out += "/>\n";
      continue;
    }
    if (nothingRan(result.verdict)) {
      // An unsupported result's description says so itself (`unsupported: match at 3:9`).
      const std::string message = result.verdict == RunResult::Verdict::NotAdmissible
                                      ? "not admissible: " + result.description
                                      : result.description;
      out += fmt::format(">\n    <skipped message=\"{}\"/>\n  </testcase>\n",
                         xmlEscape(message, true));
      continue;
    }
    const bool falsified = result.verdict == RunResult::Verdict::Falsified;
    const std::string element = falsified ? "failure" : "error";
    std::string message = fmt::format("{} over {} after {} passing cases",
                                      verdictName(result.verdict), e->scalar.name, result.cases);
    if (!result.description.empty()) {
      message += ": " + result.description.substr(0, result.description.find('\n'));
    }
    out += fmt::format(">\n    <{} message=\"{}\" type=\"{}\">{}</{}>\n  </testcase>\n", element,
                       xmlEscape(message, true), xmlEscape(verdictKey(result.verdict), true),
                       xmlEscape(failureReport(how, outcome), false), element);
  }
  out += "</testsuite>\n</testsuites>\n";
  return out;
}

nlohmann::json inputsToJson(const std::vector<runner::Input> &inputs) {
  nlohmann::json out = nlohmann::json::array();
  for (const runner::Input &input : inputs) {
    out.push_back(
        {{"name", input.name.empty() ? nlohmann::json(nullptr) : nlohmann::json(input.name)},
         {"type", input.type},
         {"value", input.value}});
  }
  return out;
}

nlohmann::json resultToJson(const RunResult &result) {
  nlohmann::json counterexample = inputsToJson(result.counterexample);
  const auto orNull = [](const std::string &text) {
    return text.empty() ? nlohmann::json(nullptr) : nlohmann::json(text);
  };
  return {
      {"verdict", verdictKey(result.verdict)},
      {"cases", result.cases},
      {"shrinks", result.shrinks},
      {"milliseconds", result.milliseconds},
      {"cases_per_second", casesPerSecond(result)},
      {"seed", result.seed},
      {"description", result.description},
      {"counterexample", std::move(counterexample)},
      {"reproduce", orNull(result.reproduceToken)},
      {"saved_as", orNull(result.savedAs)},
      {"from_corpus", orNull(result.fromCorpus)},
      {"classes", result.classes},
      {"unexercised", result.unexercised},
  };
}

RunResult resultFromJson(const nlohmann::json &json) {
  if (!json.is_object()) {
    throwFormatError("a proofport result", "a JSON object", json.dump().substr(0, 80));
  }
  RunResult out;
  out.verdict = verdictFromKey(textField(json, "verdict"));
  out.cases = countField(json, "cases");
  out.shrinks = countField(json, "shrinks");
  out.milliseconds = field(json, "milliseconds", "a finite number, at least 0", [](const auto &v) {
                       return v.is_number() && std::isfinite(v.template get<double>()) &&
                              v.template get<double>() >= 0;
                     }).get<double>();
  out.seed = field(json, "seed", "a whole number from 0 to 2^64 - 1", [](const auto &v) {
               return isWhole(v, std::numeric_limits<std::uint64_t>::max());
             }).get<std::uint64_t>();
  out.description = textField(json, "description");
  // "name" is absent from reports written before inputs had names, and null for an unnamed one.
  const auto isInput = [](const nlohmann::json &input) {
    return input.is_object() && input.contains("type") && input["type"].is_string() &&
           input.contains("value") && input["value"].is_string() &&
           (!input.contains("name") || input["name"].is_null() ||
            (input["name"].is_string() && isName(input["name"].get<std::string>())));
  };
  for (const auto &input :
       field(json, "counterexample",
             "a list of {\"name\" (a name or null, optional), \"type\", \"value\"} strings",
             [&isInput](const auto &v) {
               return v.is_array() && std::all_of(v.begin(), v.end(), isInput);
             })) {
    const bool named = input.contains("name") && input["name"].is_string();
    out.counterexample.push_back({named ? input["name"].get<std::string>() : std::string(),
                                  input["type"].get<std::string>(),
                                  input["value"].get<std::string>()});
  }
  out.reproduceToken = textOrNullField(json, "reproduce");
  out.savedAs = textOrNullField(json, "saved_as");
  out.fromCorpus = textOrNullField(json, "from_corpus");
  const nlohmann::json &classes =
      field(json, "classes", "an object of whole numbers", [](const auto &v) {
        return v.is_object() && std::all_of(v.begin(), v.end(), [](const auto &count) {
                 return isWhole(count, kMaxCount);
               });
      });
  out.classes = classes.get<std::map<std::string, int>>();
  out.unexercised =
      field(json, "unexercised", "a list of strings", isTextList).get<std::vector<std::string>>();
  return out;
}

std::string jsonReport(const nlohmann::json &header, const std::vector<Outcome> &outcomes) {
  nlohmann::json results = nlohmann::json::array();
  for (const auto &[e, result, rerunCases, index] : outcomes) {
    nlohmann::json item = {
        {"index", index},
        {"theorem", std::string(e->theorem->leanName)},
        {"short", e->shortName},
        {"scalar", e->scalar.name},
        {"statement", std::string(e->theorem->statement)},
        {"source", std::string(e->theorem->source)},
        {"rerun_cases", rerunCases ? nlohmann::json(*rerunCases) : nlohmann::json(nullptr)},
    };
    item.update(resultToJson(result));
    results.push_back(std::move(item));
  }
  nlohmann::json report = header;
  report["results"] = std::move(results);
  // Invalid UTF-8 in a description becomes U+FFFD rather than aborting the report.
  return report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

/// FNV-1a, 64 bits: a stable fingerprint (not a security property).
struct Fnv {
  std::uint64_t hash = 14695981039346656037ULL;
  void add(std::string_view bytes) {
    for (const char c : bytes) {
      hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    }
    // A separator, so ("ab", "c") and ("a", "bc") differ.
    hash = (hash ^ 0xFFU) * 1099511628211ULL;
  }
  std::string hex() const { return fmt::format("{:016x}", hash); }
};

}  // namespace

std::string catalogFingerprint(const Catalog &catalog) {
  Fnv fnv;
  for (const Entry &e : catalog.entries()) {
    fnv.add(e.id());
  }
  return fnv.hex();
}

std::string corpusFingerprint(const std::string &dir) {
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error)) {
    return "none";
  }
  std::vector<std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    if (it->is_regular_file(error)) {
      files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  Fnv fnv;
  for (const auto &file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    fnv.add(std::filesystem::relative(file, dir, error).generic_string());
    fnv.add(bytes.str());
  }
  return fnv.hex();
}

nlohmann::json invocationToJson(const Invocation &how) {
  nlohmann::json out = {
      {"cases", how.cases ? nlohmann::json(*how.cases) : nlohmann::json(nullptr)},
      {"max_size", how.maxSize ? nlohmann::json(*how.maxSize) : nlohmann::json(nullptr)},
      {"mutant_words", how.mutantWords},
      {"environment_words", how.environmentWords},
      {"corpus_words", how.corpusWords},
      {"searched", how.searched}};
  // Only a run over a Lean file has them: other reports stay as they were.
  if (!how.leanWords.empty()) {
    out["lean_words"] = how.leanWords;
  }
  return out;
}

Invocation invocationFromJson(const std::string &self, const nlohmann::json &json) {
  Invocation how;
  how.self = self;
  try {
    if (!json.at("cases").is_null()) {
      how.cases = json.at("cases").get<int>();
    }
    if (!json.at("max_size").is_null()) {
      how.maxSize = json.at("max_size").get<int>();
    }
    how.mutantWords = json.at("mutant_words").get<std::vector<std::string>>();
    how.environmentWords = json.at("environment_words").get<std::vector<std::string>>();
    how.corpusWords = json.at("corpus_words").get<std::vector<std::string>>();
    how.searched = json.at("searched").get<bool>();
    if (json.contains("lean_words")) {
      how.leanWords = json.at("lean_words").get<std::vector<std::string>>();
    }
  } catch (const nlohmann::json::exception &e) {
    throwUsageError(std::string("a report's invocation: expected the object proofport run "
                                "writes: ") +
                    e.what());
  }
  return how;
}

bool isWhole(const nlohmann::json &value, std::uint64_t max) {
  return value.is_number_integer() &&
         (value.is_number_unsigned() || value.get<std::int64_t>() >= 0) &&
         value.get<std::uint64_t>() <= max;
}

Outcome outcomeFromJson(const Catalog &catalog, const nlohmann::json &json) {
  Outcome out;
  try {
    if (!json.is_object()) {
      throwFormatError("a report's result", "a JSON object", json.dump().substr(0, 80));
    }
    const std::string theorem = textField(json, "theorem");
    const std::string scalar = textField(json, "scalar");
    // Not read (the catalog has them), but a report's result always carries them.
    for (const char *key : {"short", "statement", "source"}) {
      textField(json, key);
    }
    out.index = field(json, "index", "a whole number", [](const auto &v) {
                  return isWhole(v, std::numeric_limits<std::size_t>::max());
                }).get<std::size_t>();
    const nlohmann::json &rerun =
        field(json, "rerun_cases", "a whole number or null",
              [](const auto &v) { return v.is_null() || isWhole(v, kMaxCount); });
    if (!rerun.is_null()) {
      out.rerunCases = rerun.get<int>();
    }
    out.result = resultFromJson(json);
    for (const Entry &e : catalog.entries()) {
      if (e.theorem->leanName == theorem && e.scalar.name == scalar) {
        out.entry = &e;
      }
    }
    if (out.entry == nullptr) {
      throwUsageError("a report's result names " + scalar + "/" + theorem +
                      ", which is not in this build's catalog");
    }
  } catch (const FormatError &e) {
    throwUsageError(e.what());
  }
  return out;
}

}  // namespace proofport::cli
