// Evaluation of elaborated trees: slots, lazy connectives (Kleene's, around an undecided
// quantifier), closures, bounded quantifiers, domain checks, and the verdict of one case.
#include "proofport/interp/Evaluate.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace proofport::interp {

EvaluationError::EvaluationError(std::string message)
    : Error(Worded{message}, "interp::evaluate", "a case that evaluates", message) {}

[[noreturn]] void throwEvaluationError(std::string message) {
  throw EvaluationError(std::move(message));
}

Undecided::Undecided(std::string message) : EvaluationError(std::move(message)) {}

[[noreturn]] void throwUndecided(std::string message) { throw Undecided(std::move(message)); }

namespace {

/// What one evaluation shares with the closures it makes.
struct State {
  std::vector<BranchRecord> branches;
  std::size_t depth = 0;
  std::size_t frameSize = 0;
};

/// Counts nesting; past kMaxEvaluationDepth the case fails.
class DepthGuard {
public:
  explicit DepthGuard(State &state) : m_state(state) {
    if (++m_state.depth > kMaxEvaluationDepth) {
      --m_state.depth;
      throwEvaluationError("evaluation deeper than " + std::to_string(kMaxEvaluationDepth) +
                           " nested steps");
    }
  }
  ~DepthGuard() { --m_state.depth; }
  DepthGuard(const DepthGuard &) = delete;
  DepthGuard &operator=(const DepthGuard &) = delete;

private:
  State &m_state;
};

Value eval(const Expr &e, std::vector<Value> &env, const std::shared_ptr<State> &state);

/// A statement's `fun x => body`: the slots before its parameters captured when it was made.
class LambdaClosure final : public Callable {
public:
  LambdaClosure(ExprPtr body, std::size_t slot, std::size_t count, std::vector<Value> captured,
                std::shared_ptr<State> state)
      : m_body(std::move(body)), m_slot(slot), m_count(count), m_captured(std::move(captured)),
        m_state(std::move(state)) {}
  std::size_t arity() const override { return m_count; }
  Value call(std::span<const Value> args) const override {
    std::vector<Value> env(m_captured);
    env.resize(std::max(m_state->frameSize, m_slot + m_count));
    for (std::size_t i = 0; i < m_count; ++i) {
      env[m_slot + i] = args[i];
    }
    return eval(*m_body, env, m_state);
  }
  // A lambda of the statement prints as `fun _ => …` (its body is the statement's text).
  std::string describe() const override { return "_ => …"; }

private:
  ExprPtr m_body;
  std::size_t m_slot;
  std::size_t m_count;
  std::vector<Value> m_captured;
  std::shared_ptr<State> m_state;
};

/// A closed proposition over its arguments (an operation's domain from its signature).
class ClosedCallable final : public Callable {
public:
  ClosedCallable(ExprPtr body, std::size_t arity, std::size_t frameSize, std::string name)
      : m_body(std::move(body)), m_arity(arity), m_frameSize(frameSize), m_name(std::move(name)) {}
  std::size_t arity() const override { return m_arity; }
  Value call(std::span<const Value> args) const override {
    auto state = std::make_shared<State>();
    state->frameSize = std::max(m_frameSize, m_arity);
    std::vector<Value> env(state->frameSize);
    std::copy(args.begin(), args.end(), env.begin());
    return eval(*m_body, env, state);
  }
  std::string describe() const override { return m_name; }

private:
  ExprPtr m_body;
  std::size_t m_arity;
  std::size_t m_frameSize;
  std::string m_name;
};

void addUnique(std::vector<Value> &out, const Value &v) {
  for (const Value &seen : out) {
    if (identical(seen, v)) {
      return;
    }
  }
  out.push_back(v);
}

void walk(const Value &v, const Walk &w, std::vector<Value> &out) {
  auto into = [&](const Value &x) {
    for (const Walk &next : w.next) {
      walk(x, next, out);
    }
  };
  switch (w.step) {
  case Walk::Step::Take: addUnique(out, v); return;
  case Walk::Step::Some:
    if (const Value *x = v.asOption()) {
      into(*x);
    }
    return;
  case Walk::Step::First: into(v.first()); return;
  case Walk::Step::Second: into(v.second()); return;
  case Walk::Step::Elements:
    for (const Value &x : v.asList()) {
      into(x);
    }
    return;
  case Walk::Step::Contents:
    for (const Value &x : v.opaqueType().elements(v.opaqueData())) {
      into(x);
    }
    return;
  }
}

std::vector<Value> domainValues(const QuantifierDomain &domain, std::vector<Value> &env,
                                const std::shared_ptr<State> &state) {
  if (domain.finite) {
    return domain.values;
  }
  std::vector<Value> out;
  for (const auto &[slot, w] : domain.walks) {
    walk(env[slot], w, out);
  }
  for (const auto &[collection, w] : domain.collections) {
    // A collection that cannot be evaluated here (a domain not met that a premise before its
    // membership rules out) adds nothing: its membership fails wherever it is reached.
    try {
      walk(eval(*collection, env, state), w, out);
    } catch (const EvaluationError &) {
    }
  }
  if (!domain.finite) {
    out.insert(out.end(), domain.values.begin(), domain.values.end());
  }
  return out;
}

std::string where(const Expr &e) {
  return std::to_string(e.position.line) + ":" + std::to_string(e.position.column);
}

Value call(const Expr &e, std::vector<Value> &env, const std::shared_ptr<State> &state) {
  std::vector<Value> args;
  args.reserve(e.args.size());
  for (const ExprPtr &arg : e.args) {
    args.push_back(eval(*arg, env, state));
  }
  for (const DomainCheck &d : e.domains) {
    if (!d.check->call(std::span<const Value>(args.data(), d.arity)).asBool()) {
      throwEvaluationError("domain of " + e.name + " not met at " + where(e) + " (" + d.text + ")");
    }
  }
  const std::size_t arity = e.callee->arity();
  if (args.size() < arity) {
    return Value::function(e.callee, std::move(args));
  }
  try {
    Value result = e.callee->call(std::span<const Value>(args.data(), arity));
    return args.size() == arity ? result
                                : applyValue(result, std::span<const Value>(args.data() + arity,
                                                                            args.size() - arity));
  } catch (const Error &) {
    throw;
  } catch (const std::exception &ex) {
    throwEvaluationError(e.name + " at " + where(e) + " threw: " + ex.what());
  }
}

/// `a ∧ b`, `a ∨ b` and `a → b` in Kleene's logic, `truth(0)` and `truth(1)` deciding `a` and
/// `b`: the result is `decisive` as soon as one operand decides it (`∧` false at a false
/// operand, `∨` true at a true one, `→` true at a false premise or a true conclusion; the first
/// operand is read negated for `→`). A first operand that is undecided (Undecided) leaves the
/// decision to the second alone; the case stays undecided if that one does not decide.
/// A second operand that fails (a domain not met that the undecided first operand may rule
/// out, as a premise does) leaves the connective undecided too.
template <class Truth>
bool connective(const Truth &truth, bool decisive, bool firstNegated) {
  std::string undecided;
  try {
    if ((truth(0) != firstNegated) == decisive) {
      return decisive;
    }
  } catch (const Undecided &u) {
    undecided = u.what();
  }
  if (undecided.empty()) {
    return truth(1);
  }
  bool second = false;
  try {
    second = truth(1);
  } catch (const EvaluationError &) {
    throwUndecided(std::move(undecided));
  }
  if (second != decisive) {
    throwUndecided(std::move(undecided));
  }
  return decisive;
}

Value eval(const Expr &e, std::vector<Value> &env, const std::shared_ptr<State> &state) {
  DepthGuard guard(*state);
  auto truth = [&](std::size_t i) { return eval(*e.args[i], env, state).asBool(); };
  switch (e.kind) {
  case ExprKind::Literal: return e.value;
  case ExprKind::Local: return env[e.slot];
  case ExprKind::Call: return call(e, env, state);
  case ExprKind::Apply: {
    const Value f = eval(*e.args[0], env, state);
    std::vector<Value> args;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
      args.push_back(eval(*e.args[i], env, state));
    }
    return applyValue(f, args);
  }
  case ExprKind::Lambda:
    return Value::function(std::make_shared<const LambdaClosure>(
        e.args[0], e.slot, e.count,
        std::vector<Value>(env.begin(), env.begin() + static_cast<std::ptrdiff_t>(e.slot)), state));
  case ExprKind::If: {
    const bool c = truth(0);
    if (e.branch >= state->branches.size()) {
      state->branches.resize(e.branch + 1);
    }
    (c ? state->branches[e.branch].thenTaken : state->branches[e.branch].elseTaken) = true;
    return eval(*e.args[c ? 1 : 2], env, state);
  }
  case ExprKind::And: return Value::boolean(connective(truth, false, false));
  case ExprKind::Or: return Value::boolean(connective(truth, true, false));
  case ExprKind::Implies: return Value::boolean(connective(truth, true, true));
  case ExprKind::Not: return Value::boolean(!truth(0));
  case ExprKind::Iff: return Value::boolean(truth(0) == truth(1));
  case ExprKind::Identical:
    return Value::boolean(identical(eval(*e.args[0], env, state), eval(*e.args[1], env, state)));
  case ExprKind::BEq:
    return Value::boolean(beq(eval(*e.args[0], env, state), eval(*e.args[1], env, state)));
  case ExprKind::Forall:
  case ExprKind::Exists: {
    const bool forall = e.kind == ExprKind::Forall;
    // A value whose body is undecided leaves the quantifier undecided unless another decides.
    std::optional<std::string> undecided;
    for (const Value &v : domainValues(e.domain, env, state)) {
      env[e.slot] = v;
      try {
        if (truth(0) != forall) {
          return Value::boolean(!forall);
        }
      } catch (const Undecided &u) {
        undecided = u.what();
      }
    }
    if (undecided) {
      throwUndecided(std::move(*undecided));
    }
    if (e.domain.undecidedWhenExhausted) {
      throwUndecided((forall ? "no counterexample to ∀ at " : "no witness of ∃ at ") + where(e) +
                     " among the values in scope of " + toString(e.bound));
    }
    return Value::boolean(forall);
  }
  case ExprKind::Let:
    env[e.slot] = eval(*e.args[0], env, state);
    return eval(*e.args[1], env, state);
  case ExprKind::List: {
    std::vector<Value> elements;
    for (const ExprPtr &arg : e.args) {
      elements.push_back(eval(*arg, env, state));
    }
    return Value::list(std::move(elements));
  }
  case ExprKind::Pair:
    return Value::pair(eval(*e.args[0], env, state), eval(*e.args[1], env, state));
  case ExprKind::Domain: {
    std::vector<Value> args;
    for (const ExprPtr &arg : e.args) {
      args.push_back(eval(*arg, env, state));
    }
    return e.domains.at(0).check->call(args);
  }
  case ExprKind::Coerce: return eval(*e.args[0], env, state);
  }
  return Value();
}

/// Whether a value is one of a ground type's (opaque values by their registered Lean type;
/// a function by being one).   Cost: O(value)
bool fits(const Value &v, const Type &type) {
  switch (v.kind()) {
  case ValueKind::Bool: return type.is("Bool") || type.is("Prop");
  case ValueKind::Nat: return type.is("Nat");
  case ValueKind::Unit: return type.is("Unit");
  case ValueKind::Option:
    return type.is("Option") && (!v.asOption() || fits(*v.asOption(), type.args()[0]));
  case ValueKind::Prod:
    return type.is("Prod") && fits(v.first(), type.args()[0]) && fits(v.second(), type.args()[1]);
  case ValueKind::List:
    return type.is("List") && std::all_of(v.asList().begin(), v.asList().end(),
                                          [&](const Value &x) { return fits(x, type.args()[0]); });
  case ValueKind::Function: return type.kind() == Type::Kind::Arrow;
  case ValueKind::Opaque: return v.opaqueType().leanName == toString(type);
  }
  return false;
}

/// The conclusion, with both sides of a top-level relation printed.
bool conclude(const Expr &root, std::vector<Value> &env, const std::shared_ptr<State> &state,
              Evaluation &out) {
  const Expr *e = &root;
  while (e->kind == ExprKind::Coerce) {
    e = e->args[0].get();
  }
  const bool relation =
      e->kind == ExprKind::Identical || e->kind == ExprKind::Iff || e->kind == ExprKind::BEq;
  const bool order = e->kind == ExprKind::Call && e->args.size() == 2 && e->domains.empty() &&
                     (e->name == "LE.le" || e->name == "LT.lt");
  if (!relation && !order) {
    return eval(root, env, state).asBool();
  }
  const Value lhs = eval(*e->args[0], env, state);
  out.lhs = print(lhs);
  const Value rhs = eval(*e->args[1], env, state);
  out.rhs = print(rhs);
  const std::array<Value, 2> sides{lhs, rhs};
  switch (e->kind) {
  case ExprKind::Identical: out.relation = std::string("="); return identical(lhs, rhs);
  case ExprKind::BEq: out.relation = std::string("=="); return beq(lhs, rhs);
  case ExprKind::Iff: out.relation = std::string("↔"); return lhs.asBool() == rhs.asBool();
  default:
    out.relation = std::string(e->name == "LE.le" ? "≤" : "<");
    return e->callee->call(sides).asBool();
  }
}

}  // namespace

std::shared_ptr<const Callable> closedCallable(ExprPtr body, std::size_t arity,
                                               std::size_t frameSize, std::string name) {
  return std::make_shared<const ClosedCallable>(std::move(body), arity, frameSize, std::move(name));
}

std::optional<Value> evaluateTerm(const ElaboratedStatement &statement, const Expr &term,
                                  std::span<const Value> values) {
  if (values.size() > statement.binders.size()) {
    return std::nullopt;
  }
  auto state = std::make_shared<State>();
  state->frameSize = statement.frameSize;
  std::vector<Value> env(statement.frameSize);
  for (std::size_t i = 0; i < values.size(); ++i) {
    env[statement.binders[i].slot] = values[i];
  }
  try {
    return eval(term, env, state);
  } catch (const std::exception &) {
    return std::nullopt;
  }
}

namespace {

/// The frame of `statement` with `values` in its binders' slots.
/// Throws: ContractError if `values` has not one value per binder, or one does not fit.
std::vector<Value> frameOf(const ElaboratedStatement &statement, std::span<const Value> values) {
  if (values.size() != statement.binders.size()) {
    throwMisuse("interp::evaluate " + statement.name,
                std::to_string(statement.binders.size()) + " binder values",
                std::to_string(values.size()));
  }
  std::vector<Value> env(statement.frameSize);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const ValueBinder &binder = statement.binders[i];
    if (!fits(values[i], binder.type)) {
      throwMisuse("interp::evaluate " + statement.name,
                  "a value of type " + toString(binder.type) + " for " + binder.name,
                  print(values[i]));
    }
    env[binder.slot] = values[i];
  }
  return env;
}

}  // namespace

Value evaluateSubterm(const ElaboratedStatement &statement, const Expr &term,
                      std::span<const Value> values) {
  std::vector<Value> env = frameOf(statement, values);
  auto state = std::make_shared<State>();
  state->frameSize = statement.frameSize;
  state->branches.resize(statement.branches.size());
  return eval(term, env, state);
}

Evaluation evaluate(const ElaboratedStatement &statement, std::span<const Value> values) {
  std::vector<Value> env = frameOf(statement, values);
  auto state = std::make_shared<State>();
  state->frameSize = statement.frameSize;
  state->branches.resize(statement.branches.size());
  Evaluation out;
  try {
    out.premisesHold = true;
    for (const Premise &premise : statement.premises) {
      const bool holds = eval(*premise.expr, env, state).asBool();
      out.premises.push_back(holds);
      if (!holds) {
        out.premisesHold = false;
        break;
      }
    }
    if (out.premisesHold) {
      out.conclusion = conclude(*statement.conclusion, env, state, out);
    }
    out.holds = !out.premisesHold || *out.conclusion;
  } catch (const Undecided &u) {
    out.undecided = u.what();
    out.holds = true;
  } catch (const std::exception &e) {
    out.failure = e.what();
    out.holds = false;
  } catch (...) {
    out.failure = "an exception that is not a std::exception";
    out.holds = false;
  }
  out.branches = std::move(state->branches);
  out.branches.resize(statement.branches.size());
  for (std::size_t i = 0; i < statement.branches.size(); ++i) {
    out.branches[i].position = statement.branches[i];
  }
  return out;
}

}  // namespace proofport::interp
