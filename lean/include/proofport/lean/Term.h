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
  /// `List.map`, `_` (a hole), `Type`, `Prop`. `text`: the name (`«x»` unescaped). Whether
  /// `m.insert` is a field of the local `m` or a global name is decided by whoever resolves it.
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
  /// A field of a term that is not a name: `(m.insert k v).size`, `(f x).toList`:
  /// `args[0]` the term, `text` the field (`size`; may itself be dotted, `val.size`).
  Dot,
  /// A numeric projection `p.1`, `(f x).2`: `args[0]` the term, `text` the index (`1`, `2`).
  Projection,
  /// `x[i]?`, `x[i]!`, `x[i]`, `x[i]'h`: `args = {x, i}` plus, for `'h`, `args[2]` the proof
  /// term (never evaluated). `text`: `?`, `!`, empty, or `'`.
  Index,
  /// `if c then a else b` (`args = {c, a, b}`; `text` empty) or `if h : c then a else b`
  /// (`text` = `h`).
  If,
  /// `bif c then a else b`: `args = {c, a, b}`.
  Bif,
  /// An infix operator: `args = {lhs, rhs}`, `text` the operator as Lean spells it: `==`,
  /// `!=`, `&&`, `||`, `∧`, `∨`, `↔`, `→`, `=`, `≠`, `≤`, `<`, `≥`, `>`, `+`, `-`, `*`, `/`,
  /// `%`, `::`, `++`, `∈`, `∉`, `×` (in types). Associativity and precedence are Lean's
  /// (`→` and `::` and `++` right, `a = b = c` is not Lean).
  Binary,
  /// A prefix operator: `args = {operand}`, `text` `!`, `¬` or `-`.
  Unary,
  /// `fun x y => body`, `fun (x : T) => body`, and a parenthesized section with `·` (`(· + 1)`,
  /// `(·.1 == k)`), whose parameters the parser names `·1`, `·2`, … in order: `binders` the
  /// parameters (kind Explicit), `args[0]` the body.
  Lambda,
  /// `∀ x y, body`, `∀ (x : T), body`, `∀ x ∈ l, body` (the membership as a Binary `∈` premise
  /// `x ∈ l → body`): `binders`, `args[0]` the body.
  Forall,
  /// `∃ x, body`, `∃ x ∈ l, body` (as `x ∈ l ∧ body`): `binders`, `args[0]` the body.
  Exists,
  /// `haveI x : T := v; body`, `have …`, `let x := v; body` (also with a line break instead of
  /// `;`): `text` the keyword, `binders[0]` the name and optional type, `args = {v, body}`.
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
  /// A construct outside the language (`match`, `fun | …`, `show … from`, `by`, set-builder
  /// notation, `⟪…⟫`, …): `text` names it (`match`, `by`); the parser goes on after it where it
  /// can, so a statement may hold several. `position` is where it starts.
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

/// One binder group: `{k a : α}` binds two names to one type.
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

/// Prints a tree back as Lean, fully parenthesized where precedence could mislead
/// (`((m.insert k v).size = m.size + 1)`); round-trips through parseTerm to the same tree
/// modulo positions.   Cost: O(tree)
std::string toLean(const Term &term);

/// A theorem statement read from a source.
struct Statement {
  /// Fully qualified name (as Declaration's).
  std::string name;
  /// Where its `theorem` keyword is.
  Position position;
  /// The `variable` binders in force at the theorem, outermost scope first, in order (Lean
  /// includes in a theorem only those it mentions; the interpreter decides which it needs).
  std::vector<Binder> variables;
  /// Its own binders, in order.
  std::vector<Binder> binders;
  /// The conclusion after the last binder's `:`.
  TermPtr conclusion;
  /// The namespaces open at the theorem, innermost last (`Std`, `Std.HashMap`), for resolving
  /// short names as Lean does; `open` commands in force are in `opens`.
  std::vector<std::string> namespaces;
  std::vector<std::string> opens;
  /// The first construct the parser does not read (its `text` and position), if any: the
  /// statement is then not interpreted, and reported `unsupported: <text> at LINE:COL`.
  std::optional<Term> unsupported;
};

/// Parses one term (a binder's type, a conclusion, a registered operation's Lean signature
/// such as `HashMap α β → α → β → HashMap α β`). `origin` labels errors; positions count from
/// `start`.
/// Cost: O(text)
/// Throws: ReadError (proofport/lean/Declarations.h) at a bracket left open or closed without
/// being opened, or a comment or literal left open: a syntax error. A construct outside the
/// language is no error: it is an Unsupported node.
TermPtr parseTerm(std::string_view text, std::string_view origin = "<term>",
                  Position start = {1, 1});

/// Reads every `theorem` (and `lemma`) of a Lean source as a Statement, in text order, with the
/// `variable`s, namespaces and `open`s in force at each.
/// Cost: O(text)
/// Throws: ReadError as lean::read does, and at a syntax error inside a signature (see
/// parseTerm).
std::vector<Statement> readStatements(std::string_view text, std::string_view origin = "<text>");

/// Reads the file at `path` as readStatements does.
/// Throws: ReadError if it cannot be read, or as readStatements.
std::vector<Statement> readStatementsFile(const std::string &path);

}  // namespace proofport::lean
