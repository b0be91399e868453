// Reads, writes and replays the regression corpus.
#include "proofport/runner/Corpus.h"

#include "proofport/runner/Input.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/spec/Error.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

namespace proofport::runner {
namespace {

constexpr std::string_view kHeader = "# proofport counterexample v1";

/// `key: value`, with every further line of a multi-line value as `| line`.
/// `key: <first line>`, then one `| <line>` per further line of `value`, an empty one as `|`, so
/// that `parseCase` gives `value` back byte for byte (a trailing newline included: it is part of
/// how a stateful scenario prints, and a replayed case compares its inputs by text).
void appendField(std::string &out, std::string_view key, const std::string &value) {
  std::size_t start = 0;
  std::size_t end = value.find('\n');
  out.append(key).append(": ").append(value, 0, end).append("\n");
  while (end != std::string::npos) {
    start = end + 1;
    end = value.find('\n', start);
    const std::string_view line =
        std::string_view(value).substr(start, end == std::string::npos ? end : end - start);
    out.append(line.empty() ? "|" : "| ").append(line).append("\n");
  }
}

/// `text` cut to 80 characters, with control bytes as `\xHH`, for quoting in messages.
std::string printable(const std::string &text) {
  std::string out;
  for (const char c : text.substr(0, 80)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
      out += escaped;
    } else {
      out += c;
    }
  }
  return text.size() > 80 ? out + "…" : out;
}

std::string hashName(const std::string &token) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016zx", std::hash<std::string>{}(token));
  return buffer;
}

/// A case file's line `number` of `source` is not what it should be.
/// Throws: FormatError naming `source:number`, `expected` and the line, always.
[[noreturn]] void failLine(const std::string &source, std::size_t number,
                           const std::string &expected, const std::string &found) {
  throwFormatError(source + ":" + std::to_string(number), expected, "'" + printable(found) + "'");
}

}  // namespace

std::string formatCase(const CorpusCase &c) {
  std::string out(kHeader);
  out += "\n";
  appendField(out, "theorem", c.theorem);
  appendField(out, "scalar", c.scalar);
  appendField(out, "origin", c.origin);
  appendField(out, "build", c.build);
  appendField(out, "token", c.token);
  for (const Input &input : c.inputs) {
    appendField(out, "input",
                (input.name.empty() ? "" : input.name + " : ") + input.type + " = " + input.value);
  }
  appendField(out, "failure", c.failure);
  return out;
}

CorpusCase parseCase(const std::string &text, const std::string &source) {
  std::istringstream lines(text);
  std::string line;
  std::size_t number = 1;
  const auto next = [&lines](std::string &into) {
    if (!std::getline(lines, into)) {
      return false;
    }
    if (!into.empty() && into.back() == '\r') {
      into.pop_back();  // CRLF files read like LF files
    }
    return true;
  };
  if (!next(line) || line != kHeader) {
    failLine(source, number, "the header '" + std::string(kHeader) + "'", line);
  }
  CorpusCase c;
  std::string *last = nullptr;
  std::set<std::string> seen;
  while (next(line)) {
    ++number;
    if (line.rfind("| ", 0) == 0 || line == "|") {
      if (last == nullptr) {
        failLine(source, number, "a 'key: value' line before any continuation", line);
      }
      last->append("\n").append(line.size() > 2 ? line.substr(2) : std::string());
      continue;
    }
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) {
      if (line.empty()) {
        continue;
      }
      failLine(source, number, "'key: value'", line);
    }
    const std::string key = line.substr(0, colon);
    const std::string value = line.substr(colon + 2);
    if (key != "input" && !seen.insert(key).second) {
      failLine(source, number, "each key once", "a second '" + key + ":' line");
    }
    if (key == "theorem") {
      last = &(c.theorem = value);
    } else if (key == "scalar") {
      last = &(c.scalar = value);
    } else if (key == "origin") {
      last = &(c.origin = value);
    } else if (key == "build") {
      last = &(c.build = value);
    } else if (key == "token") {
      last = &(c.token = value);
    } else if (key == "failure") {
      last = &(c.failure = value);
    } else if (key == "input") {
      const std::size_t eq = value.find(" = ");
      if (eq == std::string::npos) {
        failLine(source, number, "'input: [<name> : ]<type> = <value>'", line);
      }
      Input input{{}, value.substr(0, eq), value.substr(eq + 3)};
      // `name : type`, or a type alone (files written before inputs had names).
      if (const std::size_t of = input.type.find(" : "); of != std::string::npos) {
        input.name = input.type.substr(0, of);
        input.type.erase(0, of + 3);
        if (!isName(input.name)) {
          failLine(source, number,
                   "'input: <name> : <type> = <value>' with a name of 1 to 64 bytes without "
                   "spaces, controls, : or =",
                   line);
        }
      }
      c.inputs.push_back(std::move(input));
      last = &c.inputs.back().value;
    } else {
      failLine(source, number, "one of theorem, scalar, origin, build, token, input, failure", key);
    }
  }
  for (const auto &[key, value] :
       {std::pair<std::string, const std::string *>{"theorem", &c.theorem},
        {"scalar", &c.scalar},
        {"token", &c.token}}) {
    if (value->empty()) {
      throwFormatError(source, "a '" + std::string(key) + ": …' line", "none");
    }
  }
  return c;
}

CorpusCase loadCase(const std::filesystem::path &file) {
  // Case files are small; a size cap keeps /dev/zero or a stray huge file from exhausting memory.
  constexpr std::uintmax_t kLargestCase = 1U << 24;
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) {
    throwIoError("reading the corpus case '" + file.string() + "'", "a regular file",
                 std::filesystem::exists(file, error) ? "another kind of file" : "no such file");
  }
  if (std::filesystem::file_size(file, error) > kLargestCase || error) {
    throwIoError("reading the corpus case '" + file.string() + "'", "at most 16 MiB",
                 "a larger file");
  }
  std::ifstream in(file);
  if (!in) {
    throwIoError("reading the corpus case '" + file.string() + "'", "a readable file",
                 "one this process may not open");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parseCase(text.str(), file.string());
}

std::optional<std::string> armedProjectMutant() {
  const mutant::Registry *project = mutant::projectMutants();
  const std::size_t k = project == nullptr ? 0 : project->armed();
  if (k == 0) {
    return std::nullopt;
  }
  return std::string(project->list()[k - 1].name);
}

std::string currentBuild() {
  const std::optional<std::string> armed = armedProjectMutant();
  std::string build = armed ? "mutant " + *armed : "production";
  // A list of the program's other than the project's, armed by its own variable.
  for (const std::string &assignment : mutant::armedAssignments(mutant::projectMutants())) {
    build += " + " + assignment;
  }
  return build;
}

std::filesystem::path caseDirectory(const std::filesystem::path &dir, const Entry &entry) {
  return dir / entry.scalar.name / entry.shortName;
}

std::vector<std::filesystem::path> caseFiles(const std::filesystem::path &dir, const Entry &entry) {
  std::vector<std::filesystem::path> out;
  const auto folder = caseDirectory(dir, entry);
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) {
    return out;
  }
  for (const auto &item : std::filesystem::directory_iterator(folder)) {
    if (item.is_regular_file() && item.path().extension() == ".case") {
      out.push_back(item.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

CorpusCase caseFromResult(const Entry &entry, const RunResult &result, std::string origin) {
  CorpusCase c;
  c.theorem = std::string(entry.theorem->leanName);
  c.scalar = entry.scalar.name;
  c.origin = std::move(origin);
  c.build = currentBuild();
  c.token = result.reproduceToken;
  c.inputs = result.counterexample;
  c.failure = result.description;
  return c;
}

std::filesystem::path saveCase(const std::filesystem::path &dir, const Entry &entry,
                               const CorpusCase &c, std::string stem) {
  const auto folder = caseDirectory(dir, entry);
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) {
    throwIoError("creating the corpus folder '" + folder.string() + "'", "a writable folder",
                 error.message());
  }
  const auto file = folder / ((stem.empty() ? hashName(c.token) : stem) + ".case");
  std::ofstream out(file, std::ios::out | std::ios::trunc);
  out << formatCase(c);
  out.close();
  if (!out) {
    throwIoError("writing the corpus case '" + file.string() + "'", "a writable file",
                 "a failed write");
  }
  return file;
}

namespace {

/// Whether the replayed inputs are the recorded ones: same types and values. Names only
/// present them: a file written before inputs had names, or a draw renamed since, records the
/// same case.   Cost: O(text)
bool sameInputs(const std::vector<Input> &recorded, const std::vector<Input> &replayed) {
  return std::equal(recorded.begin(), recorded.end(), replayed.begin(), replayed.end(),
                    [](const Input &was, const Input &now) {
                      return was.type == now.type && was.value == now.value;
                    });
}

CorpusReplay replayCase(const std::filesystem::path &file, const Entry &entry,
                        const CorpusCase &c) {
  CorpusReplay out{file, c, &entry, replay(entry, c.token), false, c.build != currentBuild()};
  out.stale = !out.otherBuild && out.result.verdict != RunResult::Verdict::Error &&
              !sameInputs(c.inputs, out.result.counterexample);
  return out;
}

}  // namespace

std::vector<CorpusReplay> replayCorpus(const std::filesystem::path &dir, const Entry &entry) {
  std::vector<CorpusReplay> out;
  for (const auto &file : caseFiles(dir, entry)) {
    const CorpusCase c = loadCase(file);
    if (c.theorem != entry.theorem->leanName || c.scalar != entry.scalar.name) {
      throwFormatError(file.string(), "a case of " + entry.id(),
                       "one of " + c.scalar + "/" + c.theorem);
    }
    out.push_back(replayCase(file, entry, c));
  }
  return out;
}

CorpusReplay replayCaseFile(const Catalog &catalog, const std::filesystem::path &file) {
  const CorpusCase c = loadCase(file);
  const Theorem *theorem = catalog.find(c.theorem);
  if (theorem == nullptr) {
    throwFormatError(file.string(), "a catalog theorem",
                     "'" + printable(c.theorem) + "' (see the command 'list')");
  }
  for (const Entry &entry : catalog.entries()) {
    if (entry.theorem == theorem && entry.scalar.name == c.scalar) {
      try {
        return replayCase(file, entry, c);
      } catch (const FormatError &e) {
        // The token or inputs of this file: name the file the user can fix.
        throwFormatError(file.string() + ": " + e.operation(), e.expected(), e.actual());
      }
    }
  }
  throwFormatError(file.string(), "a scalar type registered in this build",
                   "'" + printable(c.scalar) + "' (see the command 'list --scalars')");
}

}  // namespace proofport::runner
