// Run-time checks: building them from a Lean file, and the check of one call.
#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "proofport/interp/Evaluate.h"
#include "proofport/spec/Error.h"

#include "RuntimeParts.h"

namespace proofport::interp {

RuntimeChecks::RuntimeChecks(const std::vector<lean::Statement> &statements, std::string source,
                             const Registry &registry, Instantiation instantiation,
                             RuntimeOptions options, checked::CheckOptions report,
                             std::vector<std::string> operations)
    : m_registry(registry), m_instantiation(std::move(instantiation)), m_source(std::move(source)),
      m_options(options), m_report(std::move(report)), m_random(options.seed) {
  for (const std::string &name : operations) {
    if (registry.operations(name) == nullptr) {
      throwMisuse("interp::RuntimeChecks", "a registered operation", "'" + name + "'");
    }
  }
  for (const lean::Statement &statement : statements) {
    if (statement.unsupported) {
      m_unused.push_back({statement.name, "unsupported: " + statement.unsupported->text + " at " +
                                              lean::toString(statement.unsupported->position)});
      continue;
    }
    const Elaboration elaboration = elaborate(statement, registry, m_instantiation);
    if (elaboration.reason) {
      m_unused.push_back({statement.name, "not elaborated: " + elaboration.reason->toString()});
      continue;
    }
    select(*elaboration.statement, statement, operations);
  }
}

RuntimeChecks::~RuntimeChecks() = default;

std::unique_ptr<RuntimeChecks>
RuntimeChecks::fromFile(const std::string &path, const Registry &registry,
                        Instantiation instantiation, RuntimeOptions options,
                        checked::CheckOptions report, std::vector<std::string> operations) {
  return std::make_unique<RuntimeChecks>(lean::readStatementsFile(path), path, registry,
                                         std::move(instantiation), options, std::move(report),
                                         std::move(operations));
}

std::size_t RuntimeChecks::theoremsAbout(std::string_view operation) const {
  const auto found = m_about.find(operation);
  return found == m_about.end() ? 0 : found->second.first.size();
}

void RuntimeChecks::remember(const Value &value, const Type &type) {
  if (type.is("List")) {
    for (const Value &x : value.asList()) {
      remember(x, type.args()[0]);
    }
    return;
  }
  if (type.is("Prod")) {
    remember(value.first(), type.args()[0]);
    remember(value.second(), type.args()[1]);
    return;
  }
  if (type.is("Option")) {
    if (const Value *x = value.asOption()) {
      remember(*x, type.args()[0]);
    }
    return;
  }
  if (type.kind() != Type::Kind::Constant || isStructure(type, m_registry) || m_options.pool == 0) {
    return;
  }
  auto &[ring, next] = m_pool[toString(type)];
  if (ring.size() < m_options.pool) {
    ring.push_back(value);
  } else {
    ring[next] = value;
    next = (next + 1) % m_options.pool;
  }
}

std::optional<Value> RuntimeChecks::draw(const Type &type, const std::vector<Value> &touched,
                                         bool first) {
  if (type.is("Option")) {
    if (std::uniform_int_distribution<int>(0, 2)(m_random) == 0) {
      return Value::none();
    }
    std::optional<Value> inner = draw(type.args()[0], touched, first);
    return inner ? Value::some(std::move(*inner)) : Value::none();
  }
  if (type.is("Bool")) {
    return Value::boolean(std::uniform_int_distribution<int>(0, 1)(m_random) == 1);
  }
  if (type.is("Nat")) {
    return Value::nat(std::uniform_int_distribution<std::uint64_t>(0, 8)(m_random));
  }
  if (type.is("Unit")) {
    return Value::unit();
  }
  if (first && !touched.empty()) {
    return touched.front();
  }
  std::vector<const Value *> candidates;
  for (const Value &v : touched) {
    candidates.push_back(&v);
  }
  if (const auto found = m_pool.find(toString(type)); found != m_pool.end()) {
    for (const Value &v : found->second.first) {
      candidates.push_back(&v);
    }
  }
  if (candidates.empty()) {
    return std::nullopt;
  }
  return *candidates[std::uniform_int_distribution<std::size_t>(0,
                                                                candidates.size() - 1)(m_random)];
}

RuntimeChecks::Pending RuntimeChecks::before(std::string_view operation,
                                             std::vector<Value> arguments) {
  Pending pending;
  pending.operation = std::string(operation);
  const auto found = m_about.find(operation);
  if (found == m_about.end()) {
    pending.arguments = std::move(arguments);
    return pending;
  }
  auto &[indexes, turn] = found->second;
  const Selected &any = *m_selected[indexes.front()];
  if (arguments.size() != any.argumentTypes.size() + 1) {
    throwMisuse("RuntimeChecks::before " + pending.operation,
                std::to_string(any.argumentTypes.size() + 1) + " arguments, the structure first",
                std::to_string(arguments.size()));
  }
  const std::size_t count = m_options.theoremsPerOperation == 0
                                ? indexes.size()
                                : std::min(m_options.theoremsPerOperation, indexes.size());
  for (std::size_t n = 0; n < count; ++n) {
    const Selected &s = *m_selected[indexes[(turn + n) % indexes.size()]];
    bool literalsMatch = true;
    for (std::size_t i = 0; i < s.literals.size(); ++i) {
      literalsMatch =
          literalsMatch && (!s.literals[i] || identical(*s.literals[i], arguments[i + 1]));
    }
    if (!literalsMatch) {
      continue;
    }
    for (std::size_t sample = 0; sample <= m_options.samples; ++sample) {
      Pending::Sample out;
      out.theorem = indexes[(turn + n) % indexes.size()];
      bool drawn = true;
      for (std::size_t b = 0; b < s.original.binders.size(); ++b) {
        const ValueBinder &binder = s.original.binders[b];
        if (s.source[b] != kDrawn) {
          out.binders.push_back(arguments[s.source[b]]);
          continue;
        }
        std::vector<Value> touched;
        for (std::size_t i = 0; i < s.argumentTypes.size(); ++i) {
          if (s.argumentTypes[i] == binder.type) {
            touched.push_back(arguments[i + 1]);
          }
        }
        std::optional<Value> v = draw(binder.type, touched, sample == 0);
        if (!v) {
          drawn = false;
          break;
        }
        out.binders.push_back(std::move(*v));
      }
      if (!drawn) {
        continue;
      }
      // A sample whose reads before the call decide nothing (Undecided) is not checked.
      bool decided = true;
      for (const ExprPtr &term : s.beforeTerms) {
        try {
          out.before.push_back(evaluateSubterm(s.original, *term, out.binders));
          out.errors.emplace_back();
        } catch (const ContractError &) {
          throw;
        } catch (const Undecided &) {
          decided = false;
          break;
        } catch (const std::exception &e) {
          out.before.emplace_back();
          out.errors.emplace_back(e.what());
        }
      }
      if (decided) {
        pending.samples.push_back(std::move(out));
      }
    }
  }
  turn = (turn + count) % indexes.size();
  const Selected &typed = *m_selected[indexes.front()];
  for (std::size_t i = 0; i < typed.argumentTypes.size(); ++i) {
    remember(arguments[i + 1], typed.argumentTypes[i]);
  }
  pending.arguments = std::move(arguments);
  return pending;
}

void RuntimeChecks::after(Pending &pending, const Value &result) {
  for (Pending::Sample &sample : pending.samples) {
    const Selected &s = *m_selected[sample.theorem];
    s.result->set(result, {});
    for (std::size_t i = 0; i < s.beforeCells.size(); ++i) {
      s.beforeCells[i]->set(sample.before[i], sample.errors[i]);
    }
    const Evaluation evaluation = evaluate(s.rewritten, sample.binders);
    if ((!evaluation.premisesHold && evaluation.failure.empty()) || !evaluation.undecided.empty()) {
      continue;
    }
    ++m_checks;
    if (evaluation.holds) {
      continue;
    }
    ++m_violations;
    checked::ViolationDetails d;
    d.theorem = s.info.name;
    d.operation = pending.operation;
    d.scalar = m_instantiation.name;
    std::string at;
    for (std::size_t b = 0; b < s.original.binders.size(); ++b) {
      const ValueBinder &binder = s.original.binders[b];
      at += (at.empty() ? "" : ", ") + binder.name + " := " +
            (s.source[b] == 0 ? "the structure before the call" : print(sample.binders[b]));
    }
    d.expected = s.info.where + ": " + s.info.conclusion + " at " + at;
    for (std::size_t i = 0; i < s.beforeTerms.size(); ++i) {
      if (sample.errors[i].empty()) {
        d.expected += "; before the call " + describe(*s.beforeTerms[i], s.slotNames) + " = " +
                      print(sample.before[i]);
      }
    }
    if (!evaluation.failure.empty()) {
      d.actual = evaluation.failure;
    } else if (evaluation.lhs && evaluation.rhs) {
      d.actual = "the left side is " + *evaluation.lhs + ", the right side " + *evaluation.rhs;
    } else {
      d.actual = "the conclusion is false";
    }
    checked::dispatchViolation(checked::TheoremViolation(std::move(d)), m_report);
  }
  pending.samples.clear();
}

}  // namespace proofport::interp