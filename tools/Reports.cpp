// The failure block, the JUnit XML and JSON reports, and RunResult as JSON.
#include "Reports.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <fmt/core.h>

#include "Cli.h"
#include "proofport/spec/Utf8.h"

namespace proofport::cli {

using namespace proofport::properties;

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
  for (const auto verdict :
       {RunResult::Verdict::Passed, RunResult::Verdict::Falsified, RunResult::Verdict::GaveUp,
        RunResult::Verdict::Error, RunResult::Verdict::NotAdmissible}) {
    if (verdictKey(verdict) == key) {
      return verdict;
    }
  }
  throwFormatError("a result's verdict", "passed, falsified, gave up, error or not admissible",
                   "'" + key + "'");
}

}  // namespace

std::string replayCommand(const Invocation &how, const Entry &e, const RunResult &result) {
  const std::vector<std::string> start =
      concat(concat(how.environmentWords, {how.self, "replay"}), how.mutantWords);
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
  std::vector<std::string> words =
      concat(concat(how.environmentWords, {how.self, "run"}), how.mutantWords);
  words = concat(words, {"--theorem", std::string(e.theorem->leanName), "--scalar", e.scalar.name,
                         "--seed", std::to_string(result.seed)});
  if (cases) {
    words = concat(words, {"--cases", std::to_string(*cases)});
  }
  if (how.maxSize) {
    words = concat(words, {"--max-size", std::to_string(*how.maxSize)});
  }
  return shellCommand(concat(words, how.corpusWords));
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
    skipped += result.verdict == RunResult::Verdict::NotAdmissible ? 1 : 0;
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
    out += fmt::format(
        "  <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"", xmlEscape(e->scalar.name, true),
        xmlEscape(shortName(e->theorem->leanName), true), result.milliseconds / 1000);
    if (result.verdict == RunResult::Verdict::Passed) {
      out += "/>\n";
      continue;
    }
    if (result.verdict == RunResult::Verdict::NotAdmissible) {
      out += fmt::format(">\n    <skipped message=\"{}\"/>\n  </testcase>\n",
                         xmlEscape("not admissible: " + result.description, true));
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

nlohmann::json resultToJson(const RunResult &result) {
  nlohmann::json counterexample = nlohmann::json::array();
  for (const auto &[type, value] : result.counterexample) {
    counterexample.push_back({{"type", type}, {"value", value}});
  }
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
  RunResult out;
  try {
    const auto text = [&json](const char *key) {
      return json.at(key).is_null() ? std::string() : json.at(key).get<std::string>();
    };
    out.verdict = verdictFromKey(json.at("verdict").get<std::string>());
    out.cases = json.at("cases").get<int>();
    out.shrinks = json.at("shrinks").get<int>();
    out.milliseconds = json.at("milliseconds").get<double>();
    out.seed = json.at("seed").get<std::uint64_t>();
    out.description = json.at("description").get<std::string>();
    for (const auto &pair : json.at("counterexample")) {
      out.counterexample.emplace_back(pair.at("type").get<std::string>(),
                                      pair.at("value").get<std::string>());
    }
    out.reproduceToken = text("reproduce");
    out.savedAs = text("saved_as");
    out.fromCorpus = text("from_corpus");
    out.classes = json.at("classes").get<std::map<std::string, int>>();
    out.unexercised = json.at("unexercised").get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception &e) {
    throwFormatError("a proofport result object", "every field proofport run writes",
                     std::string("one that lacks a field: ") + e.what());
  }
  return out;
}

std::string jsonReport(const nlohmann::json &header, const std::vector<Outcome> &outcomes) {
  nlohmann::json results = nlohmann::json::array();
  for (const auto &[e, result, rerunCases, index] : outcomes) {
    nlohmann::json item = {
        {"index", index},
        {"theorem", std::string(e->theorem->leanName)},
        {"short", shortName(e->theorem->leanName)},
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

std::string catalogFingerprint() {
  Fnv fnv;
  for (const Entry &e : catalog()) {
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
  return {{"cases", how.cases ? nlohmann::json(*how.cases) : nlohmann::json(nullptr)},
          {"max_size", how.maxSize ? nlohmann::json(*how.maxSize) : nlohmann::json(nullptr)},
          {"mutant_words", how.mutantWords},
          {"environment_words", how.environmentWords},
          {"corpus_words", how.corpusWords},
          {"searched", how.searched}};
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
  } catch (const nlohmann::json::exception &e) {
    throw UsageError(std::string("a report's invocation: expected the object proofport run "
                                 "writes: ") +
                     e.what());
  }
  return how;
}

Outcome outcomeFromJson(const nlohmann::json &json) {
  Outcome out;
  try {
    const std::string theorem = json.at("theorem").get<std::string>();
    const std::string scalar = json.at("scalar").get<std::string>();
    for (const Entry &e : catalog()) {
      if (e.theorem->leanName == theorem && e.scalar.name == scalar) {
        out.entry = &e;
      }
    }
    if (out.entry == nullptr) {
      throw UsageError("a report's result names " + scalar + "/" + theorem +
                       ", which is not in this build's catalog");
    }
    out.index = json.at("index").get<std::size_t>();
    if (!json.at("rerun_cases").is_null()) {
      out.rerunCases = json.at("rerun_cases").get<int>();
    }
  } catch (const nlohmann::json::exception &e) {
    throw UsageError(std::string("a report's result: expected the object proofport run "
                                 "writes: ") +
                     e.what());
  }
  try {
    out.result = resultFromJson(json);
  } catch (const FormatError &e) {
    throw UsageError(e.what());
  }
  return out;
}

ReportFile::ReportFile(std::string path, std::string flag)
    : m_path(std::move(path)), m_flag(std::move(flag)),
      m_stream(m_path, std::ios::out | std::ios::trunc) {
  if (!m_stream) {
    throw UsageError(m_flag + " '" + m_path + "': cannot write this file");
  }
}

void ReportFile::write(const std::string &text) {
  m_stream << text;
  m_stream.close();
  if (!m_stream) {
    throwIoError(m_flag + " '" + m_path + "'", "the whole report written", "a write that failed");
  }
}

std::optional<ReportFile> openReport(const std::optional<std::string> &path,
                                     const std::string &flag) {
  if (!path) {
    return std::nullopt;
  }
  return std::optional<ReportFile>(std::in_place, *path, flag);
}

}  // namespace proofport::cli
