// Registry's typed registrations: value types, realizations, operations, and functions passed
// to and from C++.
#pragma once

namespace proofport::interp {

namespace detail {

/// A structure's default printing: `{1 ↦ 2, 3 ↦ 4}` for pairs, `{1, 2}` otherwise.
std::string printElements(const std::vector<Value> &elements);
/// A structure's default identity: the same elements as a multiset, by identity.
bool sameElements(const std::vector<Value> &a, const std::vector<Value> &b);

/// The registered type's relation on type-erased data.
template <class T>
std::function<bool(const void *, const void *)>
eraseRelation(std::function<bool(const T &, const T &)> relation) {
  if (!relation) {
    return {};
  }
  return [relation = std::move(relation)](const void *a, const void *b) {
    return relation(*static_cast<const T *>(a), *static_cast<const T *>(b));
  };
}

/// The registered type's printer on type-erased data.
template <class T>
std::function<std::string(const void *)> erasePrinter(std::function<std::string(const T &)> f) {
  return [f = std::move(f)](const void *x) { return f(*static_cast<const T *>(x)); };
}

}  // namespace detail

template <class R, class... A>
void Registry::functionCodec(Codec<std::function<R(A...)>> &c, std::function<R(A...)> *) const {
  using T = std::function<R(A...)>;
  static_assert(sizeof...(A) > 0, "a Lean function takes at least one argument");
  std::tuple<Codec<A>...> args{codec<A>()...};
  Codec<R> result = codec<R>();
  std::vector<Type> params;
  std::apply(
      [&](const auto &...a) {
        (params.push_back(a.type), ...);
        (c.opaques.insert(c.opaques.end(), a.opaques.begin(), a.opaques.end()), ...);
      },
      args);
  c.opaques.insert(c.opaques.end(), result.opaques.begin(), result.opaques.end());
  c.type = Type::arrows(params, result.type);
  c.decode = [args, result](const Value &f, std::optional<T> &storage) -> const T & {
    return storage.emplace([f, args, result](A... a) -> R {
      const std::array<Value, sizeof...(A)> values = std::apply(
          [&](const auto &...codecs) {
            return std::array<Value, sizeof...(A)>{codecs.encode(a)...};
          },
          args);
      std::optional<R> out;
      return result.decode(applyValue(f, values), out);
    });
  };
  c.encode = [args, result](T f) {
    return Value::function(std::make_shared<const detail::TypedCallable<T, R, A...>>(
        std::move(f), "fun", args, result));
  };
}

template <class T>
const OpaqueType &Registry::valueType(std::string leanName, ValueTypeSpec<T> spec) {
  if (!spec.print) {
    throwMisuse("Registry::valueType " + leanName, "a printer", "none");
  }
  if (!spec.identical) {
    if constexpr (std::equality_comparable<T>) {
      spec.identical = [](const T &a, const T &b) { return a == b; };
    } else {
      throwMisuse("Registry::valueType " + leanName, "an identity (the C++ type has no ==)",
                  "none");
    }
  }
  auto opaque = std::make_unique<OpaqueType>();
  opaque->leanName = leanName;
  opaque->cppType = typeid(T);
  opaque->print = detail::erasePrinter<T>(std::move(spec.print));
  opaque->identical = detail::eraseRelation<T>(std::move(spec.identical));
  opaque->beq = detail::eraseRelation<T>(std::move(spec.beq));
  if (spec.hash) {
    opaque->hash = [hash = std::move(spec.hash)](const void *x) {
      return hash(*static_cast<const T *>(x));
    };
  }
  const OpaqueType *raw = opaque.get();
  Realization realization;
  realization.type = Type::constant(leanName);
  realization.elementType = realization.type;
  realization.opaque = raw;
  realization.classes.insert(spec.classes.begin(), spec.classes.end());
  if (spec.defaultValue) {
    realization.defaultValue = Value::opaque(std::make_shared<const T>(*spec.defaultValue), raw);
  }
  if (spec.ofNat) {
    realization.ofNat = [ofNat = std::move(spec.ofNat), raw](std::uint64_t n) {
      std::optional<T> x = ofNat(n);
      return x ? std::optional<Value>(Value::opaque(std::make_shared<const T>(std::move(*x)), raw))
               : std::nullopt;
    };
  }
  addValueType(std::move(opaque), std::move(realization));
  return *raw;
}

template <class T, class E>
const OpaqueType &Registry::realize(const std::string &structure, std::vector<Type> args,
                                    RealizationSpec<T, E> spec) {
  if (!spec.elements) {
    throwMisuse("Registry::realize " + structure, "the elements of a realization", "none");
  }
  const Codec<E> element = codec<E>();
  const Type type = Type::constant(structure, std::move(args));
  auto opaque = std::make_unique<OpaqueType>();
  opaque->leanName = toString(type);
  opaque->label = spec.label;
  opaque->cppType = typeid(T);
  opaque->elements = [elements = std::move(spec.elements), element](const void *x) {
    std::vector<Value> out;
    for (E &e : elements(*static_cast<const T *>(x))) {
      out.push_back(element.encode(std::move(e)));
    }
    return out;
  };
  auto elementsOf = opaque->elements;
  opaque->print =
      spec.print ? detail::erasePrinter<T>(std::move(spec.print))
                 : [elementsOf](const void *x) { return detail::printElements(elementsOf(x)); };
  opaque->identical = spec.identical ? detail::eraseRelation<T>(std::move(spec.identical))
                                     : [elementsOf](const void *a, const void *b) {
                                         return detail::sameElements(elementsOf(a), elementsOf(b));
                                       };
  opaque->beq = detail::eraseRelation<T>(std::move(spec.beq));
  const OpaqueType *raw = opaque.get();
  Realization realization;
  realization.type = type;
  realization.elementType = element.type;
  realization.opaque = raw;
  realization.classes.insert(spec.classes.begin(), spec.classes.end());
  if (spec.defaultValue) {
    realization.defaultValue = Value::opaque(std::make_shared<const T>(*spec.defaultValue), raw);
  }
  return addRealization(std::move(opaque), std::move(realization), structure);
}

template <class T, class O>
void Registry::oracle(std::function<O(const T &)> abstraction) {
  const Realization *model = realizationOf(typeid(O));
  const OpaqueType *opaque = model ? model->opaque : nullptr;
  std::function<Value(const Value &)> erased;
  if (abstraction) {
    erased = [f = std::move(abstraction), opaque](const Value &v) {
      return Value::opaque(std::make_shared<const O>(f(v.as<T>())), opaque);
    };
  }
  addOracle(typeid(T), typeid(O), std::move(erased));
}

template <class F>
void Registry::operation(const std::string &name, std::string_view signature, F function) {
  const std::size_t dot = name.rfind('.');
  operation(name, parseSignature(signature, dot == std::string::npos ? "" : name.substr(0, dot)),
            std::move(function));
}

template <class F>
void Registry::operation(const std::string &name, Signature signature, F function) {
  using Traits = detail::CallTraits<F>;
  using R = typename Traits::Result;
  static_assert(!std::is_void_v<R>, "an operation returns a value");
  [&]<class... A>(std::tuple<A...> *) {
    std::tuple<Codec<A>...> args{codec<A>()...};
    Codec<R> result = codec<R>();
    Overload overload;
    std::apply(
        [&](const auto &...a) {
          (overload.params.push_back(a.type), ...);
          (overload.opaques.insert(overload.opaques.end(), a.opaques.begin(), a.opaques.end()),
           ...);
        },
        args);
    overload.result = result.type;
    overload.opaques.insert(overload.opaques.end(), result.opaques.begin(), result.opaques.end());
    overload.callable = std::make_shared<const detail::TypedCallable<F, R, A...>>(
        std::move(function), name, std::move(args), std::move(result));
    addOperation(name, std::move(signature), nullptr, std::move(overload), {});
  }(static_cast<typename Traits::Args *>(nullptr));
}

}  // namespace proofport::interp
