// Shared pieces of the proofport command line: selection, shard parsing, shell quoting, and
// RC_PARAMS (the one place the CLI reads RapidCheck's configuration).
#include "Cli.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>
#include <rapidcheck/detail/Configuration.h>

namespace proofport::cli {

using namespace proofport::properties;

namespace {

bool globMatches(const std::string &glob, const Theorem &t) {
  const std::string full(t.leanName);
  const std::string shortened = shortName(t.leanName);
  return fnmatch(glob.c_str(), full.c_str(), 0) == 0 ||
         fnmatch(glob.c_str(), shortened.c_str(), 0) == 0;
}

/// The keys RapidCheck reads from RC_PARAMS; it ignores any other without a word.
constexpr std::string_view kRapidCheckKeys[] = {
    "seed",     "max_success",      "max_size",          "max_discard_ratio",
    "noshrink", "verbose_progress", "verbose_shrinking", "reproduce"};

/// The keys of a `key=value key="quoted value"` string, in order.
std::vector<std::string> paramKeys(const std::string &params) {
  std::vector<std::string> keys;
  std::size_t i = 0;
  while (i < params.size()) {
    while (i < params.size() && std::isspace(static_cast<unsigned char>(params[i])) != 0) {
      ++i;
    }
    if (i == params.size()) {
      break;
    }
    const std::size_t start = i;
    while (i < params.size() && params[i] != '=' &&
           std::isspace(static_cast<unsigned char>(params[i])) == 0) {
      ++i;
    }
    keys.push_back(params.substr(start, i - start));
    // Skip the value: quoted values may hold spaces, a backslash escapes one character.
    bool quoted = false;
    while (i < params.size() &&
           (quoted || std::isspace(static_cast<unsigned char>(params[i])) == 0)) {
      if (params[i] == '\\') {
        ++i;
      } else if (params[i] == '"') {
        quoted = !quoted;
      }
      ++i;
    }
  }
  return keys;
}

} // namespace

const CLI::Validator &wholeNumber() {
  static const CLI::Validator validator(
      [](std::string &text) {
        const bool ok = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        return ok ? std::string() : "expected a non-negative whole number, got '" + text + "'";
      },
      "UINT");
  return validator;
}

std::vector<std::string> splitNames(const std::vector<std::string> &items,
                                    std::string_view flag) {
  std::vector<std::string> out;
  for (const auto &item : items) {
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = item.find(',', start);
      const std::string part =
          item.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (part.empty()) {
        throw UsageError(std::string(flag) + " '" + item +
                         "': expected comma-separated names, got an empty one (one of: " +
                         knownScalars() + ")");
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

std::string knownScalars() {
  std::string names;
  for (const ScalarInfo &s : scalars()) {
    names += (names.empty() ? "" : ", ") + s.name;
  }
  return names;
}

std::vector<const Entry *> select(const std::vector<std::string> &globs,
                                  const std::vector<std::string> &scalarNames) {
  for (const auto &glob : globs) {
    if (glob.empty()) {
      throw UsageError("--theorem '': expected a glob over Lean names, got an empty one");
    }
    bool any = false;
    for (const Theorem &t : theorems()) {
      any = any || globMatches(glob, t);
    }
    if (!any) {
      throw UsageError("--theorem '" + glob + "' matches no catalog theorem (see 'proofport list')");
    }
  }
  std::set<std::string> known;
  for (const ScalarInfo &s : scalars()) {
    known.insert(s.name);
  }
  for (const auto &name : scalarNames) {
    if (known.count(name) == 0) {
      throw UsageError("--scalar '" + name + "' is not a registered scalar type (one of: " +
                       knownScalars() + ")");
    }
  }
  std::vector<const Entry *> out;
  for (const Entry &e : catalog()) {
    bool theoremOk = globs.empty();
    for (const auto &glob : globs) {
      theoremOk = theoremOk || globMatches(glob, *e.theorem);
    }
    bool scalarOk = scalarNames.empty();
    for (const auto &name : scalarNames) {
      scalarOk = scalarOk || name == e.scalar.name;
    }
    if (theoremOk && scalarOk) {
      out.push_back(&e);
    }
  }
  return out;
}

Shard parseShard(const std::string &text) {
  const auto fail = [&text](const std::string &why) {
    return UsageError("--shard '" + text + "': " + why +
                      " (expected I/N with 1 <= I <= N, e.g. --shard 2/4)");
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) {
    throw fail("no '/'");
  }
  const auto number = [&fail](const std::string &digits) {
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos) {
      throw fail("'" + digits + "' is not a whole number");
    }
    return static_cast<std::size_t>(std::stoul(digits));
  };
  const std::size_t index = number(text.substr(0, slash));
  const std::size_t count = number(text.substr(slash + 1));
  if (count == 0) {
    throw fail("N must be at least 1");
  }
  if (index == 0 || index > count) {
    throw fail("I must be between 1 and N");
  }
  return Shard{index - 1, count};
}

std::string shellQuote(std::string_view word) {
  const bool plain =
      !word.empty() &&
      word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                             "_-+=./:,@%") == std::string_view::npos;
  if (plain) {
    return std::string(word);
  }
  std::string out = "'";
  for (const char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string shellCommand(const std::vector<std::string> &words) {
  std::string out;
  for (const auto &word : words) {
    out += (out.empty() ? "" : " ") + shellQuote(word);
  }
  return out;
}

void loadRapidCheckParams() {
  if (const char *params = std::getenv("RC_PARAMS")) {
    for (const std::string &key : paramKeys(params)) {
      bool known = false;
      std::string names;
      for (const std::string_view k : kRapidCheckKeys) {
        known = known || key == k;
        names += (names.empty() ? "" : ", ") + std::string(k);
      }
      if (!known) {
        throw UsageError("RC_PARAMS=\"" + std::string(params) + "\": unknown key '" + key +
                         "' (known keys: " + names + ")");
      }
    }
    // RapidCheck ends the process on a malformed value; say so as a usage error first.
    try {
      rc::detail::configFromString(params);
    } catch (const std::exception &e) {
      throw UsageError("RC_PARAMS=\"" + std::string(params) + "\" is malformed: " + e.what());
    }
  }
  // RapidCheck prints its configuration on first use; with --seed that seed is not the one
  // used, so the line is kept from stderr and every command prints the seed it uses.
  std::fflush(stderr);
  const int saved = ::dup(STDERR_FILENO);
  const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (saved >= 0 && null >= 0) {
    ::dup2(null, STDERR_FILENO);
  }
  (void)rc::detail::configuration();
  std::cerr.flush();
  if (saved >= 0 && null >= 0) {
    ::dup2(saved, STDERR_FILENO);
  }
  if (null >= 0) {
    ::close(null);
  }
  if (saved >= 0) {
    ::close(saved);
  }
}

std::uint64_t defaultSeed() { return rc::detail::configuration().testParams.seed; }

int defaultCases() { return rc::detail::configuration().testParams.maxSuccess; }

} // namespace proofport::cli
