// `proofport coverage FILE...`: reads Lean sources and doc listings and lists which of their
// theorems the catalog ports, which it misses, which changed since they were ported, and which
// catalog entries they do not declare.
#include "CoverageCommand.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "Cli.h"
#include "CoverageEvidence.h"
#include "ReportFile.h"

#include "proofport/lean/Declarations.h"
#include "proofport/lean/Fingerprint.h"
#include "proofport/runner/Catalog.h"

namespace proofport::cli {

namespace {

/// A declaration, the file it was found in (the first one, if several declare it) and the
/// format that file was read in.
struct Found {
  std::string file;
  lean::Format format;
  lean::Declaration declaration;
};

/// A ported theorem whose source signature is not the one it was ported from.
struct Change {
  const Found *found;
  const Reference *reference;
  std::string fingerprint;
};

std::string location(const Found &found) {
  return fmt::format("{}:{}:{}", found.file, found.declaration.line, found.declaration.column);
}

bool isPrivate(const lean::Declaration &d) {
  for (const std::string &m : d.modifiers) {
    if (m == "private") {
      return true;
    }
  }
  return false;
}

/// One report line: name, Lean keyword, `private` or blank, where.
std::string row(std::string_view name, std::string_view keyword, bool hidden,
                std::string_view where) {
  return fmt::format("  {:<66} {:<15} {:<7} {}\n", name, keyword, hidden ? "private" : "", where);
}

std::optional<lean::Format> formatOf(const std::string &name) {
  if (name == "source") {
    return lean::Format::Source;
  }
  if (name == "listing") {
    return lean::Format::Listing;
  }
  return std::nullopt;
}

/// The Lean keyword a catalog entry of this kind ports.
std::string keywordOf(runner::Kind kind) {
  switch (kind) {
  case runner::Kind::Definition: return "def";
  case runner::Kind::Invariant:
  case runner::Kind::Obligation: return "structure field";
  case runner::Kind::Seed:
  case runner::Kind::Lemma:
  case runner::Kind::Law:
  case runner::Kind::Model: break;
  }
  return "theorem";
}

/// Why each interpreted theorem of `catalog` that runs over no instantiation does not run: its
/// first entry's reason (`unsupported: match at 3:9`, `not admissible: …`), by Lean name.
std::map<std::string, std::string, std::less<>> uninterpreted(const runner::Catalog &catalog) {
  std::map<std::string, std::string, std::less<>> reasons;
  std::set<std::string_view> running;
  for (const runner::Entry &e : catalog.entries()) {
    if (e.runs()) {
      running.insert(e.theorem->leanName);
    } else if (!e.supported()) {
      reasons.emplace(e.theorem->leanName, "unsupported: " + e.unsupported);
    } else {
      reasons.emplace(e.theorem->leanName,
                      "not admissible: no instantiation models " + e.missingNames());
    }
  }
  for (const std::string_view name : running) {
    if (const auto at = reasons.find(name); at != reasons.end()) {
      reasons.erase(at);
    }
  }
  return reasons;
}

/// The catalog's Lean declarations (model-based entries are properties of their own; class laws
/// are Mathlib's, not the ported project's). An interpreted theorem that runs over no
/// instantiation is not ported (uninterpreted says why).
std::vector<Reference> catalogReferences(const runner::Catalog &catalog) {
  std::vector<Reference> out;
  const auto notRunning = uninterpreted(catalog);
  for (const runner::Theorem &t : catalog.theorems()) {
    if (notRunning.count(t.leanName) != 0) {
      continue;
    }
    if (t.kind != runner::Kind::Model && t.kind != runner::Kind::Law) {
      // An interpreted theorem is its statement read from the file, not a declaration.
      out.push_back(Reference{std::string(t.leanName), keywordOf(t.kind),
                              t.group.empty() ? std::string(runner::kindName(t.kind))
                                              : std::string("interpreted"),
                              std::string(t.source), std::string(t.fingerprint)});
    }
  }
  return out;
}

/// `proofport coverage --fingerprints`: a fingerprint table of every source declaration.
void printFingerprints(const std::vector<std::pair<std::string, lean::Reading>> &readings,
                       const std::vector<lean::Format> &formats, std::ostream &out,
                       std::ostream &err) {
  for (std::size_t k = 0; k < readings.size(); ++k) {
    const auto &[file, reading] = readings[k];
    if (formats[k] != lean::Format::Source) {
      err << "proofport coverage: note: " << file
          << " is read as a listing: fingerprints come from sources only\n";
      continue;
    }
    out << "# " << file << "\n";
    for (const lean::Declaration &d : reading.declarations) {
      out << d.name << " " << lean::fingerprint(d.signature) << "\n";
    }
  }
}

}  // namespace

int coverageCommand(const runner::Catalog &catalog, const CoverageRequest &request,
                    std::ostream &out, std::ostream &err) {
  if (request.fingerprints && (request.json || request.requireAll)) {
    err << "proofport coverage: --fingerprints prints a fingerprint table, not a report: it "
        << "takes no " << (request.json ? "--json" : "--require-all") << "\n";
    return kExitUsage;
  }
  // Checked now, written whole at the end: a failure in between leaves the file as it was.
  std::optional<ReportFile> json;
  try {
    json = openReport(request.json, "--json");
    if (json) {
      std::vector<std::pair<std::string, std::string>> inputs;
      for (const std::string &file : request.files) {
        inputs.emplace_back("the Lean file", file);
      }
      if (request.ported) {
        inputs.emplace_back("the --ported table", *request.ported);
      }
      refuseSharedFiles({&*json}, inputs);
    }
  } catch (const UsageError &e) {
    err << "proofport coverage: " << e.what() << "\n";
    return kExitUsage;
  }

  const std::optional<lean::Format> forced = formatOf(request.format);
  if (request.format != "auto" && !forced) {
    err << "proofport coverage: --format '" << request.format
        << "': expected auto, source or listing\n";
    return kExitUsage;
  }

  std::vector<Reference> references;
  std::map<std::string, std::string> waivers;
  std::map<std::string, Held, std::less<>> held;
  try {
    references = request.ported ? tableReferences(*request.ported) : catalogReferences(catalog);
    if (request.waivers) {
      waivers = readWaivers(*request.waivers);
    }
    held = readHeld(request.heldIn);
  } catch (const proofport::Error &e) {
    err << "proofport coverage: " << e.what() << "\n";
    return kExitUsage;
  }

  std::vector<std::pair<std::string, lean::Reading>> readings;
  std::vector<lean::Format> formats;
  for (const std::string &file : request.files) {
    const lean::Format format = forced ? *forced : lean::formatForPath(file);
    try {
      readings.emplace_back(file, lean::readFile(file, format));
      formats.push_back(format);
    } catch (const lean::ReadError &e) {
      err << "proofport coverage: cannot read " << file << " as a Lean " << lean::formatName(format)
          << ": " << e.what() << "\n";
      return kExitUsage;
    }
  }
  if (request.fingerprints) {
    printFingerprints(readings, formats, out, err);
    return kExitHolds;
  }

  // Declarations by full name, first occurrence kept; files in command-line order.
  std::map<std::string, Found> declared;
  std::vector<std::string> order;
  nlohmann::json files = nlohmann::json::array();
  for (std::size_t k = 0; k < readings.size(); ++k) {
    auto &[file, reading] = readings[k];
    if (reading.declarations.empty()) {
      err << "proofport coverage: note: " << file << " (read as a Lean "
          << lean::formatName(formats[k]) << ") declares no theorem or lemma\n";
    }
    files.push_back({{"path", file},
                     {"format", std::string(lean::formatName(formats[k]))},
                     {"declarations", reading.declarations.size()}});
    for (lean::Declaration &d : reading.declarations) {
      std::string name = d.name;
      if (declared.emplace(name, Found{file, formats[k], std::move(d)}).second) {
        order.push_back(std::move(name));
      }
    }
  }

  // Matched by full name, as the traceability test matches seed names. The reader reads
  // theorems and lemmas only, so defs and structure fields are listed as not checked.
  std::vector<std::pair<const Found *, const Reference *>> ported;
  std::vector<const Found *> missing;
  std::vector<Change> changed;
  std::set<std::string_view> matched;
  std::size_t privateCount = 0;
  std::map<std::string, std::string, std::less<>> unheld;
  std::vector<std::pair<const Found *, std::string>> waived;
  for (const std::string &name : order) {
    const Found &found = declared.at(name);
    privateCount += isPrivate(found.declaration) ? 1 : 0;
    const Reference *reference = nullptr;
    for (const Reference &r : references) {
      if (r.name == name && r.keyword == "theorem") {
        reference = &r;
        break;
      }
    }
    if (reference != nullptr && reference->kind == "interpreted" && !request.heldIn.empty()) {
      // Interpreted is not yet ported: the run reports must show the statement held.
      if (auto why = notHeld(held, name, request.minCases)) {
        unheld.emplace(name, std::move(*why));
        reference = nullptr;
      }
    }
    if (reference == nullptr) {
      if (const auto waiver = waivers.find(name); waiver != waivers.end()) {
        waived.emplace_back(&found, waiver->second);
      } else {
        missing.push_back(&found);
      }
      continue;
    }
    ported.emplace_back(&found, reference);
    matched.insert(reference->name);
    // A listing's signatures are elaborated (variables inlined, `Nat` shown as `ℕ`): they
    // never read like the source a port was written from, so drift is checked on sources. An
    // interpreted theorem is the statement itself, read anew on every run: it cannot drift.
    if (found.format == lean::Format::Source && reference->kind != "interpreted") {
      std::string print = lean::fingerprint(found.declaration.signature);
      if (print != reference->fingerprint) {
        changed.push_back(Change{&found, reference, std::move(print)});
      }
    }
  }
  std::vector<const Reference *> undeclared;
  std::vector<const Reference *> unchecked;
  for (const Reference &r : references) {
    if (r.keyword != "theorem") {
      unchecked.push_back(&r);
    } else if (matched.count(r.name) == 0) {
      undeclared.push_back(&r);
    }
  }

  // A waiver of a theorem that is ported, or that these files do not declare, is stale.
  std::vector<std::string> stale;
  for (const auto &waiver : waivers) {
    const bool waivedHere = std::any_of(waived.begin(), waived.end(), [&](const auto &w) {
      return w.first->declaration.name == waiver.first;
    });
    if (!waivedHere) {
      stale.push_back(waiver.first);
    }
  }

  out << fmt::format("proofport coverage: {} file{}, {} theorem{} and lemma{} declared ({} "
                     "private); {} of {} Lean declarations\n",
                     request.files.size(), request.files.size() == 1 ? "" : "s", order.size(),
                     order.size() == 1 ? "" : "s", order.size() == 1 ? "" : "s", privateCount,
                     request.ported ? "fingerprint table" : "catalog", references.size());
  out << fmt::format("\nported ({}): declared and in the catalog\n", ported.size());
  for (const auto &[found, reference] : ported) {
    out << row(found->declaration.name,
               reference->kind == "interpreted" ? "interpreted" : found->declaration.keyword,
               isPrivate(found->declaration), location(*found));
  }
  auto reasons = request.ported ? decltype(uninterpreted(catalog)){} : uninterpreted(catalog);
  reasons.merge(unheld);
  out << fmt::format("\nmissing ({}): declared, not in the catalog (or not interpreted)\n",
                     missing.size());
  for (const Found *found : missing) {
    out << row(found->declaration.name, found->declaration.keyword, isPrivate(found->declaration),
               location(*found));
    if (const auto reason = reasons.find(found->declaration.name); reason != reasons.end()) {
      out << "      " << reason->second << "\n";
    }
  }
  if (request.waivers) {
    out << fmt::format("\nwaived ({}): declared, not ported, waived with a reason ({})\n",
                       waived.size(), *request.waivers);
    for (const auto &[found, reason] : waived) {
      out << row(found->declaration.name, found->declaration.keyword, isPrivate(found->declaration),
                 location(*found));
      out << "      waived: " << reason << "\n";
      if (const auto why = reasons.find(found->declaration.name); why != reasons.end()) {
        out << "      " << why->second << "\n";
      }
    }
    out << fmt::format("\nstale waivers ({}): waived, but ported or not declared in these "
                       "files\n",
                       stale.size());
    for (const std::string &name : stale) {
      out << "  " << name << "\n";
    }
  }
  out << fmt::format("\nchanged since ported ({}): the source's signature is not the one the "
                     "entry was ported from\n",
                     changed.size());
  for (const Change &c : changed) {
    out << row(c.found->declaration.name, c.found->declaration.keyword,
               isPrivate(c.found->declaration), location(*c.found));
    out << fmt::format("      ported from {}, source now {}: {}\n",
                       c.reference->fingerprint.empty() ? "(no fingerprint recorded)"
                                                        : c.reference->fingerprint,
                       c.fingerprint, c.found->declaration.signature);
  }
  out << fmt::format("\nnot declared ({}): in the catalog, not declared in these files\n",
                     undeclared.size());
  for (const Reference *r : undeclared) {
    out << row(r->name, r->keyword, false, r->source);
  }
  out << fmt::format("\nnot checked ({}): in the catalog, not a theorem (the reader reads "
                     "theorems and lemmas)\n",
                     unchecked.size());
  for (const Reference *r : unchecked) {
    out << row(r->name, r->keyword, false, r->source);
  }
  out.flush();

  if (request.json) {
    nlohmann::json report = {{"files", files},
                             {"ported", nlohmann::json::array()},
                             {"missing", nlohmann::json::array()},
                             {"changed", nlohmann::json::array()},
                             {"notDeclared", nlohmann::json::array()},
                             {"notChecked", nlohmann::json::array()},
                             {"waived", nlohmann::json::array()},
                             {"staleWaivers", stale}};
    const auto declaration = [](const Found &found) {
      return nlohmann::json{
          {"name", found.declaration.name},          {"keyword", found.declaration.keyword},
          {"private", isPrivate(found.declaration)}, {"file", found.file},
          {"line", found.declaration.line},          {"column", found.declaration.column}};
    };
    const auto entry = [](const Reference &r) {
      return nlohmann::json{
          {"name", r.name}, {"kind", r.kind}, {"keyword", r.keyword}, {"source", r.source}};
    };
    for (const auto &[found, reference] : ported) {
      nlohmann::json item = declaration(*found);
      item["kind"] = reference->kind;
      item["recorded"] = reference->fingerprint;
      report["ported"].push_back(std::move(item));
    }
    for (const Found *found : missing) {
      nlohmann::json item = declaration(*found);
      if (const auto why = reasons.find(found->declaration.name); why != reasons.end()) {
        item["reason"] = why->second;
      }
      report["missing"].push_back(std::move(item));
    }
    for (const auto &[found, reason] : waived) {
      nlohmann::json item = declaration(*found);
      item["waiver"] = reason;
      report["waived"].push_back(std::move(item));
    }
    for (const Change &c : changed) {
      nlohmann::json item = declaration(*c.found);
      item["recorded"] = c.reference->fingerprint;
      item["fingerprint"] = c.fingerprint;
      item["signature"] = c.found->declaration.signature;
      report["changed"].push_back(std::move(item));
    }
    for (const Reference *r : undeclared) {
      report["notDeclared"].push_back(entry(*r));
    }
    for (const Reference *r : unchecked) {
      report["notChecked"].push_back(entry(*r));
    }
    try {
      json->write(report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    } catch (const proofport::IoError &e) {
      err << "proofport coverage: could not write the report: " << e.what() << "\n";
      return kExitIo;
    }
  }

  if (!request.requireAll || (missing.empty() && changed.empty() && stale.empty())) {
    return kExitHolds;
  }
  if (!stale.empty()) {
    err << fmt::format("proofport coverage: --require-all: {} stale waiver{} (ported, or not "
                       "declared in these files): {}\n",
                       stale.size(), stale.size() == 1 ? "" : "s", fmt::join(stale, ", "));
  }
  if (!missing.empty()) {
    err << fmt::format("proofport coverage: --require-all: {} declared theorem{} not in the "
                       "catalog:\n",
                       missing.size(), missing.size() == 1 ? " is" : "s are");
    for (const Found *found : missing) {
      err << "  " << found->declaration.name << " (" << location(*found) << ")\n";
    }
  }
  if (!changed.empty()) {
    err << fmt::format("proofport coverage: --require-all: {} ported theorem{} changed since "
                       "ported:\n",
                       changed.size(), changed.size() == 1 ? "" : "s");
    for (const Change &c : changed) {
      err << "  " << c.found->declaration.name << " (" << location(*c.found) << ")\n";
    }
  }
  return kExitFalsified;
}

Command registerCoverageCommand(CLI::App &app, const Program &program) {
  auto request = std::make_shared<CoverageRequest>();
  CLI::App *coverage = addCommand(
      app, "coverage",
      "Read Lean 4 sources (.lean) and doc listings (any other file) and list which theorems "
      "and lemmas the catalog ports, which it misses, which changed since they were ported "
      "(signature fingerprints, compared on sources only), and which catalog entries the files "
      "do not declare. Exit status: 0, 1 something is missing or changed under --require-all, "
      "2 usage error or unreadable file, 3 the JSON report could not be written.");
  addText(*coverage, "FILE", request->files, "Lean sources and doc listings")
      .required()
      .typeName("FILE");
  addSwitch(*coverage, "--require-all", request->requireAll,
            "Exit 1, naming them, if any declared theorem is not in the catalog or "
            "changed since it was ported");
  addText(*coverage, "--json", request->json, "Also write the lists as JSON to FILE")
      .typeName("FILE");
  addText(*coverage, "--format", request->format,
          "How to read the files: auto (.lean is a source, anything else a "
          "listing), source or listing (default auto)")
      .allowOnly({"auto", "source", "listing"});
  addSwitch(*coverage, "--fingerprints", request->fingerprints,
            "Print `NAME FINGERPRINT` for every theorem of the sources (a fingerprint "
            "table) instead of the report");
  addText(*coverage, "--ported", request->ported,
          "Match against this fingerprint table (`NAME FINGERPRINT` lines, as "
          "--fingerprints prints) instead of the catalog")
      .typeName("FILE");
  addText(*coverage, "--waivers", request->waivers,
          "Waive the declared theorems this file names (`NAME REASON` lines, # comments): "
          "listed apart with the reason, not missing under --require-all; a waiver of a "
          "theorem that is ported or not declared fails --require-all")
      .typeName("FILE");
  addText(*coverage, "--held-in", request->heldIn,
          "Run reports (`run --json`, repeatable): an interpreted theorem counts as ported "
          "only if they show it passed with --min-cases cases whose premises held, and never "
          "falsified")
      .typeName("REPORT");
  addWhole<1, 1000000000>(*coverage, "--min-cases", request->minCases,
                          "The cases a passed result needs under --held-in (default 100)");
  return Command{coverage, [request, &program] {
                   return coverageCommand(*program.catalog, *request, std::cout, std::cerr);
                 }};
}

}  // namespace proofport::cli
