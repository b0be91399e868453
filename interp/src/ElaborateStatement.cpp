// Elaboration of a statement: which section variables it includes, what each binder is (type
// variable, class requirement, value, hypothesis, typeless binder typed by its use), the `→`
// premises and the conclusion; and the scope the term cases share.
#include <algorithm>
#include <set>

#include "Elaborator.h"

namespace proofport::interp {

namespace elab {

namespace {

/// Every name a term mentions (a dotted name's first component too), to the depth elaboration
/// accepts.
void mentions(const Term &term, std::set<std::string> &out, std::size_t depth = 0) {
  if (depth > 2 * kMaxTermDepth) {
    return;
  }
  if (term.kind == TermKind::Name) {
    out.insert(term.text);
    out.insert(term.text.substr(0, term.text.find('.')));
  }
  for (const lean::TermPtr &arg : term.args) {
    if (arg) {
      mentions(*arg, out, depth + 1);
    }
  }
  for (const lean::Binder &binder : term.binders) {
    if (binder.type) {
      mentions(*binder.type, out, depth + 1);
    }
  }
}

/// The head name of an application spine (`EquivBEq α`: `EquivBEq`), or empty.
std::string headName(const Term &term, std::vector<const Term *> *args = nullptr) {
  const Term *head = &term;
  if (term.kind == TermKind::App && !term.args.empty()) {
    head = term.args[0].get();
    for (std::size_t i = 1; args && i < term.args.size(); ++i) {
      args->push_back(term.args[i].get());
    }
  }
  return head->kind == TermKind::Name ? head->text : std::string();
}

/// `Type w → Type w`: a type constructor.
bool isUniverseArrow(const Term &term) {
  return term.kind == TermKind::Binary && term.text == "→" && term.args.size() == 2 &&
         isUniverse(*term.args[0]) && (isUniverse(*term.args[1]) || isUniverseArrow(*term.args[1]));
}

/// The section variables the statement includes: those it mentions, those their types
/// mention, and the class binders whose every name is included; a later `variable` of a
/// name hides an earlier one.
std::vector<std::pair<const lean::Binder *, std::vector<std::string>>>
includedVariables(const lean::Statement &statement) {
  std::set<std::string> own;
  std::set<std::string> wanted;
  for (const lean::Binder &binder : statement.binders) {
    if (binder.type) {
      mentions(*binder.type, wanted);
    }
  }
  if (statement.conclusion) {
    mentions(*statement.conclusion, wanted);
  }
  for (const lean::Binder &binder : statement.binders) {
    own.insert(binder.names.begin(), binder.names.end());
  }
  // The last declaration of each name is the one in force.
  std::map<std::string, const lean::Binder *> latest;
  for (const lean::Binder &binder : statement.variables) {
    for (const std::string &name : binder.names) {
      latest[name] = &binder;
    }
  }
  std::set<std::string> included;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto &[name, binder] : latest) {
      if (name != "_" && !own.count(name) && wanted.count(name) && !included.count(name)) {
        included.insert(name);
        if (binder->type) {
          mentions(*binder->type, wanted);
        }
        grew = true;
      }
    }
  }
  std::vector<std::pair<const lean::Binder *, std::vector<std::string>>> out;
  for (const lean::Binder &binder : statement.variables) {
    std::vector<std::string> names;
    for (const std::string &name : binder.names) {
      if (included.count(name) && latest[name] == &binder) {
        names.push_back(name);
      }
    }
    const bool anonymous =
        binder.names.empty() || std::all_of(binder.names.begin(), binder.names.end(),
                                            [](const std::string &n) { return n == "_"; });
    if (anonymous && binder.type) {
      std::set<std::string> needs;
      mentions(*binder.type, needs);
      std::vector<const Term *> args;
      headName(*binder.type, &args);
      bool all = !args.empty();
      for (const Term *arg : args) {
        std::set<std::string> argNames;
        mentions(*arg, argNames);
        for (const std::string &n : argNames) {
          all = all && (included.count(n) > 0 || !latest.count(n));
        }
      }
      if (all) {
        out.emplace_back(&binder, binder.names);
      }
    } else if (!names.empty()) {
      out.emplace_back(&binder, std::move(names));
    }
  }
  return out;
}

}  // namespace

std::string at(Position position) {
  return cat({std::to_string(position.line), ":", std::to_string(position.column)});
}

Elaborator::Elaborator(const Registry &registry, const Instantiation &instantiation,
                       const lean::Statement &statement)
    : m_registry(registry), m_instantiation(instantiation), m_statement(statement) {}

Node Elaborator::makeNode(ExprKind kind, Type type, Position where) {
  auto node = std::make_shared<Expr>();
  node->kind = kind;
  node->type = std::move(type);
  node->position = where;
  m_nodes.push_back(node);
  return node;
}

std::vector<std::string> Elaborator::candidates(const std::string &written) const {
  const std::string root = "_root_.";
  if (written.rfind(root, 0) == 0) {
    return {written.substr(root.size())};
  }
  std::vector<std::string> out;
  for (auto ns = m_statement.namespaces.rbegin(); ns != m_statement.namespaces.rend(); ++ns) {
    out.push_back(cat({*ns, ".", written}));
  }
  for (const std::string &open : m_statement.opens) {
    out.push_back(cat({open, ".", written}));
  }
  out.push_back(written);
  return out;
}

std::optional<TypeName> Elaborator::typeName(const std::string &written) const {
  if (auto it = m_typeVariables.find(written); it != m_typeVariables.end()) {
    return TypeName{it->second, 0};
  }
  for (const std::string &candidate : candidates(written)) {
    if (std::optional<TypeName> found = m_registry.typeName(candidate)) {
      return found;
    }
  }
  return std::nullopt;
}

std::optional<Type> Elaborator::typeOf(const Term &term) {
  return typeFromTerm(term, [this](const std::string &n) { return typeName(n); });
}

bool Elaborator::namesAType(const Term &term) {
  const bool arrow = term.kind == TermKind::Binary && term.text == "→";
  return (term.kind == TermKind::Name || term.kind == TermKind::App || arrow ||
          term.kind == TermKind::Forall) &&
         typeOf(term).has_value();
}

bool Elaborator::namesNothingKnown(const Term &term) const {
  return term.kind == TermKind::Name && lookup(term.text) == nullptr && !global(term.text);
}

const Local *Elaborator::lookup(const std::string &name) const {
  for (auto it = m_scope.rbegin(); it != m_scope.rend(); ++it) {
    if (it->name == name) {
      return &*it;
    }
  }
  return nullptr;
}

Local *Elaborator::lookup(const std::string &name) {
  return const_cast<Local *>(static_cast<const Elaborator *>(this)->lookup(name));
}

Node Elaborator::use(Local &local, Position where) {
  if (local.kind == Local::Kind::Proof) {
    typeMismatch("a value", cat({"the proof ", local.name}), where);
  }
  if (local.kind == Local::Kind::Pending) {
    local.kind = Local::Kind::Value;
    m_binders[local.binder].pending = false;
  }
  Node node = makeNode(ExprKind::Local, local.type, where);
  node->slot = local.slot;
  return node;
}

std::size_t Elaborator::pushLocal(std::string name, Local::Kind kind, Type type) {
  Local local;
  local.name = std::move(name);
  local.kind = kind;
  local.type = std::move(type);
  local.slot = m_nextSlot;
  if (kind != Local::Kind::Proof) {
    m_frameSize = std::max(m_frameSize, ++m_nextSlot);
  }
  m_scope.push_back(std::move(local));
  return m_scope.back().slot;
}

void Elaborator::popLocals(std::size_t count) {
  for (; count > 0; --count) {
    if (m_scope.back().kind != Local::Kind::Proof) {
      --m_nextSlot;
    }
    m_scope.pop_back();
  }
}

bool Elaborator::atStatementScope() const {
  return std::all_of(m_scope.begin(), m_scope.end(),
                     [](const Local &l) { return l.binder != Local::npos; });
}

std::vector<std::pair<std::size_t, Type>> Elaborator::valueScope() const {
  std::vector<std::pair<std::size_t, Type>> out;
  for (const Local &local : m_scope) {
    if (local.kind == Local::Kind::Value) {
      out.emplace_back(local.slot, local.type);
    }
  }
  return out;
}

void Elaborator::proveByBinder(Local &local, Node domain, const std::string &text) {
  BinderRecord &record = m_binders[local.binder];
  local.kind = Local::Kind::Proof;
  record.pending = false;
  record.slot.reset();
  record.premise = Premise{record.name, text, std::move(domain), record.position};
}

Snapshot Elaborator::save() const {
  return Snapshot{m_substitution,
                  m_scope,
                  m_binders,
                  m_nodes.size(),
                  m_calls.size(),
                  m_literals.size(),
                  m_quantifiers.size(),
                  m_equalities.size(),
                  m_tacticProofs.size(),
                  m_branches.size(),
                  m_arrowPremises.size(),
                  m_requirements.size()};
}

void Elaborator::restore(Snapshot snapshot) {
  m_substitution = std::move(snapshot.substitution);
  m_scope = std::move(snapshot.scope);
  m_binders = std::move(snapshot.binders);
  m_nodes.resize(snapshot.nodes);
  m_calls.resize(snapshot.calls);
  m_literals.resize(snapshot.literals);
  m_quantifiers.resize(snapshot.quantifiers);
  m_equalities.resize(snapshot.equalities);
  m_tacticProofs.resize(snapshot.tacticProofs);
  m_branches.resize(snapshot.branches);
  m_arrowPremises.resize(snapshot.arrowPremises);
  m_requirements.resize(snapshot.requirements);
}

void Elaborator::requireClass(const std::string &cls, const Type &type,
                              const std::string &written) {
  if (!m_registry.claims(type, cls, m_instantiation)) {
    std::string refused = m_registry.refusal(type, cls, m_instantiation);
    notAdmissible(refused.empty() ? cat({toString(type), " does not claim ", cls})
                                  : std::move(refused));
  }
  m_requirements.push_back(Requirement{cls, written, type});
}

namespace {

/// A class binder: `[EquivBEq α]`, `{_ : BEq α}`, `[inst : Hashable α]`.
void classBinder(Elaborator &e, const Term &type, Position where) {
  std::vector<const Term *> args;
  const std::string cls = headName(type, &args);
  if (cls.empty()) {
    unsupported(cat({"instance binder [", lean::toLean(type), "]"}), where);
  }
  for (const Term *arg : args) {
    std::optional<Type> argument = e.typeOf(*arg);
    if (!argument) {
      unsupported(cat({"class ", cls, " of ", lean::toLean(*arg)}), arg->position);
    }
    e.requireClass(cls, *argument, lean::toLean(*arg));
  }
}

void binder(Elaborator &e, const lean::Binder &b, const std::vector<std::string> &names,
            bool variable) {
  auto record = [&](const std::string &name) -> BinderRecord & {
    e.m_binders.push_back(
        BinderRecord{name, b.position, variable, std::nullopt, Type(), std::nullopt, false});
    return e.m_binders.back();
  };
  if (b.kind == lean::BinderKind::Instance) {
    e.instanceBinder(b);
    return;
  }
  if (!b.type) {
    for (const std::string &name : names) {
      const std::size_t index = e.m_binders.size();
      BinderRecord &r = record(name);
      r.pending = true;
      r.type = e.m_substitution.fresh();
      r.slot = e.pushLocal(name, Local::Kind::Pending, r.type);
      e.m_scope.back().binder = index;
    }
    return;
  }
  const Term &type = *b.type;
  if (isUniverse(type)) {
    for (const std::string &name : names) {
      auto it = e.m_instantiation.types.find(name);
      if (it != e.m_instantiation.types.end()) {
        e.m_typeVariables[name] = it->second;
      } else if (e.m_instantiation.otherTypes) {
        e.m_typeVariables[name] = *e.m_instantiation.otherTypes;
      } else {
        notAdmissible(cat({"type variable ", name, " has no type in ", e.m_instantiation.name}));
      }
    }
    return;
  }
  if (isUniverseArrow(type)) {
    unsupported(cat({"type constructor variable ", names.empty() ? "_" : names[0]}), b.position);
  }
  const std::string head = headName(type);
  if (!head.empty() && e.m_registry.isClass(head) && !e.typeName(head)) {
    classBinder(e, type, b.position);
    return;
  }
  if (std::optional<Type> value = e.typeOf(type)) {
    for (const std::string &name : names) {
      const std::size_t index = e.m_binders.size();
      BinderRecord &r = record(name);
      r.type = *value;
      r.slot = e.pushLocal(name, Local::Kind::Value, *value);
      e.m_scope.back().binder = index;
    }
    return;
  }
  Node proposition = e.check(type, Type::prop());
  for (const std::string &name : names) {
    const std::size_t index = e.m_binders.size();
    BinderRecord &r = record(name);
    r.premise = Premise{name, lean::toLean(type), proposition, b.position};
    e.pushLocal(name, Local::Kind::Proof, Type::prop());
    e.m_scope.back().binder = index;
  }
}

}  // namespace

void Elaborator::instanceBinder(const lean::Binder &b) {
  if (!b.type) {
    unsupported("an instance binder without a class", b.position);
  }
  classBinder(*this, *b.type, b.position);
}

ElaboratedStatement Elaborator::run() {
  // The parser's first unsupported construct is reported where elaboration reaches it: one
  // inside a proof (`(by simp)`) is never evaluated, so it does not stop the statement. One
  // the trees do not hold (a binder the parser could not read) stops it here.
  if (m_statement.unsupported) {
    bool held = m_statement.conclusion && lean::firstUnsupported(*m_statement.conclusion);
    for (const auto *binders : {&m_statement.variables, &m_statement.binders}) {
      for (const lean::Binder &b : *binders) {
        held = held || (b.type && lean::firstUnsupported(*b.type));
      }
    }
    if (!held) {
      unsupported(m_statement.unsupported->text, m_statement.unsupported->position);
    }
  }
  if (!m_statement.conclusion) {
    unsupported("a statement without a conclusion", m_statement.position);
  }
  for (const auto &[variable, names] : includedVariables(m_statement)) {
    binder(*this, *variable, names, true);
  }
  for (const lean::Binder &b : m_statement.binders) {
    binder(*this, b, b.names, false);
  }
  const Term *conclusion = m_statement.conclusion.get();
  while (conclusion->kind == TermKind::Binary && conclusion->text == "→" &&
         conclusion->args.size() == 2) {
    const Term &premise = *conclusion->args[0];
    if (namesAType(premise)) {
      break;  // `Nat → P`: not a premise; the conclusion's elaboration reports it
    }
    m_arrowPremises.push_back(
        Premise{"", lean::toLean(premise), check(premise, Type::prop()), premise.position});
    conclusion = conclusion->args[1].get();
  }
  Node body = check(*conclusion, Type::prop());
  // A typeless binder never used as a value proves what an index without a proof needs.
  std::size_t next = 0;
  for (Local &local : m_scope) {
    if (local.kind == Local::Kind::Pending) {
      if (next == m_tacticProofs.size()) {
        typeMismatch("a binder whose use gives its type",
                     cat({local.name, ", which nothing types"}), m_binders[local.binder].position);
      }
      proveByBinder(local, m_tacticProofs[next].domain, m_tacticProofs[next].text);
      ++next;
    }
  }
  finalize();
  ElaboratedStatement out;
  out.name = m_statement.name;
  out.instantiation = m_instantiation.name;
  for (const BinderRecord &r : m_binders) {
    if (r.premise) {
      out.premises.push_back(*r.premise);
    } else if (r.slot) {
      out.binders.push_back(ValueBinder{r.name, resolved(r.type), r.position, *r.slot, r.variable});
    }
  }
  out.premises.insert(out.premises.end(), m_arrowPremises.begin(), m_arrowPremises.end());
  std::vector<const Expr *> premises;
  for (const Premise &premise : out.premises) {
    premises.push_back(premise.expr.get());
  }
  markUndecidable(premises, *body);
  out.conclusion = body;
  out.conclusionText = lean::toLean(*conclusion);
  out.requirements = m_requirements;
  for (const Requirement &r : m_requirements) {
    if (m_typeVariables.count(r.written)) {
      out.classes[r.written].insert(r.cls);
    }
  }
  out.branches = m_branches;
  out.frameSize = m_frameSize;
  return out;
}

}  // namespace elab

Elaboration elaborate(const lean::Statement &statement, const Registry &registry,
                      const Instantiation &instantiation) {
  Elaboration out;
  try {
    elab::Elaborator elaborator(registry, instantiation, statement);
    out.statement = elaborator.run();
  } catch (const ElaborationError &e) {
    out.statement.reset();
    out.reason = e.reason();
  }
  return out;
}

}  // namespace proofport::interp
