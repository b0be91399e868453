// Counterexamples as people read them: scalar names for C++ types, failures as indented blocks.
#include "proofport/runner/Describe.h"

#include <sstream>

#include "proofport/runner/Runner.h"

namespace proofport::runner {
namespace {

bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == ':';
}

}  // namespace

std::string renameType(const std::string &type, const std::string &from, const std::string &to) {
  if (from.empty()) {
    return type;
  }
  std::string out;
  std::size_t at = 0;
  while (at < type.size()) {
    const std::size_t hit = type.find(from, at);
    if (hit == std::string::npos) {
      break;
    }
    const std::size_t end = hit + from.size();
    const bool startsToken = hit == 0 || !isIdentifierChar(type[hit - 1]);
    const bool endsToken = end == type.size() || !isIdentifierChar(type[end]);
    out.append(type, at, hit - at);
    out += startsToken && endsToken ? to : from;
    at = end;
    // RapidCheck spells nested templates `number<…> >`; keep `<rational>` tight.
    if (startsToken && endsToken && at < type.size() && type[at] == ' ' && at + 1 < type.size() &&
        type[at + 1] == '>') {
      ++at;
    }
  }
  out.append(type, at, std::string::npos);
  return out;
}

std::string describeInputs(const RunResult &result) {
  std::ostringstream os;
  for (const Input &input : result.counterexample) {
    // A named input reads like a Lean named argument; an unnamed one keeps its type.
    const std::string head = input.name.empty() ? input.type + " =" : input.name + " :=";
    const std::string &value = input.value;
    if (value.find('\n') == std::string::npos) {
      os << "    " << head << " " << value << "\n";
      continue;
    }
    // Multi-line values (command sequences) get one indented line each.
    os << "    " << head << "\n";
    std::istringstream lines(value);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty()) {
        os << "      " << line << "\n";
      }
    }
  }
  return os.str();
}

std::string describeFailure(const RunResult &result) {
  std::ostringstream os;
  if (!result.fromCorpus.empty()) {
    os << "  the saved case " << result.fromCorpus << " fails again; its inputs:\n";
  } else {
    os << "  after " << result.cases << " passing cases and " << result.shrinks
       << " shrink steps, the smallest counterexample found is:\n";
  }
  os << describeInputs(result);
  os << "  failure:\n";
  std::istringstream lines(result.description);
  for (std::string line; std::getline(lines, line);) {
    os << "    " << line << "\n";
  }
  return os.str();
}

}  // namespace proofport::runner
