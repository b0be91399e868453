// Reasons a statement is not interpreted, and the error that carries one out of elaboration.
#include "proofport/interp/Reason.h"

#include <utility>

namespace proofport::interp {

std::string_view reasonKindName(ReasonKind kind) {
  switch (kind) {
  case ReasonKind::Unsupported: return "unsupported";
  case ReasonKind::MissingRegistration: return "missing registration";
  case ReasonKind::TypeError: return "type error";
  case ReasonKind::NotAdmissible: return "not admissible";
  }
  return "?";
}

std::string Reason::toString() const {
  std::string out = std::string(reasonKindName(kind)) + ": " + subject;
  if (kind != ReasonKind::NotAdmissible && position.line > 0) {
    out += " at " + std::to_string(position.line) + ":" + std::to_string(position.column);
  }
  return out;
}

ElaborationError::ElaborationError(Reason reason)
    : Error(Worded{reason.toString()}, "interp::elaborate", "a statement of the language",
            reason.toString()),
      m_reason(std::move(reason)) {}

[[noreturn]] void throwElaborationError(Reason reason) {
  throw ElaborationError(std::move(reason));
}

[[noreturn]] void unsupported(std::string construct, lean::Position where) {
  throwElaborationError(Reason{ReasonKind::Unsupported, std::move(construct), where});
}

[[noreturn]] void missingRegistration(std::string name, lean::Position where) {
  throwElaborationError(Reason{ReasonKind::MissingRegistration, std::move(name), where});
}

[[noreturn]] void typeMismatch(std::string expected, std::string got, lean::Position where) {
  throwElaborationError(Reason{
      ReasonKind::TypeError, "expected " + std::move(expected) + ", got " + std::move(got), where});
}

[[noreturn]] void notAdmissible(std::string subject) {
  throwElaborationError(Reason{ReasonKind::NotAdmissible, std::move(subject), {}});
}

}  // namespace proofport::interp
