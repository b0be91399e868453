// The catalog's theorem table and its assembly from the per-scalar registrations.
#include "proofport/properties/Catalog.h"

#include <cfenv>
#include <string>

namespace proofport::properties {

// One function per registered scalar type, each in its own generated translation unit.
#define PROOFPORT_SCALAR(function) std::vector<Entry> function();
#include "proofport/properties/GeneratedScalars.inc"
#undef PROOFPORT_SCALAR

namespace {

constexpr std::string_view kDeferred = "NN/Proofs/Autograd/Tape/Algebra/Deferred.lean";
constexpr std::string_view kGradients = "NN/Proofs/Autograd/Tape/Algebra/Gradients.lean";
constexpr std::string_view kContributions = "NN/Proofs/Autograd/Tape/Algebra/Contributions.lean";
constexpr std::string_view kContext = "NN/Proofs/Autograd/Tape/Algebra/Context.lean";

} // namespace

std::string_view kindName(Kind kind) {
  switch (kind) {
  case Kind::Seed:
    return "seed";
  case Kind::Lemma:
    return "lemma";
  case Kind::Invariant:
    return "invariant";
  case Kind::Obligation:
    return "obligation";
  case Kind::Definition:
    return "definition";
  case Kind::Model:
    return "model";
  }
  return "?";
}

std::string shortName(std::string_view leanName) {
  if (leanName.substr(0, kLeanPrefix.size()) == kLeanPrefix) {
    leanName.remove_prefix(kLeanPrefix.size());
  }
  return std::string(leanName);
}

const std::vector<Theorem> &theorems() {
  static const std::vector<Theorem> table = {
      // Seed theorems: statements as in the seed listing.
      {"Proofs.Autograd.Algebra.Deferred.getIdx_materializePack",
       "getIdx (materializePack history clock epochs xs offset) idx = applyRecentStable "
       "addUniform history (clock - epochs[offset + ↑idx.i]?.getD 0) (getIdx xs idx)",
       kGradients, Kind::Seed,
       "65e478456ef33452"},
      {"Proofs.Autograd.Algebra.Deferred.materializePack_snoc",
       "materializePack history clock epochs (xs.snoc value) offset = (materializePack history "
       "clock epochs xs offset).snoc (applyRecentStable addUniform history (clock - "
       "epochs[offset + shapes.length]?.getD 0) value)",
       kGradients, Kind::Seed,
       "4bc0f1cd08547676"},
      {"Proofs.Autograd.Algebra.GradientContext.lookup_toPack",
       "TensorLookup.ofPack ctx.toPack = ctx.lookup", kGradients, Kind::Seed,
       "15a15731633aa819"},
      {"Proofs.Autograd.Algebra.GradientContext.lookup_ofPack",
       "(ofPack seed).lookup = TensorLookup.ofPack seed", kGradients, Kind::Seed,
       "5e815c1280997161"},
      {"Proofs.Autograd.Algebra.GradientContext.toPack_ofPack", "(ofPack seed).toPack = seed",
       kGradients, Kind::Seed,
       "482d1d5edcd810ce"},
      {"Proofs.Autograd.Algebra.GradientContext.lookup_addUniform",
       "(ctx.addUniform uniform).lookup.read idx = Deferred.addUniform uniform (ctx.lookup.read "
       "idx)",
       kGradients, Kind::Seed,
       "6627b7ac6c31ea11"},
      {"Proofs.Autograd.Algebra.GradientContext.lookup_set",
       "(ctx.set idx value).lookup = ctx.lookup.set idx value", kGradients, Kind::Seed,
       "de7a4d57af1aec1e"},
      {"Proofs.Autograd.Algebra.GradientContext.lookup_setMany_snapshot",
       "(ctx.setMany (snapshot indices source)).lookup.read other = if ↑other.i ∈ List.map (fun "
       "(entry : SomeIdx shapes) => ↑entry.snd.i) indices then source.read other else "
       "ctx.lookup.read other",
       kGradients, Kind::Seed,
       "1160c036968341a8"},
      {"Proofs.Autograd.Algebra.GradientContext.lookup_addContributions",
       "(ctx.addContributions contribution).lookup = ctx.lookup.add contribution.lookup",
       kGradients, Kind::Seed,
       "90d288ead7c604a4"},
      {"Proofs.Autograd.Algebra.GradientContext.toPack_addContributions",
       "(ctx.addContributions contribution).toPack = ctx.toPack.add (contribution.dense ())",
       kGradients, Kind::Seed,
       "074377863d7bf030"},
      {"Proofs.Autograd.Algebra.GradientContext.toPack_addDense",
       "(ctx.addDense contribution).toPack = ctx.toPack.add contribution", kGradients,
       Kind::Seed,
       "f33700b803d17c00"},
      {"Proofs.Autograd.Algebra.GradientContext.toPack_cast",
       "(cast same ctx).toPack = TorchLean.TensorPack.cast same ctx.toPack", kGradients,
       Kind::Seed,
       "ddc05ea4e219c538"},
      {"Proofs.Autograd.Algebra.GradientContext.toPack_pop",
       "(ctx.pop.1.toPack, ctx.pop.2) = ctx.toPack.unsnoc", kGradients, Kind::Seed,
       "89b29b81f09092a9"},
      // Lemmas the seed theorems rest on (SPEC §5), restated.
      {"Proofs.Autograd.Algebra.Deferred.repeatStable_eq",
       "repeatStable step k x = step^[k] x", kDeferred, Kind::Lemma,
       "88f1755b1507280d"},
      {"Proofs.Autograd.Algebra.Deferred.applyRecent_zero", "applyRecent step history 0 x = x",
       kDeferred, Kind::Lemma,
       "bd2612c9df0c020a"},
      {"Proofs.Autograd.Algebra.Deferred.applyRecent_push",
       "applyRecent step (push history u) (count + 1) x = step u (applyRecent step history "
       "count x)",
       kDeferred, Kind::Lemma,
       "365ba00f80f13883"},
      {"Proofs.Autograd.Algebra.Deferred.applyRecentStable_eq",
       "applyRecentStable step history count x = applyRecent step history count x", kDeferred,
       Kind::Lemma,
       "83a067e520bd2424"},
      {"Proofs.Autograd.Algebra.TensorLookup.ofPack_fill",
       "TensorLookup.ofPack (TensorPack.fill shapes u) = TensorLookup.fill u", kContributions,
       Kind::Lemma,
       "6b6034cbf53dd61c"},
      {"Proofs.Autograd.Algebra.TensorLookup.ofPack_add",
       "TensorLookup.ofPack (a.add b) = (TensorLookup.ofPack a).add (TensorLookup.ofPack b)",
       kContributions, Kind::Lemma,
       "35a5cf2586355ba2"},
      {"Proofs.Autograd.Algebra.TensorLookup.getIdx_toPack",
       "getIdx (TensorLookup.toPack l) idx = l.read idx", kContext, Kind::Lemma,
       "b820b54c31e500ff"},
      {"Proofs.Autograd.Algebra.TensorLookup.toPack_ofPack",
       "TensorLookup.toPack (TensorLookup.ofPack p) = p", kContext, Kind::Lemma,
       "68066a902df62577"},
      {"Proofs.Autograd.Algebra.TensorLookup.read_set_self",
       "(l.set idx value).read idx = value", kContext, Kind::Lemma,
       "32aae2f60f20b068"},
      {"Proofs.Autograd.Algebra.TensorLookup.read_set_other",
       "idx.i ≠ other.i → (l.set idx value).read other = l.read other", kContext, Kind::Lemma,
       "a293621b7f91ad72"},
      {"Proofs.Autograd.Algebra.TensorLookup.read_set_from",
       "(l.set idx value).read other = if other.i = idx.i then value else l.read other",
       kContext, Kind::Lemma,
       "083d38952c4c478e"},
      {"Proofs.Autograd.Algebra.TensorContext.lookup_ofPack",
       "(TensorContext.ofPack p).lookup = TensorLookup.ofPack p", kContext, Kind::Lemma,
       "76a142dd9dab9f69"},
      {"Proofs.Autograd.Algebra.TensorContext.lookup_set",
       "(c.set idx value).lookup = c.lookup.set idx value", kContext, Kind::Lemma,
       "e5cc101b4e6b9f67"},
      {"Proofs.Autograd.Algebra.TensorContext.toPack_pop",
       "(c.pop.1.toPack, c.pop.2) = c.toPack.unsnoc", kContext, Kind::Lemma,
       "185494e6fbec0522"},
      {"Proofs.Autograd.Algebra.TensorContext.toPack_cast",
       "(TensorContext.cast same c).toPack = TensorPack.cast same c.toPack", kContext,
       Kind::Lemma,
       "2a61be18f1d3ea67"},
      {"Proofs.Autograd.Algebra.TensorContext.toPack_push",
       "(c.push value).toPack = c.toPack.snoc value", kContext, Kind::Lemma,
       "8650098f772ce800"},
      {"Proofs.Autograd.Algebra.TensorContext.pop_ofPack_snoc",
       "(TensorContext.ofPack (p.snoc value)).pop = (TensorContext.ofPack p, value)", kContext,
       Kind::Lemma,
       "53bd4a0a1fa98183"},
      // Structure fields that are proofs: preserved by every operation.
      // Definitions whose structure the theorems do not pin down, unfolded.
      {"Proofs.Autograd.Algebra.GradientContext.pop",
       "ctx.pop = ({ stored := ctx.stored.pop.1, epochs := ctx.epochs, clock := ctx.clock, "
       "history := ctx.history }, ctx.toPack.unsnoc.2)",
       kGradients, Kind::Definition,
       ""},
      {"Proofs.Autograd.Algebra.GradientContext.covered",
       "self.stored.values.size ≤ self.epochs.size", kGradients, Kind::Invariant,
       ""},
      {"Proofs.Autograd.Algebra.GradientContext.bounded",
       "∀ (i : ℕ) (bound : i < self.epochs.size), self.epochs[i] ≤ self.clock", kGradients,
       Kind::Invariant,
       ""},
      // Contributions obligations, for fill, zero and add.
      {"Proofs.Autograd.Algebra.Contributions.correct",
       "TensorLookup.ofPack (c.dense ()) = c.lookup   (c = fill u, zero, add l r)",
       kContributions, Kind::Obligation,
       ""},
      {"Proofs.Autograd.Algebra.Contributions.outside",
       "idx.i ∉ c.support.map (·.i) → c.lookup.read idx = Tensor.full shape c.uniform   "
       "(c = fill u, zero, add l r)",
       kContributions, Kind::Obligation,
       ""},
      // Model-based properties: not Lean declarations, consequences of all of the above.
      {"Model.stateful_dense",
       "for every operation sequence (addUniform, set, setMany ∘ snapshot, addContributions, "
       "addDense, pop, cast, lookup.read, toPack): ctx.toPack = dense.toPack, shapes equal, "
       "covered and bounded, after every operation",
       kGradients, Kind::Model,
       ""},
      {"Model.backward_random_tape",
       "for every tape: backward through the deferred context = backward through dense "
       "whole-pack accumulation = the oracle's backward",
       kGradients, Kind::Model,
       ""},
      {"Model.compaction_unobservable",
       "for every context and operation sequence: a context that compacts its history and one "
       "that does not read identically (every position, toPack, pop, shapes) after every "
       "operation, and the compacting one keeps history.runs.size ≤ size + 1",
       kGradients, Kind::Model,
       ""},
  };
  return table;
}

const Theorem *findTheorem(std::string_view name) {
  for (const Theorem &t : theorems()) {
    if (t.leanName == name || shortName(t.leanName) == name) {
      return &t;
    }
  }
  return nullptr;
}

const std::vector<Entry> &catalog() {
  static const std::vector<Entry> entries = [] {
    const std::vector<std::vector<Entry>> perScalar = {
#define PROOFPORT_SCALAR(function) function(),
#include "proofport/properties/GeneratedScalars.inc"
#undef PROOFPORT_SCALAR
    };
    std::vector<Entry> out;
    for (const Theorem &t : theorems()) {
      for (const auto &entriesOfScalar : perScalar) {
        for (const Entry &e : entriesOfScalar) {
          if (e.theorem == &t) {
            out.push_back(e);
          }
        }
      }
    }
    return out;
  }();
  return entries;
}

const std::vector<ScalarInfo> &scalars() {
  static const std::vector<ScalarInfo> infos = [] {
    std::vector<ScalarInfo> out;
    for (const Entry &e : catalog()) {
      bool seen = false;
      for (const ScalarInfo &s : out) {
        seen = seen || s.name == e.scalar.name;
      }
      if (!seen) {
        out.push_back(e.scalar);
      }
    }
    return out;
  }();
  return infos;
}

} // namespace proofport::properties
