// The premises of a statement read for what its draws should aim at, and each binder's
// generator aimed at them.
#include "proofport/interp/Aim.h"

#include <algorithm>
#include <memory>
#include <set>
#include <utility>

#include "proofport/interp/Evaluate.h"

#include "FreeSlots.h"

namespace proofport::interp {

namespace {

/// The statement binder whose value sits in `slot`, if one does.
std::optional<std::size_t> binderAt(const ElaboratedStatement &statement, std::size_t slot) {
  for (std::size_t i = 0; i < statement.binders.size(); ++i) {
    if (statement.binders[i].slot == slot) {
      return i;
    }
  }
  return std::nullopt;
}

/// The statement binders `e` reads (freeSlots, through binderAt).
std::set<std::size_t> readsOf(const ElaboratedStatement &statement, const Expr &e) {
  std::set<std::size_t> out;
  for (std::size_t slot : freeSlots(e)) {
    if (const std::optional<std::size_t> b = binderAt(statement, slot)) {
      out.insert(*b);
    }
  }
  return out;
}

bool isTrue(const Expr &e) {
  return e.kind == ExprKind::Literal && e.value.kind() == ValueKind::Bool && e.value.asBool();
}

/// A premise split at `∧`, a Bool read as a Prop and `b = true` looked through.
void conjuncts(const ExprPtr &e, std::vector<ExprPtr> &out) {
  if (e->kind == ExprKind::And) {
    conjuncts(e->args[0], out);
    conjuncts(e->args[1], out);
  } else if (e->kind == ExprKind::Coerce) {
    conjuncts(e->args[0], out);
  } else if (e->kind == ExprKind::Identical && isTrue(*e->args[1])) {
    conjuncts(e->args[0], out);
  } else {
    out.push_back(e);
  }
}

/// The statement binder a term is (a local of a binder), if it is one.
std::optional<std::size_t> binderOf(const ElaboratedStatement &statement, const Expr &e) {
  return e.kind == ExprKind::Local ? binderAt(statement, e.slot) : std::nullopt;
}

/// The binders of a membership's element: pairs walked, other leaves skipped.
void components(const ElaboratedStatement &statement, const Expr &e, std::vector<bool> &path,
                std::vector<MemberComponent> &out) {
  if (e.kind == ExprKind::Pair) {
    for (bool second : {false, true}) {
      path.push_back(second);
      components(statement, *e.args[second ? 1 : 0], path, out);
      path.pop_back();
    }
  } else if (const std::optional<std::size_t> b = binderOf(statement, e)) {
    out.push_back(MemberComponent{*b, path});
  }
}

std::optional<Membership> membership(const ElaboratedStatement &statement, const ExprPtr &e) {
  if (e->kind != ExprKind::Call || e->name != "Membership.mem" || e->args.size() != 2) {
    return std::nullopt;
  }
  Membership out;
  out.container = e->args[0];
  out.element = e->args[1];
  out.containerType = out.container->type;
  out.elementType = out.element->type;
  std::vector<bool> path;
  components(statement, *out.element, path, out.components);
  std::sort(out.components.begin(), out.components.end(),
            [](const MemberComponent &a, const MemberComponent &b) { return a.binder < b.binder; });
  if (out.components.empty()) {
    return std::nullopt;
  }
  for (std::size_t k = 1; k < out.components.size(); ++k) {
    if (out.components[k].binder == out.components[k - 1].binder) {
      return std::nullopt;  // `⟨k, k⟩ ∈ l`: one binder, two places
    }
  }
  const std::set<std::size_t> container = readsOf(statement, *out.container);
  const std::size_t first = out.components.front().binder;
  const std::size_t last = out.components.back().binder;
  if (container.empty() || *container.rbegin() < first) {
    out.drawFromMembers = true;
    return out;
  }
  const std::optional<std::size_t> binder = binderOf(statement, *out.container);
  if (binder && *binder > last && out.containerType.is("List")) {
    out.buildBinder = binder;
    return out;
  }
  return std::nullopt;
}

/// The members of `container` (a value of `type`) of type `element`: a list's elements, a
/// structure's elements, or a map's keys (its elements' first components).
std::vector<Value> members(const Value &container, const Type &type, const Type &element,
                           const Registry &registry, const Instantiation &instantiation) {
  if (container.kind() == ValueKind::List) {
    return type.is("List") && type.args()[0] == element ? container.asList() : std::vector<Value>{};
  }
  if (container.kind() != ValueKind::Opaque || !container.opaqueType().elements) {
    return {};
  }
  const Realization *realization = registry.realizationFor(type, instantiation);
  if (realization == nullptr) {
    return {};
  }
  std::vector<Value> all = container.opaqueType().elements(container.opaqueData());
  if (realization->elementType == element) {
    return all;
  }
  if (realization->elementType.is("Prod") && realization->elementType.args()[0] == element) {
    for (Value &v : all) {
      v = Value(v.first());
    }
    return all;
  }
  return {};
}

/// The part of `element` at `path`.
const Value &at(const Value &element, const std::vector<bool> &path) {
  const Value *v = &element;
  for (bool second : path) {
    v = second ? &v->second() : &v->first();
  }
  return *v;
}

/// The element rebuilt from the drawn binders' values; empty where a leaf is not a binder.
std::optional<Value> rebuild(const ElaboratedStatement &statement, const Expr &e,
                             std::span<const Value> drawn) {
  if (e.kind == ExprKind::Pair) {
    std::optional<Value> a = rebuild(statement, *e.args[0], drawn);
    std::optional<Value> b = rebuild(statement, *e.args[1], drawn);
    if (!a || !b) {
      return std::nullopt;
    }
    return Value::pair(std::move(*a), std::move(*b));
  }
  const std::optional<std::size_t> b = binderOf(statement, e);
  if (!b || *b >= drawn.size()) {
    return std::nullopt;
  }
  return drawn[*b];
}

void addDistinct(std::vector<Value> &out, Value v) {
  if (std::none_of(out.begin(), out.end(), [&](const Value &w) { return identical(w, v); })) {
    out.push_back(std::move(v));
  }
}

/// `list` with `element` inserted at a drawn place; `dropEqual`: first with every element
/// `==` to it (by first component, for pairs) dropped.
rc::Gen<Value> holding(const rc::Gen<Value> &list, Value element, bool dropEqual) {
  return rc::gen::map(
      rc::gen::pair(list, rc::gen::inRange<std::size_t>(0, kMaxDrawnLength + 1)),
      [element = std::move(element), dropEqual](const std::pair<Value, std::size_t> &drawn) {
        std::vector<Value> items;
        const bool pairs = element.kind() == ValueKind::Prod;
        for (const Value &v : drawn.first.asList()) {
          const bool equal = pairs ? beq(v.first(), element.first()) : beq(v, element);
          if (!dropEqual || !equal) {
            items.push_back(v);
          }
        }
        items.insert(items.begin() +
                         static_cast<std::ptrdiff_t>(std::min(drawn.second, items.size())),
                     element);
        return Value::list(std::move(items));
      });
}

/// The first of kPremiseTries draws of `generator` that `meets`, shrinking only to values that
/// meet it too; the first draw when none does.
rc::Gen<Value> meeting(rc::Gen<Value> generator, std::function<bool(const Value &)> meets) {
  return rc::Gen<Value>([generator = std::move(generator),
                         meets = std::move(meets)](const rc::Random &random, int size) {
    rc::Random r(random);
    std::optional<rc::Shrinkable<Value>> first;
    for (int tries = 0; tries < kPremiseTries; ++tries) {
      rc::Shrinkable<Value> drawn = generator(r.split(), size);
      if (meets(drawn.value())) {
        return std::move(*rc::shrinkable::filter(std::move(drawn), meets));
      }
      if (!first) {
        first = std::move(drawn);
      }
    }
    return std::move(*first);
  });
}

}  // namespace

Aims aimsOf(const ElaboratedStatement &statement) {
  Aims out;
  out.decidedAt.resize(statement.binders.size());
  for (const Premise &premise : statement.premises) {
    std::vector<ExprPtr> parts;
    conjuncts(premise.expr, parts);
    for (const ExprPtr &part : parts) {
      const std::set<std::size_t> read = readsOf(statement, *part);
      if (!read.empty()) {
        out.decidedAt[*read.rbegin()].push_back(part);
      }
      if (std::optional<Membership> m = membership(statement, part)) {
        out.memberships.push_back(std::move(*m));
        continue;
      }
      if (part->kind == ExprKind::BEq || part->kind == ExprKind::Identical) {
        const std::optional<std::size_t> a = binderOf(statement, *part->args[0]);
        const std::optional<std::size_t> b = binderOf(statement, *part->args[1]);
        if (a && b && *a != *b) {
          out.equalities.push_back(
              BinderEquality{std::max(*a, *b), std::min(*a, *b), part->kind == ExprKind::BEq});
        }
      }
    }
  }
  return out;
}

rc::Gen<Value> aimedGenerator(const ElaboratedStatement &statement, const Aims &aims,
                              std::size_t index, const rc::Gen<Value> &generator,
                              std::span<const Value> drawn, std::span<const Type> types,
                              const Registry &registry, const Instantiation &instantiation,
                              const Drawings &drawings) {
  const Type &type = statement.binders[index].type;
  const rc::Gen<Value> inScope =
      aimedAt(generator, candidatesOf(type, drawn, types.first(drawn.size()), registry,
                                      instantiation, drawings));
  std::vector<rc::Gen<Value>> aimed;
  std::optional<rc::Gen<Value>> forced;
  for (const Membership &m : aims.memberships) {
    if (m.buildBinder == index) {
      if (std::optional<Value> element = rebuild(statement, *m.element, drawn)) {
        aimed.push_back(rc::gen::oneOf(holding(generator, *element, false),
                                       holding(generator, *element, true)));
      }
      continue;
    }
    const auto own = std::find_if(m.components.begin(), m.components.end(),
                                  [&](const MemberComponent &c) { return c.binder == index; });
    if (!m.drawFromMembers || own == m.components.end()) {
      continue;
    }
    const std::optional<Value> container = evaluateTerm(statement, *m.container, drawn);
    if (!container) {
      continue;
    }
    // The members whose components drawn so far are the binders' values.
    std::vector<Value> parts;
    for (const Value &member :
         members(*container, m.containerType, m.elementType, registry, instantiation)) {
      const bool matches = std::all_of(m.components.begin(), own, [&](const MemberComponent &c) {
        return identical(at(member, c.path), drawn[c.binder]);
      });
      if (matches) {
        addDistinct(parts, at(member, own->path));
      }
    }
    if (parts.empty()) {
      continue;
    }
    if (own == m.components.begin()) {
      aimed.push_back(rc::gen::elementOf(std::move(parts)));
    } else if (!forced) {
      // The earlier components already make a member: any other value fails the premise.
      forced = rc::gen::elementOf(std::move(parts));
    }
  }
  for (const BinderEquality &e : aims.equalities) {
    if (e.later != index) {
      continue;
    }
    std::vector<Value> targets{drawn[e.earlier]};
    const Value &earlier = drawn[e.earlier];
    if (e.beq && earlier.kind() == ValueKind::Opaque) {
      if (const Drawing *drawing = drawings.find(earlier.opaqueType());
          drawing != nullptr && drawing->equivalents) {
        for (Value &v : drawing->equivalents(earlier)) {
          addDistinct(targets, std::move(v));
        }
      }
    }
    aimed.push_back(rc::gen::elementOf(std::move(targets)));
  }
  rc::Gen<Value> out =
      forced ? *forced
      : aimed.empty()
          ? inScope
          : rc::gen::oneOf(inScope, aimed.size() == 1 ? aimed.front()
                                                      : rc::gen::join(rc::gen::elementOf(aimed)));
  const std::vector<ExprPtr> &decided = aims.decidedAt[index];
  if (decided.empty()) {
    return out;
  }
  std::vector<Value> before(drawn.begin(), drawn.end());
  auto meets = [&statement, decided, before](const Value &value) {
    std::vector<Value> values = before;
    values.push_back(value);
    return std::all_of(decided.begin(), decided.end(), [&](const ExprPtr &part) {
      const std::optional<Value> holds = evaluateTerm(statement, *part, values);
      return holds && holds->kind() == ValueKind::Bool && holds->asBool();
    });
  };
  return rc::gen::oneOf(out, meeting(out, std::move(meets)));
}

}  // namespace proofport::interp
