// A case that crashes the process (a signal, a sanitizer's report) rather than failing its
// statement: the process that met it is gone, so it is replayed and minimized out of process,
// one child process (fork) per attempt, as libFuzzer minimizes a crash.
//
// Why not along the shrink tree, as a failure is shrunk: RapidCheck learns a case's shrinks by
// running the property on it (the body draws its inputs as it runs), so the children of a case
// that crashes cannot be listed without crashing. A crash is minimized instead over roots: the
// smallest generation size at which the case's seed, or one of a few seeds derived from it,
// still crashes the same way; values drawn at a smaller size are smaller (shorter lists, fewer
// entries).
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "proofport/fuzz/CaseBytes.h"
#include "proofport/fuzz/Target.h"

namespace proofport::fuzz {

/// How one case ended in a child process.
struct ChildRun {
  enum class Kind {
    /// The case held.
    Holds,
    /// Its premises did not hold.
    Discarded,
    /// The bytes name no case (a shrink index the case does not have).
    NoSuchCase,
    /// It failed its statement (no crash).
    Falsified,
    /// The child died: a signal, or an exit status of its own (a sanitizer's report).
    Crashed,
  };
  Kind kind = Kind::Crashed;
  /// For Crashed: `signal 11 (Segmentation fault)` or `exit status 1`.
  std::string how;
};

/// Evaluates case `c` of `target` in a child process, unshrunk. The child's standard error
/// (a sanitizer's report) goes to /dev/null when `quiet`, else to this process's.
/// Cost: a fork, one generation and one property evaluation.
/// Throws: IoError if no child process can be started.
ChildRun runInChild(const Target &target, const CaseBytes &c, bool quiet = true);

/// A crashing case, minimized.
struct ShrunkCrash {
  /// The smallest case found that still crashes the same way: a root (no shrink path), or the
  /// case given when no smaller root crashed.
  CaseBytes input;
  /// How it crashes.
  ChildRun crash;
  /// The child processes run.
  int tried = 0;
  /// The deadline came before every smaller size was tried.
  bool cutShort = false;
};

/// The seeds tried at each size: the case's own and this many less one derived from it.
inline constexpr int kCrashSeedsPerSize = 8;

/// Minimizes `crashing`: the roots of sizes 0, 1, … below its own, each with kCrashSeedsPerSize
/// seeds (the case's first), until one crashes the same way (same signal or exit status) or
/// `until`. None if `crashing` does not crash.
/// Cost: one child process per root tried (runInChild), at most size × kCrashSeedsPerSize + 1.
/// Throws: IoError if no child process can be started.
std::optional<ShrunkCrash> shrinkCrash(const Target &target, const CaseBytes &crashing,
                                       std::chrono::steady_clock::time_point until);

}  // namespace proofport::fuzz
