// Crash-isolated, parallel jobs: each job runs in a forked child process and sends its result
// back as JSON over a pipe, so a signal, an uncaught exception or a hang ends that job alone.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace proofport::cli {

/// How jobs run.
struct WorkerOptions {
  /// At most this many child processes at once (at least 1).
  std::size_t workers = 1;
  /// A job still running after this many seconds is killed and reported as timed out; 0 waits
  /// forever.
  double timeoutSeconds = 0;
  /// The order jobs start in (a permutation of 0 … count-1), e.g. the costliest first so the
  /// last job to finish is a short one; empty: index order. Delivery stays in index order.
  std::vector<std::size_t> startOrder;
  /// No job starts after this time; the ones not started by then are delivered with
  /// `started` false. None: every job starts.
  std::optional<std::chrono::steady_clock::time_point> startBy;
  /// Jobs still running at this time are killed and delivered with `stopped` true (a time
  /// budget's hard end). None: jobs run until they finish or time out.
  std::optional<std::chrono::steady_clock::time_point> stopAt;
};

/// What became of one job.
struct JobOutcome {
  /// False for a job that never started (`startBy` passed first, or SIGINT/SIGTERM came):
  /// no value; `failure` says why.
  bool started = true;
  /// True for a job that was running when SIGINT/SIGTERM came or `stopAt` passed, and was
  /// killed: no value; `failure` says why. It did not fail; it did not finish.
  bool stopped = false;
  /// The JSON value the job's work returned, if it returned.
  std::optional<nlohmann::json> value;
  /// Why there is no value: `killed by SIGSEGV (Segmentation fault)`, `timed out after 5 s`,
  /// `threw std::runtime_error: …`, `exited with status 3 without a result`.
  std::string failure;
};

/// The number of processors this process may use (at least 1): the default of `-j`.
std::size_t defaultWorkers();

/// Runs jobs 0 … count-1, each in its own forked child (which inherits the parent's state: the
/// active mutant, RapidCheck's configuration), at most `options.workers` at a time, started in
/// `options.startOrder`. `work(k)` runs in the child; its JSON value is sent to the parent.
/// `done(k, outcome)` runs in the parent, in index order whatever order the jobs finish in, so
/// output and reports do not depend on the number of workers; when it returns false, no further job
/// starts, the running ones are killed and nothing more is delivered. Otherwise every job is
/// delivered exactly once: after catchInterrupts(), SIGINT, SIGTERM and SIGHUP (see
/// interrupted()), and
/// `options.stopAt`, kill the running jobs and deliver them `stopped`, the jobs not started
/// `started` false, and the jobs that finished, whatever their order, with their outcomes.
/// Cost: one fork per job; results are buffered until their turn.
/// Throws: std::runtime_error if no pipe or process can be created.
void runJobs(std::size_t count, const WorkerOptions &options,
             const std::function<nlohmann::json(std::size_t)> &work,
             const std::function<bool(std::size_t, JobOutcome)> &done);

/// From now on SIGINT, SIGTERM and SIGHUP do not end the process but set interrupted(): runJobs
/// stops its jobs, and the command ends cleanly (its reports written). Workers keep the
/// default action, and are killed when the process that started them dies.
void catchInterrupts();

/// Whether SIGINT, SIGTERM or SIGHUP arrived since catchInterrupts().
bool interrupted();

/// For tests of the isolation: if PROOFPORT_TEST_FAULT is `KIND:ID` and `id` is ID, fails the
/// way KIND says: `segv` (SIGSEGV), `fpe` (SIGFPE), `abort`, `throw` (an uncaught exception),
/// `hang` (sleeps forever). Does nothing otherwise.
void injectTestFault(const std::string &id);

/// Writes all of `text` to the descriptor `fd`, resuming after a signal interrupts a write.
/// Returns false (errno set) if a write fails.   Cost: O(size)
bool writeAll(int fd, std::string_view text);

}  // namespace proofport::cli
