// Run-time checks: which theorems are about an operation, and their split into what is
// evaluated before a call and what after it.
#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "proofport/interp/Evaluate.h"
#include "proofport/spec/Error.h"

#include "FreeSlots.h"
#include "RuntimeParts.h"

namespace proofport::interp {

namespace {

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

bool walksContents(const Walk &walk) {
  return walk.step == Walk::Step::Contents ||
         std::any_of(walk.next.begin(), walk.next.end(), walksContents);
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

/// Refuses a theorem for run-time checks, with why.
[[noreturn]] void refuse(std::string reason) { throw Refused{std::move(reason)}; }

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
      refuse("reads the structure before the call where its value is not kept (at " +
             lean::toString(e->position) + ")");
    }
    if ((e->kind == ExprKind::Forall || e->kind == ExprKind::Exists)) {
      for (const auto &[slot, walk] : e->domain.walks) {
        if (slot == m_hole.structureSlot) {
          refuse("a quantifier at " + lean::toString(e->position) +
                 " ranges over the structure before the call");
        }
      }
    }
    auto copy = std::make_shared<Expr>(*e);
    for (ExprPtr &arg : copy->args) {
      arg = rewrite(arg);
    }
    for (auto &[collection, walk] : copy->domain.collections) {
      collection = rewrite(collection);
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
        refuse("whole-structure operation " + e.name + " at " + lean::toString(e.position));
      }
    }
    if (e.kind == ExprKind::Forall || e.kind == ExprKind::Exists) {
      for (const auto &[slot, walk] : e.domain.walks) {
        if (walksContents(walk)) {
          refuse("a quantifier at " + lean::toString(e.position) +
                 " ranges over a structure's elements");
        }
      }
      for (const auto &[collection, walk] : e.domain.collections) {
        if (walksContents(walk)) {
          refuse("a quantifier at " + lean::toString(e.position) +
                 " ranges over a structure's elements");
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
          refuse("binder " + binder.name + " : " + toString(binder.type) +
                 " is not drawn at run time");
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

}  // namespace proofport::interp
