// The metadata harnesses' shared property: parseMeta names the document when it refuses it, and
// an accepted one survives the one writer (parseMeta(writeMeta(m)) == m).
#pragma once
#include <optional>

#include "fuzz_check.h"
#include "sk/subkernel.h"

namespace sk::fuzz {

// The parsed document, or nullopt when it was (rightly) refused.
inline std::optional<subkernel::KernelMeta> parsedMetadata(const uint8_t* data, size_t size, const std::string& origin) {
  auto meta = subkernel::parseMeta(text(data, size), origin);
  if (!meta) {
    requireNamed(meta.takeError(), origin);
    return std::nullopt;
  }
  std::string written = subkernel::writeMeta(*meta);
  auto again = subkernel::parseMeta(written, origin);
  if (!again) fail("writeMeta output rejected: " + llvm::toString(again.takeError()) + "\n" + written);
  if (*again != *meta) fail("parseMeta(writeMeta(m)) != m:\n" + written);
  return std::move(*meta);
}

}  // namespace sk::fuzz
