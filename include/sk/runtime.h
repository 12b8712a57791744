// sk::rt — the runtime: registers kernel binaries (JIT-linked with LLVM JITLink, one
// JITDylib per binary, intrinsics from the simulator) and launches their functions on the
// simulated device. The ACL-style C API (include/acl/acl.h) is a thin shim over this.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "sk/sim/device.h"

namespace sk::rt {

struct Binary;    // a registered kernel object
struct Function;  // an entry point of a registered binary

class Runtime {
 public:
  static llvm::Expected<std::unique_ptr<Runtime>> create(const arch::ArchSpec& arch,
                                                         const sim::DeviceOptions& options = {});
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  sim::Device& device();
  // Unique in the process for its lifetime (a later runtime at the same address has another).
  uint64_t serial() const;

  // Checks the kernel compile contract (lib/subkernel), rejects imports that are neither
  // intrinsics nor on the allow-list, and JIT-links the object. `ration` is the kernel type
  // its functions launch with unless a launch says otherwise. `name` names it in messages.
  llvm::Expected<Binary*> loadBinary(llvm::MemoryBufferRef object, const std::string& name,
                                     sk::TaskRation ration = {0, 1});
  // As above from a file; the kernel type comes from the metadata JSON beside the .o
  // (coreType/taskRation) when there is one, else `fallback`.
  llvm::Expected<Binary*> loadBinaryFile(const std::string& path, sk::TaskRation fallback = {0, 1});
  llvm::Expected<Function*> getFunction(Binary* binary, const std::string& symbol);
  llvm::Error unloadBinary(Binary* binary);
  bool isLiveBinary(const Binary* b) const;
  bool isLiveFunction(const Function* f) const;
  // The name (the file for loadBinaryFile) of the binary holding the function at `entry`;
  // empty if none does.
  std::string binaryNameAt(const void* entry) const;

  // Queues a launch of `f` on `stream`. args are device addresses, one per kernel parameter.
  // `tilingKey`: what TILING_KEY_IS compares with in the kernel (metadata "tilingKey"). Safe
  // against an unload of f's binary on another thread: the launch fails with the invalid-handle
  // code, or is queued before the unload finishes the queued work and removes the code.
  // `metadata`: this launch's own (shapes per call), for fusing a capture of it.
  llvm::Error launch(Function* f, uint32_t blockDim, std::vector<uint64_t> args, sim::StreamId stream,
                     std::optional<sk::TaskRation> ration = std::nullopt, uint64_t tilingKey = 0,
                     std::shared_ptr<const subkernel::KernelMeta> metadata = nullptr);
  // The device launch `launch` queues (for rewriting captured models).
  llvm::Expected<sim::KernelLaunch> kernelLaunch(Function* f, uint32_t blockDim, std::vector<uint64_t> args,
                                                 std::optional<sk::TaskRation> ration = std::nullopt,
                                                 uint64_t tilingKey = 0) const;

  // Wall time spent registering binaries so far (JIT link included), and how many.
  double loadWallUs() const;
  uint64_t binariesLoaded() const;

  struct Impl;

 private:
  explicit Runtime(std::unique_ptr<Impl> impl);
  llvm::Expected<sim::KernelLaunch> describeLaunch(Function* f, uint32_t blockDim, std::vector<uint64_t> args,
                                                   std::optional<sk::TaskRation> ration, uint64_t tilingKey) const;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sk::rt
