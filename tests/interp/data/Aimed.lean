/-
  Statements whose premises ask that binders together be an element of a container: drawn
  independently they almost never are (the toy port's Ints range over 2000 values), so each
  holds in enough cases only when the draws are aimed at its premises.
-/
namespace Std.HashMap

variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}

variable {m : HashMap α β}

-- The list is drawn first: the pair is drawn among its elements.
theorem contains_ofList_of_pair_mem {l : List (α × β)} {k : α} {v : β} (mem : ⟨k, v⟩ ∈ l) :
    (ofList l).contains k = true := sorry

-- The pair is drawn first: the list is built to hold it.
theorem contains_ofList_of_mem_later {k : α} {v : β} {l : List (α × β)} (mem : (k, v) ∈ l) :
    (ofList l).contains k = true := sorry

-- Membership in a term over an earlier binder, and a second key `==` to the first.
theorem getElem?_insertMany_of_key_mem {l : List (α × β)} {k k' : α} (k_beq : k == k')
    (distinct : l.Pairwise (fun a b => (a.1 == b.1) = false)) (mem : k ∈ l.map Prod.fst) :
    ((insertMany m l)[k']?).isSome = true := sorry

-- A map drawn empty, and a function whose result the premise fixes.
theorem size_of_isEmpty_alter {k : α} {f : Option β → Option β} (empty : m.isEmpty)
    (h : (f none).isNone) : (m.alter k f).size = 0 := sorry

-- False whenever the premise holds: found only by aimed draws, shrunk keeping the premise.
theorem getElem?_ofList_ne_of_mem {l : List (α × β)} {k : α} {v : β} (mem : ⟨k, v⟩ ∈ l) :
    (ofList l)[k]? ≠ some v := sorry

theorem not_contains_ofList_of_mem {k : α} {v : β} {l : List (α × β)} (mem : (k, v) ∈ l) :
    (ofList l).contains k = false := sorry

end Std.HashMap
