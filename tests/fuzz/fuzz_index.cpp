// The install root's index.json (sk::pkg::parseIndex: lookups by name, every install and
// uninstall): an accepted index written again reads back to the same bytes.
#include "fuzz_check.h"
#include "sk/package_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "fuzz/index.json";
  auto index = sk::pkg::parseIndex(sk::fuzz::text(data, size), origin);
  if (!index) {
    sk::fuzz::requireNamed(index.error, origin);
    return 0;
  }
  for (const sk::pkg::IndexEntry& e : index.value->kernels)
    if (index.value->find(e.name) != &e) sk::fuzz::fail("index.find does not find " + e.name);
  std::string written = sk::pkg::writeIndex(*index.value);
  auto again = sk::pkg::parseIndex(written, origin);
  if (!again) sk::fuzz::fail("writeIndex output rejected: " + again.error + "\n" + written);
  if (sk::pkg::writeIndex(*again.value) != written) sk::fuzz::fail("index round trip differs:\n" + written);
  return 0;
}
