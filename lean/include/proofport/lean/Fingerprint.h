// Fingerprints of Lean signatures: a port records the fingerprint of the statement it was
// written from, and `proofport coverage` recomputes it from the source to see drift.
#pragma once

#include <string>
#include <string_view>

namespace proofport::lean {

/// The fingerprint of a declaration's signature (Declaration::signature: its binders and
/// conclusion, comments already dropped): 16 lowercase hex digits of the 64-bit FNV-1a hash
/// of the signature with all whitespace removed except one space between two identifier
/// characters, so re-indenting, re-wrapping or re-spacing a statement keeps its fingerprint
/// and any other edit (a hypothesis, a binder name, `Nat` for `ℕ`) changes it.
/// Cost: O(signature)   Throws: nothing beyond std::bad_alloc.
/// Example: `(x : Nat) :\n    x = x` and `(x:Nat): x=x` have the same fingerprint.
std::string fingerprint(std::string_view signature);

}  // namespace proofport::lean
