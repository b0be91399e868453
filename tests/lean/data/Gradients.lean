/-
Test data for `proofport coverage`: the seed theorems written as a Lean 4 source would write
them (namespaces, sections, attributes, doc comments, multi-line signatures), proofs elided,
plus one auxiliary theorem the catalog does not port.
-/
import NN.Proofs.Autograd.Tape.Algebra.Context

/-! A `theorem` mentioned in a module doc is not a declaration: theorem notHere. -/

namespace Proofs.Autograd.Algebra

open TorchLean Spec

namespace Deferred

variable {α : Type} [TorchLean.Storage α] [Add α] [DecidableEq α]

theorem getIdx_materializePack (history : History α) (clock : ℕ) (epochs : Array ℕ)
    {shapes : List Spec.Shape} (xs : TorchLean.TensorPack α shapes) (offset : ℕ)
    {shape : Spec.Shape} (idx : Idx shapes shape) :
    getIdx (materializePack history clock epochs xs offset) idx =
      applyRecentStable addUniform history (clock - epochs[offset + ↑idx.i]?.getD 0)
        (getIdx xs idx) := by
  sorry

theorem materializePack_snoc (history : History α) (clock : ℕ) (epochs : Array ℕ)
    {shapes : List Spec.Shape} (xs : TorchLean.TensorPack α shapes) (offset : ℕ)
    {shape : Spec.Shape} (value : TorchLean.Tensor α shape) :
    materializePack history clock epochs (xs.snoc value) offset =
      (materializePack history clock epochs xs offset).snoc
        (applyRecentStable addUniform history (clock - epochs[offset + shapes.length]?.getD 0)
          value) := by
  sorry

end Deferred

namespace GradientContext

section Lookup

variable {α : Type} [TorchLean.Storage α] {shapes : List Spec.Shape} [Add α] [DecidableEq α]

/-- Reading through the pack is reading the context. (A `theorem` in a doc comment.) -/
@[simp]
theorem lookup_toPack (ctx : GradientContext α shapes) :
    TensorLookup.ofPack ctx.toPack = ctx.lookup := by
  sorry

@[simp] theorem lookup_ofPack (seed : TorchLean.TensorPack α shapes) :
    (ofPack seed).lookup = TensorLookup.ofPack seed := by
  sorry

@[simp]
theorem toPack_ofPack (seed : TorchLean.TensorPack α shapes) : (ofPack seed).toPack = seed := by
  sorry

-- theorem commentedOut : the next one is real
theorem lookup_addUniform (ctx : GradientContext α shapes) (uniform : α) {shape : Spec.Shape}
    (idx : Idx shapes shape) :
    (ctx.addUniform uniform).lookup.read idx = Deferred.addUniform uniform (ctx.lookup.read idx) := by
  sorry

private theorem lookup_read_self (ctx : GradientContext α shapes) {shape : Spec.Shape}
    (idx : Idx shapes shape) : ctx.lookup.read idx = ctx.lookup.read idx := rfl

@[simp]
theorem lookup_set (ctx : GradientContext α shapes) {shape : Spec.Shape} (idx : Idx shapes shape)
    (value : TorchLean.Tensor α shape) : (ctx.set idx value).lookup = ctx.lookup.set idx value := by
  sorry

theorem lookup_setMany_snapshot (ctx : GradientContext α shapes) (indices : List (SomeIdx shapes))
    (source : TensorLookup α shapes) {shape : Spec.Shape} (other : Idx shapes shape) :
    (ctx.setMany (snapshot indices source)).lookup.read other =
      if ↑other.i ∈ List.map (fun (entry : SomeIdx shapes) => ↑entry.snd.i) indices then
        source.read other
      else ctx.lookup.read other := by
  sorry

end Lookup

section

variable {α : Type} [TorchLean.Storage α] {shapes : List Spec.Shape} [Add α] [DecidableEq α]

theorem lookup_addContributions (ctx : GradientContext α shapes)
    (contribution : Contributions α shapes) :
    (ctx.addContributions contribution).lookup = ctx.lookup.add contribution.lookup := by
  sorry

/-- Compact accumulation equals full pack addition without an additive-identity assumption. -/
theorem toPack_addContributions (ctx : GradientContext α shapes)
    (contribution : Contributions α shapes) :
    (ctx.addContributions contribution).toPack = ctx.toPack.add (contribution.dense ()) := by
  sorry

@[simp]
theorem toPack_addDense (ctx : GradientContext α shapes) (contribution : TorchLean.TensorPack α shapes) :
    (ctx.addDense contribution).toPack = ctx.toPack.add contribution := by
  sorry

@[simp]
theorem toPack_cast {other : List Spec.Shape} (same : shapes = other)
    (ctx : GradientContext α shapes) :
    (cast same ctx).toPack = TorchLean.TensorPack.cast same ctx.toPack := by
  subst same; rfl

/-- Removing a deferred gradient context agrees with removing the fully materialized pack. -/
theorem toPack_pop {shape : Spec.Shape} (ctx : GradientContext α (shapes ++ [shape])) :
    (ctx.pop.1.toPack, ctx.pop.2) = ctx.toPack.unsnoc := by
  sorry

end

end GradientContext

end Proofs.Autograd.Algebra
