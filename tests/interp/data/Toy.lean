/-
  Statements about a hash map that hold, in the style of Lean core's HashMap lemmas, for the
  interpreter's command-line tests: two sections, each a ctest test per instantiation.
-/
namespace Std.HashMap

variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}

section Sizes

variable {m : HashMap α β}

theorem size_insert_le [EquivBEq α] {k : α} {v : β} : (m.insert k v).size ≤ m.size + 1 := sorry

theorem size_erase_le {k : α} : (m.erase k).size ≤ m.size := sorry

theorem isEmpty_iff_size {m : HashMap α β} : m.isEmpty = true ↔ m.size = 0 := sorry

end Sizes

section Lookups

variable {m : HashMap α β}

theorem getElem?_insert {k a : α} {v : β} :
    (m.insert k v)[a]? = if k == a then some v else m[a]? := sorry

theorem contains_of_mem {k : α} (h : k ∈ m) : m.contains k := sorry

theorem getD_erase_self {k : α} {d : β} : (m.erase k).getD k d = d := sorry

theorem keys_by_match : (match m.keys with | [] => true | _ => true) = true := sorry

end Lookups

end Std.HashMap
