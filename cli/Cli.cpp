// Shared pieces of the proofport command line: selection, shard parsing, shell quoting, and
// the engine's RC_PARAMS defaults.
#include "Cli.h"

#include <fnmatch.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <set>
#include <utility>

#include "Workers.h"
#include "proofport/runner/Engine.h"
#include "proofport/spec/Error.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

bool globMatches(const Catalog &catalog, const std::string &glob, const Theorem &t) {
  const std::string full(t.leanName);
  const std::string shortened = catalog.shortName(t.leanName);
  return fnmatch(glob.c_str(), full.c_str(), 0) == 0 ||
         fnmatch(glob.c_str(), shortened.c_str(), 0) == 0;
}

}  // namespace

UsageError::UsageError(std::string message)
    : Error(Worded{message}, "command line", std::string(), message) {}

[[noreturn]] void throwUsageError(std::string message) { throw UsageError(std::move(message)); }

std::vector<std::string> splitNames(const Catalog &catalog, const std::vector<std::string> &items,
                                    std::string_view flag) {
  std::vector<std::string> out;
  for (const auto &item : items) {
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = item.find(',', start);
      const std::string part =
          item.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (part.empty()) {
        throwUsageError(std::string(flag) + " '" + item +
                        "': expected comma-separated names, got an empty one (one of: " +
                        knownScalars(catalog) + ")");
      }
      out.push_back(part);
      if (comma == std::string::npos) {
        break;
      }
      start = comma + 1;
    }
  }
  return out;
}

std::string knownScalars(const Catalog &catalog) {
  std::string names;
  for (const ScalarInfo &s : catalog.scalars()) {
    names += (names.empty() ? "" : ", ") + s.name;
  }
  return names;
}

std::vector<const Entry *> select(const Catalog &catalog, const std::vector<std::string> &globs,
                                  const std::vector<std::string> &scalarNames,
                                  const std::vector<std::string> &groups) {
  for (const auto &group : groups) {
    const bool any = std::any_of(catalog.theorems().begin(), catalog.theorems().end(),
                                 [&](const Theorem &t) { return t.group == group; });
    if (!any) {
      throwUsageError("--group '" + group +
                      "' is no group of the catalog's theorems (see the "
                      "command 'list --groups')");
    }
  }
  for (const auto &glob : globs) {
    if (glob.empty()) {
      throwUsageError("--theorem '': expected a glob over Lean names, got an empty one");
    }
    bool any = false;
    for (const Theorem &t : catalog.theorems()) {
      any = any || globMatches(catalog, glob, t);
    }
    if (!any) {
      throwUsageError("--theorem '" + glob +
                      "' matches no catalog theorem (see the command 'list')");
    }
  }
  std::set<std::string> known;
  for (const ScalarInfo &s : catalog.scalars()) {
    known.insert(s.name);
  }
  for (const auto &name : scalarNames) {
    if (known.count(name) == 0) {
      throwUsageError("--scalar '" + name +
                      "' is not a registered scalar type (one of: " + knownScalars(catalog) + ")");
    }
  }
  std::vector<const Entry *> out;
  for (const Entry &e : catalog.entries()) {
    bool theoremOk = globs.empty();
    for (const auto &glob : globs) {
      theoremOk = theoremOk || globMatches(catalog, glob, *e.theorem);
    }
    bool scalarOk = scalarNames.empty();
    for (const auto &name : scalarNames) {
      scalarOk = scalarOk || name == e.scalar.name;
    }
    const bool groupOk =
        groups.empty() || std::find(groups.begin(), groups.end(), e.theorem->group) != groups.end();
    if (theoremOk && scalarOk && groupOk) {
      out.push_back(&e);
    }
  }
  return out;
}

Shard parseShard(const std::string &text) {
  const auto fail = [&text](const std::string &why) {
    return "--shard '" + text + "': " + why + " (expected I/N with 1 <= I <= N, e.g. --shard 2/4)";
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) {
    throwUsageError(fail("no '/'"));
  }
  const auto number = [&fail](const std::string &digits) {
    try {
      return static_cast<std::size_t>(readWholeNumber("--shard", digits, 0, 999'999'999));
    } catch (const proofport::FormatError &) {
      throwUsageError(fail("'" + digits + "' is not a whole number up to 999999999"));
    }
  };
  const std::size_t index = number(text.substr(0, slash));
  const std::size_t count = number(text.substr(slash + 1));
  if (count == 0) {
    throwUsageError(fail("N must be at least 1"));
  }
  if (index == 0 || index > count) {
    throwUsageError(fail("I must be between 1 and N"));
  }
  return Shard{index - 1, count};
}

void loadRapidCheckParams() {
  try {
    (void)engine::defaults();
  } catch (const proofport::FormatError &e) {
    throwUsageError(e.what());
  }
}

std::uint64_t defaultSeed() { return engine::defaults().seed; }

int defaultCases() { return engine::defaults().maxSuccess; }

namespace {
/// Standard output failed once: the rest of the console text is dropped.
bool g_consoleGone = false;
}  // namespace

void say(std::string_view text) {
  if (g_consoleGone) {
    return;
  }
  // Text printed through stdio or iostreams before (CLI11's messages) goes out first.
  std::cout.flush();
  std::fflush(stdout);
  if (!writeAll(STDOUT_FILENO, text)) {
    g_consoleGone = true;
    if (errno != EPIPE) {
      std::cerr << "proofport: standard output failed (" << std::strerror(errno)
                << "): the rest of the console text is not shown\n";
    }
  }
}

void ignoreBrokenPipe() { ::signal(SIGPIPE, SIG_IGN); }

}  // namespace proofport::cli
