// The intern table behind Order, and its printing and parsing.
#include "proofport/scalars/Order.h"

#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "Text.h"
#include "proofport/spec/Error.h"

namespace proofport::scalars {
namespace {

constexpr Order::Id kMaxSumId = Order::kAtomCount - 1;

/// Every sum node ever built: `nodes[id]` holds the operands' handles of sum `id`.
/// Slot 0 is unused because handle 0 is the atom `0`.
struct InternTable {
  std::mutex mutex;
  std::vector<std::pair<Order::Id, Order::Id>> nodes{{0, 0}};
  std::unordered_map<std::uint64_t, Order::Id> index;
};

/// Never destroyed, so values stay printable from other static destructors.
InternTable &table() {
  static auto *instance = new InternTable;
  return *instance;
}

std::uint64_t key(Order::Id l, Order::Id r) { return (std::uint64_t{l} << 32) | r; }

std::string atomName(std::uint32_t k) {
  if (k < 26) {
    return std::string(1, static_cast<char>('a' + k));
  }
  return std::string("a").append(std::to_string(k));
}

std::string leafName(Order x) { return x.isZero() ? std::string("0") : atomName(x.atomIndex()); }

[[noreturn]] void parseError(std::string_view text, std::size_t offset, const std::string &what) {
  const std::string found =
      offset < text.size()
          ? detail::quote(text.substr(offset, 1)) + " at offset " + std::to_string(offset)
          : "end of text at offset " + std::to_string(offset);
  throwContractError("Order::parse",
                     what + " (grammar: e ::= 0 | a..z | a<k>, k >= 26 | (e+e), no spaces)",
                     found + " in " + detail::quote(text));
}

/// Reads one leaf at `pos` (advancing it) or fails.
Order parseLeaf(std::string_view text, std::size_t &pos) {
  const char c = text[pos];
  if (c == '0') {
    ++pos;
    return Order::zero();
  }
  if (c < 'a' || c > 'z') {
    parseError(text, pos, "'(', '0' or an atom a..z");
  }
  const std::size_t start = pos++;
  if (c != 'a' || pos >= text.size() || text[pos] < '0' || text[pos] > '9') {
    return Order::atom(static_cast<std::uint32_t>(c - 'a'));
  }
  if (text[pos] == '0') {
    parseError(text, pos, "an atom number >= 26 without leading zeros after 'a'");
  }
  std::uint64_t k = 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    k = k * 10 + static_cast<std::uint64_t>(text[pos] - '0');
    if (k >= Order::kAtomCount) {
      parseError(text, start, "an atom number below 2^31 after 'a'");
    }
    ++pos;
  }
  if (k < 26) {
    parseError(text, start, "an atom number >= 26 after 'a' (atoms 0..25 are written a..z)");
  }
  return Order::atom(static_cast<std::uint32_t>(k));
}

}  // namespace

Order Order::atom(std::uint32_t k) {
  if (k >= kAtomCount) {
    throwContractError("Order::atom", "an atom index below 2^31", std::to_string(k));
  }
  return Order(kAtomBit | k);
}

std::uint32_t Order::atomIndex() const {
  if (!isAtom()) {
    throwContractError("Order::atomIndex", "a lettered atom",
                       isZero() ? std::string("the atom 0") : "a sum");
  }
  return m_id & ~kAtomBit;
}

Order Order::left() const {
  if (!isSum()) {
    throwContractError("Order::left", "a sum", "the atom " + leafName(*this));
  }
  InternTable &t = table();
  const std::lock_guard lock(t.mutex);
  return Order(t.nodes[m_id].first);
}

Order Order::right() const {
  if (!isSum()) {
    throwContractError("Order::right", "a sum", "the atom " + leafName(*this));
  }
  InternTable &t = table();
  const std::lock_guard lock(t.mutex);
  return Order(t.nodes[m_id].second);
}

std::size_t Order::internedSums() noexcept {
  InternTable &t = table();
  const std::lock_guard lock(t.mutex);
  return t.nodes.size() - 1;
}

Order operator+(Order l, Order r) {
  InternTable &t = table();
  const std::lock_guard lock(t.mutex);
  const auto [it, inserted] = t.index.try_emplace(key(l.m_id, r.m_id), 0);
  if (inserted) {
    if (t.nodes.size() > kMaxSumId) {
      t.index.erase(it);
      throwContractError("Order::operator+", "fewer than 2^31 - 1 distinct sums in the table",
                         "a full table");
    }
    try {
      t.nodes.emplace_back(l.m_id, r.m_id);
    } catch (...) {
      t.index.erase(it);
      throw;
    }
    it->second = static_cast<Order::Id>(t.nodes.size() - 1);
  }
  return Order(it->second);
}

std::string Order::show() const {
  if (!isSum()) {
    return leafName(*this);
  }
  InternTable &t = table();
  const std::lock_guard lock(t.mutex);
  // Iterative walk (trees from long accumulations are far deeper than the call stack):
  // a frame is a node plus how many of its operands have been printed.
  std::string out;
  std::vector<std::pair<Id, int>> stack{{m_id, 0}};
  while (!stack.empty()) {
    auto &[id, done] = stack.back();
    const Order node(id);
    if (!node.isSum()) {
      out += leafName(node);
      stack.pop_back();
      continue;
    }
    const auto [l, r] = t.nodes[id];
    switch (done++) {
    case 0:
      out += '(';
      stack.emplace_back(l, 0);
      break;
    case 1:
      out += '+';
      stack.emplace_back(r, 0);
      break;
    default:
      out += ')';
      stack.pop_back();
      break;
    }
  }
  return out;
}

Order Order::parse(std::string_view text) {
  // Shift-reduce without recursion: each open '(' is a frame holding its left operand once
  // that has been read.
  struct Frame {
    Order left;
    bool haveLeft = false;
  };
  std::vector<Frame> open;
  std::size_t pos = 0;
  for (;;) {
    // Expecting the start of an expression.
    if (pos >= text.size()) {
      parseError(text, pos, "'(', '0' or an atom a..z");
    }
    if (text[pos] == '(') {
      open.push_back(Frame{});
      ++pos;
      continue;
    }
    Order value = parseLeaf(text, pos);
    // A complete expression `value` ends at `pos`: attach it to the innermost open sum.
    for (;;) {
      if (open.empty()) {
        if (pos != text.size()) {
          parseError(text, pos, "end of text after a complete expression");
        }
        return value;
      }
      Frame &top = open.back();
      if (!top.haveLeft) {
        if (pos >= text.size() || text[pos] != '+') {
          parseError(text, pos, "'+' after the left operand");
        }
        ++pos;
        top.left = value;
        top.haveLeft = true;
        break;
      }
      if (pos >= text.size() || text[pos] != ')') {
        parseError(text, pos, "')' after the right operand");
      }
      ++pos;
      value = top.left + value;
      open.pop_back();
    }
  }
}

void showValue(const Order &x, std::ostream &os) { os << x.show(); }

}  // namespace proofport::scalars
