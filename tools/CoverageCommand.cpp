// `proofport coverage FILE...`: reads Lean sources and doc listings and lists which of their
// theorems the catalog ports, which it misses, and which catalog entries they do not declare.
#include "CoverageCommand.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "Cli.h"

#include "proofport/lean/Declarations.h"
#include "proofport/properties/Catalog.h"

namespace proofport::cli {

namespace {

/// A declaration and the file it was found in (the first one, if several declare it).
struct Found {
  std::string file;
  lean::Declaration declaration;
};

std::string location(const Found &found) {
  return fmt::format("{}:{}:{}", found.file, found.declaration.line,
                     found.declaration.column);
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

} // namespace

int coverageCommand(const CoverageRequest &request, std::ostream &out, std::ostream &err) {
  std::ofstream json;
  if (request.json) {
    json.open(*request.json, std::ios::out | std::ios::trunc);
    if (!json) {
      err << "proofport coverage: --json '" << *request.json << "': cannot write this file\n";
      return kExitUsage;
    }
  }

  const std::optional<lean::Format> forced = formatOf(request.format);
  if (request.format != "auto" && !forced) {
    err << "proofport coverage: --format '" << request.format
        << "': expected auto, source or listing\n";
    return kExitUsage;
  }

  // Declarations by full name, first occurrence kept; files in command-line order.
  std::map<std::string, Found> declared;
  std::vector<std::string> order;
  nlohmann::json files = nlohmann::json::array();
  for (const std::string &file : request.files) {
    const lean::Format format = forced ? *forced : lean::formatForPath(file);
    lean::Reading reading;
    try {
      reading = lean::readFile(file, format);
    } catch (const lean::ReadError &e) {
      err << "proofport coverage: cannot read " << file << " as a Lean "
          << lean::formatName(format) << ": " << e.what() << "\n";
      return kExitUsage;
    }
    if (reading.declarations.empty()) {
      err << "proofport coverage: note: " << file << " (read as a Lean "
          << lean::formatName(format) << ") declares no theorem or lemma\n";
    }
    files.push_back({{"path", file},
                     {"format", std::string(lean::formatName(format))},
                     {"declarations", reading.declarations.size()}});
    for (lean::Declaration &d : reading.declarations) {
      std::string name = d.name;
      if (declared.emplace(name, Found{file, std::move(d)}).second) {
        order.push_back(std::move(name));
      }
    }
  }

  // The catalog's Lean declarations, matched by full name as the traceability test does.
  // Model-based entries are properties of their own, not Lean declarations.
  std::vector<const properties::Theorem *> catalogued;
  for (const properties::Theorem &t : properties::theorems()) {
    if (t.kind != properties::Kind::Model) {
      catalogued.push_back(&t);
    }
  }
  std::vector<std::pair<const Found *, const properties::Theorem *>> ported;
  std::vector<const Found *> missing;
  std::set<std::string_view> matched;
  for (const std::string &name : order) {
    const Found &found = declared.at(name);
    const properties::Theorem *theorem = nullptr;
    for (const properties::Theorem *t : catalogued) {
      if (t->leanName == name) {
        theorem = t;
        break;
      }
    }
    if (theorem != nullptr) {
      ported.emplace_back(&found, theorem);
      matched.insert(theorem->leanName);
    } else {
      missing.push_back(&found);
    }
  }
  std::vector<const properties::Theorem *> undeclared;
  for (const properties::Theorem *t : catalogued) {
    if (matched.count(t->leanName) == 0) {
      undeclared.push_back(t);
    }
  }

  out << fmt::format("proofport coverage: {} file{}, {} theorem{} and lemma{} declared; "
                     "catalog of {} Lean declarations\n",
                     request.files.size(), request.files.size() == 1 ? "" : "s", order.size(),
                     order.size() == 1 ? "" : "s", order.size() == 1 ? "" : "s",
                     catalogued.size());
  out << fmt::format("\nported ({}): declared and in the catalog\n", ported.size());
  for (const auto &[found, theorem] : ported) {
    out << fmt::format("  {:<66} {:<10} {}\n", found->declaration.name,
                       properties::kindName(theorem->kind), location(*found));
  }
  out << fmt::format("\nmissing ({}): declared, not in the catalog\n", missing.size());
  for (const Found *found : missing) {
    out << fmt::format("  {:<66} {:<10} {}\n", found->declaration.name,
                       found->declaration.keyword, location(*found));
  }
  out << fmt::format("\nnot declared ({}): in the catalog, not declared in these files\n",
                     undeclared.size());
  for (const properties::Theorem *t : undeclared) {
    out << fmt::format("  {:<66} {:<10} {}\n", t->leanName, properties::kindName(t->kind),
                       t->source);
  }
  out.flush();

  if (request.json) {
    nlohmann::json report = {{"files", files},
                             {"ported", nlohmann::json::array()},
                             {"missing", nlohmann::json::array()},
                             {"notDeclared", nlohmann::json::array()}};
    for (const auto &[found, theorem] : ported) {
      report["ported"].push_back({{"name", found->declaration.name},
                                  {"kind", std::string(properties::kindName(theorem->kind))},
                                  {"file", found->file},
                                  {"line", found->declaration.line},
                                  {"column", found->declaration.column}});
    }
    for (const Found *found : missing) {
      report["missing"].push_back({{"name", found->declaration.name},
                                   {"keyword", found->declaration.keyword},
                                   {"file", found->file},
                                   {"line", found->declaration.line},
                                   {"column", found->declaration.column}});
    }
    for (const properties::Theorem *t : undeclared) {
      report["notDeclared"].push_back({{"name", std::string(t->leanName)},
                                       {"kind", std::string(properties::kindName(t->kind))},
                                       {"source", std::string(t->source)}});
    }
    json << report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    json.close();
    if (!json) {
      err << "proofport coverage: could not write the report '" << *request.json << "'\n";
      return kExitIo;
    }
  }

  if (request.requireAll && !missing.empty()) {
    err << fmt::format("proofport coverage: --require-all: {} declared theorem{} not in the "
                       "catalog:\n",
                       missing.size(), missing.size() == 1 ? " is" : "s are");
    for (const Found *found : missing) {
      err << "  " << found->declaration.name << " (" << location(*found) << ")\n";
    }
    return kExitFalsified;
  }
  return kExitHolds;
}

Command registerCoverageCommand(CLI::App &app, const Program &) {
  auto request = std::make_shared<CoverageRequest>();
  CLI::App *coverage = app.add_subcommand(
      "coverage",
      "Read Lean 4 sources (.lean) and doc listings (any other file) and list which theorems "
      "and lemmas the catalog ports, which it misses, and which catalog entries the files do "
      "not declare. Exit status: 0, 1 something is missing under --require-all, 2 usage error "
      "or unreadable file.");
  coverage->add_option("FILE", request->files, "Lean sources and doc listings")
      ->required()
      ->type_name("FILE");
  coverage->add_flag("--require-all", request->requireAll,
                     "Exit 1, naming them, if any declared theorem is not in the catalog");
  coverage->add_option("--json", request->json, "Also write the three lists as JSON to FILE")
      ->type_name("FILE");
  coverage->add_option("--format", request->format,
                       "How to read the files: auto (.lean is a source, anything else a "
                       "listing), source or listing (default auto)")
      ->check(CLI::IsMember({"auto", "source", "listing"}));
  return Command{coverage,
                 [request] { return coverageCommand(*request, std::cout, std::cerr); }};
}

} // namespace proofport::cli
