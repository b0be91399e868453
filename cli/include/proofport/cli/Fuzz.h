// A program of proofport's command line as a libFuzzer target: one catalog entry, chosen by
// flags, checked on the cases a coverage-guided fuzzer builds (proofport/fuzz/CaseBytes.h).
// `proofport_add_fuzzer` (cmake/ProofportCatalog.cmake) writes the libFuzzer entry points that
// call these; a program links proofport::cli, proofport::fuzz and `-fsanitize=fuzzer`.
//
// Flags (libFuzzer ignores flags that start with `--`, so they sit beside its own `-flag=value`):
//   --theorem=NAME --scalar=NAME   the entry (full or short Lean name; a registered scalar or
//                                  instantiation), required
//   --lean=FILE --structure=NAME   the entries of a Lean file interpreted over NAME, for a program
//                                  with MainOptions::structures
//   --corpus=DIR                   where a falsified case is saved (default MainOptions::corpus,
//                                  or PROOFPORT_CORPUS)
//   --shrink-seconds=N             how long a failure's shrink may take (default 10)
//   --minimize-crash=FILE          no fuzzing: the input in FILE (a crash-… file), which crashed
//                                  the process rather than failing its statement, is minimized in
//                                  child processes (fuzz::shrinkCrash), printed and saved as a
//                                  falsified case; exit 1 (0 if it does not crash)
//   --list-entries                 no fuzzing: print the flags of each entry that runs, one a
//                                  line, of those --theorem=GLOB[,GLOB…] --scalar=NAMES select
//                                  (all without them); exit 0
// A target started with none of these flags reads them from `<argv[0]>.entry`, one a line: how
// ClusterFuzzLite and OSS-Fuzz, which start each fuzzer by name alone, run one entry per copy.
// A falsified case is printed as `run` prints one (statement, inputs by name, the replay command
// for the program `replayProgram`), saved to the corpus, and the process aborts: libFuzzer then
// writes the input it was given (crash-…) and stops, as for any crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "proofport/cli/Main.h"

namespace proofport::cli {

/// LLVMFuzzerInitialize: reads the flags above from `argv` and selects the entry.
/// Returns 0 (--list-entries and --minimize-crash exit instead). A bad flag, an unknown entry or
/// one that does not run prints why and exits with status 2 (before any input is tried).
/// Cost: the catalog's construction (reading the Lean file, for --lean).
int fuzzInitialize(int *argc, char ***argv, const MainOptions &options,
                   const std::string &replayProgram);

/// LLVMFuzzerTestOneInput: evaluates one input. Returns 0 for a case that held and -1 for one
/// discarded (libFuzzer keeps no discarded input); a falsified case does not return (see
/// above).   Cost: fuzz::Target::evaluate.
int fuzzOne(const std::uint8_t *data, std::size_t size);

/// LLVMFuzzerCustomMutator: fuzz::mutate with `fallback` = LLVMFuzzerMutate.
std::size_t fuzzMutate(std::uint8_t *data, std::size_t size, std::size_t maxSize, unsigned seed,
                       std::size_t (*fallback)(std::uint8_t *, std::size_t, std::size_t));

}  // namespace proofport::cli
