// The loader (sk::rt::Runtime::loadBinary: the contract check, then JITLink against the
// simulator's intrinsics) on arbitrary bytes: an error or a loaded binary, never a crash.
#include "fuzz_check.h"
#include "sk/arch.h"
#include "sk/runtime.h"

namespace {
sk::rt::Runtime& runtime() {
  static std::unique_ptr<sk::rt::Runtime> rt = [] {
    auto arch = sk::arch::loadArch("dav-2201");
    if (!arch) sk::fuzz::fail(llvm::toString(arch.takeError()));
    static sk::arch::ArchSpec spec = *arch;
    auto r = sk::rt::Runtime::create(spec);
    if (!r) sk::fuzz::fail(llvm::toString(r.takeError()));
    return std::move(*r);
  }();
  return *rt;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string origin = "fuzz_load.o";
  llvm::MemoryBufferRef object(llvm::StringRef(reinterpret_cast<const char*>(data), size), origin);
  auto binary = runtime().loadBinary(object, origin);
  if (!binary) {
    sk::fuzz::requireNamed(binary.takeError(), origin);
    return 0;
  }
  if (llvm::Error e = runtime().unloadBinary(*binary)) sk::fuzz::fail("unloadBinary: " + llvm::toString(std::move(e)));
  return 0;
}
