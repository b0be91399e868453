// Run-time checks: the selection of the theorems about an operation, their split into what is
// evaluated before a call and after it, and the check of one call.
#include "proofport/interp/Runtime.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "proofport/interp/Evaluate.h"
#include "proofport/spec/Error.h"

namespace proofport::interp {

namespace {

/// A value computed for one check and read by the rewritten statement as a constant: a subterm
/// evaluated before the call, or the call's result. A subterm that failed before the call fails
/// where it is read, as it would have in one evaluation.
class Cell final : public Callable {
public:
  explicit Cell(std::string text) : m_text(std::move(text)) {}
  std::size_t arity() const override { return 0; }
  Value call(std::span<const Value>) const override {
    if (!m_error.empty()) {
      throwEvaluationError(m_error);
    }
    return m_value;
  }
  std::string describe() const override { return m_text; }
  void set(Value value, std::string error) const {
    m_value = std::move(value);
    m_error = std::move(error);
  }

private:
  std::string m_text;
  mutable Value m_value;
  mutable std::string m_error;
};

/// A node that reads `cell`, of `like`'s type and place.
ExprPtr cellNode(const std::shared_ptr<const Cell> &cell, const Expr &like) {
  auto node = std::make_shared<Expr>();
  node->kind = ExprKind::Call;
  node->type = like.type;
  node->position = like.position;
  node->callee = cell;
  node->name = cell->describe();
  return node;
}

/// Whether `type` mentions a structure type of `registry` or a function: its values may refer
/// to a live structure, so they are not kept from before a call.
bool mayReferToStructure(const Type &type, const Registry &registry) {
  if (type.kind() == Type::Kind::Arrow) {
    return true;
  }
  if (type.kind() == Type::Kind::Constant && registry.findStructure(type.name()) != nullptr) {
    return true;
  }
  return std::any_of(type.args().begin(), type.args().end(),
                     [&](const Type &arg) { return mayReferToStructure(arg, registry); });
}

bool isStructure(const Type &type, const Registry &registry) {
  return type.kind() == Type::Kind::Constant && registry.findStructure(type.name()) != nullptr;
}

bool walksContents(const Walk &walk) {
  return walk.step == Walk::Step::Contents ||
         std::any_of(walk.next.begin(), walk.next.end(), walksContents);
}

/// The slots `e` reads that it does not bind itself.
void freeSlots(const Expr &e, std::set<std::size_t> &bound, std::set<std::size_t> &out) {
  auto child = [&](const ExprPtr &arg) { freeSlots(*arg, bound, out); };
  auto binding = [&](std::size_t from, std::size_t count, const ExprPtr &body) {
    std::vector<std::size_t> added;
    for (std::size_t s = from; s < from + count; ++s) {
      if (bound.insert(s).second) {
        added.push_back(s);
      }
    }
    child(body);
    for (std::size_t s : added) {
      bound.erase(s);
    }
  };
  switch (e.kind) {
  case ExprKind::Local:
    if (!bound.count(e.slot)) {
      out.insert(e.slot);
    }
    return;
  case ExprKind::Lambda: binding(e.slot, e.count, e.args[0]); return;
  case ExprKind::Forall:
  case ExprKind::Exists:
    for (const auto &[slot, walk] : e.domain.walks) {
      if (!bound.count(slot)) {
        out.insert(slot);
      }
    }
    binding(e.slot, 1, e.args[0]);
    return;
  case ExprKind::Let:
    child(e.args[0]);
    binding(e.slot, 1, e.args[1]);
    return;
  default:
    for (const ExprPtr &arg : e.args) {
      child(arg);
    }
  }
}

std::set<std::size_t> freeSlots(const Expr &e) {
  std::set<std::size_t> bound;
  std::set<std::size_t> out;
  freeSlots(e, bound, out);
  return out;
}

/// A call of an operation on a structure binder: its name, and its arguments after the
/// structure (binder slots or literals).
struct Hole {
  std::string name;
  const Expr *call = nullptr;
  std::size_t structureSlot = 0;
};

bool sameCall(const Expr &a, const Expr &b) {
  if (a.kind != ExprKind::Call || b.kind != ExprKind::Call || a.name != b.name ||
      a.args.size() != b.args.size() || a.callee != b.callee) {
    return false;
  }
  for (std::size_t i = 0; i < a.args.size(); ++i) {
    const Expr &x = *a.args[i];
    const Expr &y = *b.args[i];
    if (x.kind != y.kind) {
      return false;
    }
    if (x.kind == ExprKind::Local ? x.slot != y.slot : !identical(x.value, y.value)) {
      return false;
    }
  }
  return true;
}

/// Every call of a registered operation on a structure binder with binders or literals as its
/// other arguments, in pre-order.
void findHoles(const Expr &e, const std::set<std::size_t> &structureSlots,
               const std::set<std::size_t> &binderSlots, const Registry &registry,
               std::vector<Hole> &out) {
  if (e.kind == ExprKind::Call && !e.args.empty() && e.callee &&
      e.args.size() == e.callee->arity() && e.args[0]->kind == ExprKind::Local &&
      structureSlots.count(e.args[0]->slot) && registry.operations(e.name) != nullptr &&
      mayReferToStructure(e.type, registry) && e.type.kind() != Type::Kind::Arrow) {
    bool plain = true;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
      const Expr &arg = *e.args[i];
      plain = plain && ((arg.kind == ExprKind::Local && binderSlots.count(arg.slot) &&
                         arg.slot != e.args[0]->slot) ||
                        arg.kind == ExprKind::Literal);
    }
    if (plain) {
      out.push_back(Hole{e.name, &e, e.args[0]->slot});
    }
  }
  for (const ExprPtr &arg : e.args) {
    findHoles(*arg, structureSlots, binderSlots, registry, out);
  }
}

/// Why a rewrite failed.
struct Refused {
  std::string reason;
};

}  // namespace

/// A theorem ready to check after a call: its statement rewritten over cells (what is read of
/// the structure before the call, and the call's result), how each binder is bound.
struct RuntimeChecks::Selected {
  RuntimeTheorem info;
  /// The statement as elaborated (the terms evaluated before the call read it).
  ElaboratedStatement original;
  /// The statement with the call and the before terms replaced by cells.
  ElaboratedStatement rewritten;
  std::vector<ExprPtr> beforeTerms;
  std::vector<std::shared_ptr<const Cell>> beforeCells;
  std::shared_ptr<const Cell> result;
  /// The call's arguments after the structure: their types, and literals where written so.
  std::vector<Type> argumentTypes;
  std::vector<std::optional<Value>> literals;
  /// Per value binder: 0 the structure, i ≥ 1 the call's i-th argument, npos drawn.
  std::vector<std::size_t> source;
  std::vector<std::string> slotNames;
};

namespace {

constexpr std::size_t kDrawn = static_cast<std::size_t>(-1);

/// The rewrite of one statement around one hole.
class Rewriter {
public:
  Rewriter(const Registry &registry, const Hole &hole, const std::set<std::size_t> &binderSlots,
           RuntimeChecks::Selected &out)
      : m_registry(registry), m_hole(hole), m_binderSlots(binderSlots), m_out(out) {}

  ExprPtr rewrite(const ExprPtr &e) {
    if (sameCall(*e, *m_hole.call)) {
      return cellNode(m_out.result, *e);
    }
    checkCost(*e);
    const bool hole = containsHole(*e);
    if (!hole && !mayReferToStructure(e->type, m_registry)) {
      const std::set<std::size_t> free = freeSlots(*e);
      if (free.count(m_hole.structureSlot)) {
        checkCostWithin(*e);
      }
      if (free.count(m_hole.structureSlot) &&
          std::includes(m_binderSlots.begin(), m_binderSlots.end(), free.begin(), free.end())) {
        auto cell =
            std::make_shared<const Cell>("(before the call) " + describe(*e, m_out.slotNames));
        m_out.beforeTerms.push_back(e);
        m_out.beforeCells.push_back(cell);
        return cellNode(cell, *e);
      }
    }
    if (e->kind == ExprKind::Local && e->slot == m_hole.structureSlot) {
      throw Refused{"reads the structure before the call where its value is not kept (at " +
                    lean::toString(e->position) + ")"};
    }
    if ((e->kind == ExprKind::Forall || e->kind == ExprKind::Exists)) {
      for (const auto &[slot, walk] : e->domain.walks) {
        if (slot == m_hole.structureSlot) {
          throw Refused{"a quantifier at " + lean::toString(e->position) +
                        " ranges over the structure before the call"};
        }
      }
    }
    auto copy = std::make_shared<Expr>(*e);
    for (ExprPtr &arg : copy->args) {
      arg = rewrite(arg);
    }
    return copy;
  }

private:
  bool containsHole(const Expr &e) const {
    if (sameCall(e, *m_hole.call)) {
      return true;
    }
    return std::any_of(e.args.begin(), e.args.end(),
                       [&](const ExprPtr &arg) { return containsHole(*arg); });
  }

  /// A call that copies or lists a whole structure, or a quantifier over a structure's
  /// elements, would make a check cost what the structure holds.
  void checkCost(const Expr &e) const {
    if (e.kind == ExprKind::Call && e.callee) {
      const bool takesStructure =
          std::any_of(e.args.begin(), e.args.end(),
                      [&](const ExprPtr &arg) { return isStructure(arg->type, m_registry); });
      if (takesStructure && (e.type.is("List") || mayReferToStructure(e.type, m_registry))) {
        throw Refused{"whole-structure operation " + e.name + " at " + lean::toString(e.position)};
      }
    }
    if (e.kind == ExprKind::Forall || e.kind == ExprKind::Exists) {
      for (const auto &[slot, walk] : e.domain.walks) {
        if (walksContents(walk)) {
          throw Refused{"a quantifier at " + lean::toString(e.position) +
                        " ranges over a structure's elements"};
        }
      }
    }
  }

  void checkCostWithin(const Expr &e) const {
    checkCost(e);
    for (const ExprPtr &arg : e.args) {
      checkCostWithin(*arg);
    }
  }

  const Registry &m_registry;
  const Hole &m_hole;
  const std::set<std::size_t> &m_binderSlots;
  RuntimeChecks::Selected &m_out;
};

/// Whether run-time checks draw values of `type`: Bool, Nat, Unit, value types, options of
/// those (an argument type is drawn from the pool).
bool drawable(const Type &type, const Registry &registry) {
  if (type.kind() != Type::Kind::Constant) {
    return false;
  }
  if (type.is("Bool") || type.is("Nat") || type.is("Unit")) {
    return true;
  }
  if (type.is("Option")) {
    return drawable(type.args()[0], registry);
  }
  if (type.is("List") || type.is("Prod") || isStructure(type, registry)) {
    return false;
  }
  return type.args().empty();
}

std::string where(const std::string &source, const lean::Position &position) {
  return source + ":" + std::to_string(position.line);
}

}  // namespace

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

void RuntimeChecks::select(const ElaboratedStatement &statement, const lean::Statement &source,
                           const std::vector<std::string> &operations) {
  std::set<std::size_t> structureSlots;
  std::set<std::size_t> binderSlots;
  for (const ValueBinder &binder : statement.binders) {
    binderSlots.insert(binder.slot);
    if (isStructure(binder.type, m_registry)) {
      structureSlots.insert(binder.slot);
    }
  }
  std::vector<Hole> holes;
  for (const Premise &premise : statement.premises) {
    findHoles(*premise.expr, structureSlots, binderSlots, m_registry, holes);
  }
  findHoles(*statement.conclusion, structureSlots, binderSlots, m_registry, holes);
  if (!operations.empty()) {
    std::erase_if(holes, [&](const Hole &h) {
      return std::find(operations.begin(), operations.end(), h.name) == operations.end();
    });
  }
  if (holes.empty()) {
    m_unused.push_back({statement.name, "no call of a checked operation on a structure binder "
                                        "with binders as its other arguments"});
    return;
  }
  std::string refusal;
  for (const Hole &hole : holes) {
    auto selected = std::make_unique<Selected>();
    Selected &s = *selected;
    s.original = statement;
    s.slotNames.resize(statement.frameSize);
    for (const ValueBinder &binder : statement.binders) {
      s.slotNames[binder.slot] = binder.name;
    }
    s.result = std::make_shared<const Cell>("(the call's result) " + hole.name);
    try {
      for (std::size_t i = 1; i < hole.call->args.size(); ++i) {
        const Expr &arg = *hole.call->args[i];
        s.argumentTypes.push_back(arg.type);
        s.literals.push_back(arg.kind == ExprKind::Literal ? std::optional<Value>(arg.value)
                                                           : std::nullopt);
      }
      for (const ValueBinder &binder : statement.binders) {
        std::size_t from = kDrawn;
        if (binder.slot == hole.structureSlot) {
          from = 0;
        }
        for (std::size_t i = 1; i < hole.call->args.size(); ++i) {
          const Expr &arg = *hole.call->args[i];
          if (arg.kind == ExprKind::Local && arg.slot == binder.slot) {
            from = i;
            break;
          }
        }
        if (from == kDrawn && !drawable(binder.type, m_registry)) {
          throw Refused{"binder " + binder.name + " : " + toString(binder.type) +
                        " is not drawn at run time"};
        }
        s.source.push_back(from);
      }
      Rewriter rewriter(m_registry, hole, binderSlots, s);
      s.rewritten = statement;
      for (Premise &premise : s.rewritten.premises) {
        premise.expr = rewriter.rewrite(premise.expr);
      }
      s.rewritten.conclusion = rewriter.rewrite(statement.conclusion);
    } catch (const Refused &r) {
      if (refusal.empty()) {
        refusal = r.reason;
      }
      continue;
    }
    s.info = RuntimeTheorem{statement.name, hole.name, where(m_source, source.position),
                            statement.conclusionText};
    auto &about = m_about[hole.name];
    about.first.push_back(m_selected.size());
    m_theorems.push_back(s.info);
    m_selected.push_back(std::move(selected));
    return;
  }
  m_unused.push_back({statement.name, refusal});
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
      for (const ExprPtr &term : s.beforeTerms) {
        try {
          out.before.push_back(evaluateSubterm(s.original, *term, out.binders));
          out.errors.emplace_back();
        } catch (const ContractError &) {
          throw;
        } catch (const std::exception &e) {
          out.before.emplace_back();
          out.errors.emplace_back(e.what());
        }
      }
      pending.samples.push_back(std::move(out));
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
    if (!evaluation.premisesHold && evaluation.failure.empty()) {
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
