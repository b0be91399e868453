// Unit tests of violation reports: exact scalar text, one report per operation written and
// replayed, reproduction of a broken contribution, and typed errors for unreadable files.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

#include "FaultyContext.h"
#include "UnitSupport.h"
#include "proofport/properties/CheckedContext.h"
#include "proofport/properties/ViolationReplay.h"
#include "proofport/properties/RationalReport.h"
#include "proofport/properties/ViolationReport.h"

namespace proofport {
namespace {

using checked::CheckLevel;
using checked::CheckOptions;
using checked::TheoremViolation;
using properties::CheckedContext;
using properties::ReportError;
using properties::report::ScalarText;
using unit::Fault;
using unit::Faulty;
using unit::startContext;
using unit::tensor;

namespace fs = std::filesystem;

/// Removes every folder `freshFolder` made once the tests are over.
class TemporaryFolders : public ::testing::Environment {
public:
  static std::vector<fs::path> &made() {
    static std::vector<fs::path> folders;
    return folders;
  }
  void TearDown() override {
    for (const fs::path &dir : made()) {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  }
};

const auto *const kTemporaryFolders = ::testing::AddGlobalTestEnvironment(new TemporaryFolders);

/// A fresh empty folder for this test's reports.
fs::path freshFolder() {
  const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir =
      fs::temp_directory_path() /
      ("proofport-replay-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  TemporaryFolders::made().push_back(dir);
  return dir;
}

std::string readAll(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// ---------------------------------------------------------------- exact scalar text

template <class F>
void expectIeeeRoundTrip() {
  using L = std::numeric_limits<F>;
  for (F value : {F(0), -F(0), F(1), F(-0.1), L::denorm_min(), -L::denorm_min(), L::max(),
                  L::lowest(), L::infinity(), -L::infinity(), L::quiet_NaN(), F(1) / F(3)}) {
    const std::string text = show(value);
    EXPECT_TRUE(identical(value, ScalarText<F>::parse(text))) << text;
  }
}

TEST(ReportScalars, ieeeTextReadsBackBitForBit) {
  expectIeeeRoundTrip<float>();
  expectIeeeRoundTrip<double>();
}

TEST(ReportScalars, rationalTextReadsBack) {
  for (const char *text : {"0", "5", "-7/3", "123456789012345678901234567891/2"}) {
    EXPECT_EQ(ScalarTraits<Rational>::show(ScalarText<Rational>::parse(text)), text);
  }
}

TEST(ReportScalars, malformedTextIsAReportError) {
  EXPECT_THROW(ScalarText<float>::parse("1 (0x1p+1)"), ReportError);  // parts disagree
  EXPECT_THROW(ScalarText<float>::parse("1"), ReportError);
  EXPECT_THROW(ScalarText<double>::parse("x (0x1p+0)"), ReportError);
  EXPECT_THROW(ScalarText<Rational>::parse("2/4"), ReportError);
  EXPECT_THROW(ScalarText<Rational>::parse("1.5"), ReportError);
  EXPECT_THROW(ScalarText<Rational>::parse(""), ReportError);
}

TEST(ReportShapes, shapeTextReadsBack) {
  const std::vector<Shape> shapes{{}, {2, 3}, {0}, {4}};
  EXPECT_EQ(properties::report::parseShapes(showShapes(shapes)), shapes);
  EXPECT_EQ(properties::report::parseShapes("[]"), std::vector<Shape>{});
  EXPECT_THROW(properties::report::parseShapes("[[2],3]"), ReportError);
  EXPECT_THROW(properties::report::parseShape("[2,,3]"), ReportError);
}

// ---------------------------------------------------------------- one report per operation

template <Fault F>
using Reporting = CheckedContext<double, CheckLevel::shadow, Faulty<F>>;

/// Runs `op` on a faulty shadow context writing reports to a fresh folder; returns the report.
template <Fault F, class Op>
std::string reportOf(Op op) {
  CheckOptions options;
  options.reportDirectory = freshFolder().string();
  Reporting<F> ctx(Faulty<F>(startContext()), options);
  try {
    op(ctx);
  } catch (const TheoremViolation &v) {
    EXPECT_FALSE(v.reportPath().empty());
    return v.reportPath();
  }
  ADD_FAILURE() << "no violation";
  return {};
}

/// The report names `theorem` and replays to "holds" on this (correct) build.
void expectReplayHolds(const std::string &path, const std::string &theorem) {
  ASSERT_TRUE(properties::isViolationReport(path)) << path;
  const std::string text = readAll(path);
  EXPECT_EQ(text.rfind("# proofport violation report v1\n", 0), 0U);
  EXPECT_NE(text.find("theorem Proofs.Autograd.Algebra.GradientContext." + theorem + "\n"),
            std::string::npos)
      << text;
  const properties::ReplayOutcome outcome = properties::replayViolationReport(path);
  EXPECT_EQ(outcome.theorem, "Proofs.Autograd.Algebra.GradientContext." + theorem);
  EXPECT_EQ(outcome.scalar, "float64");
  EXPECT_FALSE(outcome.reproduced()) << outcome.violation->what();
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(properties::replayViolationCommand(path, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("HOLDS"), std::string::npos) << out.str();
}

TEST(ReplayReport, everyOperationsReportReplaysOnTheCorrectBuild) {
  expectReplayHolds(reportOf<Fault::addUniform>([](auto &c) { c.addUniform(1.0); }),
                    "lookup_addUniform");
  expectReplayHolds(reportOf<Fault::set>([](auto &c) {
                      c.set(Idx{0, {2}}, tensor({2}, {4.0, 5.0}));
                    }),
                    "lookup_set");
  expectReplayHolds(reportOf<Fault::setMany>([](auto &c) {
                      c.setMany({Update<double>{Idx{0, {2}}, tensor({2}, {4.0, 5.0})},
                                 Update<double>{Idx{1, {}}, tensor({}, {9.0})}});
                    }),
                    "lookup_setMany_snapshot");
  const auto parts = unit::packOf<double>({tensor({2}, {1.0, 1.0}), tensor({}, {0.25})});
  const Contributions<double> c([parts] { return parts; }, TensorLookup<double>::ofPack(parts),
                                0.25, {Idx{0, {2}}, Idx{0, {2}}});
  expectReplayHolds(reportOf<Fault::addContributions>([&](auto &x) { x.addContributions(c); }),
                    "lookup_addContributions");
  expectReplayHolds(reportOf<Fault::toPack>([&](auto &x) { x.addContributions(c); }),
                    "toPack_addContributions");
  expectReplayHolds(reportOf<Fault::toPack>([&](auto &x) { x.addDense(parts); }),
                    "toPack_addDense");
  expectReplayHolds(reportOf<Fault::toPack>([](auto &x) { x.cast({{2}, {}}); }), "toPack_cast");
  expectReplayHolds(reportOf<Fault::pop>([](auto &x) { (void)x.pop(); }), "toPack_pop");
}

TEST(ReplayReport, ofPackReportReplays) {
  CheckOptions options;
  options.reportDirectory = freshFolder().string();
  std::string path;
  try {
    (void)Reporting<Fault::toPack>::ofPack(
        unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}), options);
  } catch (const TheoremViolation &v) {
    path = v.reportPath();
  }
  expectReplayHolds(path, "toPack_ofPack");
}

// ---------------------------------------------------------------- reproduction

/// A real production context at `shadow` level (where `correct` is checked: it needs the whole
/// dense pack) given a contribution whose lookup differs from its dense pack: the report
/// replays as the same violation, on any build.
template <Scalar S>
void expectBrokenContributionReproduces(const S &one, const S &other) {
  CheckOptions options;
  options.reportDirectory = freshFolder().string();
  auto ctx = CheckedContext<S, CheckLevel::shadow>::ofPack(
      TensorPack<S>({Tensor<S>::full({2}, one), Tensor<S>::full({}, one)}), options);
  ctx.addUniform(one);
  const TensorPack<S> dense({Tensor<S>::full({2}, one), Tensor<S>::full({}, one)});
  const TensorPack<S> lookup({Tensor<S>({2}, {one, other}), Tensor<S>::full({}, one)});
  std::string path;
  try {
    ctx.addContributions(Contributions<S>([dense] { return dense; },
                                          TensorLookup<S>::ofPack(lookup), one, {Idx{0, {2}}}));
    ADD_FAILURE() << "no violation";
  } catch (const TheoremViolation &v) {
    path = v.reportPath();
  }
  const properties::ReplayOutcome outcome = properties::replayViolationReport(path);
  ASSERT_TRUE(outcome.reproduced());
  EXPECT_TRUE(outcome.sameTheorem());
  EXPECT_EQ(outcome.violation->theorem(), "Proofs.Autograd.Algebra.Contributions.correct");
  EXPECT_EQ(outcome.violation->position(), std::optional<std::size_t>(0));
  EXPECT_EQ(outcome.violation->element(), std::optional<std::size_t>(1));
  EXPECT_EQ(outcome.violation->actualValue(), ScalarTraits<S>::show(other));
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(properties::replayViolationCommand(path, out, err), 1);
  EXPECT_NE(out.str().find("REPRODUCED: GradientContext::addContributions"), std::string::npos)
      << out.str();
}

TEST(ReplayReport, brokenContributionReproducesOverEachSupportedScalar) {
  expectBrokenContributionReproduces<float>(1.0F, -0.0F);
  expectBrokenContributionReproduces<double>(0.5, std::nan(""));
  expectBrokenContributionReproduces<Rational>(Rational(1, 3), Rational(-2, 7));
}

// ---------------------------------------------------------------- unreadable input

TEST(ReplayReport, unreadableInputIsAReportErrorAndExitStatusTwo) {
  const fs::path dir = freshFolder();
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_FALSE(properties::isViolationReport((dir / "missing.txt").string()));
  EXPECT_EQ(properties::replayViolationCommand((dir / "missing.txt").string(), out, err), 2);

  const std::string path = reportOf<Fault::set>([](auto &c) {
    c.set(Idx{0, {2}}, tensor({2}, {4.0, 5.0}));
  });
  const std::string text = readAll(path);

  const fs::path truncated = dir / "truncated.txt";
  std::ofstream(truncated) << text.substr(0, text.size() / 2);
  EXPECT_THROW(properties::replayViolationReport(truncated.string()), ReportError);
  EXPECT_EQ(properties::replayViolationCommand(truncated.string(), out, err), 2);

  std::string otherScalar = text;
  otherScalar.replace(otherScalar.find("scalar float64"), 14, "scalar order");
  const fs::path order = dir / "order.txt";
  std::ofstream(order) << otherScalar;
  try {
    properties::replayViolationReport(order.string());
    ADD_FAILURE() << "no ReportError";
  } catch (const ReportError &e) {
    EXPECT_NE(std::string(e.what()).find("scalar type order"), std::string::npos) << e.what();
  }

  const fs::path noMarker = dir / "plain.txt";
  std::ofstream(noMarker) << "theorem x\n";
  EXPECT_FALSE(properties::isViolationReport(noMarker.string()));
  EXPECT_THROW(properties::replayViolationReport(noMarker.string()), ReportError);
}

}  // namespace
}  // namespace proofport
