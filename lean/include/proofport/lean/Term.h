// Lean 4 theorem statements as syntax trees: binders, conclusions and the terms they are made of,
// each node with its position in the source (the statement interpreter's input).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace proofport::lean {

/// A place in a source text: 1-based line, 1-based column counted in characters (as
/// Declaration's). Zero for a node the parser made up (the parameter of a `(· + 1)` section).
struct Position {
  std::size_t line = 0;
  std::size_t column = 0;

  friend bool operator==(const Position &, const Position &) = default;
};

/// `LINE:COL`.   Cost: O(1)
std::string toString(Position position);

/// What a syntax tree node is. Each kind says what `text`, `args` and `binders` hold; a kind
/// not listed in `text`/`args`/`binders` leaves them empty.
enum class TermKind {
  /// An identifier as written, dots included: `m`, `m.insert`, `Prod.fst`, `HashMap`, `α`,
  /// `List.map`, `_` (a hole), `Type`, `Prop`, `true`, `some`, `default`. `text`: the name
  /// (`«x»` unescaped where it is a plain identifier). Whether `m.insert` is a field of the
  /// local `m` or a global name is decided by whoever resolves it. `@f` (explicit arguments)
  /// keeps its `@`, `.some` (a constructor of the expected type) its leading dot; the
  /// parameters of a cdot section are `·1`, `·2`, ….
  Name,
  /// A natural number literal: `text` is its digits (`0x10` is given as written).
  Number,
  /// A string literal: `text` is its value, escapes resolved.
  String,
  /// A character literal: `text` is the character, UTF-8.
  Char,
  /// Function application `f a b`: `args[0]` the function, `args[1…]` the arguments in order.
  /// `f <| a`, `a |> f` and `f $ a` are read as `f a`.
  App,
  /// A field of a term written other than as one dotted name: `(m.insert k v).size`,
  /// `(f x).toList`, `m[k]?.get!`, `(m).size`, and the field of a pipe `x |>.get! d` (applied to
  /// `d` by an App around it): `args[0]` the term, `text` the field (`size`; may itself be
  /// dotted, `val.size`).
  Dot,
  /// A numeric projection `p.1`, `(f x).2`, `x |>.1`: `args[0]` the term, `text` the index
  /// (`1`, `2`).
  Projection,
  /// `x[i]?`, `x[i]!`, `x[i]`, `x[i]'h`: `args = {x, i}` plus, for `'h`, `args[2]` the proof
  /// term (never evaluated). `text`: `?`, `!`, empty, or `'`. It binds tighter than
  /// application: `f m[k]?` has one argument.
  Index,
  /// `if c then a else b` (`args = {c, a, b}`; `text` empty) or `if h : c then a else b`
  /// (`text` = `h`).
  If,
  /// `bif c then a else b`: `args = {c, a, b}`.
  Bif,
  /// An infix operator: `args = {lhs, rhs}`, `text` the operator as Lean spells it: `==`,
  /// `!=`, `&&`, `||`, `∧`, `∨`, `↔`, `→`, `=`, `≠`, `≤`, `<`, `≥`, `>`, `+`, `-`, `*`, `/`,
  /// `%`, `^`, `∘`, `::`, `++`, `∈`, `∉`, `×` (in types), `▸` (in proofs). ASCII spellings are
  /// given in their Unicode form: `->` as `→`, `<->` as `↔`, `<=` as `≤`, `>=` as `≥`, `/\` as
  /// `∧`, `\/` as `∨`. Associativity and precedence are Lean's: `→`, `::`, `∧`, `∨`, `×`, `^`,
  /// `∘` right, `+ - * / % ++ && ||` left, `=`-like relations and `↔` neither (`a = b = c` is
  /// no Lean: an Unsupported node `unexpected =`).
  Binary,
  /// A prefix operator: `args = {operand}`, `text` `!`, `¬`, `-` or `↑` (a coercion).
  Unary,
  /// `fun x y => body`, `fun (x : T) => body`, `λ x ↦ body`, and a parenthesized section with
  /// `·` (`(· + 1)`, `(·.1 == k)`, `(f · x)`: the innermost parentheses around a `·`), whose
  /// parameters the parser names `·1`, `·2`, … in order, in one binder group without a
  /// position: `binders` the parameters (a run of untyped names is one group), `args[0]` the
  /// body.
  Lambda,
  /// `∀ x y, body`, `∀ (x : T), body`, `∀ x ∈ l, body` (the membership as a Binary `∈` premise
  /// `x ∈ l → body`; `∉ < ≤ > ≥ ≠` likewise), and a dependent arrow `(a : α) → β`,
  /// `{a : α} → β`, `[C α] → β` (one binder group): `binders`, `args[0]` the body.
  Forall,
  /// `∃ x, body`, `∃ x ∈ l, body` (as `x ∈ l ∧ body`): `binders`, `args[0]` the body.
  Exists,
  /// `haveI x : T := v; body`, `have …`, `let x := v; body` (also with a line break instead of
  /// `;`: as in Lean, the value's application takes arguments only right of the keyword's
  /// column): `text` the keyword, `binders[0]` the name (`this` for `have : T := v`, then
  /// without a position) and optional type, `args = {v, body}`.
  Let,
  /// The anonymous constructor `⟨a, b, c⟩`: `args` the components.
  Anonymous,
  /// A parenthesized tuple `(a, b, c)`: `args` the components (at least two).
  Tuple,
  /// A list literal `[a, b]` (`[]` has no args).
  List,
  /// A type ascription `(e : T)`: `args = {e, T}`.
  Ascription,
  /// `()`.
  Unit,
  /// `∅`.
  EmptyCollection,
  /// A construct outside the language: `text` names it and `position` is where it starts. A
  /// keyword or symbol that begins one (`match`, `by`, `show`, `do`, `fun |`, `if let`, `Σ`,
  /// `∑`, `⋃`, `∃!`, …) takes the rest of its bracket group; a bracket pair outside the
  /// language is skipped whole (`{x with …}`, `{x | p}`, `{x := …}`, `{a, b}`, `⟪…⟫`, `‹…›`,
  /// `#[…]`, `@[…]`), as are a named argument `(x := v)`, and literals (`scientific literal`,
  /// `interpolated string`, `name literal`): the parser goes on after them, so a statement may
  /// hold several. An operator outside the language (`>>=`, `<$>`, `•`, …) is read with its
  /// precedence and named by its spelling; an unknown symbol (`⊆`) takes the rest of its group;
  /// a term missing before a closing bracket or keyword is `missing term`, and tokens left
  /// after a whole term `unexpected X`.
  Unsupported,
};

/// `Name`, `App`, …: the kind's spelling in this header.   Cost: O(1)
std::string_view termKindName(TermKind kind);

struct Term;
/// Nodes are shared and immutable: a tree is built once by the parser and read by many checks.
using TermPtr = std::shared_ptr<const Term>;

/// How a binder is bracketed.
enum class BinderKind {
  Explicit,        ///< `(x : T)`
  Implicit,        ///< `{x : T}`, `{c}`
  StrictImplicit,  ///< `⦃x : T⦄`
  Instance,        ///< `[EquivBEq α]`, `[inst : BEq α]`
};

/// One binder group: `{k a : α}` binds two names to one type. A default value
/// `(x : T := v)` makes the type `optParam T v`, as Lean elaborates it.
struct Binder {
  BinderKind kind = BinderKind::Explicit;
  /// The names bound, in order. An instance binder `[EquivBEq α]` has none; `_` is kept as
  /// written.
  std::vector<std::string> names;
  /// The type; null where none is written (`{c}`, `fun x => …`, `∀ a, …`).
  TermPtr type;
  /// Where the opening bracket (or the first name, when unbracketed) is.
  Position position;
};

/// A syntax tree node.
struct Term {
  TermKind kind = TermKind::Name;
  /// See TermKind.
  std::string text;
  /// Sub-terms, see TermKind.
  std::vector<TermPtr> args;
  /// For Lambda, Forall, Exists and Let: the bound names.
  std::vector<Binder> binders;
  /// Where the node starts: its first token (for an infix operator, its left operand's start).
  Position position;
};

/// The first Unsupported node of a tree in source order, or null.   Cost: O(tree)
const Term *firstUnsupported(const Term &term);

/// Prints a tree back as Lean, parenthesized where precedence could mislead
/// (`(m.insert k v).size = m.size + 1`, `¬(a ∈ m)`, `(fun x => x) = f`); round-trips through
/// parseTerm to the same tree modulo positions for every tree parseTerm makes without an
/// Unsupported node (an Unsupported node prints as `sorry`; a pipe prints as the application
/// it stands for).   Cost: O(tree)
std::string toLean(const Term &term);

/// A theorem statement read from a source.
struct Statement {
  /// Fully qualified name (as Declaration's).
  std::string name;
  /// Where its `theorem` keyword is.
  Position position;
  /// The `variable` binders in force at the theorem, outermost scope first, in order (Lean
  /// includes in a theorem only those it mentions; the interpreter decides which it needs). A
  /// `variable` inside a section or namespace is dropped at its `end`; `variable … in` holds
  /// for the next command only. A binder update `variable {α}` is listed like any binder.
  std::vector<Binder> variables;
  /// Its own binders, in order.
  std::vector<Binder> binders;
  /// The conclusion after the last binder's `:`.
  TermPtr conclusion;
  /// The namespaces open at the theorem, innermost last (`Std`, `Std.HashMap`), for resolving
  /// short names as Lean does; `open` commands in force are in `opens`.
  std::vector<std::string> namespaces;
  /// The innermost `section` open at the theorem: its name (`Alter`), `section@LINE` for an
  /// anonymous one (the line of its `section` keyword), or empty outside any section.
  std::string section;
  /// The namespaces the `open` commands in force name, as written and in order (`open A B` gives
  /// `A`, `B`; `open A (x)`, `open A hiding x`, `open scoped A` give `A`); scoped like
  /// `variables`, and `open … in` holds for the next command only.
  std::vector<std::string> opens;
  /// The first construct the parser does not read (its `text` and position) in the binders or
  /// the conclusion, if any: the statement is then not interpreted, and reported
  /// `unsupported: <text> at LINE:COL`. A binder that is none (`⟨a, b⟩`) is `binder ⟨…`; a
  /// statement without `:` has the conclusion `missing conclusion`.
  std::optional<Term> unsupported;
};

/// Deepest nesting parseTerm and readStatements accept, of brackets and of terms (a dotted name
/// counting one level per dot, `m.size.succ` the projections it may stand for): deeper is a
/// ReadError, never a stack overflow.
inline constexpr std::size_t kMaxTermDepth = 256;

/// Parses one term (a binder's type, a conclusion, a registered operation's Lean signature
/// such as `HashMap α β → α → β → HashMap α β`). `origin` labels errors; positions count from
/// `start` (the text's first character). Comments are skipped.
/// Cost: O(text)
/// Throws: ReadError (proofport/lean/Declarations.h) at a bracket left open or closed without
/// being opened, or a comment or literal left open: a syntax error; or as lean::read for text
/// that is not UTF-8 or holds a NUL byte; or beyond kMaxTermDepth. A construct outside the
/// language is no error: it is an Unsupported node.
TermPtr parseTerm(std::string_view text, std::string_view origin = "<term>",
                  Position start = {1, 1});

/// Reads every `theorem` (and `lemma`) of a Lean source as a Statement, in text order, with the
/// `variable`s, namespaces and `open`s in force at each: the same theorems, by the same names,
/// as lean::read finds. A statement runs from its name to the `:=` no `have` or `let` takes, a
/// line starting with `|` (an equation, not a `|>` pipe), or the next command (as
/// Declaration::signature).
/// Cost: O(text)
/// Throws: ReadError as lean::read does, at a syntax error inside a signature or a `variable`
/// command (see parseTerm), and where the statements would copy more than 16 bytes of the
/// variables, namespaces and opens in force per byte of text (thousands of variables in force
/// at thousands of theorems): the output stays linear in the text.
std::vector<Statement> readStatements(std::string_view text, std::string_view origin = "<text>");

/// Reads the file at `path` as readStatements does.
/// Throws: ReadError if it cannot be read, or as readStatements.
std::vector<Statement> readStatementsFile(const std::string &path);

}  // namespace proofport::lean
