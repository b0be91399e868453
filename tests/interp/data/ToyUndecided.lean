/-
  A statement true of every map over Int keys that no case can decide: its witness would be an
  Int that is neither a key nor a value, and the values in scope are exactly those.
-/
namespace Std.HashMap

variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}

theorem exists_fresh {m : HashMap α β} :
    ∃ a : α, ∀ p ∈ m.toList, a ≠ p.1 ∧ a ≠ p.2 := sorry

end Std.HashMap
