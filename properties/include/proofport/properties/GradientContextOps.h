// The operations of GradientContext that theorems constrain, each with its arguments, its
// production call, its dense-oracle counterpart and the positions it writes: what the theorem
// declarations (Gradients.h) are stated over and what a checked context intercepts.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean (the defs)
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "proofport/core/Gradients.h"
#include "proofport/oracle/Dense.h"

namespace proofport::properties::GradientContext {

template <Scalar S>
using G = ::proofport::GradientContext<S>;
template <Scalar S>
using L = ::proofport::TensorLookup<S>;

/// The oracle's dense reading of a context's raw parts (never production's materialization).
/// Cost: O(elements × clock)
template <Scalar S>
oracle::DenseContext<S> dense(const G<S> &ctx) {
  return oracle::DenseContext<S>::fromParts(ctx.stored().toPack(), ctx.epochs(), ctx.clock(),
                                            ctx.history());
}

/// The reads of a context at some positions, taken before an operation: what the right side
/// of an operation's theorem is evaluated on when the context itself cannot be copied (a
/// checked context's local level). Reading another position is a ContractError.
template <Scalar S>
class Reads {
public:
  /// Reads `ctx` (a GradientContext or a port with its members) at `positions` (any order,
  /// repeats read once).   Cost: O(Σ tensor × pending runs + positions × log positions)
  /// Throws: IndexError if a position is past the context's end.
  template <class C>
  Reads(const C &ctx, std::span<const std::size_t> positions) {
    assign(ctx, positions);
  }

  /// Reads `ctx` at `positions` again, into this object's storage: no allocation once it has
  /// held as many tensors of these sizes (a checked context reads before every operation), when
  /// `ctx` has `readInto`. A lookup taken earlier keeps the reads it was taken from.
  /// Cost: as the constructor.   Throws: as the constructor; it then holds the reads of the
  /// positions before the bad one.
  template <class C>
  void assign(const C &ctx, std::span<const std::size_t> positions) {
    if (!m_data || m_data.use_count() > 1) {
      m_data = std::make_shared<Data>();
    }
    Data &data = *m_data;
    if (!data.shapes.sameStorage(ctx.shapeList())) {  // no reference count traffic then
      data.shapes = ctx.shapeList();
    }
    data.count = 0;
    // A checked context passes its positions ascending and distinct: no copy to sort then.
    std::vector<std::size_t> sorted;
    if (!std::is_sorted(positions.begin(), positions.end()) ||
        std::adjacent_find(positions.begin(), positions.end()) != positions.end()) {
      sorted.assign(positions.begin(), positions.end());
      std::sort(sorted.begin(), sorted.end());
      sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
      positions = sorted;
    }
    const ShapeList &shapes = data.shapes;
    for (const std::size_t i : positions) {
      if (data.count < data.reads.size()) {
        if constexpr (requires { ctx.readInto(i, data.reads[0].second); }) {
          // By position: the index is valid by construction, no shape to build or compare.
          if (i >= shapes.size()) {
            assignIdx(shapes, i, data.at, "Reads::assign");  // throws the IndexError
          }
          data.reads[data.count].first = i;
          ctx.readInto(i, data.reads[data.count].second);
          ++data.count;
          continue;
        }
      }
      assignIdx(shapes, i, data.at, "Reads::assign");
      if (data.count == data.reads.size()) {
        data.reads.emplace_back(i, ctx.read(data.at));
      } else if constexpr (requires { ctx.readInto(data.at, data.reads[0].second); }) {
        data.reads[data.count].first = i;
        ctx.readInto(data.at, data.reads[data.count].second);
      } else {
        data.reads[data.count] = {i, ctx.read(data.at)};
      }
      ++data.count;
    }
  }
  /// The tensor read at `idx` before.   Cost: O(log positions read)
  /// Throws: ContractError if it was not read.
  Tensor<S> read(const Idx &idx) const { return at(idx, "Reads::read"); }
  /// The tensor read at `idx` before, by reference (valid while this object or a lookup taken
  /// from it lives, until the next `assign`).   Cost: O(log positions read)
  /// Throws: ContractError if it was not read.
  const Tensor<S> &get(const Idx &idx) const { return at(idx, "Reads::get"); }
  /// The context's shape list when it was read.   Cost: O(1)
  const ShapeList &shapeList() const noexcept { return m_data->shapes; }
  /// The reads as a lookup over the context's shapes (only the read positions can be read).
  /// Cost: O(1): the lookup shares the reads.
  L<S> lookup() const {
    return L<S>(
        m_data->shapes, [data = m_data](const Idx &idx) { return Reads(data).read(idx); },
        [data = m_data](const Idx &idx, Tensor<S> &out) {
          out = Reads(data).at(idx, "Reads::read");
        });
  }

private:
  struct Data {
    ShapeList shapes;
    /// The first `count` are the reads, ascending by position, each position once; the rest
    /// are storage kept for the next `assign`.
    std::vector<std::pair<std::size_t, Tensor<S>>> reads;
    std::size_t count = 0;
    /// The index being read (its shape's memory reused).
    Idx at;
  };
  explicit Reads(std::shared_ptr<Data> data) : m_data(std::move(data)) {}
  const Tensor<S> &at(const Idx &idx, const char *operation) const {
    const Tensor<S> *found = find(idx.i);
    if (found == nullptr) {
      throwContractError(operation, "a position read before the operation",
                         "position " + std::to_string(idx.i));
    }
    return *found;
  }
  /// Binary search: a shadow check reads every position, so a scan would make each of its
  /// operations quadratic. The few reads of a local check are scanned.
  const Tensor<S> *find(std::size_t i) const {
    const auto begin = m_data->reads.begin();
    const auto end = begin + static_cast<std::ptrdiff_t>(m_data->count);
    if (m_data->count <= 8) {
      for (auto read = begin; read != end; ++read) {
        if (read->first == i) {
          return &read->second;
        }
      }
      return nullptr;
    }
    const auto found = std::lower_bound(
        begin, end, i, [](const auto &read, std::size_t at) { return read.first < at; });
    return found != end && found->first == i ? &found->second : nullptr;
  }
  std::shared_ptr<Data> m_data;
};

/// The operations. Each has `name`, `Args<S>`, `apply(ctx, args)` (production, on a
/// GradientContext or a port with its member functions; returns what the operation returns),
/// `dense(model, args)` (the oracle) and `touched(ctx, args, out)` (the positions whose stored
/// tensor it may write, of the context before).
namespace op {

/// `ctx.addUniform uniform`.   Lean: Proofs.Autograd.Algebra.GradientContext.addUniform
struct addUniform {
  static constexpr std::string_view name = "GradientContext::addUniform";
  template <Scalar S>
  struct Args {
    S uniform;
  };
  template <class C, Scalar S>
  static void apply(C &ctx, const Args<S> &a) {
    ctx.addUniform(a.uniform);
  }
  template <Scalar S>
  static void dense(oracle::DenseContext<S> &model, const Args<S> &a) {
    model.addUniform(a.uniform);
  }
  template <class C, Scalar S>
  static void touched(const C &, const Args<S> &, std::vector<std::size_t> &) {}
};

/// `ctx.set idx value`.   Lean: Proofs.Autograd.Algebra.GradientContext.set
struct set {
  static constexpr std::string_view name = "GradientContext::set";
  template <Scalar S>
  struct Args {
    Idx idx;
    Tensor<S> value;
  };
  template <class C, Scalar S>
  static void apply(C &ctx, const Args<S> &a) {
    ctx.set(a.idx, a.value);
  }
  template <Scalar S>
  static void dense(oracle::DenseContext<S> &model, const Args<S> &a) {
    model.set(a.idx.i, a.value);
  }
  template <class C, Scalar S>
  static void touched(const C &, const Args<S> &a, std::vector<std::size_t> &out) {
    out.push_back(a.idx.i);
  }
};

/// `ctx.setMany (snapshot indices source)`.
/// Lean: Proofs.Autograd.Algebra.GradientContext.setMany, .snapshot
struct setMany {
  static constexpr std::string_view name = "GradientContext::setMany";
  template <Scalar S>
  struct Args {
    std::vector<SomeIdx> indices;
    L<S> source;
  };
  template <class C, Scalar S>
  static void apply(C &ctx, const Args<S> &a) {
    ctx.setMany(G<S>::snapshot(a.indices, a.source));
  }
  template <Scalar S>
  static void dense(oracle::DenseContext<S> &model, const Args<S> &a) {
    for (const SomeIdx &e : a.indices) {
      model.set(e.i, a.source.read(e));
    }
  }
  template <class C, Scalar S>
  static void touched(const C &, const Args<S> &a, std::vector<std::size_t> &out) {
    for (const SomeIdx &e : a.indices) {
      out.push_back(e.i);
    }
  }
};

/// `ctx.addContributions contribution`.
/// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
struct addContributions {
  static constexpr std::string_view name = "GradientContext::addContributions";
  /// Borrows the contribution (copying it costs allocations on every checked operation): it
  /// must outlive the arguments, which live for one operation or one property case.
  template <Scalar S>
  class Args {
  public:
    explicit Args(const ::proofport::Contributions<S> &c) : contribution(c) {}
    /// A temporary would not outlive the arguments.
    explicit Args(::proofport::Contributions<S> &&) = delete;
    const ::proofport::Contributions<S> &contribution;
    /// `contribution.dense ()`, computed on first use and kept: a theorem about the whole
    /// pack reads it at every position (computing it there each time made a shadow check of
    /// every position quadratic).   Cost: O(all elements) once, then O(1).
    const TensorPack<S> &dense() const {
      if (!m_dense) {
        m_dense = std::make_shared<const TensorPack<S>>(contribution.dense());
      }
      return *m_dense;
    }

  private:
    mutable std::shared_ptr<const TensorPack<S>> m_dense;
  };
  template <class C, Scalar S>
  static void apply(C &ctx, const Args<S> &a) {
    ctx.addContributions(a.contribution);
  }
  template <Scalar S>
  static void dense(oracle::DenseContext<S> &model, const Args<S> &a) {
    model.addPack(a.dense());
  }
  template <class C, Scalar S>
  static void touched(const C &, const Args<S> &a, std::vector<std::size_t> &out) {
    for (const SomeIdx &e : a.contribution.support()) {
      out.push_back(e.i);
    }
  }
};

/// `ctx.addDense contribution`.   Lean: Proofs.Autograd.Algebra.GradientContext.addDense
struct addDense {
  static constexpr std::string_view name = "GradientContext::addDense";
  template <Scalar S>
  struct Args {
    TensorPack<S> contribution;
  };
  template <class C, Scalar S>
  static void apply(C &ctx, const Args<S> &a) {
    ctx.addDense(a.contribution);
  }
  template <Scalar S>
  static void dense(oracle::DenseContext<S> &model, const Args<S> &a) {
    model.addPack(a.contribution);
  }
  template <class C, Scalar S>
  static void touched(const C &ctx, const Args<S> &, std::vector<std::size_t> &out) {
    for (std::size_t i = 0; i < ctx.size(); ++i) {
      out.push_back(i);
    }
  }
};

/// `cast same ctx`.   Lean: Proofs.Autograd.Algebra.GradientContext.cast
struct cast {
  static constexpr std::string_view name = "GradientContext::cast";
  template <Scalar S>
  struct Args {
    std::vector<Shape> shapes;
  };
  template <class C, Scalar S>
  static void apply(C &ctx, const Args<S> &a) {
    ctx.cast(a.shapes);
  }
  template <Scalar S>
  static void dense(oracle::DenseContext<S> &, const Args<S> &) {}
  template <class C, Scalar S>
  static void touched(const C &, const Args<S> &, std::vector<std::size_t> &) {}
};

/// `ctx.pop`: returns the last position, materialized.
/// Lean: Proofs.Autograd.Algebra.GradientContext.pop
struct pop {
  static constexpr std::string_view name = "GradientContext::pop";
  template <Scalar S>
  struct Args {};
  template <class C, Scalar S>
  static Tensor<S> apply(C &ctx, const Args<S> &) {
    return ctx.pop();
  }
  template <Scalar S>
  static Tensor<S> dense(oracle::DenseContext<S> &model, const Args<S> &) {
    return model.pop();
  }
  template <class C, Scalar S>
  static void touched(const C &ctx, const Args<S> &, std::vector<std::size_t> &out) {
    if (ctx.size() > 0) {
      out.push_back(ctx.size() - 1);
    }
  }
};

/// `ofPack seed`: the context a seed starts.   Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
struct ofPack {
  static constexpr std::string_view name = "GradientContext::ofPack";
  /// The seed.
  template <Scalar S>
  class Args {
  public:
    explicit Args(TensorPack<S> pack) : m_seed(std::move(pack)) {}
    /// The seed typed by `shapes`, a list the caller holds: a context that can share it
    /// (`GradientContext::ofPack(seed, shapes)`) builds no list of its own.
    Args(TensorPack<S> pack, ShapeList shapes)
        : m_seed(std::move(pack)), m_shapes(std::move(shapes)) {}
    /// The seed.
    const TensorPack<S> &seed() const noexcept { return m_seed; }
    /// The shape list the caller typed the seed by, if any.
    const std::optional<ShapeList> &shapes() const noexcept { return m_shapes; }
    /// The seed moved out (the arguments are not read again).   Cost: O(1)
    TensorPack<S> take() && { return std::move(m_seed); }
    /// The seed moved out, its elements kept in one array that `at` and `readInto` read from
    /// then (`seed()` is empty): what a check compares the new context against, copied in two
    /// allocations instead of two per tensor.   Cost: O(elements)   Throws: std::bad_alloc,
    /// the arguments unchanged.
    TensorPack<S> takeKeeping() && {
      std::vector<std::size_t> offsets{0};
      offsets.reserve(m_seed.size() + 1);
      for (const Tensor<S> &t : m_seed.tensors()) {
        offsets.push_back(offsets.back() + t.size());
      }
      std::vector<S> kept;
      kept.reserve(offsets.back());
      for (const Tensor<S> &t : m_seed.tensors()) {
        kept.insert(kept.end(), t.values().begin(), t.values().end());
      }
      std::vector<Shape> shapes = m_shapes ? std::vector<Shape>{} : m_seed.shapes();
      m_kept = std::move(kept);
      m_offsets = std::move(offsets);
      m_keptShapes = std::move(shapes);
      return std::move(m_seed);
    }
    /// Seed position `i`, from the seed or what `takeKeeping` kept.   Cost: O(elements at `i`)
    Tensor<S> at(std::size_t i) const {
      if (m_offsets.empty()) {
        return m_seed[i];
      }
      Tensor<S> out = Tensor<S>::full(shapeAt(i), ScalarTraits<S>::zero());
      readInto(i, out);
      return out;
    }
    /// `out = at(i)` in `out`'s storage (no allocation once it held that shape's size).
    void readInto(std::size_t i, Tensor<S> &out) const {
      if (m_offsets.empty()) {
        out = m_seed[i];
        return;
      }
      out.assignFull(shapeAt(i), ScalarTraits<S>::zero());
      std::copy(m_kept.begin() + static_cast<std::ptrdiff_t>(m_offsets[i]),
                m_kept.begin() + static_cast<std::ptrdiff_t>(m_offsets[i + 1]),
                out.elements().begin());
    }

  private:
    const Shape &shapeAt(std::size_t i) const {
      return m_shapes ? (*m_shapes)[i] : m_keptShapes[i];
    }

    TensorPack<S> m_seed;
    std::optional<ShapeList> m_shapes;
    // What takeKeeping kept: every element in order, where each position starts (one more
    // than there are positions; empty until then), the shapes when no list was given.
    std::vector<S> m_kept;
    std::vector<std::size_t> m_offsets;
    std::vector<Shape> m_keptShapes;
  };
  template <class C, Scalar S>
  static void apply(C &ctx, const Args<S> &a) {
    ctx = start<C>(a.seed(), a.shapes());
  }
  /// `apply` for arguments nothing reads afterwards: the seed moves into the context.
  template <class C, Scalar S>
  static void applyTaking(C &ctx, Args<S> &&a) {
    ctx = start<C>(std::move(a).take(), a.shapes());
  }
  /// `apply` for arguments only the theorems read afterwards (Args::at): the seed moves into
  /// the context, its elements kept flat for them.
  template <class C, Scalar S>
  static void applyKeeping(C &ctx, Args<S> &&a) {
    ctx = start<C>(std::move(a).takeKeeping(), a.shapes());
  }
  /// `C::ofPack(seed, shapes)` where the caller gave a list and C can share it, else
  /// `C::ofPack(seed)` (the same context).
  template <class C, Scalar S>
  static C start(TensorPack<S> seed, const std::optional<ShapeList> &shapes) {
    if constexpr (requires { C::ofPack(std::move(seed), *shapes); }) {
      if (shapes) {
        return C::ofPack(std::move(seed), *shapes);
      }
    }
    return C::ofPack(std::move(seed));
  }
  template <Scalar S>
  static void dense(oracle::DenseContext<S> &model, const Args<S> &a) {
    model = oracle::DenseContext<S>(a.seed());
  }
  template <class C, Scalar S>
  static void touched(const C &, const Args<S> &a, std::vector<std::size_t> &out) {
    for (std::size_t i = 0; i < a.seed().size(); ++i) {
      out.push_back(i);
    }
  }
};

}  // namespace op
}  // namespace proofport::properties::GradientContext
