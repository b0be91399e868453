// Random reverse-mode tapes: DAGs whose parents are drawn from earlier positions (repeats
// allowed) and whose VJPs return random shape-correct contributions, so every scalar type,
// witness algebras included, runs whole backward passes.
#pragma once

#include <cstddef>
#include <map>
#include <ostream>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/tape/Tape.h"
#include "proofport/gen/Tensors.h"

namespace proofport::gen {

/// A tape of 1–3 inputs and 1–6 nodes. Node k's VJP sends each parent `p` the tensor
/// `r_p[e] + g0` (g0 the gradient's first element, or the node's uniform if it has none) and
/// every other position `full(u)`; its data is printed in `Node::kind`.
template <Scalar S>
rc::Gen<tape::Tape<S>> randomTape() {
  return rc::gen::exec([] {
    tape::Tape<S> t;
    t.inputs = *shapes(1, 3);
    const auto nodeCount = *rc::gen::inRange<std::size_t>(1, 7);
    std::vector<Shape> all = t.inputs;
    for (std::size_t k = 0; k < nodeCount; ++k) {
      tape::Node<S> node;
      node.shape = *shape();
      const auto parentCount = *rc::gen::inRange<std::size_t>(1, 4);
      for (std::size_t j = 0; j < parentCount; ++j) {
        node.parents.push_back(*rc::gen::inRange<std::size_t>(0, all.size()));
      }
      const S u = *scalar<S>();
      std::map<std::size_t, Tensor<S>> parts;
      for (std::size_t p : node.parents) {
        if (parts.count(p) == 0) {
          parts.emplace(p, *tensor<S>(all[p]));
        }
      }
      node.kind = "random(u=" + ScalarTraits<S>::show(u) + ", parents=[";
      for (std::size_t j = 0; j < node.parents.size(); ++j) {
        node.kind += j == 0 ? "" : ",";
        node.kind += std::to_string(node.parents[j]);
      }
      node.kind += "], parts={";
      for (const auto &[p, part] : parts) {
        node.kind += '#';
        node.kind += std::to_string(p) + ": " + showTensor(part) + "; ";
      }
      node.kind += "})";
      const auto parents = node.parents;
      node.vjp = [u, parts, parents](const Tensor<S> &g, const std::vector<Shape> &prefix) {
        const S g0 = g.size() > 0 ? g[0] : u;
        std::vector<Tensor<S>> dense;
        for (const Shape &s : prefix) {
          dense.push_back(Tensor<S>::full(s, u));
        }
        std::vector<SomeIdx> support;
        for (std::size_t p : parents) {
          support.push_back(Idx{p, prefix[p]});
          Tensor<S> value = parts.at(p);
          for (S &e : value.elements()) {
            e = e + g0;
          }
          dense[p] = std::move(value);
        }
        TensorPack<S> pack(std::move(dense));
        return Contributions<S>([pack] { return pack; }, TensorLookup<S>::ofPack(pack), u,
                                std::move(support));
      };
      all.push_back(node.shape);
      t.nodes.push_back(std::move(node));
    }
    return t;
  });
}

}  // namespace proofport::gen

namespace proofport::tape {

/// `tape(inputs=[…], nodes=[#3: [2] random(…), …])`.
template <Scalar S>
void showValue(const Tape<S> &t, std::ostream &os) {
  os << "tape(inputs=" << showShapes(t.inputs) << ", nodes=[";
  for (std::size_t k = 0; k < t.nodes.size(); ++k) {
    os << (k == 0 ? "" : ", ") << "#" << t.inputs.size() + k << ": " << showShape(t.nodes[k].shape)
       << " " << t.nodes[k].kind;
  }
  os << "])";
}

}  // namespace proofport::tape
