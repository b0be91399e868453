namespace Std.HashMap

theorem unbalanced {m : HashMap α β} : (m.size = m.size := sorry

end Std.HashMap
