// Calls of a port's operations checked against its oracle model: the model's overload found by
// the port's, arguments and results abstracted, results compared by identity.
#include "proofport/interp/Oracle.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "Text.h"
#include "proofport/interp/Evaluate.h"

namespace proofport::interp {

namespace {

/// A modelled C++ type's abstraction, by its registration.
using Abstractions = std::map<const OpaqueType *, std::function<Value(const Value &)>>;

/// Whether a Lean type is, or holds, one of `modelled` (printed Lean types).
bool mentions(const Type &type, const std::map<std::string, const OpaqueType *> &modelled) {
  if (type.kind() == Type::Kind::Constant && modelled.count(toString(type))) {
    return true;
  }
  return std::any_of(type.args().begin(), type.args().end(),
                     [&](const Type &arg) { return mentions(arg, modelled); });
}

/// Whether a Lean type holds a function type that mentions one of `modelled`.
bool functionMentions(const Type &type, const std::map<std::string, const OpaqueType *> &modelled) {
  if (type.kind() == Type::Kind::Arrow) {
    return mentions(type, modelled);
  }
  return std::any_of(type.args().begin(), type.args().end(),
                     [&](const Type &arg) { return functionMentions(arg, modelled); });
}

/// A port's value as the model's: modelled values through their abstraction, options, pairs
/// and lists componentwise, anything else as it is.
Value abstract(const Value &v, const Abstractions &abstractions) {
  switch (v.kind()) {
  case ValueKind::Option: {
    const Value *inner = v.asOption();
    return inner ? Value::some(abstract(*inner, abstractions)) : v;
  }
  case ValueKind::Prod:
    return Value::pair(abstract(v.first(), abstractions), abstract(v.second(), abstractions));
  case ValueKind::List: {
    std::vector<Value> out;
    out.reserve(v.asList().size());
    for (const Value &x : v.asList()) {
      out.push_back(abstract(x, abstractions));
    }
    return Value::list(std::move(out));
  }
  case ValueKind::Opaque: {
    auto found = abstractions.find(&v.opaqueType());
    return found == abstractions.end() ? v : found->second(v);
  }
  default: return v;
  }
}

/// The port's callable, shadowed by the model's.
class OracleCallable final : public Callable {
public:
  OracleCallable(std::shared_ptr<const Callable> port, std::shared_ptr<const Callable> model,
                 std::string name, Abstractions abstractions, std::vector<bool> abstractArgs,
                 bool abstractResult)
      : m_port(std::move(port)), m_model(std::move(model)), m_name(std::move(name)),
        m_abstractions(std::move(abstractions)), m_abstractArgs(std::move(abstractArgs)),
        m_abstractResult(abstractResult) {}
  std::size_t arity() const override { return m_port->arity(); }
  std::string describe() const override { return m_port->describe(); }

  Value call(std::span<const Value> args) const override {
    Value port = m_port->call(args);
    std::vector<Value> modelArgs(args.begin(), args.end());
    for (std::size_t i = 0; i < modelArgs.size(); ++i) {
      if (m_abstractArgs[i]) {
        modelArgs[i] = abstract(modelArgs[i], m_abstractions);
      }
    }
    const Value expected = m_abstractResult ? abstract(port, m_abstractions) : port;
    std::optional<Value> model;
    std::string thrown;
    try {
      model = m_model->call(modelArgs);
    } catch (const std::exception &e) {
      thrown = e.what();
    }
    if (!model) {
      mismatch(args, port, expected, cat({"threw: ", thrown}));
    }
    if (!identical(expected, *model)) {
      mismatch(args, port, expected, print(*model));
    }
    return port;
  }

private:
  /// The port's result is printed as the port prints it, and as the model does where the two
  /// differ: a mismatch of equal-looking results is the abstraction's fault.
  [[noreturn]] void mismatch(std::span<const Value> args, const Value &port,
                             const Value &abstracted, const std::string &model) const {
    std::string text = m_name;
    for (const Value &arg : args) {
      text.append(" ").append(printArgument(arg));
    }
    std::string gives = print(port);
    const std::string seen = print(abstracted);
    if (seen != gives) {
      gives.append(" (abstracted: ").append(seen).append(")");
    }
    throwEvaluationError(cat({text, ": the port gives ", gives, ", the model ", model}));
  }

  std::shared_ptr<const Callable> m_port;
  std::shared_ptr<const Callable> m_model;
  std::string m_name;
  Abstractions m_abstractions;
  std::vector<bool> m_abstractArgs;
  bool m_abstractResult;
};

std::vector<const OpaqueType *> sorted(std::vector<const OpaqueType *> opaques) {
  std::sort(opaques.begin(), opaques.end(), std::less<const OpaqueType *>());
  return opaques;
}

}  // namespace

std::shared_ptr<const Callable> oracleChecked(const Registry &registry, const Operation &operation,
                                              const Overload &overload) {
  Abstractions abstractions;
  std::map<std::string, const OpaqueType *> modelled;
  std::vector<const OpaqueType *> modelOpaques;
  for (const OpaqueType *opaque : overload.opaques) {
    const Realization *own = registry.realizationOf(opaque->cppType);
    if (own && own->oracle) {
      abstractions.emplace(opaque, own->abstraction);
      modelled.emplace(opaque->leanName, opaque);
      modelOpaques.push_back(own->oracle);
    } else {
      modelOpaques.push_back(opaque);
    }
  }
  if (abstractions.empty() || functionMentions(overload.result, modelled) ||
      overload.result.kind() == Type::Kind::Arrow ||
      std::any_of(overload.params.begin(), overload.params.end(),
                  [&](const Type &param) { return functionMentions(param, modelled); })) {
    return overload.callable;
  }
  modelOpaques = sorted(std::move(modelOpaques));
  for (const Overload &model : operation.overloads) {
    if (&model == &overload || model.params != overload.params ||
        !(model.result == overload.result) || sorted(model.opaques) != modelOpaques) {
      continue;
    }
    std::vector<bool> abstractArgs;
    for (const Type &param : overload.params) {
      abstractArgs.push_back(mentions(param, modelled));
    }
    return std::make_shared<const OracleCallable>(overload.callable, model.callable, operation.name,
                                                  std::move(abstractions), std::move(abstractArgs),
                                                  mentions(overload.result, modelled));
  }
  return overload.callable;
}

}  // namespace proofport::interp
