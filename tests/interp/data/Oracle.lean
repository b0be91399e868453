/-
  Statements about a hash map that hold, none of which looks at what erasing an absent key does
  to the other keys: a port wrong there passes them all, unless its oracle model is compared.
-/
namespace Std.HashMap

variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}

variable {m : HashMap α β}

theorem size_erase_le {k : α} : (m.erase k).size ≤ m.size := sorry

theorem getD_erase_self {k : α} {d : β} : (m.erase k).getD k d = d := sorry

theorem contains_erase_self {k : α} : (m.erase k).contains k = false := sorry

theorem getElem?_insert_self {k : α} {v : β} : (m.insert k v)[k]? = some v := sorry

theorem size_filter_all : (m.filter fun _ _ => true).size = m.size := sorry

end Std.HashMap
