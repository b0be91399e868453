// Replaying violation reports over the scalar types whose exact text can be read back.
#include "proofport/properties/ViolationReplay.h"

#include <fstream>
#include <functional>
#include <utility>
#include <vector>

#include "proofport/properties/CheckedContext.h"
#include "proofport/properties/RationalReport.h"
#include "proofport/properties/ViolationReport.h"

namespace proofport::properties {
namespace {

using report::LineReader;

/// `index 1 [2,3]` (after the key).
Idx readIndex(LineReader &in) {
  const std::string text = in.field("index");
  const std::size_t space = text.find(' ');
  if (space == std::string::npos) {
    in.fail("\"index <i> <shape>\"", "\"index " + text + "\"");
  }
  return Idx{report::parseCount(text.substr(0, space)), report::parseShape(text.substr(space + 1))};
}

/// Reads the context and the arguments of `operation`, then runs it on a shadow context.
template <Scalar S>
std::optional<TheoremViolation> replayAs(LineReader &in, const std::string &operation) {
  using Ctx = CheckedContext<S, CheckLevel::shadow>;
  ::proofport::GradientContext<S> before = report::readContext<S>(in);
  in.field("arguments");
  std::function<void(Ctx &)> run;
  if (operation == "GradientContext::ofPack") {
    run = [seed = report::readPack<S>(in, "pack")](Ctx &ctx) { ctx = Ctx::ofPack(seed); };
  } else if (operation == "GradientContext::addUniform") {
    in.field("uniform");
    run = [u = report::ScalarText<S>::parse(in.value())](Ctx &ctx) { ctx.addUniform(u); };
  } else if (operation == "GradientContext::set") {
    Idx idx = readIndex(in);
    run = [idx, value = report::readTensor<S>(in)](Ctx &ctx) { ctx.set(idx, value); };
  } else if (operation == "GradientContext::setMany") {
    const std::size_t count = report::parseCount(in.field("updates"));
    std::vector<Update<S>> updates;
    for (std::size_t k = 0; k < count; ++k) {
      Idx idx = readIndex(in);
      updates.push_back(Update<S>{std::move(idx), report::readTensor<S>(in)});
    }
    run = [updates](Ctx &ctx) { ctx.setMany(updates); };
  } else if (operation == "GradientContext::addContributions") {
    in.field("uniform");
    const S uniform = report::ScalarText<S>::parse(in.value());
    const std::size_t count = report::parseCount(in.field("support"));
    std::vector<SomeIdx> support;
    for (std::size_t k = 0; k < count; ++k) {
      support.push_back(readIndex(in));
    }
    TensorPack<S> dense = report::readPack<S>(in, "dense");
    TensorPack<S> lookup = report::readPack<S>(in, "lookup");
    run = [uniform, support, dense, lookup](Ctx &ctx) {
      ctx.addContributions(::proofport::Contributions<S>(
          [dense] { return dense; }, TensorLookup<S>::ofPack(lookup), uniform, support));
    };
  } else if (operation == "GradientContext::addDense") {
    run = [pack = report::readPack<S>(in, "pack")](Ctx &ctx) { ctx.addDense(pack); };
  } else if (operation == "GradientContext::cast") {
    run = [shapes = report::parseShapes(in.field("shapes"))](Ctx &ctx) { ctx.cast(shapes); };
  } else if (operation == "GradientContext::pop") {
    run = [](Ctx &ctx) { (void)ctx.pop(); };
  } else {
    in.fail("a checked GradientContext operation", "\"" + operation + "\"");
  }
  in.field("end");
  Ctx ctx(std::move(before));
  try {
    run(ctx);
  } catch (const TheoremViolation &violation) {
    return violation;
  }
  return std::nullopt;
}

}  // namespace

bool isViolationReport(const std::string &path) {
  std::ifstream in(path);
  std::string line;
  if (!(in && std::getline(in, line))) {
    return false;
  }
  if (!line.empty() && line.back() == '\r') {
    line.pop_back();  // CRLF files
  }
  return line == report::kMarker;
}

ReplayOutcome replayViolationReport(const std::string &path) {
  std::ifstream file(path);
  if (!file) {
    throwReportError("proofport replay", "a readable violation report", "\"" + path + "\"");
  }
  LineReader in(file);
  in.expectMarker();
  ReplayOutcome outcome;
  outcome.theorem = in.field("theorem");
  outcome.scalar = in.field("scalar");
  outcome.operation = in.field("operation");
  for (const char *key : {"position", "element", "expected", "actual"}) {
    in.field(key);
  }
  if (outcome.scalar == ScalarTraits<float>::name) {
    outcome.violation = replayAs<float>(in, outcome.operation);
  } else if (outcome.scalar == ScalarTraits<double>::name) {
    outcome.violation = replayAs<double>(in, outcome.operation);
  } else if (outcome.scalar == ScalarTraits<Rational>::name) {
    outcome.violation = replayAs<Rational>(in, outcome.operation);
  } else {
    throwReportError("proofport replay", "a report over float32, float64 or rational",
                     "scalar type " + outcome.scalar);
  }
  return outcome;
}

int replayViolationCommand(const std::string &path, std::ostream &out, std::ostream &err) {
  ReplayOutcome outcome;
  try {
    outcome = replayViolationReport(path);
  } catch (const Error &e) {
    err << "proofport replay: cannot replay " << path << ": " << e.what() << '\n';
    return 2;
  }
  out << "proofport replay: " << outcome.operation << " over " << outcome.scalar << ", report of "
      << outcome.theorem << '\n';
  if (!outcome.reproduced()) {
    out << "HOLDS: every checked theorem holds for this operation on this build\n";
    return 0;
  }
  out << (outcome.sameTheorem() ? "REPRODUCED: " : "REPRODUCED (another theorem): ")
      << outcome.violation->what() << '\n';
  return 1;
}

}  // namespace proofport::properties
