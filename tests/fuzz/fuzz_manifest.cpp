// A package's manifest.json (sk::pkg::parseManifest, read by sk_pkg_tool in every install and
// uninstall): an accepted manifest written again reads back to the same bytes.
#include "fuzz_check.h"
#include "sk/package_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "fuzz/manifest.json";
  auto manifest = sk::pkg::parseManifest(sk::fuzz::text(data, size), origin);
  if (!manifest) {
    sk::fuzz::requireNamed(manifest.error, origin);
    return 0;
  }
  std::string written = sk::pkg::writeManifest(*manifest.value);
  auto again = sk::pkg::parseManifest(written, origin);
  if (!again) sk::fuzz::fail("writeManifest output rejected: " + again.error + "\n" + written);
  if (sk::pkg::writeManifest(*again.value) != written) sk::fuzz::fail("manifest round trip differs:\n" + written);
  return 0;
}
