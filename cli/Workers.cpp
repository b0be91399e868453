// Crash-isolated, parallel jobs over forked child processes and pipes.
#include "Workers.h"

#include <cxxabi.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <thread>
#include <typeinfo>
#include <vector>

#include <fmt/core.h>

#include "proofport/spec/Error.h"

namespace proofport::cli {

namespace {

using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void onInterrupt(int) { g_interrupted = 1; }

/// One job running in a child process.
struct Running {
  std::size_t job = 0;
  pid_t pid = -1;
  int fd = -1;
  std::string received;
  std::optional<Clock::time_point> deadline;
};

/// The child's side: runs the job, sends `{"value": …}` or `{"exception": …}`, and exits
/// without running the parent's atexit handlers or flushing its copies of the parent's buffers.
[[noreturn]] void runChild(std::size_t job, int fd, pid_t parent,
                           const std::function<nlohmann::json(std::size_t)> &work) {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  ::signal(SIGHUP, SIG_DFL);
  // A worker never outlives the run: it is killed when the parent dies, however it dies.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) {
    ::_exit(1);
  }
  nlohmann::json message;
  try {
    message = {{"value", work(job)}};
  } catch (const std::exception &e) {
    int status = 0;
    char *name = abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &status);
    message = {{"exception",
                fmt::format("threw {}: {}", name != nullptr ? name : typeid(e).name(), e.what())}};
    std::free(name);
  } catch (...) {
    message = {{"exception", "threw an exception that is not a std::exception"}};
  }
  std::fflush(stdout);
  std::fflush(stderr);
  writeAll(fd, message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  ::close(fd);
  ::_exit(0);
}

Running start(std::size_t job, const WorkerOptions &options,
              const std::function<nlohmann::json(std::size_t)> &work) {
  int fds[2];
  if (::pipe(fds) != 0) {
    throwIoError("creating a pipe to a worker", "a new pipe", std::strerror(errno));
  }
  // Buffered output would otherwise be written twice, once by the child.
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throwIoError("starting a worker process", "a forked child", std::strerror(errno));
  }
  if (pid == 0) {
    ::close(fds[0]);
    runChild(job, fds[1], parent, work);
  }
  ::close(fds[1]);
  Running running;
  running.job = job;
  running.pid = pid;
  running.fd = fds[0];
  if (options.timeoutSeconds > 0) {
    running.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(options.timeoutSeconds));
  }
  return running;
}

/// Waits for the child of `running` (its pipe is closed) and says what became of the job.
JobOutcome reap(Running &running, const std::optional<std::string> &killedBecause) {
  ::close(running.fd);
  int status = 0;
  while (::waitpid(running.pid, &status, 0) < 0 && errno == EINTR) {
  }
  JobOutcome out;
  if (killedBecause) {
    out.failure = *killedBecause;
    return out;
  }
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char *abbrev = sigabbrev_np(signal);
    out.failure =
        fmt::format("killed by SIG{} ({})", abbrev != nullptr ? abbrev : "?", strsignal(signal));
    return out;
  }
  nlohmann::json message = nlohmann::json::parse(running.received, nullptr, false);
  if (message.is_object() && message.contains("value")) {
    out.value = std::move(message["value"]);
  } else if (message.is_object() && message.contains("exception")) {
    out.failure = message["exception"].get<std::string>();
  } else {
    out.failure = fmt::format("exited with status {} without a result",
                              WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  return out;
}

void killAll(std::vector<Running> &running) {
  for (Running &r : running) {
    ::kill(r.pid, SIGKILL);
    reap(r, std::string("stopped"));
  }
  running.clear();
}

/// Reads what `running` has sent without waiting; true if its pipe is at its end (the job
/// finished and sent everything).
bool drained(Running &running) {
  ::fcntl(running.fd, F_SETFL, ::fcntl(running.fd, F_GETFL) | O_NONBLOCK);
  char buffer[65536];
  while (true) {
    const ssize_t n = ::read(running.fd, buffer, sizeof buffer);
    if (n > 0) {
      running.received.append(buffer, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return n == 0;
    }
  }
}

/// Ends the jobs that are running and those not started with `why` (they did not finish); a
/// job whose result is already in its pipe is delivered as finished.
void stopAll(std::vector<Running> &running, std::size_t next, std::size_t count,
             const WorkerOptions &options, std::map<std::size_t, JobOutcome> &finished,
             const std::string &why) {
  for (Running &r : running) {
    if (drained(r)) {
      finished.emplace(r.job, reap(r, std::nullopt));
      continue;
    }
    ::kill(r.pid, SIGKILL);
    JobOutcome outcome = reap(r, why + " before it finished");
    outcome.stopped = true;
    finished.emplace(r.job, std::move(outcome));
  }
  running.clear();
  for (; next < count; ++next) {
    JobOutcome skipped;
    skipped.started = false;
    skipped.failure = why + " before it started";
    finished.emplace(options.startOrder.empty() ? next : options.startOrder.at(next),
                     std::move(skipped));
  }
}

}  // namespace

std::size_t defaultWorkers() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof(set), &set) == 0) {
    return std::max(1, CPU_COUNT(&set));
  }
  return std::max(1U, std::thread::hardware_concurrency());
}

void catchInterrupts() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  ::sigaction(SIGHUP, &action, nullptr);
}

bool interrupted() { return g_interrupted != 0; }

void runJobs(std::size_t count, const WorkerOptions &options,
             const std::function<nlohmann::json(std::size_t)> &work,
             const std::function<bool(std::size_t, JobOutcome)> &done) {
  const std::size_t workers = std::max<std::size_t>(options.workers, 1);
  std::vector<Running> running;
  std::map<std::size_t, JobOutcome> finished;
  std::size_t next = 0;
  std::size_t delivered = 0;
  while (delivered < count) {
    if (g_interrupted != 0) {
      stopAll(running, next, count, options, finished, "interrupted (SIGINT, SIGTERM or SIGHUP)");
      next = count;
    } else if (options.stopAt && Clock::now() >= *options.stopAt) {
      stopAll(running, next, count, options, finished, "stopped at the end of the time budget");
      next = count;
    }
    while (running.size() < workers && next < count) {
      const std::size_t job = options.startOrder.empty() ? next : options.startOrder.at(next);
      ++next;
      if (options.startBy && Clock::now() >= *options.startBy) {
        JobOutcome skipped;
        skipped.started = false;
        skipped.failure = "stopped at the end of the time budget before it started";
        finished.emplace(job, std::move(skipped));
        continue;
      }
      running.push_back(start(job, options, work));
    }
    for (auto it = finished.find(delivered); it != finished.end(); it = finished.find(delivered)) {
      JobOutcome outcome = std::move(it->second);
      finished.erase(it);
      ++delivered;
      if (!done(delivered - 1, std::move(outcome))) {
        killAll(running);
        return;
      }
    }
    if (running.empty()) {
      continue;
    }
    // Wake for output, for the nearest deadline, and every 100 ms to notice a signal.
    int waitMs = 100;
    const auto now = Clock::now();
    const auto until = [&waitMs, &now](Clock::time_point deadline) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
      waitMs = std::min<int>(waitMs, static_cast<int>(std::max<long long>(left, 0)));
    };
    for (const Running &r : running) {
      if (r.deadline) {
        until(*r.deadline);
      }
    }
    if (options.stopAt) {
      until(*options.stopAt);
    }
    std::vector<pollfd> polls;
    for (const Running &r : running) {
      polls.push_back(pollfd{r.fd, POLLIN, 0});
    }
    ::poll(polls.data(), polls.size(), waitMs);
    std::vector<Running> still;
    for (std::size_t k = 0; k < running.size(); ++k) {
      Running &r = running[k];
      bool ended = false;
      if ((polls[k].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        char buffer[65536];
        const ssize_t n = ::read(r.fd, buffer, sizeof buffer);
        if (n > 0) {
          r.received.append(buffer, static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EINTR) {
          finished.emplace(r.job, reap(r, std::nullopt));
          ended = true;
        }
      }
      if (!ended && r.deadline && Clock::now() >= *r.deadline) {
        ::kill(r.pid, SIGKILL);
        finished.emplace(r.job, reap(r, fmt::format("timed out after {:g} s (--timeout)",
                                                    options.timeoutSeconds)));
        ended = true;
      }
      if (!ended) {
        still.push_back(std::move(r));
      }
    }
    running = std::move(still);
  }
}

void injectTestFault(const std::string &id) {
  const char *fault = std::getenv("PROOFPORT_TEST_FAULT");
  if (fault == nullptr) {
    return;
  }
  const std::string text(fault);
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos || text.substr(colon + 1) != id) {
    return;
  }
  const std::string kind = text.substr(0, colon);
  if (kind == "segv") {
    std::raise(SIGSEGV);
  } else if (kind == "fpe") {
    std::raise(SIGFPE);
  } else if (kind == "abort") {
    std::abort();
  } else if (kind == "throw") {
    throw std::runtime_error("PROOFPORT_TEST_FAULT: an exception no property catches");
  } else if (kind == "hang") {
    while (true) {
      ::pause();
    }
  }
}

bool writeAll(int fd, std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const ssize_t n = ::write(fd, text.data() + at, text.size() - at);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      errno = n == 0 ? EIO : errno;
      return false;
    }
    at += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace proofport::cli
