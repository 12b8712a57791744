// The compile-contract check of a kernel object (sk::subkernel::checkObject) and the readers
// that run on an object once it is accepted: its entries and its embedded metadata.
#include "fuzz_check.h"
#include "sk/subkernel.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "fuzz.o";
  llvm::MemoryBufferRef object(llvm::StringRef(reinterpret_cast<const char*>(data), size), origin);
  auto info = sk::subkernel::checkObject(object, origin);
  if (!info) {
    sk::fuzz::requireNamed(info.takeError(), origin);
    return 0;
  }
  for (const std::string& symbol : info->definedGlobals)
    if (llvm::Error e = sk::subkernel::checkEntry(object, symbol, origin)) sk::fuzz::requireNamed(std::move(e), origin);
  auto embedded = sk::subkernel::embeddedMetadata(object, origin);
  if (!embedded) sk::fuzz::requireNamed(embedded.takeError(), origin);
  return 0;
}
