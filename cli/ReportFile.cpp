// Report files: checked without truncating, written to a temporary file renamed into place.
#include "ReportFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/core.h>

#include "Cli.h"
#include "Workers.h"

namespace proofport::cli {
namespace {

/// The folder `path` is in (`.` for a bare name).
std::string folderOf(const std::string &path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

/// Creates a temporary file beside `path` that no one else holds, with the permissions a new
/// file gets (0666 less the umask). Returns its descriptor and sets `name`.
/// Throws: IoError if none can be created.
int createBeside(const std::string &path, const std::string &operation, std::string &name) {
  const std::filesystem::path target(path);
  for (int attempt = 0;; ++attempt) {
    name = (target.parent_path() /
            fmt::format(".{}.{}-{}.tmp", target.filename().string(), ::getpid(), attempt))
               .string();
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      return fd;
    }
    if (errno != EEXIST || attempt == 99) {
      throwIoError(operation, "a temporary file beside it",
                   "'" + name + "' (" + std::strerror(errno) + ")");
    }
  }
}

/// The file `path` names, as (device, inode), or nothing if it does not exist yet.
std::optional<std::pair<dev_t, ino_t>> fileIdentity(const std::string &path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    return std::nullopt;
  }
  return std::make_pair(status.st_dev, status.st_ino);
}

/// The descriptor of standard output or error when `path` names the same file, else -1.
int standardStreamOf(const std::string &path) {
  const auto identity = fileIdentity(path);
  for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat status {};
    if (identity && ::fstat(fd, &status) == 0 &&
        *identity == std::make_pair(status.st_dev, status.st_ino)) {
      return fd;
    }
  }
  return -1;
}

/// Whether `a` and `b` name one file: the same file where both exist, else the same path once
/// made absolute and normal.
bool sameFile(const std::string &a, const std::string &b) {
  const auto first = fileIdentity(a);
  const auto second = fileIdentity(b);
  if (first || second) {
    return first == second;
  }
  std::error_code ignored;
  return std::filesystem::weakly_canonical(std::filesystem::absolute(a, ignored), ignored) ==
         std::filesystem::weakly_canonical(std::filesystem::absolute(b, ignored), ignored);
}

}  // namespace

ReportFile::ReportFile(std::string path, std::string flag)
    : m_path(std::move(path)), m_flag(std::move(flag)) {
  const auto refuse = [this](const std::string &why) {
    return m_flag + " '" + m_path + "': cannot write this file: " + why;
  };
  if (m_path.empty()) {
    throwUsageError(m_flag + " '': expected a file name, got an empty one");
  }
  struct stat link {};
  if (::lstat(m_path.c_str(), &link) == 0) {
    struct stat target {};
    if (::stat(m_path.c_str(), &target) == 0 && S_ISDIR(target.st_mode)) {
      throwUsageError(refuse("it is a folder"));
    }
    if (::access(m_path.c_str(), W_OK) != 0) {
      throwUsageError(refuse(std::strerror(errno)));
    }
    m_inPlace = !S_ISREG(link.st_mode);
  } else if (errno != ENOENT) {
    throwUsageError(refuse(std::strerror(errno)));
  }
  if (!m_inPlace) {
    const std::string folder = folderOf(m_path);
    if (::access(folder.c_str(), W_OK | X_OK) != 0) {
      throwUsageError(refuse("its folder '" + folder + "': " + std::strerror(errno)));
    }
  }
}

void refuseSharedFiles(const std::vector<const ReportFile *> &reports,
                       const std::vector<std::pair<std::string, std::string>> &inputs) {
  for (std::size_t k = 0; k < reports.size(); ++k) {
    const ReportFile &report = *reports[k];
    if (report.inPlace()) {
      continue;
    }
    for (std::size_t j = k + 1; j < reports.size(); ++j) {
      if (!reports[j]->inPlace() && sameFile(report.path(), reports[j]->path())) {
        throwUsageError(fmt::format("{} '{}' and {} '{}' name one file: each report needs a "
                                    "file of its own",
                                    report.flag(), report.path(), reports[j]->flag(),
                                    reports[j]->path()));
      }
    }
    for (const auto &[what, path] : inputs) {
      if (sameFile(report.path(), path)) {
        throwUsageError(fmt::format("{} '{}' names {} '{}', which this command reads: a report "
                                    "never replaces its input",
                                    report.flag(), report.path(), what, path));
      }
    }
  }
}

void ReportFile::write(const std::string &text) const {
  const std::string operation = m_flag + " '" + m_path + "'";
  // `--json /dev/stdout > out.txt`: written after what the command printed, through the stream
  // itself (opening the file again would truncate it).
  if (const int stream = standardStreamOf(m_path); stream >= 0) {
    std::cout.flush();
    std::fflush(stdout);
    std::cerr.flush();
    if (!writeAll(stream, text)) {
      throwIoError(operation, "the whole report written",
                   std::string("a write that failed (") + std::strerror(errno) + ")");
    }
    return;
  }
  if (m_inPlace) {
    // A device such as /dev/stdout may be the terminal the run printed to: that text first.
    std::cout.flush();
    std::fflush(stdout);
    std::ofstream out(m_path, std::ios::out | std::ios::trunc | std::ios::binary);
    out << text;
    out.close();
    if (!out) {
      throwIoError(operation, "the whole report written", "a write that failed");
    }
    return;
  }
  std::string temporary;
  const int fd = createBeside(m_path, operation, temporary);
  // A report replaced keeps its permissions.
  struct stat old {};
  const bool replacing = ::stat(m_path.c_str(), &old) == 0 && S_ISREG(old.st_mode);
  int error = 0;
  if ((replacing && ::fchmod(fd, old.st_mode & 07777) != 0) || !writeAll(fd, text) ||
      ::fsync(fd) != 0) {
    error = errno;
  }
  if (::close(fd) != 0 && error == 0) {
    error = errno;
  }
  if (error == 0 && ::rename(temporary.c_str(), m_path.c_str()) != 0) {
    error = errno;
  }
  if (error != 0) {
    ::unlink(temporary.c_str());
    throwIoError(operation, "the whole report written",
                 std::string("a write that failed (") + std::strerror(error) + ")");
  }
}

std::string readInputFile(const std::string &path, const std::string &what) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throwIoError(what, "a file", "a folder");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throwIoError(what, "a readable file", "one that cannot be opened");
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    throwIoError(what, "a readable file", "a read that failed");
  }
  return text;
}

nlohmann::json parseReportJson(const std::string &text, const std::string &what) {
  const nlohmann::json::parser_callback_t bounded =
      [&what](int depth, nlohmann::json::parse_event_t, nlohmann::json &) {
        if (depth > kMaxReportNesting) {
          throwFormatError(what, fmt::format("JSON nested at most {} deep", kMaxReportNesting),
                           fmt::format("arrays or objects nested {} deep", depth));
        }
        return true;
      };
  return nlohmann::json::parse(text, bounded);
}

std::optional<ReportFile> openReport(const std::optional<std::string> &path,
                                     const std::string &flag) {
  if (!path) {
    return std::nullopt;
  }
  return std::optional<ReportFile>(std::in_place, *path, flag);
}

}  // namespace proofport::cli
