// The super kernel's <sk>.json: metadata v1 with the superKernel section (the same parser and
// writer as K.json), and what sk_run reads from it to run a super kernel unfused.
#include "fuzz_meta_check.h"
#include "sk/super_kernel.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "fuzz_sk.json";
  auto meta = sk::fuzz::parsedMetadata(data, size, origin);
  if (!meta) return 0;
  auto launches = sk::super_kernel::unfusedLaunches(*meta);
  if (!launches) {
    if (meta->superKernel) sk::fuzz::fail("unfusedLaunches refused a super kernel: " + llvm::toString(launches.takeError()));
    sk::fuzz::requireNamed(launches.takeError(), origin);
  } else if (launches->size() != meta->superKernel->instances.size()) {
    sk::fuzz::fail("unfusedLaunches: not one launch per instance");
  }
  return 0;
}
