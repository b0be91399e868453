/-
  Statements about a hash map that are false, written to be falsified: each must give a shrunk
  counterexample naming its binders, and its token must replay it.
-/
namespace Std.HashMap

variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}

variable {m : HashMap α β}

theorem size_insert_grows {k : α} {v : β} : (m.insert k v).size = m.size + 1 := sorry

theorem size_erase_keeps {k : α} : (m.erase k).size = m.size := sorry

theorem getElem?_insert_other {k a : α} {v : β} : (m.insert k v)[a]? = some v := sorry

theorem contains_anything {k : α} : m.contains k = true := sorry

theorem insertIfNew_replaces {k : α} {v : β} : (m.insertIfNew k v)[k]? = some v := sorry

theorem erase_insert_same {k : α} {v : β} : (m.insert k v).erase k = m := sorry

theorem getD_insert_fallback {k : α} {v d : β} : (m.insert k v).getD k d = d := sorry

theorem isEmpty_insert_true {k : α} {v : β} : (m.insert k v).isEmpty = true := sorry

theorem keys_length_insert {k : α} {v : β} :
    (m.insert k v).keys.length = m.keys.length + 1 := sorry

theorem mem_of_contains_neg {k a : α} (h : a ∈ m) : (m.erase k).contains a = true := sorry

theorem toList_insert_head {k : α} {v : β} : (m.insert k v).toList.head? = some (k, v) := sorry

theorem size_ofList_length {l : List (α × β)} : (ofList l).size = l.length := sorry

end Std.HashMap
