/-
Test data for `proofport coverage` drift: Drift.ported records the fingerprints of these
signatures; the ctest edits one hypothesis and expects the theorem listed as changed.
-/
namespace Drift

theorem add_comm_of_le (a b : Nat) -- both summands
    (h : a ≤ b) :
    a + b = b + a := by
  omega

/-- A doc comment is not part of the signature. -/
@[simp] theorem mul_one_right (n : Nat) : n * 1 = n := by simp

private theorem zero_add_left (n : Nat) : 0 + n = n := by simp

end Drift
