/-
  A statement with an `if` whose test no drawn map meets: it holds, but `run --health` reports
  the branch never taken.
-/
namespace Std.HashMap

variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}

theorem size_if_never {m : HashMap α β} :
    (if m.size + 1 = 0 then m.size + 1 else m.size) = m.size := sorry

end Std.HashMap
