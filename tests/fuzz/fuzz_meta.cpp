// Kernel metadata v1 (K.json): parseMeta, and for an accepted document the round trip through
// the one writer that the metadata model promises (parseMeta(writeMeta(m)) == m).
#include "fuzz_meta_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sk::fuzz::parsedMetadata(data, size, "fuzz.json");
  return 0;
}
