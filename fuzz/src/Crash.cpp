// Crashing cases, replayed and shrunk in child processes (Crash.h).
#include "proofport/fuzz/Crash.h"

#include <fcntl.h>
#include <unistd.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "proofport/spec/Error.h"

namespace proofport::fuzz {
namespace {

// A child's exit statuses for the endings that are not crashes: outside what sanitizers use
// (1, 23 for leaks) and what a shell gives a signal (128 + n).
constexpr int kHolds = 70;
constexpr int kDiscarded = 71;
constexpr int kNoSuchCase = 72;
constexpr int kFalsified = 73;

[[noreturn]] void childEvaluates(const Target &target, const CaseBytes &c, bool quiet) {
  if (quiet) {
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      ::dup2(null, 1);
      ::dup2(null, 2);
      ::close(null);
    }
  }
  int code = kHolds;
  try {
    const Evaluation e = target.evaluate(c, false);
    code = e.kind == Evaluation::Kind::Holds       ? kHolds
           : e.kind == Evaluation::Kind::Falsified ? kFalsified
           : e.exists                              ? kDiscarded
                                                   : kNoSuchCase;
  } catch (...) {
    std::abort();
  }
  // No exit handlers: a leak check at exit is not the case's verdict.
  std::_Exit(code);
}

ChildRun ending(int status) {
  ChildRun out;
  if (WIFEXITED(status)) {
    switch (WEXITSTATUS(status)) {
    case kHolds: out.kind = ChildRun::Kind::Holds; return out;
    case kDiscarded: out.kind = ChildRun::Kind::Discarded; return out;
    case kNoSuchCase: out.kind = ChildRun::Kind::NoSuchCase; return out;
    case kFalsified: out.kind = ChildRun::Kind::Falsified; return out;
    default: out.how = "exit status " + std::to_string(WEXITSTATUS(status)); return out;
    }
  }
  const int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  const char *name = ::strsignal(signal);
  out.how = "signal " + std::to_string(signal) + " (" + (name != nullptr ? name : "?") + ")";
  return out;
}

}  // namespace

ChildRun runInChild(const Target &target, const CaseBytes &c, bool quiet) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    throwIoError("starting a child process for a crashing case", "a new process",
                 std::strerror(errno));
  }
  if (pid == 0) {
    childEvaluates(target, c, quiet);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      throwIoError("waiting for a crashing case's child process", "its exit status",
                   std::strerror(errno));
    }
  }
  return ending(status);
}

std::optional<ShrunkCrash> shrinkCrash(const Target &target, const CaseBytes &crashing,
                                       std::chrono::steady_clock::time_point until) {
  ShrunkCrash out;
  out.input = crashing;
  out.crash = runInChild(target, crashing);
  out.tried = 1;
  if (out.crash.kind != ChildRun::Kind::Crashed) {
    return std::nullopt;
  }
  // Seeds derived from the case's by SplitMix64's increment and finalizer: well spread, and the
  // same on every machine.
  const auto derived = [&](int k) {
    std::uint64_t z = crashing.seed + static_cast<std::uint64_t>(k) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return k == 0 ? crashing.seed : z ^ (z >> 31);
  };
  for (int size = 0; size < crashing.size; ++size) {
    for (int k = 0; k < kCrashSeedsPerSize; ++k) {
      if (std::chrono::steady_clock::now() >= until) {
        out.cutShort = true;
        return out;
      }
      const CaseBytes candidate{derived(k), size, {}};
      const ChildRun run = runInChild(target, candidate);
      ++out.tried;
      if (run.kind == ChildRun::Kind::Crashed && run.how == out.crash.how) {
        out.input = candidate;
        return out;
      }
    }
  }
  return out;
}

}  // namespace proofport::fuzz
