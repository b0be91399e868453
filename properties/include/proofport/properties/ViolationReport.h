// The violation report: a line-based text file holding a broken theorem instance exactly
// (theorem, scalar type, the context before the operation, the operation and its arguments),
// written by checked contexts and read back by `proofport replay`.
#pragma once

#include <algorithm>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proofport/checked/Violation.h"
#include "proofport/core/Gradients.h"
#include "proofport/properties/GradientContextOps.h"

namespace proofport::properties {

// The framework's checked-level names, as this folder uses them.
using checked::TheoremViolation;
using checked::ViolationDetails;

/// A violation report could not be read: malformed, truncated, or of an unsupported scalar type.
/// `what()` names the file line: `violation report line 7: expected clock <n>, got …`.
/// Thrown while reading, before anything read is replayed: nothing has changed.
class ReportError : public Error {
public:
  using Error::Error;
};

/// Throws ReportError(operation, expected, actual): the one place a ReportError is thrown.
/// Cost: O(message)   Throws: ReportError, always.
[[noreturn]] void throwReportError(std::string operation, std::string expected, std::string actual);

namespace report {

/// The first line of every violation report.
inline constexpr std::string_view kMarker = "# proofport violation report v1";

/// Exact text to scalar, the inverse of `ScalarTraits<S>::show`; specialized for the types a
/// report can be replayed over (float32, float64, and rational in RationalReport.h).
template <class S>
struct ScalarText {
  static constexpr bool kSupported = false;
};

/// `nan`, `inf`, `-inf` or `<decimal> (<hex>)`, both parts required to agree.
template <>
struct ScalarText<float> {
  static constexpr bool kSupported = true;
  /// Cost: O(text)   Throws: ReportError naming the text.
  static float parse(std::string_view text);
};

/// Same as float32, in binary64.
template <>
struct ScalarText<double> {
  static constexpr bool kSupported = true;
  /// Cost: O(text)   Throws: ReportError naming the text.
  static double parse(std::string_view text);
};

/// `[2,3]` back to a shape.   Cost: O(text)   Throws: ReportError.
Shape parseShape(std::string_view text);
/// `[[2,3],[]]` back to a shape list.   Cost: O(text)   Throws: ReportError.
std::vector<Shape> parseShapes(std::string_view text);
/// A whole decimal number.   Cost: O(text)   Throws: ReportError.
std::size_t parseCount(std::string_view text);

/// Reads a report line by line: `key rest` lines, value lines indented by two spaces, and `#`
/// comment lines (skipped, except the marker, which `expectMarker` reads).
class LineReader {
public:
  /// Cost: O(1)
  explicit LineReader(std::istream &in) : m_in(in) {}

  /// Requires the first line to be `kMarker`.   Throws: ReportError.
  void expectMarker();
  /// The rest of the next line, which must start with `key` (then a space or the line's end).
  /// Throws: ReportError naming the line, the key expected and the line found.
  std::string field(std::string_view key);
  /// The key of the next line, without consuming it; empty at the end of the file.
  std::string peekKey();
  /// The next line, which must be a value line (two leading spaces), without the indent.
  std::string value();
  /// Refuses the line just read.   Throws: ReportError naming the line number, always.
  [[noreturn]] void fail(const std::string &expected, const std::string &actual) const;

private:
  bool nextLine(std::string &line);

  std::istream &m_in;
  std::size_t m_number = 0;
  std::string m_pending;
  bool m_hasPending = false;
};

// ---------------------------------------------------------------------------- writing

/// `tensor [2,3]` then one indented line per element, exact.   Cost: O(elements)
template <Scalar S>
void writeTensor(std::ostream &out, const Tensor<S> &t) {
  out << "tensor " << showShape(t.shape()) << '\n';
  for (std::size_t k = 0; k < t.size(); ++k) {
    out << "  " << ScalarTraits<S>::show(t[k]) << '\n';
  }
}

/// `key <count>` then the tensors.   Cost: O(elements)
template <Scalar S>
void writePack(std::ostream &out, std::string_view key, const TensorPack<S> &pack) {
  out << key << ' ' << pack.size() << '\n';
  for (const Tensor<S> &t : pack.tensors()) {
    writeTensor(out, t);
  }
}

/// `index 1 [2,3]`.
inline void writeIndex(std::ostream &out, const Idx &idx) {
  out << "index " << idx.i << ' ' << showShape(idx.shape) << '\n';
}

/// The raw parts of `ctx` (a GradientContext or a port with its accessors): clock, epochs,
/// history runs (oldest first), stored tensors.
/// Cost: O(elements + epochs + runs)
template <Scalar S, class Context>
void writeContext(std::ostream &out, const Context &ctx) {
  out << "context\nclock " << ctx.clock() << "\nepochs";
  for (std::size_t e : ctx.epochs()) {
    out << ' ' << e;
  }
  out << "\nhistory " << ctx.history().runs.size() << "   # runs, oldest first: n then u\n";
  for (const auto &run : ctx.history().runs) {
    out << "run " << run.n << '\n' << "  " << ScalarTraits<S>::show(run.u) << '\n';
  }
  writePack(out, "stored", ctx.stored().toPack());
}

namespace op = GradientContext::op;

// The arguments of each checked operation, as `proofport replay` reads them back (Replay.cpp).

/// `pack …`.
template <Scalar S>
void writeArguments(std::ostream &out, std::string_view, const op::ofPack::Args<S> &a) {
  writePack(out, "pack", a.seed());
}
/// `uniform` and its exact text.
template <Scalar S>
void writeArguments(std::ostream &out, std::string_view, const op::addUniform::Args<S> &a) {
  out << "uniform\n  " << ScalarTraits<S>::show(a.uniform) << '\n';
}
/// The index and the tensor.
template <Scalar S>
void writeArguments(std::ostream &out, std::string_view, const op::set::Args<S> &a) {
  writeIndex(out, a.idx);
  writeTensor(out, a.value);
}
/// `updates n` and each update (the snapshot of the source at the indices).
template <Scalar S>
void writeArguments(std::ostream &out, std::string_view, const op::setMany::Args<S> &a) {
  out << "updates " << a.indices.size() << '\n';
  for (const SomeIdx &idx : a.indices) {
    writeIndex(out, idx);
    writeTensor(out, a.source.read(idx));
  }
}
/// The uniform, the support, the dense pack and the lookup's pack.
template <Scalar S>
void writeArguments(std::ostream &out, std::string_view, const op::addContributions::Args<S> &a) {
  const ::proofport::Contributions<S> &c = a.contribution;
  out << "uniform\n  " << ScalarTraits<S>::show(c.uniform()) << "\nsupport " << c.support().size()
      << '\n';
  for (const SomeIdx &idx : c.support()) {
    writeIndex(out, idx);
  }
  writePack(out, "dense", c.dense());
  writePack(out, "lookup", c.lookup().toPack());
}
/// `pack …`.
template <Scalar S>
void writeArguments(std::ostream &out, std::string_view, const op::addDense::Args<S> &a) {
  writePack(out, "pack", a.contribution);
}
/// `shapes …`.
template <Scalar S>
void writeArguments(std::ostream &out, std::string_view, const op::cast::Args<S> &a) {
  out << "shapes " << showShapes(a.shapes) << '\n';
}
/// Nothing.
template <Scalar S>
void writeArguments(std::ostream &, std::string_view, const op::pop::Args<S> &) {}

/// Writes `dir/violation-<theorem>-<k>.txt` (the first k not taken) holding `details`, the
/// context `before` the operation and the operation's arguments (`arguments(out)` writes them).
/// Returns the path, or an empty string if the file could not be written (the violation is
/// still dispatched; a missing report must not hide it).   Cost: O(context + arguments)
template <Scalar S, class Context, class Arguments>
std::string writeReport(const std::string &dir, const ViolationDetails &details,
                        const Context &before, const Arguments &arguments) {
  const std::string shortName = details.theorem.substr(details.theorem.rfind('.') + 1);
  std::filesystem::path path;
  std::error_code ec;
  for (std::size_t k = 1;; ++k) {
    path =
        std::filesystem::path(dir) / ("violation-" + shortName + "-" + std::to_string(k) + ".txt");
    if (!std::filesystem::exists(path, ec)) {
      break;
    }
  }
  std::ofstream out(path);
  if (!out) {
    return {};
  }
  auto optional = [](const std::optional<std::size_t> &v) {
    return v ? std::to_string(*v) : std::string("-");
  };
  out << kMarker << "\n# Replay with: proofport replay " << path.filename().string() << '\n'
      << "theorem " << details.theorem << "\nscalar " << details.scalar << "\noperation "
      << details.operation << "\nposition " << optional(details.position) << "\nelement "
      << optional(details.element) << "\nexpected " << details.expected << "\nactual "
      << details.actual << '\n';
  writeContext<S>(out, before);
  out << "arguments\n";
  arguments(out);
  out << "end\n";
  out.close();
  return out ? path.string() : std::string();
}

// ---------------------------------------------------------------------------- reading

/// A tensor written by `writeTensor`.   Throws: ReportError.
template <Scalar S>
Tensor<S> readTensor(LineReader &in) {
  const Shape shape = parseShape(in.field("tensor"));
  const std::size_t count = elementCount(shape, "violation report");
  std::vector<S> values;
  // The declared count is untrusted text: values are read one by one, never reserved up front.
  values.reserve(std::min<std::size_t>(count, 4096));
  for (std::size_t k = 0; k < count; ++k) {
    values.push_back(ScalarText<S>::parse(in.value()));
  }
  return Tensor<S>(shape, std::move(values));
}

/// A pack written by `writePack` under `key`.   Throws: ReportError.
template <Scalar S>
TensorPack<S> readPack(LineReader &in, std::string_view key) {
  const std::size_t count = parseCount(in.field(key));
  std::vector<Tensor<S>> tensors;
  for (std::size_t i = 0; i < count; ++i) {
    tensors.push_back(readTensor<S>(in));
  }
  return TensorPack<S>(std::move(tensors));
}

/// A context written by `writeContext`, rebuilt with `GradientContext::fromParts`.
/// Throws: ReportError; ContractError if the parts break `covered` or `bounded`.
template <Scalar S>
::proofport::GradientContext<S> readContext(LineReader &in) {
  in.field("context");
  const std::size_t clock = parseCount(in.field("clock"));
  std::vector<std::size_t> epochs;
  const std::string epochText = in.field("epochs");
  std::size_t start = 0;
  while (start < epochText.size()) {
    std::size_t end = epochText.find(' ', start);
    end = end == std::string::npos ? epochText.size() : end;
    if (end > start) {
      epochs.push_back(parseCount(std::string_view(epochText).substr(start, end - start)));
    }
    start = end + 1;
  }
  std::string runText = in.field("history");
  const std::size_t runs = parseCount(runText.substr(0, runText.find(' ')));
  ::proofport::Deferred::History<S> history;
  for (std::size_t r = 0; r < runs; ++r) {
    const std::size_t n = parseCount(in.field("run"));
    // A context records at most `clock` additions; more is a corrupt report (and would make
    // the replay unboundedly long).
    if (n > clock - std::min(clock, history.length())) {
      in.fail("run lengths adding up to at most clock " + std::to_string(clock),
              "run " + std::to_string(n) + " after " + std::to_string(history.length()) +
                  " additions");
    }
    history.runs.push_back(::proofport::Deferred::Run<S>{ScalarText<S>::parse(in.value()), n});
  }
  TensorPack<S> stored = readPack<S>(in, "stored");
  return ::proofport::GradientContext<S>::fromParts(std::move(stored), std::move(epochs), clock,
                                                    std::move(history));
}

}  // namespace report
}  // namespace proofport::properties
