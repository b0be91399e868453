/-
  A run-length encoded vector: proofport's example of a structure of one's own, ported to C++
  (examples/rle/include/rle/RleVector.h) and checked against these statements.

  The theorems are stated, not proved (`sorry`): proving them needs a Lean 4 toolchain, which
  the machines this example is built on do not have. proofport checks the port against the
  statements; `rle coverage --require-all lean/Rle.lean` checks that every statement is ported
  and unchanged since.
-/
namespace Rle

/-- Runs `(value, count)` of equal values, in order. -/
structure RleVector (α : Type) where
  runs : List (α × Nat)

namespace RleVector

variable {α : Type} [DecidableEq α]

def empty : RleVector α := ⟨[]⟩

/-- Every run expanded, in order. -/
def toList (v : RleVector α) : List α :=
  v.runs.flatMap fun r => List.replicate r.2 r.1

def size (v : RleVector α) : Nat :=
  (v.runs.map Prod.snd).sum

/-- Appends `a`, lengthening the last run when it holds `a`. -/
def push (v : RleVector α) (a : α) : RleVector α :=
  match v.runs.getLast? with
  | some (b, n) => if a = b then ⟨v.runs.dropLast ++ [(b, n + 1)]⟩ else ⟨v.runs ++ [(a, 1)]⟩
  | none => ⟨[(a, 1)]⟩

def ofList (xs : List α) : RleVector α :=
  xs.foldl push empty

/-- The value at position `i`, found by walking the runs. -/
def lookupRuns : List (α × Nat) → Nat → Option α
  | [], _ => none
  | (a, n) :: rs, i => if i < n then some a else lookupRuns rs (i - n)

def lookup (v : RleVector α) (i : Nat) : Option α :=
  lookupRuns v.runs i

/-- Position `i` replaced by `a` (nothing changes past the end, as for `List.set`). -/
def set (v : RleVector α) (i : Nat) (a : α) : RleVector α :=
  ofList (v.toList.set i a)

/-- No empty run, and no two neighbouring runs of the same value. -/
def Canonical (v : RleVector α) : Prop :=
  (∀ r ∈ v.runs, 0 < r.2) ∧ v.runs.Chain' (fun r s => r.1 ≠ s.1)

theorem toList_ofList (xs : List α) : (ofList xs).toList = xs := by
  sorry

theorem toList_push (v : RleVector α) (a : α) : (v.push a).toList = v.toList ++ [a] := by
  sorry

theorem size_eq_length (v : RleVector α) : v.size = v.toList.length := by
  sorry

theorem lookup_eq (v : RleVector α) (i : Nat) : v.lookup i = v.toList[i]? := by
  sorry

theorem toList_set (v : RleVector α) (i : Nat) (a : α) :
    (v.set i a).toList = v.toList.set i a := by
  sorry

theorem canonical_ofList (xs : List α) : (ofList xs).Canonical := by
  sorry

theorem canonical_push (v : RleVector α) (a : α) (h : v.Canonical) : (v.push a).Canonical := by
  sorry

end RleVector

end Rle
