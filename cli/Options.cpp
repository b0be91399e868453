// The one place options reach CLI11: text bound to strings, numbers read by the number reader,
// switches bound to bools (tests/rules/check_options.sh keeps add_option/add_flag here).
#include "Options.h"

#include <algorithm>
#include <utility>

#include <CLI/CLI.hpp>

#include "proofport/spec/Error.h"

namespace proofport::cli {
namespace {

/// Refuses an option's text the way CLI11 reports its own errors: a usage error (exit 2) naming
/// the option.   Cost: O(message)   Throws: CLI::ValidationError, always (CLI11 catches it).
[[noreturn]] void refuseText(const std::string &message) { throw CLI::ValidationError(message); }

}  // namespace

OptionRef OptionRef::required() {
  m_option->required();
  return *this;
}

OptionRef OptionRef::typeName(const std::string &name) {
  m_option->type_name(name);
  return *this;
}

OptionRef OptionRef::allowOnly(std::vector<std::string> choices) {
  m_option->check(CLI::IsMember(std::move(choices)));
  return *this;
}

CLI::App *addCommand(CLI::App &app, const std::string &name, const std::string &description) {
  return app.add_subcommand(name, description);
}

OptionRef addTextOption(CLI::App &app, const std::string &names, std::string &target,
                        const std::string &help) {
  return OptionRef(app.add_option(names, target, help));
}

OptionRef addTextOption(CLI::App &app, const std::string &names, std::optional<std::string> &target,
                        const std::string &help) {
  return OptionRef(app.add_option(names, target, help));
}

OptionRef addTextOption(CLI::App &app, const std::string &names, std::vector<std::string> &target,
                        const std::string &help) {
  return OptionRef(app.add_option(names, target, help));
}

OptionRef addSwitch(CLI::App &app, const std::string &names, bool &target,
                    const std::string &help) {
  return OptionRef(app.add_flag(names, target, help));
}

OptionRef
addNumberOption(CLI::App &app, const std::string &names, const std::string &help,
                const std::string &typeName,
                std::function<void(const std::string &flag, const std::string &text)> read) {
  // The longest name is the one messages use (`--jobs` of `-j,--jobs`).
  std::string flag;
  for (std::size_t start = 0; start <= names.size();) {
    const std::size_t comma = std::min(names.find(',', start), names.size());
    const std::string name = names.substr(start, comma - start);
    flag = name.size() > flag.size() ? name : flag;
    start = comma + 1;
  }
  return OptionRef(app.add_option_function<std::string>(
                          names,
                          [flag, read = std::move(read)](const std::string &text) {
                            try {
                              read(flag, text);
                            } catch (const FormatError &e) {
                              refuseText(e.what());
                            }
                          },
                          help)
                       ->type_name(typeName));
}

OptionRef addSeconds(CLI::App &app, const std::string &names, double &target, ZeroSeconds zero,
                     const std::string &help) {
  return addNumberOption(app, names, help, "DURATION",
                         [&target, zero](const std::string &flag, const std::string &text) {
                           target = readSeconds(flag, text, zero);
                         });
}

void addWorkerOptions(CLI::App &command, std::size_t &jobs, double &timeout) {
  addWhole<1, 1024>(command, "-j,--jobs", jobs,
                    "Run up to N properties at once, each in its own process (default: the "
                    "machine's processors); results and reports do not depend on N");
  addSeconds(command, "--timeout", timeout, ZeroSeconds::NoLimit,
             "How long a property may run before it is stopped and reported as an error: "
             "seconds, or with a unit s, m or h (default 600; 0: no limit)");
}

}  // namespace proofport::cli
