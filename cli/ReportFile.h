// A report file named on the command line: checked before anything runs, then written whole,
// so that a command that fails never leaves a report emptied or half written.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace proofport::cli {

/// A report file named on the command line (`--json FILE`, `--junit FILE`). The constructor
/// checks that the report can be written without creating or truncating anything; `write`
/// writes it whole. A regular file, or a path where nothing is yet, is written to a temporary
/// file beside it (`.NAME.PID-K.tmp`) that is renamed over it once complete: a command that
/// fails, before or while writing, leaves an existing report byte for byte as it was. Any
/// other target (a FIFO, a device such as /dev/stdout, a symbolic link) is written in place.
/// A target that is the file standard output or error already writes to (`--json /dev/stdout`
/// with the output redirected to a file) is written through that stream, after what the
/// command printed.
class ReportFile {
public:
  /// Checks that `path` can be written; `flag` names the option in messages.
  /// Cost: a few system calls (stat, access).
  /// Throws: UsageError if `path` is empty or a folder, if the file exists and cannot be
  /// written, or if a regular file's folder does not exist or cannot be written (the temporary
  /// file goes there).
  ReportFile(std::string path, std::string flag);

  /// Writes `text` as the whole report.   Cost: O(size)
  /// Throws: IoError if a write, the flush to disk or the rename fails; the temporary file is
  /// removed and an existing report kept.
  void write(const std::string &text) const;

  /// The path as given.
  const std::string &path() const { return m_path; }
  /// The option that named it (`--json`).
  const std::string &flag() const { return m_flag; }
  /// Not a regular file (a device, a FIFO, a symbolic link): written in place.
  bool inPlace() const { return m_inPlace; }

private:
  std::string m_path;
  std::string m_flag;
  /// Not a regular file: written in place.
  bool m_inPlace = false;
};

/// Refuses, before anything runs, two of `reports` that name one regular file (the second
/// write would replace the first) and a report that names one of the command's `inputs`
/// (pairs of what it is, such as `the shard`, and its path): a report never replaces what the
/// command reads. Reports written in place (devices such as /dev/stdout, FIFOs) may be shared.
/// Cost: a stat of each path per pair.
/// Throws: UsageError naming both options or the option and the input.
void refuseSharedFiles(const std::vector<const ReportFile *> &reports,
                       const std::vector<std::pair<std::string, std::string>> &inputs);

/// A ReportFile for `path`, or none.   Throws: as ReportFile's constructor.
std::optional<ReportFile> openReport(const std::optional<std::string> &path,
                                     const std::string &flag);

}  // namespace proofport::cli
