// Interpreted statements as catalog entries: elaboration once per (statement, instantiation),
// then a property that draws the binders, decides the premises and checks the conclusion.
#include "proofport/interp/Suite.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <utility>

#include <rapidcheck.h>

#include "proofport/gen/Named.h"
#include "proofport/interp/Aim.h"
#include "proofport/interp/Evaluate.h"
#include "proofport/runner/Check.h"
#include "proofport/runner/Classify.h"
#include "proofport/runner/Engine.h"
#include "Text.h"

namespace proofport::interp {

namespace {

/// What a property of one (statement, instantiation) holds: the elaborated statement and the
/// generator of each binder, made once.
struct Plan {
  ElaboratedStatement statement;
  std::vector<Type> types;
  std::vector<rc::Gen<Value>> generators;
  /// What the premises ask of the draws.
  Aims aims;
  const Registry *registry = nullptr;
  const Instantiation *instantiation = nullptr;
  const Drawings *drawings = nullptr;
  /// `needs:` tags of both branches of every `if`, and the tags a case taking them records.
  std::vector<std::string> thenTags;
  std::vector<std::string> elseTags;
  /// The Lean file and the theorem's line: where a failure is reported.
  const char *file = "";
  unsigned line = 0;
};

std::string bracketed(const lean::Binder &binder) {
  std::string open = "(";
  std::string close = ")";
  switch (binder.kind) {
  case lean::BinderKind::Explicit: break;
  case lean::BinderKind::Implicit: open = "{", close = "}"; break;
  case lean::BinderKind::StrictImplicit: open = "⦃", close = "⦄"; break;
  case lean::BinderKind::Instance: open = "[", close = "]"; break;
  }
  std::string out = open;
  for (std::size_t k = 0; k < binder.names.size(); ++k) {
    out += (k == 0 ? "" : " ") + binder.names[k];
  }
  if (binder.type != nullptr) {
    out += (binder.names.empty() ? "" : " : ") + lean::toLean(*binder.type);
  }
  return out + close;
}

/// The failure message of a case whose conclusion is false (or could not be evaluated).
std::string describeFailure(const ElaboratedStatement &statement, const Evaluation &evaluation) {
  std::string out = statement.conclusionText;
  if (!evaluation.failure.empty()) {
    return out + "\n  could not be evaluated: " + evaluation.failure;
  }
  out += "\n  is false";
  if (evaluation.lhs && evaluation.rhs) {
    out += ": its sides (" + evaluation.relation + ") are\n  left:  " + *evaluation.lhs +
           "\n  right: " + *evaluation.rhs;
  }
  return out;
}

void check(const Plan &plan) {
  std::vector<Value> values;
  values.reserve(plan.generators.size());
  for (std::size_t k = 0; k < plan.generators.size(); ++k) {
    values.push_back(
        gen::pick(plan.statement.binders[k].name,
                  aimedGenerator(plan.statement, plan.aims, k, plan.generators[k], values,
                                 plan.types, *plan.registry, *plan.instantiation, *plan.drawings)));
  }
  for (std::size_t k = 0; k < plan.thenTags.size(); ++k) {
    runner::needs(plan.thenTags[k].c_str());
    runner::needs(plan.elseTags[k].c_str());
  }
  const Evaluation evaluation = evaluate(plan.statement, values);
  for (std::size_t k = 0; k < evaluation.branches.size() && k < plan.thenTags.size(); ++k) {
    if (evaluation.branches[k].thenTaken) {
      runner::tag(plan.thenTags[k].c_str());
    }
    if (evaluation.branches[k].elseTaken) {
      runner::tag(plan.elseTags[k].c_str());
    }
  }
  const runner::Location where{plan.file, plan.line};
  if (!evaluation.failure.empty()) {
    runner::fail(describeFailure(plan.statement, evaluation), where);
  }
  if (!evaluation.undecided.empty()) {
    RC_DISCARD("the case decides nothing: " + evaluation.undecided);
  }
  if (!evaluation.premisesHold) {
    RC_DISCARD("a premise does not hold");
  }
  if (!evaluation.holds) {
    runner::fail(describeFailure(plan.statement, evaluation), where);
  }
}

/// Why a reason keeps a statement from running, as Entry::unsupported holds it.
std::string unsupportedText(const Reason &reason) {
  if (reason.kind == ReasonKind::Unsupported) {
    return reason.subject + (reason.position.line == 0 ? "" : " at " + toString(reason.position));
  }
  return reason.toString();
}

}  // namespace

std::string statementText(const lean::Statement &statement) {
  std::string out;
  for (const lean::Binder &binder : statement.binders) {
    out += bracketed(binder) + " ";
  }
  return out + ": " + (statement.conclusion ? lean::toLean(*statement.conclusion) : "");
}

Suite::Suite(std::vector<lean::Statement> statements, std::string source, const Porting &porting)
    : m_porting(porting), m_source(std::move(source)),
      m_sourceName(std::filesystem::path(m_source).filename().string()),
      m_statements(std::move(statements)) {
  if (porting.instantiations.empty()) {
    throwMisuse("interp::Suite", "a porting with an instantiation", "none in " + porting.name);
  }
  for (const Instantiation &instantiation : porting.instantiations) {
    // It names ctest tests, corpus folders and `--scalar` words.
    const bool plain =
        !instantiation.name.empty() &&
        std::all_of(instantiation.name.begin(), instantiation.name.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' ||
                 c == '.' || c == '+';
        });
    if (!plain) {
      throwMisuse("interp::Suite",
                  "an instantiation named by letters, digits, -, _, . and + "
                  "(`unordered_map-int-string`)",
                  "'" + instantiation.name + "'");
    }
  }
  if (!porting.claimsChecked) {
    throwMisuse("interp::Suite", "a porting whose claims were checked (interp::checkClaims)",
                porting.name + ", unchecked");
  }
  for (const lean::Statement &statement : m_statements) {
    if (porting.registry->operations(statement.name) != nullptr) {
      throwMisuse("interp::Suite", "operations, types and classes registered, never a theorem",
                  "an operation registered under the theorem " + statement.name);
    }
  }
  std::vector<runner::Entry> entries;
  for (const lean::Statement &statement : m_statements) {
    const std::string &name = m_strings.emplace_back(statement.name);
    const std::string &text = m_strings.emplace_back(statementText(statement));
    runner::Theorem theorem;
    theorem.leanName = name;
    theorem.statement = text;
    theorem.source = m_source;
    theorem.kind = runner::Kind::Lemma;
    // Outside any section, the file's stem names the group.
    theorem.group = m_strings.emplace_back(statement.section.empty()
                                               ? std::filesystem::path(m_source).stem().string()
                                               : statement.section);
    const runner::Theorem &stored = m_theorems.emplace_back(theorem);
    bool interpreted = false;
    std::string firstReason;
    for (const Instantiation &instantiation : porting.instantiations) {
      runner::Entry entry = entryFor(statement, stored, instantiation);
      interpreted = interpreted || entry.supported();
      if (firstReason.empty() && !entry.runs()) {
        firstReason = entry.supported() ? "not admissible: " + entry.missingNames()
                                        : "unsupported: " + entry.unsupported;
      }
      entries.push_back(std::move(entry));
    }
    if (interpreted) {
      ++m_tally.interpreted;
    } else {
      // The tally groups by construct or name: the position is dropped.
      const std::size_t at = firstReason.rfind(" at ");
      ++m_tally.reasons[at == std::string::npos ? firstReason : firstReason.substr(0, at)];
    }
  }
  m_catalog = std::make_unique<runner::Catalog>(porting.leanPrefix, std::move(entries));
}

std::unique_ptr<Suite> Suite::fromFile(const std::string &path, const Porting &porting) {
  return std::make_unique<Suite>(lean::readStatementsFile(path), path, porting);
}

std::vector<std::string> structureNames(const Portings &portings) {
  std::vector<std::string> names;
  for (const auto &porting : portings) {
    names.push_back(porting->name);
  }
  return names;
}

std::function<std::shared_ptr<const runner::Catalog>(const std::string &, const std::string &)>
leanCatalogOf(Portings portings) {
  return [portings = std::move(portings)](
             const std::string &file,
             const std::string &structure) -> std::shared_ptr<const runner::Catalog> {
    for (const auto &porting : portings) {
      if (porting->name == structure) {
        // The suite holds a reference to its porting: both live as long as the catalog.
        auto held =
            std::make_shared<std::pair<std::shared_ptr<const Porting>, std::unique_ptr<Suite>>>(
                porting, nullptr);
        held->second = Suite::fromFile(file, *porting);
        return {held, &held->second->catalog()};
      }
    }
    throwMisuse("interp::leanCatalogOf", "a registered structure", "'" + structure + "'");
  };
}

runner::Entry Suite::entryFor(const lean::Statement &statement, const runner::Theorem &theorem,
                              const Instantiation &instantiation) {
  runner::Entry entry;
  entry.theorem = &theorem;
  entry.scalar.name = instantiation.name;
  entry.scalar.family = "interpreted";
  entry.scalar.detects = m_porting.description;
  std::set<std::string> shown;
  for (const auto &[variable, type] : instantiation.types) {
    const std::string name = toString(type);
    const std::string claims = claimsLine(m_porting.claims, name);
    if (!claims.empty() && shown.insert(name).second) {
      entry.scalar.detects += cat({"; ", name, " claims ", claims});
    }
  }
  if (statement.unsupported) {
    entry.unsupported =
        statement.unsupported->text + " at " + lean::toString(statement.unsupported->position);
    return entry;
  }
  const Elaboration elaboration = elaborate(statement, *m_porting.registry, instantiation);
  if (elaboration.reason) {
    if (elaboration.reason->kind == ReasonKind::NotAdmissible) {
      entry.missingClasses.push_back(elaboration.reason->subject);
    } else {
      entry.unsupported = unsupportedText(*elaboration.reason);
    }
    return entry;
  }
  auto plan = std::make_shared<Plan>();
  plan->statement = *elaboration.statement;
  plan->registry = m_porting.registry.get();
  plan->instantiation = &instantiation;
  plan->drawings = &m_porting.drawings;
  plan->file = m_sourceName.c_str();
  plan->line = static_cast<unsigned>(statement.position.line);
  for (const ValueBinder &binder : plan->statement.binders) {
    plan->types.push_back(binder.type);
    try {
      plan->generators.push_back(
          generatorOf(binder.type, *m_porting.registry, instantiation, m_porting.drawings));
    } catch (const ElaborationError &e) {
      // A type without a generator is the binder's: its place, where the reason has none.
      Reason reason = e.reason();
      if (reason.position.line == 0) {
        reason.position = binder.position;
      }
      entry.unsupported = unsupportedText(reason);
      return entry;
    }
  }
  plan->aims = aimsOf(plan->statement);
  for (const lean::Position &at : plan->statement.branches) {
    plan->thenTags.push_back("then branch at " + lean::toString(at));
    plan->elseTags.push_back("else branch at " + lean::toString(at));
  }
  entry.body = [plan] { check(*plan); };
  return entry;
}

}  // namespace proofport::interp
