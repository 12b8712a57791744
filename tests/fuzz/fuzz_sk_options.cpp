// sk_compile --options "key=value:key=value" (sk::reuse::parseOptions): an accepted string's
// canonical text parses to the same options; a rejected one names the flag.
#include "fuzz_check.h"
#include "sk/reuse_analysis.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto options = sk::reuse::parseOptions(sk::fuzz::text(data, size));
  if (!options) {
    sk::fuzz::requireNamed(options.takeError(), "--options");
    return 0;
  }
  std::string canonical = options->text();
  auto again = sk::reuse::parseOptions(canonical);
  if (!again) sk::fuzz::fail("canonical options rejected: " + canonical + ": " + llvm::toString(again.takeError()));
  if (again->text() != canonical) sk::fuzz::fail("options text not stable: " + canonical + " -> " + again->text());
  return 0;
}
