// The prelude's List functions, on Values.
// Ports: Init/Data/List/Basic.lean (the definitions)
#include "PreludeDefine.h"

namespace proofport::interp::prelude {

namespace {

using Span = std::span<const Value>;

Type listOf(Type t) { return Type::list(std::move(t)); }
Type fn(Type a, Type b) { return Type::arrow(std::move(a), std::move(b)); }

/// Lean's `elem a l`: some element `b` with `a == b` (the query on the left, as Lean has it).
bool elem(const Value &a, const Value &l) {
  for (const Value &b : l.asList()) {
    if (beq(a, b)) {
      return true;
    }
  }
  return false;
}

}  // namespace

void addLists(Registry &r) {
  const Type a = alpha();
  const Type b = beta();
  const std::vector<std::pair<std::string, std::string>> beqA = {{"BEq", "α"}};
  define(r, "List.length", {listOf(a)}, Type::nat(),
         [](Span x) { return Value::nat(x[0].asList().size()); });
  define(r, "List.isEmpty", {listOf(a)}, Type::boolean(),
         [](Span x) { return Value::boolean(x[0].asList().empty()); });
  define(r, "List.map", {fn(a, b), listOf(a)}, listOf(b), [](Span x) {
    Values out;
    for (const Value &e : x[1].asList()) {
      out.push_back(call(x[0], e));
    }
    return Value::list(std::move(out));
  });
  define(r, "List.filter", {fn(a, Type::boolean()), listOf(a)}, listOf(a), [](Span x) {
    Values out;
    for (const Value &e : x[1].asList()) {
      if (holds(call(x[0], e))) {
        out.push_back(e);
      }
    }
    return Value::list(std::move(out));
  });
  define(r, "List.filterMap", {fn(a, Type::option(b)), listOf(a)}, listOf(b), [](Span x) {
    Values out;
    for (const Value &e : x[1].asList()) {
      const Value mapped = call(x[0], e);
      if (const Value *inner = mapped.asOption()) {
        out.push_back(*inner);
      }
    }
    return Value::list(std::move(out));
  });
  define(
      r, "List.elem", {a, listOf(a)}, Type::boolean(),
      [](Span x) { return Value::boolean(elem(x[0], x[1])); }, beqA);
  define(
      r, "List.contains", {listOf(a), a}, Type::boolean(),
      [](Span x) { return Value::boolean(elem(x[1], x[0])); }, beqA);
  define(r, "List.find?", {fn(a, Type::boolean()), listOf(a)}, Type::option(a), [](Span x) {
    for (const Value &e : x[1].asList()) {
      if (holds(call(x[0], e))) {
        return Value::some(e);
      }
    }
    return Value::none();
  });
  define(r, "List.foldl", {fn(a, fn(b, a)), a, listOf(b)}, a, [](Span x) {
    Value acc = x[1];
    for (const Value &e : x[2].asList()) {
      acc = call(x[0], acc, e);
    }
    return acc;
  });
  define(r, "List.foldr", {fn(a, fn(b, b)), b, listOf(a)}, b, [](Span x) {
    Value acc = x[1];
    const Values &l = x[2].asList();
    for (std::size_t i = l.size(); i-- > 0;) {
      acc = call(x[0], l[i], acc);
    }
    return acc;
  });
  define(r, "List.all", {listOf(a), fn(a, Type::boolean())}, Type::boolean(), [](Span x) {
    for (const Value &e : x[0].asList()) {
      if (!holds(call(x[1], e))) {
        return Value::boolean(false);
      }
    }
    return Value::boolean(true);
  });
  define(r, "List.any", {listOf(a), fn(a, Type::boolean())}, Type::boolean(), [](Span x) {
    for (const Value &e : x[0].asList()) {
      if (holds(call(x[1], e))) {
        return Value::boolean(true);
      }
    }
    return Value::boolean(false);
  });
  define(r, "List.Pairwise", {fn(a, fn(a, Type::prop())), listOf(a)}, Type::prop(), [](Span x) {
    const Values &l = x[1].asList();
    for (std::size_t i = 0; i < l.size(); ++i) {
      for (std::size_t j = i + 1; j < l.size(); ++j) {
        if (!holds(call(x[0], l[i], l[j]))) {
          return Value::boolean(false);
        }
      }
    }
    return Value::boolean(true);
  });
  define(r, "List.Nodup", {listOf(a)}, Type::prop(), [](Span x) {
    const Values &l = x[0].asList();
    for (std::size_t i = 0; i < l.size(); ++i) {
      for (std::size_t j = i + 1; j < l.size(); ++j) {
        if (identical(l[i], l[j])) {
          return Value::boolean(false);
        }
      }
    }
    return Value::boolean(true);
  });
  define(r, "List.Perm", {listOf(a), listOf(a)}, Type::prop(),
         [](Span x) { return Value::boolean(detail::sameElements(x[0].asList(), x[1].asList())); });
  define(r, "List.set", {listOf(a), Type::nat(), a}, listOf(a), [](Span x) {
    Values l = x[0].asList();
    if (x[1].asNat() < l.size()) {
      l[x[1].asNat()] = x[2];
    }
    return Value::list(std::move(l));
  });
  define(r, "List.get?", {listOf(a), Type::nat()}, Type::option(a), [](Span x) {
    const Values &l = x[0].asList();
    return x[1].asNat() < l.size() ? Value::some(l[x[1].asNat()]) : Value::none();
  });
  define(r, "List.getD", {listOf(a), Type::nat(), a}, a, [](Span x) {
    const Values &l = x[0].asList();
    return x[1].asNat() < l.size() ? l[x[1].asNat()] : x[2];
  });
  define(r, "List.head?", {listOf(a)}, Type::option(a), [](Span x) {
    const Values &l = x[0].asList();
    return l.empty() ? Value::none() : Value::some(l.front());
  });
  define(r, "List.reverse", {listOf(a)}, listOf(a), [](Span x) {
    Values l(x[0].asList().rbegin(), x[0].asList().rend());
    return Value::list(std::move(l));
  });
  define(r, "List.append", {listOf(a), listOf(a)}, listOf(a), [](Span x) {
    Values l = x[0].asList();
    l.insert(l.end(), x[1].asList().begin(), x[1].asList().end());
    return Value::list(std::move(l));
  });
  define(r, "List.cons", {a, listOf(a)}, listOf(a), [](Span x) {
    Values l{x[0]};
    l.insert(l.end(), x[1].asList().begin(), x[1].asList().end());
    return Value::list(std::move(l));
  });
  define(r, "List.nil", {}, listOf(a), [](Span) { return Value::list({}); });
  define(
      r, "List.lookup", {a, listOf(Type::prod(a, b))}, Type::option(b),
      [](Span x) {
        for (const Value &e : x[1].asList()) {
          if (beq(x[0], e.first())) {
            return Value::some(e.second());
          }
        }
        return Value::none();
      },
      beqA);
  define(
      r, "List.erase", {listOf(a), a}, listOf(a),
      [](Span x) {
        Values l = x[0].asList();
        for (std::size_t i = 0; i < l.size(); ++i) {
          if (beq(l[i], x[1])) {
            l.erase(l.begin() + static_cast<std::ptrdiff_t>(i));
            break;
          }
        }
        return Value::list(std::move(l));
      },
      beqA);
  define(r, "List.take", {Type::nat(), listOf(a)}, listOf(a), [](Span x) {
    const Values &l = x[1].asList();
    const std::size_t n = std::min<std::uint64_t>(x[0].asNat(), l.size());
    return Value::list(Values(l.begin(), l.begin() + static_cast<std::ptrdiff_t>(n)));
  });
  define(r, "List.drop", {Type::nat(), listOf(a)}, listOf(a), [](Span x) {
    const Values &l = x[1].asList();
    const std::size_t n = std::min<std::uint64_t>(x[0].asNat(), l.size());
    return Value::list(Values(l.begin() + static_cast<std::ptrdiff_t>(n), l.end()));
  });
  define(r, "List.zip", {listOf(a), listOf(b)}, listOf(Type::prod(a, b)), [](Span x) {
    const Values &l = x[0].asList();
    const Values &m = x[1].asList();
    Values out;
    for (std::size_t i = 0; i < l.size() && i < m.size(); ++i) {
      out.push_back(Value::pair(l[i], m[i]));
    }
    return Value::list(std::move(out));
  });
  define(r, "List.sum", {listOf(Type::nat())}, Type::nat(), [](Span x) {
    std::uint64_t sum = 0;
    for (const Value &e : x[0].asList()) {
      sum = natAdd(sum, e.asNat());
    }
    return Value::nat(sum);
  });
}

}  // namespace proofport::interp::prelude
