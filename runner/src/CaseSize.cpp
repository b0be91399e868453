// Measures a shown counterexample: tensors, elements, history runs, commands.
#include "proofport/runner/CaseSize.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace proofport::runner {
namespace {

/// The element count of the tensor whose text starts at `at` (just after `tensor(`): the
/// product of the dimensions in `[d0,d1,…]`.
std::size_t tensorElements(const std::string &text, std::size_t at) {
  const std::size_t close = text.find(']', at);
  if (at >= text.size() || text[at] != '[' || close == std::string::npos) {
    return 0;
  }
  std::size_t count = 1;
  std::istringstream dims(text.substr(at + 1, close - at - 1));
  for (std::string dim; std::getline(dims, dim, ',');) {
    count *= static_cast<std::size_t>(std::strtoull(dim.c_str(), nullptr, 10));
  }
  return count;
}

/// Top-level `( … )` groups between `history[` at `at` and its closing bracket.
std::size_t historyRuns(const std::string &text, std::size_t at) {
  std::size_t runs = 0;
  int depth = 0;
  for (std::size_t k = at; k < text.size(); ++k) {
    const char c = text[k];
    if (c == '(' || c == '[') {
      runs += depth == 0 && c == '(' ? 1 : 0;
      ++depth;
    } else if (c == ')' || c == ']') {
      if (depth == 0) {
        break;
      }
      --depth;
    }
  }
  return runs;
}

/// The `#k:` entries of the graph whose text starts at `at` (just after `graph(`), up to its
/// closing parenthesis.
std::size_t graphNodes(const std::string &text, std::size_t at) {
  std::size_t nodes = 0;
  int depth = 0;
  for (std::size_t k = at; k < text.size(); ++k) {
    const char c = text[k];
    if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      if (depth == 0) {
        break;
      }
      --depth;
    } else if (c == '#') {
      std::size_t end = k + 1;
      while (end < text.size() && text[end] >= '0' && text[end] <= '9') {
        ++end;
      }
      nodes += end > k + 1 && end < text.size() && text[end] == ':' ? 1 : 0;
    }
  }
  return nodes;
}

}  // namespace

CaseSize measure(const std::vector<Input> &counterexample) {
  constexpr std::string_view kTensor = "tensor(";
  constexpr std::string_view kHistory = "history[";
  constexpr std::string_view kGraph = "graph(";
  constexpr std::string_view kNode = "node(";
  CaseSize size;
  for (const Input &input : counterexample) {
    const std::string &value = input.value;
    for (std::size_t at = value.find(kTensor); at != std::string::npos;
         at = value.find(kTensor, at + 1)) {
      const std::size_t elements = tensorElements(value, at + kTensor.size());
      size.tensors += 1;
      size.elements += elements;
      size.maxElements = std::max(size.maxElements, elements);
    }
    for (std::size_t at = value.find(kHistory); at != std::string::npos;
         at = value.find(kHistory, at + 1)) {
      size.historyRuns += historyRuns(value, at + kHistory.size());
    }
    for (std::size_t at = value.find(kGraph); at != std::string::npos;
         at = value.find(kGraph, at + 1)) {
      size.nodes += graphNodes(value, at + kGraph.size());
    }
    for (std::size_t at = value.find(kNode); at != std::string::npos;
         at = value.find(kNode, at + 1)) {
      size.nodes += 1;
    }
    if (value.find('\n') != std::string::npos) {
      std::istringstream lines(value);
      for (std::string line; std::getline(lines, line);) {
        size.commands += line.find_first_not_of(" \t") == std::string::npos ? 0 : 1;
      }
    }
  }
  return size;
}

std::string showSize(const CaseSize &size) {
  return std::to_string(size.tensors) + (size.tensors == 1 ? " tensor" : " tensors") + " (max " +
         std::to_string(size.maxElements) +
         (size.maxElements == 1 ? " element), " : " elements), ") +
         std::to_string(size.historyRuns) + (size.historyRuns == 1 ? " run, " : " runs, ") +
         std::to_string(size.commands) + (size.commands == 1 ? " command" : " commands") +
         (size.nodes == 0 ? std::string()
                          : ", " + std::to_string(size.nodes) +
                                (size.nodes == 1 ? " graph node" : " graph nodes"));
}

}  // namespace proofport::runner
