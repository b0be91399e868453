// A report file named on the command line: checked before anything runs, then written whole,
// so that a command that fails never leaves a report emptied or half written.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

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

/// The deepest nesting of arrays and objects a report read back may have: the reports proofport
/// writes nest a few levels, and a document nested far deeper would overflow the stack of every
/// recursive walk of it (printing it, copying a field of it).
inline constexpr int kMaxReportNesting = 64;

/// The whole text of the file `path` a command reads (coverage's --held-in, --ported and
/// --waivers); `what` names it in messages (`--held-in 'x.json'`).
/// Cost: O(size)
/// Throws: IoError if `path` is a folder or cannot be read.
std::string readInputFile(const std::string &path, const std::string &what);

/// `text` parsed as JSON, arrays and objects nested at most kMaxReportNesting deep; `what`
/// names the document in messages.   Cost: O(size)
/// Throws: FormatError naming `what` for deeper nesting; nlohmann::json::parse_error for text
/// that is not JSON, nlohmann::json::exception for a number no double holds (as
/// nlohmann::json::parse).
nlohmann::json parseReportJson(const std::string &text, const std::string &what);

/// A ReportFile for `path`, or none.   Throws: as ReportFile's constructor.
std::optional<ReportFile> openReport(const std::optional<std::string> &path,
                                     const std::string &flag);

}  // namespace proofport::cli
