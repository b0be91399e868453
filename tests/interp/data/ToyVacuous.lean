/-
  A statement that holds whatever its `if` decides: each of its variants holds too, so statement
  mutation reports it vacuous; the other checks the size.
-/
namespace Std.HashMap

variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}

theorem size_either {m : HashMap α β} {k : α} :
    (if m.contains k then m.size else m.size) = m.size := sorry

theorem size_insert_self {m : HashMap α β} {k : α} {v : β} :
    (m.insert k v).size = if m.contains k then m.size else m.size + 1 := sorry

end Std.HashMap
