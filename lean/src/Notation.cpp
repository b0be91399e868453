// Lean 4's operator precedences and term keywords. Infix operators follow the declarations
// `infixl:p` (left operand at p, right at p+1), `infixr:p` (p+1, p) and `infix:p` (p+1, p+1);
// `∈`/`∉` are `notation:50 a:50 … b:50`; the arrow, `▸` and the pipes are built-in trailing
// parsers whose left side is not checked.
#include "Notation.h"

#include <algorithm>
#include <iterator>

namespace proofport::lean::detail {

namespace {

constexpr InfixForm kBin = InfixForm::Binary;
constexpr InfixForm kOut = InfixForm::Unsupported;

constexpr InfixOperator kInfix[] = {
    // Logic, as Init/Core and Init/Notation declare it; `→` is the built-in arrow (checkPrec 25,
    // right side at 25).
    {"\xE2\x86\x92" /* → */, "\xE2\x86\x92", 25, 0, 25, kBin, false},
    {"->", "\xE2\x86\x92", 25, 0, 25, kBin, false},
    {"\xE2\x86\x94" /* ↔ */, "\xE2\x86\x94", 20, 21, 21, kBin, false},
    {"<->", "\xE2\x86\x94", 20, 21, 21, kBin, false},
    {"\xE2\x88\xA8" /* ∨ */, "\xE2\x88\xA8", 30, 31, 30, kBin, false},
    {"\\/", "\xE2\x88\xA8", 30, 31, 30, kBin, false},
    {"\xE2\x88\xA7" /* ∧ */, "\xE2\x88\xA7", 35, 36, 35, kBin, false},
    {"/\\", "\xE2\x88\xA7", 35, 36, 35, kBin, false},
    {"||", "||", 30, 30, 31, kBin, true},
    {"&&", "&&", 35, 35, 36, kBin, true},
    // Relations: `infix:50`.
    {"=", "=", 50, 51, 51, kBin, false},
    {"==", "==", 50, 51, 51, kBin, false},
    {"!=", "!=", 50, 51, 51, kBin, false},
    {"\xE2\x89\xA0" /* ≠ */, "\xE2\x89\xA0", 50, 51, 51, kBin, false},
    {"<", "<", 50, 51, 51, kBin, false},
    {">", ">", 50, 51, 51, kBin, false},
    {"\xE2\x89\xA4" /* ≤ */, "\xE2\x89\xA4", 50, 51, 51, kBin, false},
    {"<=", "\xE2\x89\xA4", 50, 51, 51, kBin, false},
    {"\xE2\x89\xA5" /* ≥ */, "\xE2\x89\xA5", 50, 51, 51, kBin, false},
    {">=", "\xE2\x89\xA5", 50, 51, 51, kBin, false},
    {"\xE2\x88\x88" /* ∈ */, "\xE2\x88\x88", 50, 50, 50, kBin, false},
    {"\xE2\x88\x89" /* ∉ */, "\xE2\x88\x89", 50, 50, 50, kBin, false},
    // Types, lists, arithmetic.
    {"\xC3\x97" /* × */, "\xC3\x97", 35, 36, 35, kBin, false},
    {"::", "::", 67, 68, 67, kBin, false},
    {"++", "++", 65, 65, 66, kBin, true},
    {"+", "+", 65, 65, 66, kBin, true},
    {"-", "-", 65, 65, 66, kBin, true},
    {"*", "*", 70, 70, 71, kBin, true},
    {"/", "/", 70, 70, 71, kBin, true},
    {"%", "%", 70, 70, 71, kBin, true},
    {"^", "^", 80, 81, 80, kBin, false},
    {"\xE2\x88\x98" /* ∘ */, "\xE2\x88\x98", 90, 91, 90, kBin, false},
    // `h ▸ e`: the built-in trailing parser at 75, its operands at 75.
    {"\xE2\x96\xB8" /* ▸ */, "\xE2\x96\xB8", 75, 0, 75, kBin, false},
    // The pipes: `syntax:min`, the right side at `min1` (`|>`) or `min` (`<|`, `$`).
    {"|>", "|>", 10, 0, 11, InfixForm::PipeRight, true},
    {"<|", "<|", 10, 0, 10, InfixForm::PipeLeft, false},
    {"$", "$", 10, 0, 10, InfixForm::PipeLeft, false},
    {"|>.", "|>.", 10, 0, 0, InfixForm::PipeField, true},
    // Lean notation the language leaves out, read with its precedence so that what follows it
    // is still read.
    {"|||", "|||", 55, 55, 56, kOut, true},
    {"^^^", "^^^", 58, 58, 59, kOut, true},
    {"&&&", "&&&", 60, 60, 61, kOut, true},
    {"<<<", "<<<", 75, 75, 76, kOut, true},
    {">>>", ">>>", 75, 75, 76, kOut, true},
    {"\xE2\x80\xA2" /* • */, "\xE2\x80\xA2", 73, 74, 73, kOut, false},
    {"\xE2\x88\xA3" /* ∣ */, "\xE2\x88\xA3", 50, 51, 51, kOut, false},
    {">>=", ">>=", 55, 55, 56, kOut, true},
    {"<$>", "<$>", 100, 101, 100, kOut, false},
    {"<|>", "<|>", 20, 21, 20, kOut, false},
    {">>", ">>", 60, 61, 60, kOut, false},
    {"<*>", "<*>", 60, 60, 61, kOut, true},
    {"<*", "<*", 60, 60, 61, kOut, true},
    {"*>", "*>", 60, 60, 61, kOut, true},
    {"\xC3\x97'" /* ×' */, "\xC3\x97'", 35, 36, 35, kOut, false},
    {"\xE2\x89\x8D" /* ≍ */, "\xE2\x89\x8D", 50, 51, 51, kOut, false},
};

// `¬p` and `!b` are `notation:max` with the operand at 40; `-x` is `prefix:75`; `↑x` is the
// built-in coercion, its operand at max.
constexpr PrefixOperator kPrefix[] = {
    {"\xC2\xAC" /* ¬ */, kMaxPrec, 40},
    {"!", kMaxPrec, 40},
    {"-", 75, 75},
    {"\xE2\x86\x91" /* ↑ */, kMaxPrec, kMaxPrec},
};

// Longest first where one is a prefix of another (`|>.` before `|>`, `<|>` before `<|`).
constexpr std::string_view kSymbols[] = {"|>.",
                                         "<|>",
                                         "<->",
                                         "<$>",
                                         ">>=",
                                         "<*>",
                                         "|||",
                                         "^^^",
                                         "&&&",
                                         "<<<",
                                         ">>>",
                                         "...",
                                         ":=",
                                         "::",
                                         "=>",
                                         "==",
                                         "!=",
                                         "&&",
                                         "||",
                                         "|>",
                                         "<|",
                                         "<=",
                                         ">=",
                                         "->",
                                         "++",
                                         "<*",
                                         "*>",
                                         ">>",
                                         "/\\",
                                         "\\/",
                                         "@[",
                                         "#[",
                                         "%[",
                                         "..",
                                         "\xC3\x97'" /* ×' */,
                                         "\xE2\x88\x83!" /* ∃! */,
                                         "\xCE\xA3'" /* Σ' */};

constexpr std::string_view kKeywords[] = {"fun",
                                          "if",
                                          "then",
                                          "else",
                                          "bif",
                                          "let",
                                          "have",
                                          "haveI",
                                          "letI",
                                          "show",
                                          "from",
                                          "by",
                                          "do",
                                          "match",
                                          "with",
                                          "at",
                                          "in",
                                          "where",
                                          "calc",
                                          "suffices",
                                          "nomatch",
                                          "nofun",
                                          "return",
                                          "for",
                                          "unless",
                                          "try",
                                          "catch",
                                          "finally",
                                          "mut",
                                          "using",
                                          "deriving",
                                          "hiding",
                                          "renaming",
                                          "termination_by",
                                          "decreasing_by",
                                          "forall",
                                          "exists",
                                          "open",
                                          "set_option",
                                          "assert!",
                                          "dbg_trace"};

constexpr std::string_view kTerminators[] = {")",
                                             "]",
                                             "}",
                                             "\xE2\x9F\xA9" /* ⟩ */,
                                             "\xE2\xA6\x84" /* ⦄ */,
                                             "\xE2\x9F\xAB" /* ⟫ */,
                                             "\xE2\x80\xBA" /* › */,
                                             "\xE2\x8C\x8B" /* ⌋ */,
                                             "\xE2\x8C\x89" /* ⌉ */,
                                             ",",
                                             ":=",
                                             ":",
                                             "=>",
                                             "\xE2\x86\xA6" /* ↦ */,
                                             "|",
                                             ";",
                                             "then",
                                             "else",
                                             "with",
                                             "from",
                                             "at",
                                             "in",
                                             "where",
                                             "using",
                                             "deriving",
                                             "hiding",
                                             "renaming",
                                             "termination_by",
                                             "decreasing_by"};

template <class T, std::size_t N, class Key>
const T *find(const T (&table)[N], Key key) {
  const auto it = std::find_if(std::begin(table), std::end(table), key);
  return it == std::end(table) ? nullptr : &*it;
}

template <std::size_t N>
bool contains(const std::string_view (&words)[N], std::string_view word) {
  return std::find(std::begin(words), std::end(words), word) != std::end(words);
}

}  // namespace

const InfixOperator *infixOperator(std::string_view symbol) {
  return find(kInfix, [&](const InfixOperator &o) { return o.spelling == symbol; });
}

const InfixOperator *binaryOperator(std::string_view text) {
  return find(kInfix, [&](const InfixOperator &o) {
    return o.form == InfixForm::Binary && o.canonical == text;
  });
}

const PrefixOperator *prefixOperator(std::string_view symbol) {
  return find(kPrefix, [&](const PrefixOperator &o) { return o.spelling == symbol; });
}

std::string_view longestSymbol(std::string_view text) {
  std::string_view best;
  for (const std::string_view s : kSymbols) {
    if (s.size() > best.size() && text.substr(0, s.size()) == s) {
      best = s;
    }
  }
  return best;
}

bool isTermKeyword(std::string_view word) { return contains(kKeywords, word); }

bool isTerminator(std::string_view text) { return contains(kTerminators, text); }

bool isLetKeyword(std::string_view word) {
  return word == "let" || word == "have" || word == "haveI" || word == "letI";
}

}  // namespace proofport::lean::detail
