// Elaboration of calls: global names, field notation, the choice among a class method's
// instances, arguments checked against signatures, proofs and domains, indexing.
#include "Elaborator.h"

namespace proofport::interp::elab {

namespace {

constexpr int kReceiver = -2;
constexpr int kMissing = -1;

/// Where each parameter of one instance gets its argument from.
struct Plan {
  const Operation *operation = nullptr;
  /// Per parameter: kReceiver, kMissing, or an argument's index.
  std::vector<int> source;
  std::size_t used = 0;
};

/// Lean's generalized field notation: the receiver fills the first explicit value parameter
/// whose type is the receiver's type constant.
std::optional<Plan> place(const Operation &op, const Type *receiver, std::size_t args) {
  const std::vector<Parameter> &params = op.signature.params;
  int receiverParam = -1;
  if (receiver) {
    for (std::size_t i = 0; i < params.size() && receiverParam < 0; ++i) {
      if (!params[i].isProof() && params[i].type.kind() == Type::Kind::Constant &&
          receiver->kind() == Type::Kind::Constant && params[i].type.name() == receiver->name()) {
        receiverParam = static_cast<int>(i);
      }
    }
    if (receiverParam < 0) {
      return std::nullopt;
    }
  }
  Plan plan;
  plan.operation = &op;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (static_cast<int>(i) == receiverParam) {
      plan.source.push_back(kReceiver);
    } else if (plan.used < args) {
      plan.source.push_back(static_cast<int>(plan.used++));
    } else {
      plan.source.push_back(kMissing);
    }
  }
  return plan;
}

/// Unifies, or accepts Bool for Prop and Prop for Bool (a coercion the commit inserts).
bool fitsLoosely(Substitution &s, const Type &a, const Type &b) {
  if (s.unify(a, b)) {
    return true;
  }
  const Type x = s.resolve(a);
  const Type y = s.resolve(b);
  return (x.is("Bool") && y.is("Prop")) || (x.is("Prop") && y.is("Bool"));
}

}  // namespace

std::optional<std::pair<std::string, const std::vector<Operation> *>>
Elaborator::global(const std::string &written) const {
  for (const std::string &candidate : candidates(written)) {
    if (const std::vector<Operation> *ops = m_registry.operations(candidate)) {
      return std::make_pair(candidate, ops);
    }
  }
  return std::nullopt;
}

Node Elaborator::call(CallSite site, const std::optional<Type> &expected) {
  const Type receiverType = site.receiver ? resolved(site.receiver->type) : Type();
  std::vector<Plan> plans;
  for (const Operation &op : *site.operations) {
    if (std::optional<Plan> plan =
            place(op, site.receiver ? &receiverType : nullptr, site.args.size())) {
      plans.push_back(std::move(*plan));
    }
  }
  if (plans.empty()) {
    typeMismatch(cat({site.name, " with a parameter of type ", toString(receiverType)}), "none",
                 site.position);
  }
  // Arguments whose type does not depend on where they go are elaborated first: with several
  // instances, their types choose one.
  std::vector<Node> early(site.args.size());
  // A class method chooses its instance by the types of its arguments, even where one is
  // registered: another type's is then missing, not a type error.
  const std::size_t dot = site.name.rfind('.');
  const bool method = dot != std::string::npos && m_registry.isClass(site.name.substr(0, dot));
  if (plans.size() > 1 || method) {
    for (std::size_t k = 0; k < site.args.size(); ++k) {
      bool value = !needsExpectedType(*site.args[k]);
      for (const Plan &plan : plans) {
        for (std::size_t i = 0; i < plan.source.size(); ++i) {
          if (plan.source[i] == static_cast<int>(k) &&
              plan.operation->signature.params[i].isProof()) {
            value = false;
          }
        }
      }
      if (value) {
        early[k] = infer(*site.args[k], std::nullopt);
      }
    }
    std::vector<Plan> fitting;
    for (const Plan &plan : plans) {
      Substitution trial = m_substitution;
      std::map<std::string, Type> vars;
      const std::vector<Parameter> &params = plan.operation->signature.params;
      bool fits = true;
      bool complete = plan.used == site.args.size();
      for (std::size_t i = 0; fits && i < params.size(); ++i) {
        if (params[i].isProof()) {
          continue;
        }
        const Type param = trial.instantiate(params[i].type, vars);
        if (plan.source[i] == kReceiver) {
          fits = fitsLoosely(trial, param, receiverType);
        } else if (plan.source[i] >= 0 && early[static_cast<std::size_t>(plan.source[i])]) {
          fits = fitsLoosely(trial, param, early[static_cast<std::size_t>(plan.source[i])]->type);
        } else if (plan.source[i] == kMissing) {
          complete = false;
        }
      }
      if (fits && complete && expected) {
        fits = fitsLoosely(trial, trial.instantiate(plan.operation->signature.result, vars),
                           *expected);
      }
      if (fits) {
        fitting.push_back(plan);
      }
    }
    if (fitting.empty()) {
      std::string types = site.receiver ? toString(receiverType) : std::string();
      for (const Node &node : early) {
        if (node && types.empty()) {
          types = toString(resolved(node->type));
        }
      }
      missingRegistration(types.empty() ? site.name : cat({site.name, " for ", types}),
                          site.position);
    }
    m_guesses += fitting.size() > 1 ? 1 : 0;
    plans = {fitting.front()};
  }
  const Plan &plan = plans.front();
  const Operation &op = *plan.operation;
  const std::vector<Parameter> &params = op.signature.params;
  std::map<std::string, Type> vars;
  std::vector<Type> types(params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i].isProof()) {
      types[i] = m_substitution.instantiate(params[i].type, vars);
    }
  }
  const Type result = m_substitution.instantiate(op.signature.result, vars);
  std::vector<Type> missing;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (plan.source[i] == kMissing && !params[i].isProof()) {
      missing.push_back(types[i]);
    }
  }
  if (missing.empty() && plan.used == site.args.size() && expected) {
    fitsLoosely(m_substitution, result, *expected);
  }
  std::vector<Node> values(params.size());
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int source = plan.source[i];
      if (params[i].isProof() || values[i] || source == kMissing) {
        continue;
      }
      if (source == kReceiver) {
        values[i] = coerce(site.receiver, types[i], site.position);
        continue;
      }
      const Term &arg = *site.args[static_cast<std::size_t>(source)];
      if ((pass == 0) == needsExpectedType(arg)) {
        continue;
      }
      const Node &done = early[static_cast<std::size_t>(source)];
      values[i] = done ? coerce(done, types[i], arg.position) : check(arg, types[i]);
    }
  }
  Node node = makeNode(ExprKind::Call, Type::arrows(missing, result), site.position);
  node->name = site.name;
  std::vector<Node> prior;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i].isProof()) {
      if (values[i]) {
        prior.push_back(values[i]);
      }
      continue;
    }
    if (prior.size() < i - node->domains.size()) {
      unsupported(cat({"a partial application of ", site.name, " before its proof"}),
                  site.position);
    }
    DomainCheck domain = domainCheck(op, i, types, prior.size());
    const int source = plan.source[i];
    if (source >= 0) {
      proofArgument(*site.args[static_cast<std::size_t>(source)], domain, prior, site);
    } else if (site.tacticProof) {
      if (atStatementScope()) {
        m_tacticProofs.push_back(
            TacticProof{domainNode(domain, prior, site), proofText(domain, prior, site)});
      }
    } else {
      unsupported(cat({"a call of ", site.name, " without its proof of ", domain.text}),
                  site.position);
    }
    node->domains.push_back(std::move(domain));
  }
  for (const Node &value : values) {
    if (value) {
      node->args.push_back(value);
    }
  }
  if (op.generic) {
    node->callee = op.generic;
    std::vector<ExprPtr> defaults;
    for (const auto &[cls, variable] : op.requirements) {
      if (cls == "Inhabited") {
        auto found = vars.find(variable);
        Node value =
            makeNode(ExprKind::Literal,
                     found != vars.end() ? found->second : m_substitution.fresh(), site.position);
        m_literals.push_back(PendingLiteral{value, false, 0});
        defaults.push_back(value);
      }
    }
    node->args.insert(node->args.begin(), defaults.begin(), defaults.end());
  }
  std::vector<Type> valueTypes;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i].isProof()) {
      valueTypes.push_back(types[i]);
    }
  }
  m_calls.push_back(PendingCall{node, &op, vars, valueTypes, result});
  if (plan.used < site.args.size()) {
    std::vector<const Term *> extra(site.args.begin() + static_cast<std::ptrdiff_t>(plan.used),
                                    site.args.end());
    return dynamicApply(node, extra, site.position);
  }
  return node;
}

DomainCheck Elaborator::domainCheck(const Operation &op, std::size_t param,
                                    const std::vector<Type> &types, std::size_t arity) {
  const Parameter &proof = op.signature.params[param];
  if (proof.check) {
    return DomainCheck{proof.check, arity, proof.text};
  }
  // The proposition speaks of the parameters before it, which a fresh frame holds in order.
  std::vector<Local> scope = std::move(m_scope);
  const std::size_t nextSlot = m_nextSlot;
  const std::size_t frameSize = m_frameSize;
  m_scope.clear();
  m_nextSlot = 0;
  m_frameSize = 0;
  for (std::size_t i = 0; i < param; ++i) {
    if (!op.signature.params[i].isProof()) {
      pushLocal(op.signature.params[i].name, Local::Kind::Value, types[i]);
    } else {
      pushLocal(op.signature.params[i].name, Local::Kind::Proof, Type::prop());
    }
  }
  Node body = check(*proof.proposition, Type::prop());
  const std::size_t frame = std::max<std::size_t>(m_frameSize, 1);
  m_scope = std::move(scope);
  m_nextSlot = nextSlot;
  m_frameSize = frameSize;
  return DomainCheck{closedCallable(body, arity, frame, cat({op.name, " domain"})), arity,
                     proof.text};
}

Node Elaborator::domainNode(const DomainCheck &domain, const std::vector<Node> &prior,
                            const CallSite &site) {
  Node node = makeNode(ExprKind::Domain, Type::prop(), site.position);
  node->name = site.name;
  node->args.assign(prior.begin(), prior.end());
  node->domains.push_back(domain);
  return node;
}

std::string Elaborator::proofText(const DomainCheck &domain, const std::vector<Node> &prior,
                                  const CallSite &site) const {
  std::vector<std::string> names;
  for (const Local &local : m_scope) {
    if (local.kind != Local::Kind::Proof) {
      names.resize(std::max(names.size(), local.slot + 1));
      names[local.slot] = local.name;
    }
  }
  std::string text = cat({domain.text, " for ", site.name});
  for (const Node &arg : prior) {
    text.append(" ").append(describe(*arg, names));
  }
  return text;
}

void Elaborator::proofArgument(const Term &proof, const DomainCheck &domain,
                               const std::vector<Node> &prior, const CallSite &site) {
  if (proof.kind != TermKind::Name) {
    return;
  }
  Local *local = lookup(proof.text);
  if (!local || local->kind != Local::Kind::Pending) {
    return;
  }
  if (!atStatementScope()) {
    unsupported(cat({"the binder ", local->name, " typed as a proof under a local binder"}),
                proof.position);
  }
  proveByBinder(*local, domainNode(domain, prior, site), proofText(domain, prior, site));
}

Node Elaborator::field(Node receiver, const std::string &name,
                       const std::vector<const Term *> &args, const std::optional<Type> &expected,
                       Position where) {
  Type type = resolved(receiver->type);
  const bool numeric = !name.empty() && name.find_first_not_of("0123456789") == std::string::npos;
  if (numeric) {
    if (type.kind() == Type::Kind::Meta) {
      m_substitution.unify(type, Type::prod(m_substitution.fresh(), m_substitution.fresh()));
    }
    if (name != "1" && name != "2") {
      unsupported(cat({"the projection .", name}), where);
    }
    const std::string full = name == "1" ? "Prod.fst" : "Prod.snd";
    return call(CallSite{full, m_registry.operations(full), receiver, args, false, where},
                expected);
  }
  if (type.kind() != Type::Kind::Constant) {
    typeMismatch(cat({"a value of a named type for the field .", name}), toString(type), where);
  }
  const std::string full = cat({type.name(), ".", name});
  const std::vector<Operation> *ops = m_registry.operations(full);
  if (!ops) {
    missingRegistration(full, where);
  }
  return call(CallSite{full, ops, receiver, args, false, where}, expected);
}

Node Elaborator::fields(Node receiver, const std::string &dotted,
                        const std::vector<const Term *> &args, const std::optional<Type> &expected,
                        Position where) {
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = dotted.find('.', start);
    if (dot == std::string::npos) {
      return field(std::move(receiver), dotted.substr(start), args, expected, where);
    }
    receiver =
        field(std::move(receiver), dotted.substr(start, dot - start), {}, std::nullopt, where);
    start = dot + 1;
  }
}

Node Elaborator::dynamicApply(Node function, const std::vector<const Term *> &args,
                              Position where) {
  if (args.empty()) {
    return function;
  }
  Node node = makeNode(ExprKind::Apply, Type(), where);
  Type current = resolved(function->type);
  node->args.push_back(std::move(function));
  for (const Term *arg : args) {
    if (current.kind() == Type::Kind::Meta) {
      m_substitution.unify(current, Type::arrow(m_substitution.fresh(), m_substitution.fresh()));
      current = resolved(current);
    }
    if (current.kind() != Type::Kind::Arrow) {
      typeMismatch("a function", toString(current), arg->position);
    }
    node->args.push_back(check(*arg, current.args()[0]));
    current = resolved(current.args()[1]);
  }
  node->type = current;
  return node;
}

Node Elaborator::index(const Term &term, const std::optional<Type> &expected) {
  const std::string name = term.text == "?"   ? "GetElem?.getElem?"
                           : term.text == "!" ? "GetElem?.getElem!"
                                              : "GetElem.getElem";
  const std::vector<Operation> *ops = m_registry.operations(name);
  if (!ops) {
    missingRegistration(name, term.position);
  }
  std::vector<const Term *> args;
  for (const lean::TermPtr &arg : term.args) {
    args.push_back(arg.get());
  }
  return call(CallSite{name, ops, nullptr, args, term.text.empty(), term.position}, expected);
}

}  // namespace proofport::interp::elab
