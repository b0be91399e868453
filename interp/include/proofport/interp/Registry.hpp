// Registry's templates: conversions between Values and C++ types, typed registration of value
// types, realizations and operations.
#pragma once

#include <array>
#include <concepts>
#include <functional>
#include <limits>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace proofport::interp {

namespace detail {

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <class T>
struct IsPair : std::false_type {};
template <class A, class B>
struct IsPair<std::pair<A, B>> : std::true_type {};
template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};
template <class T>
struct IsFunction : std::false_type {};
template <class R, class... A>
struct IsFunction<std::function<R(A...)>> : std::true_type {};

/// A callable's result and parameter types (decayed): lambdas, function objects, pointers.
template <class F>
struct CallTraits : CallTraits<decltype(&F::operator())> {};
template <class C, class R, class... A>
struct CallTraits<R (C::*)(A...) const> {
  using Result = std::decay_t<R>;
  using Args = std::tuple<std::decay_t<A>...>;
};
template <class C, class R, class... A>
struct CallTraits<R (C::*)(A...)> : CallTraits<R (C::*)(A...) const> {};
template <class R, class... A>
struct CallTraits<R (*)(A...)> {
  using Result = std::decay_t<R>;
  using Args = std::tuple<std::decay_t<A>...>;
};

/// `Prop` read as `Bool` throughout a type: a C++ callable decides a proposition as a bool.
Type propAsBool(const Type &type);

/// A C++ callable on converted arguments, as a Callable on Values.
template <class F, class R, class... A>
class TypedCallable final : public Callable {
public:
  TypedCallable(F function, std::string name, std::tuple<Registry::Codec<A>...> args,
                Registry::Codec<R> result)
      : m_function(std::move(function)), m_name(std::move(name)), m_args(std::move(args)),
        m_result(std::move(result)) {}
  std::size_t arity() const override { return sizeof...(A); }
  Value call(std::span<const Value> args) const override {
    return callWith(args, std::index_sequence_for<A...>{});
  }
  std::string describe() const override { return m_name; }

private:
  template <std::size_t... I>
  Value callWith([[maybe_unused]] std::span<const Value> args, std::index_sequence<I...>) const {
    std::tuple<std::optional<A>...> storage;
    return m_result.encode(
        std::invoke(m_function, std::get<I>(m_args).decode(args[I], std::get<I>(storage))...));
  }

  F m_function;
  std::string m_name;
  std::tuple<Registry::Codec<A>...> m_args;
  Registry::Codec<R> m_result;
};

}  // namespace detail

/// How a C++ type `T` converts: its Lean type, the registered C++ types it goes through,
/// decode (a Value as a T: a reference into the value, or into `storage`) and encode.
template <class T>
struct Registry::Codec {
  Type type;
  std::vector<const OpaqueType *> opaques;
  std::function<const T &(const Value &, std::optional<T> &storage)> decode;
  std::function<Value(T)> encode;
};

template <class T>
Registry::Codec<T> Registry::codec() const {
  Codec<T> c;
  if (const Realization *registered = realizationOf(typeid(T))) {
    const OpaqueType *opaque = registered->opaque;
    c.type = registered->type;
    c.opaques = {opaque};
    c.decode = [](const Value &v, std::optional<T> &) -> const T & { return v.as<T>(); };
    c.encode = [opaque](T x) {
      return Value::opaque(std::make_shared<const T>(std::move(x)), opaque);
    };
    return c;
  }
  if constexpr (std::is_same_v<T, bool>) {
    c.type = Type::boolean();
    c.decode = [](const Value &v, std::optional<T> &s) -> const T & {
      return s.emplace(v.asBool());
    };
    c.encode = [](T x) { return Value::boolean(x); };
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    c.type = Type::nat();
    c.decode = [](const Value &v, std::optional<T> &s) -> const T & {
      const std::uint64_t n = v.asNat();
      if (n > std::numeric_limits<T>::max()) {
        throwMisuse("Registry: Nat argument",
                    std::string("at most ").append(std::to_string(std::numeric_limits<T>::max())),
                    std::to_string(n));
      }
      return s.emplace(static_cast<T>(n));
    };
    c.encode = [](T x) { return Value::nat(static_cast<std::uint64_t>(x)); };
  } else if constexpr (std::is_same_v<T, std::monostate>) {
    c.type = Type::unit();
    c.decode = [](const Value &, std::optional<T> &s) -> const T & { return s.emplace(); };
    c.encode = [](T) { return Value::unit(); };
  } else if constexpr (detail::IsOptional<T>::value) {
    using U = typename T::value_type;
    Codec<U> inner = codec<U>();
    c.type = Type::option(inner.type);
    c.opaques = inner.opaques;
    c.decode = [inner](const Value &v, std::optional<T> &s) -> const T & {
      const Value *x = v.asOption();
      if (!x) {
        return s.emplace(std::nullopt);
      }
      std::optional<U> u;
      return s.emplace(std::in_place, inner.decode(*x, u));
    };
    c.encode = [inner](T x) {
      return x ? Value::some(inner.encode(std::move(*x))) : Value::none();
    };
  } else if constexpr (detail::IsPair<T>::value) {
    using A = typename T::first_type;
    using B = typename T::second_type;
    Codec<A> first = codec<A>();
    Codec<B> second = codec<B>();
    c.type = Type::prod(first.type, second.type);
    c.opaques = first.opaques;
    c.opaques.insert(c.opaques.end(), second.opaques.begin(), second.opaques.end());
    c.decode = [first, second](const Value &v, std::optional<T> &s) -> const T & {
      std::optional<A> a;
      std::optional<B> b;
      return s.emplace(first.decode(v.first(), a), second.decode(v.second(), b));
    };
    c.encode = [first, second](T x) {
      return Value::pair(first.encode(std::move(x.first)), second.encode(std::move(x.second)));
    };
  } else if constexpr (detail::IsVector<T>::value) {
    using U = typename T::value_type;
    Codec<U> element = codec<U>();
    c.type = Type::list(element.type);
    c.opaques = element.opaques;
    c.decode = [element](const Value &v, std::optional<T> &s) -> const T & {
      T out;
      for (const Value &x : v.asList()) {
        std::optional<U> u;
        out.push_back(element.decode(x, u));
      }
      return s.emplace(std::move(out));
    };
    c.encode = [element](T x) {
      std::vector<Value> out;
      out.reserve(x.size());
      for (auto &u : x) {
        out.push_back(element.encode(std::move(u)));
      }
      return Value::list(std::move(out));
    };
  } else if constexpr (detail::IsFunction<T>::value) {
    functionCodec(c, static_cast<T *>(nullptr));
  } else {
    throwMisuse("Registry::codec",
                "a C++ type with a Lean type (registered, bool, unsigned, std::monostate, "
                "optional, pair, vector, function)",
                typeid(T).name());
  }
  return c;
}

}  // namespace proofport::interp

#include "proofport/interp/RegistryOperations.hpp"
