// Kernel metadata v1 (K.json): parseMeta, and for an accepted document the round trip through
// the one writer that the metadata model promises (parseMeta(writeMeta(m)) == m).
#include "fuzz_check.h"
#include "sk/subkernel.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "fuzz.json";
  auto meta = sk::subkernel::parseMeta(sk::fuzz::text(data, size), origin);
  if (!meta) {
    sk::fuzz::requireNamed(meta.takeError(), origin);
    return 0;
  }
  std::string written = sk::subkernel::writeMeta(*meta);
  auto again = sk::subkernel::parseMeta(written, origin);
  if (!again) sk::fuzz::fail("writeMeta output rejected: " + llvm::toString(again.takeError()) + "\n" + written);
  if (*again != *meta) sk::fuzz::fail("parseMeta(writeMeta(m)) != m:\n" + written);
  return 0;
}
