// The slots an expression reads that it does not bind itself (FreeSlots.h).
#include "FreeSlots.h"

#include <vector>

namespace proofport::interp {

namespace {

void freeSlotsInto(const Expr &e, std::set<std::size_t> &bound, std::set<std::size_t> &out) {
  auto child = [&](const ExprPtr &arg) { freeSlotsInto(*arg, bound, out); };
  auto binding = [&](std::size_t from, std::size_t count, const ExprPtr &body) {
    std::vector<std::size_t> added;
    for (std::size_t s = from; s < from + count; ++s) {
      if (bound.insert(s).second) {
        added.push_back(s);
      }
    }
    child(body);
    for (std::size_t s : added) {
      bound.erase(s);
    }
  };
  switch (e.kind) {
  case ExprKind::Local:
    if (!bound.count(e.slot)) {
      out.insert(e.slot);
    }
    return;
  case ExprKind::Lambda: binding(e.slot, e.count, e.args[0]); return;
  case ExprKind::Forall:
  case ExprKind::Exists:
    for (const auto &[slot, walk] : e.domain.walks) {
      if (!bound.count(slot)) {
        out.insert(slot);
      }
    }
    binding(e.slot, 1, e.args[0]);
    return;
  case ExprKind::Let:
    child(e.args[0]);
    binding(e.slot, 1, e.args[1]);
    return;
  default:
    for (const ExprPtr &arg : e.args) {
      child(arg);
    }
  }
}

}  // namespace

std::set<std::size_t> freeSlots(const Expr &e) {
  std::set<std::size_t> bound;
  std::set<std::size_t> out;
  freeSlotsInto(e, bound, out);
  return out;
}

}  // namespace proofport::interp
