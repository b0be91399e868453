// How every command-line option is declared: text options bound to strings, numbers read by the
// one number reader (proofport/spec/Numbers.h) when the command line is parsed, switches bound
// to bools. Every add_option/add_flag call is in cli/Options.cpp (tests/rules/
// check_options.sh), so no option binds a number for CLI11 to read in its own way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "proofport/spec/Numbers.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace proofport::cli {

/// An option just added by one of the helpers below, refined in a chain
/// (`addText(...).required().typeName("FILE")`). Its member functions, like every call into
/// CLI11, are compiled in cli/Options.cpp: a command's unit compiles none of CLI11 (whose
/// classes, constructed in a unit, bring most of the library's code into it).
class OptionRef {
public:
  /// Refines `option` (not null).
  explicit OptionRef(CLI::Option *option) noexcept : m_option(option) {}
  /// The option must be given: without it the command line is a usage error (exit 2) naming
  /// it.   Cost: O(1)
  OptionRef required();
  /// `name` stands for the option's value in the help (`--json FILE`).   Cost: O(name)
  OptionRef typeName(const std::string &name);
  /// The option's text must be one of `choices`: any other is a usage error (exit 2) listing
  /// them.   Cost: O(choices)
  OptionRef allowOnly(std::vector<std::string> choices);

private:
  CLI::Option *m_option;
};

/// Adds subcommand `name`, described by `description` in the help, to `app`.   Cost: O(1)
CLI::App *addCommand(CLI::App &app, const std::string &name, const std::string &description);

/// The targets a text option may bind: what CLI11 stores as the text itself.
template <class T>
inline constexpr bool kTextTarget =
    std::is_same_v<T, std::string> || std::is_same_v<T, std::optional<std::string>> ||
    std::is_same_v<T, std::vector<std::string>>;

// The text options' bindings (Options.cpp); addText is their one door.
OptionRef addTextOption(CLI::App &app, const std::string &names, std::string &target,
                        const std::string &help);
OptionRef addTextOption(CLI::App &app, const std::string &names, std::optional<std::string> &target,
                        const std::string &help);
OptionRef addTextOption(CLI::App &app, const std::string &names, std::vector<std::string> &target,
                        const std::string &help);

/// Adds option `names` (`--json`, or `files` for positionals) storing its text in `target`:
/// a std::string, std::optional<std::string> or std::vector<std::string> (repeatable). A number
/// goes through addWhole or addSeconds instead.   Cost: O(1)
template <class T>
OptionRef addText(CLI::App &app, const std::string &names, T &target, const std::string &help) {
  static_assert(kTextTarget<T>, "a text option binds std::string, std::optional<std::string> or "
                                "std::vector<std::string>; numbers go through addWhole or "
                                "addSeconds (cli/Options.h)");
  return addTextOption(app, names, target, help);
}

/// Adds switch `names` (`--no-dense`), setting `target` when given.   Cost: O(1)
OptionRef addSwitch(CLI::App &app, const std::string &names, bool &target, const std::string &help);

/// Adds option `names` whose text `read(flag, text)` turns into its target when the command
/// line is parsed (`flag`: the longest of `names`). A FormatError `read` throws is a usage
/// error of the command line (exit 2).   Cost: O(1)
OptionRef
addNumberOption(CLI::App &app, const std::string &names, const std::string &help,
                const std::string &typeName,
                std::function<void(const std::string &flag, const std::string &text)> read);

namespace detail {
template <class T>
struct NumberTarget {
  using type = T;
};
template <class T>
struct NumberTarget<std::optional<T>> {
  using type = T;
};
}  // namespace detail

/// Adds option `names` taking a whole number from `Min` to `Max` in decimal digits
/// (readWholeNumber: `010` is ten; signs, hex, exponents, points and overflow are refused)
/// into `target`, an integer or an optional integer that holds `Max`.   Cost: O(1)
template <std::uint64_t Min, std::uint64_t Max, class T>
OptionRef addWhole(CLI::App &app, const std::string &names, T &target, const std::string &help) {
  using Value = typename detail::NumberTarget<T>::type;
  static_assert(std::is_integral_v<Value> && !std::is_same_v<Value, bool>,
                "addWhole binds an integer or an optional integer");
  static_assert(Min <= Max && Max <= static_cast<std::uint64_t>(std::numeric_limits<Value>::max()),
                "the range must fit the target's type");
  return addNumberOption(app, names, help, "N",
                         [&target](const std::string &flag, const std::string &text) {
                           target = static_cast<Value>(readWholeNumber(flag, text, Min, Max));
                         });
}

/// Adds option `names` taking a duration (readSeconds: `90`, `2.5`, `30s`, `10m`, `2h`) into
/// `target` in seconds; 0 only where `zero` accepts it.   Cost: O(1)
OptionRef addSeconds(CLI::App &app, const std::string &names, double &target, ZeroSeconds zero,
                     const std::string &help);

/// Registers `-j,--jobs N` (1 to 1024) and `--timeout DURATION` (0: no limit) on `command`:
/// the isolated workers a command runs its properties in (Workers.h), the same options for
/// every such command.   Cost: O(1)
void addWorkerOptions(CLI::App &command, std::size_t &jobs, double &timeout);

}  // namespace proofport::cli
