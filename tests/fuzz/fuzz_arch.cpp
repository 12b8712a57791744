// Architecture specs (arch/*.json, sk_compile --arch FILE.json): sk::arch::parseArch.
#include "fuzz_check.h"
#include "sk/arch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "fuzz_arch.json";
  auto spec = sk::arch::parseArch(sk::fuzz::text(data, size), origin);
  if (!spec) {
    sk::fuzz::requireNamed(spec.takeError(), origin);
    return 0;
  }
  if (spec->name.empty()) sk::fuzz::fail("an accepted arch spec without a name");
  return 0;
}
