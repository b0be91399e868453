// The Lean reader's entry points: checks the text, picks the reader for its format, and reads
// files (pipes included) within the size limit.
#include "proofport/lean/Declarations.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <utility>

#include "ListingReader.h"
#include "SourceReader.h"
#include "proofport/spec/Utf8.h"

namespace proofport::lean {

namespace detail {

void validate(std::string_view text, std::string_view origin, std::size_t &work, std::size_t line,
              std::size_t column) {
  if (text.size() > kMaxTextBytes) {
    throwReadError(std::string(origin), 0, 0,
                   "a text of at most " + std::to_string(kMaxTextBytes) + " bytes",
                   std::to_string(text.size()) + " bytes");
  }
  for (std::size_t i = 0; i < text.size();) {
    const CodePoint c = decodeUtf8(text, i);
    if (c.length == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[i]));
      throwReadError(std::string(origin), line, column, "UTF-8 text",
                     std::string("byte ") + hex + " that starts no valid UTF-8 character");
    }
    if (c.value == 0) {
      throwReadError(std::string(origin), line, column, "text", "a NUL byte (a binary file?)");
    }
    work += c.length;
    i += c.length;
    if (c.value == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
}

std::string readText(const std::string &path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throwReadError(path, 0, 0, "a readable file", "a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throwReadError(path, 0, 0, "a readable file", "a file that cannot be opened");
  }
  // Read in chunks rather than by size, so pipes and process substitutions work too.
  std::string text;
  std::vector<char> chunk(std::size_t{1} << 16U);
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxTextBytes) {
      throwReadError(path, 0, 0, "a file of at most " + std::to_string(kMaxTextBytes) + " bytes",
                     "a longer one");
    }
  }
  if (in.bad()) {
    throwReadError(path, 0, 0, "a readable file", "a read error");
  }
  return text;
}

}  // namespace detail

ReadError::ReadError(std::string origin, std::size_t line, std::size_t column, std::string expected,
                     std::string actual)
    : Error("lean::read " + origin +
                (line > 0 ? std::string(":")
                                .append(std::to_string(line))
                                .append(":")
                                .append(std::to_string(column))
                          : std::string()),
            std::move(expected), std::move(actual)),
      m_origin(std::move(origin)), m_line(line), m_column(column) {}

[[noreturn]] void throwReadError(std::string origin, std::size_t line, std::size_t column,
                                 std::string expected, std::string actual) {
  throw ReadError(std::move(origin), line, column, std::move(expected), std::move(actual));
}

std::string_view formatName(Format format) {
  return format == Format::Source ? "source" : "listing";
}

Format formatForPath(std::string_view path) {
  constexpr std::string_view kLean = ".lean";
  return path.size() >= kLean.size() && path.substr(path.size() - kLean.size()) == kLean
             ? Format::Source
             : Format::Listing;
}

Reading read(std::string_view text, Format format, std::string_view origin) {
  Reading out;
  detail::validate(text, origin, out.work);
  if (format == Format::Source) {
    detail::SourceReader reader(text, origin, out.work);
    reader.run();
    out.declarations = reader.take();
  } else {
    detail::ListingReader reader(text, origin, out.work);
    reader.run();
    out.declarations = reader.take();
  }
  return out;
}

Reading readFile(const std::string &path, std::optional<Format> format) {
  const std::string text = detail::readText(path);
  return read(text, format ? *format : formatForPath(path), path);
}

}  // namespace proofport::lean
