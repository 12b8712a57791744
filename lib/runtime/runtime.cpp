#include "sk/runtime.h"

#include "sk/device_imports.h"
#include "acl/acl_base.h"

#include <atomic>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <condition_variable>
#include <map>
#include <optional>
#include <mutex>
#include <set>

#include "jit_loader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/sim/intrinsics.h"
#include "sk/subkernel.h"

namespace sk::rt {

struct Function {
  Binary* binary = nullptr;
  std::string symbol;
  void* entry = nullptr;
  uint64_t textBytes = 0;  // the symbol's st_size
};

struct Binary {
  std::string name;
  JitLoader::Module* module = nullptr;
  sk::TaskRation ration;
  subkernel::ObjectInfo info;
  bool talksThroughGm = false;  // imports an intrinsic whose effect depends on other cores' GM writes
  std::map<std::string, size_t> paramCounts;  // entry -> its metadata's parameter count (file loads)
  std::map<std::string, std::unique_ptr<Function>> functions;
  int launchesBeingQueued = 0;  // launches past their handle check, not yet on a stream
};

namespace {

// Host functions kernels may call directly: memory primitives clang emits for loops and
// copies, and the C math library. Everything else must go through an intrinsic.
const std::vector<std::pair<std::string, void*>>& hostAllowList() {
  using F1 = float (*)(float);
  using D1 = double (*)(double);
  using F2 = float (*)(float, float);
  using D2 = double (*)(double, double);
  static const std::vector<std::pair<std::string, void*>> list = {
      {"memcpy", (void*)&::memcpy},   {"memset", (void*)&::memset},   {"memmove", (void*)&::memmove},
      {"memcmp", (void*)&::memcmp},   {"bcmp", (void*)&::memcmp},  // what clang makes of memcmp(...) == 0
      {"sqrtf", (void*)(F1)&::sqrtf}, {"sqrt", (void*)(D1)&::sqrt},
      {"expf", (void*)(F1)&::expf},   {"exp", (void*)(D1)&::exp},     {"exp2f", (void*)(F1)&::exp2f},
      {"exp2", (void*)(D1)&::exp2},   {"logf", (void*)(F1)&::logf},   {"log", (void*)(D1)&::log},
      {"log2f", (void*)(F1)&::log2f}, {"log2", (void*)(D1)&::log2},   {"powf", (void*)(F2)&::powf},
      {"pow", (void*)(D2)&::pow},     {"fabsf", (void*)(F1)&::fabsf}, {"fabs", (void*)(D1)&::fabs},
      {"floorf", (void*)(F1)&::floorf}, {"floor", (void*)(D1)&::floor}, {"ceilf", (void*)(F1)&::ceilf},
      {"ceil", (void*)(D1)&::ceil},   {"roundf", (void*)(F1)&::roundf}, {"round", (void*)(D1)&::round},
      {"truncf", (void*)(F1)&::truncf}, {"trunc", (void*)(D1)&::trunc}, {"fmaxf", (void*)(F2)&::fmaxf},
      {"fmax", (void*)(D2)&::fmax},   {"fminf", (void*)(F2)&::fminf}, {"fmin", (void*)(D2)&::fmin},
      {"fmodf", (void*)(F2)&::fmodf}, {"fmod", (void*)(D2)&::fmod},   {"tanhf", (void*)(F1)&::tanhf},
      {"tanh", (void*)(D1)&::tanh},   {"sinf", (void*)(F1)&::sinf},   {"sin", (void*)(D1)&::sin},
      {"cosf", (void*)(F1)&::cosf},   {"cos", (void*)(D1)&::cos},     {"erff", (void*)(F1)&::erff},
      {"erf", (void*)(D1)&::erf},     {"nearbyintf", (void*)(F1)&::nearbyintf}, {"rintf", (void*)(F1)&::rintf},
      {"tanf", (void*)(F1)&::tanf},   {"tan", (void*)(D1)&::tan},     {"asinf", (void*)(F1)&::asinf},
      {"asin", (void*)(D1)&::asin},   {"acosf", (void*)(F1)&::acosf}, {"acos", (void*)(D1)&::acos},
      {"atanf", (void*)(F1)&::atanf}, {"atan", (void*)(D1)&::atan},   {"sinhf", (void*)(F1)&::sinhf},
      {"sinh", (void*)(D1)&::sinh},   {"coshf", (void*)(F1)&::coshf}, {"cosh", (void*)(D1)&::cosh},
      {"asinhf", (void*)(F1)&::asinhf}, {"asinh", (void*)(D1)&::asinh}, {"atanhf", (void*)(F1)&::atanhf},
      {"atanh", (void*)(D1)&::atanh}, {"erfcf", (void*)(F1)&::erfcf}, {"erfc", (void*)(D1)&::erfc},
  };
  return list;
}

// The addresses of what subkernel::checkImports lets a kernel import; an internal error if the
// simulator's intrinsics or this allow-list and the names checked there have drifted apart.
llvm::Expected<std::vector<std::pair<std::string, void*>>> importableSymbols() {
  std::vector<std::pair<std::string, void*>> all;
  std::set<std::string> intrinsics, hosts;
  for (const sim::IntrinsicSymbol& s : sim::intrinsicSymbols()) {
    all.emplace_back(s.name, s.address);
    intrinsics.insert(s.name);
  }
  for (const auto& p : hostAllowList()) {
    all.push_back(p);
    hosts.insert(p.first);
  }
  const auto& names = subkernel::intrinsicNames();
  const auto& hostNames = subkernel::allowedHostImports();
  if (intrinsics != std::set<std::string>(names.begin(), names.end()) ||
      hosts != std::set<std::string>(hostNames.begin(), hostNames.end()))
    return internalError("the simulator's intrinsics or the host allow-list differ from subkernel::intrinsicNames / "
                         "allowedHostImports (lib/subkernel/device_imports.cpp)");
  return all;
}

}  // namespace

struct Runtime::Impl {
  std::unique_ptr<sim::Device> device;
  std::unique_ptr<JitLoader> loader;
  mutable std::mutex mu;
  std::map<const Binary*, std::unique_ptr<Binary>> binaries;
  std::set<const Function*> functions;
  std::condition_variable launchQueued;  // a launch of some binary reached its stream
  double loadWallUs = 0;
  uint64_t loaded = 0;
  uint64_t serial = 0;
};

Runtime::Runtime(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {
  static std::atomic<uint64_t> runtimes{0};
  impl_->serial = ++runtimes;
}

uint64_t Runtime::serial() const { return impl_->serial; }

Runtime::~Runtime() {
  // Finish queued work before the code it runs goes away.
  if (impl_ && impl_->device) llvm::consumeError(impl_->device->synchronizeDevice());
}

llvm::Expected<std::unique_ptr<Runtime>> Runtime::create(const arch::ArchSpec& arch, const sim::DeviceOptions& options) {
  auto impl = std::make_unique<Impl>();
  auto dev = sim::Device::create(arch, options);
  if (!dev) return dev.takeError();
  impl->device = std::move(*dev);
  auto syms = importableSymbols();
  if (!syms) return syms.takeError();
  auto loader = JitLoader::create(*syms);
  if (!loader) return loader.takeError();
  impl->loader = std::move(*loader);
  JitLoader* code = impl->loader.get();
  impl->device->setSymbolizer([code](uint64_t pc) { return code->symbolize(pc); });
  return std::unique_ptr<Runtime>(new Runtime(std::move(impl)));
}

sim::Device& Runtime::device() { return *impl_->device; }

llvm::Expected<Binary*> Runtime::loadBinary(llvm::MemoryBufferRef object, const std::string& name,
                                            sk::TaskRation ration) {
  auto t0 = std::chrono::steady_clock::now();
  auto info = subkernel::checkObject(object, name);
  if (!info) return info.takeError();
  if (llvm::Error e = subkernel::checkImports(*info, name)) return e;
  auto module = impl_->loader->add(object, name);
  if (!module) return module.takeError();
  auto b = std::make_unique<Binary>();
  b->name = name;
  b->module = *module;
  b->ration = ration;
  b->info = std::move(*info);
  for (const std::string& u : b->info.undefinedSymbols)
    b->talksThroughGm |= u == "sk_scalar_copy" || u == "sk_scalar_atomic" || u == "sk_set_atomic";
  // Link now, so a broken object fails at registration rather than at first launch.
  if (!b->info.definedGlobals.empty()) {
    auto addr = impl_->loader->lookup(b->module, b->info.definedGlobals.front());
    if (!addr) {
      llvm::consumeError(impl_->loader->remove(b->module));
      return addr.takeError();
    }
  }
  Binary* raw = b.get();
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->binaries[raw] = std::move(b);
  impl_->loadWallUs += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  ++impl_->loaded;
  return raw;
}

std::string Runtime::binaryNameAt(const void* entry) const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  for (const Function* f : impl_->functions)
    if (f->entry == entry) return f->binary->name;
  return "";
}

llvm::Expected<Binary*> Runtime::loadBinaryFile(const std::string& path, sk::TaskRation fallback) {
  auto bytes = readFile(path, kMaxObjectBytes, "kernel object");
  if (!bytes) return bytes.takeError();
  sk::TaskRation ration = fallback;
  std::string json = subkernel::metadataPathFor(path);
  std::optional<subkernel::KernelMeta> meta;
  if (json != path && llvm::sys::fs::exists(json)) {
    auto m = subkernel::readMeta(json);
    if (!m) return m.takeError();
    ration = m->taskRation;
    meta = std::move(*m);
  }
  auto b = loadBinary(llvm::MemoryBufferRef(*bytes, path), path, ration);
  if (b && meta) (*b)->paramCounts[meta->kernelName] = meta->params.size();
  return b;
}

llvm::Expected<Function*> Runtime::getFunction(Binary* b, const std::string& symbol) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (!impl_->binaries.count(b)) return deviceError(ACL_ERROR_RT_INVALID_HANDLE, "getFunction: invalid or unloaded binary handle");
  auto it = b->functions.find(symbol);
  if (it != b->functions.end()) return it->second.get();
  const auto& globals = b->info.definedGlobals;
  auto pos = std::find(globals.begin(), globals.end(), symbol);
  if (pos == globals.end()) return deviceError(ACL_ERROR_RT_PARAM_INVALID, b->name + ": no kernel named '" + symbol + "' in this binary");
  auto addr = impl_->loader->lookup(b->module, symbol);
  if (!addr) return addr.takeError();
  auto f = std::make_unique<Function>();
  f->binary = b;
  f->symbol = symbol;
  f->entry = *addr;
  f->textBytes = b->info.definedSizes[pos - globals.begin()];
  Function* raw = f.get();
  impl_->functions.insert(raw);
  b->functions[symbol] = std::move(f);
  return raw;
}

llvm::Error Runtime::unloadBinary(Binary* b) {
  std::unique_ptr<Binary> owned;
  {
    std::unique_lock<std::mutex> lk(impl_->mu);
    auto it = impl_->binaries.find(b);
    if (it == impl_->binaries.end()) return deviceError(ACL_ERROR_RT_INVALID_HANDLE, "unload: invalid or already unloaded binary handle");
    owned = std::move(it->second);
    impl_->binaries.erase(it);
    for (auto& [name, f] : owned->functions) impl_->functions.erase(f.get());
    // No new launch can find it now; one that already did is let onto its stream first.
    impl_->launchQueued.wait(lk, [&] { return owned->launchesBeingQueued == 0; });
  }
  // Queued launches may still use the code: finish them first (their faults stay on their
  // streams, for the next synchronisation to report).
  impl_->device->runQueuedWork();
  return impl_->loader->remove(owned->module);
}

bool Runtime::isLiveBinary(const Binary* b) const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->binaries.count(b) != 0;
}

bool Runtime::isLiveFunction(const Function* f) const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->functions.count(f) != 0;
}

// A launch racing an unload of its binary either fails with the invalid-handle code or is on its
// stream before the unload synchronises (and removes the code): never a use of freed memory.
llvm::Error Runtime::launch(Function* f, uint32_t blockDim, std::vector<uint64_t> args, sim::StreamId stream,
                            std::optional<sk::TaskRation> ration, uint64_t tilingKey,
                            std::shared_ptr<const subkernel::KernelMeta> metadata) {
  Binary* binary = nullptr;
  llvm::Expected<sim::KernelLaunch> k = [&]() -> llvm::Expected<sim::KernelLaunch> {
    std::lock_guard<std::mutex> lk(impl_->mu);
    auto d = describeLaunch(f, blockDim, std::move(args), ration, tilingKey);
    if (d) ++(binary = f->binary)->launchesBeingQueued;
    return d;
  }();
  if (!k) return k.takeError();
  k->metadata = std::move(metadata);
  llvm::Error queued = impl_->device->launch(stream, std::move(*k));
  {
    std::lock_guard<std::mutex> lk(impl_->mu);
    --binary->launchesBeingQueued;
  }
  impl_->launchQueued.notify_all();
  return queued;
}

llvm::Expected<sim::KernelLaunch> Runtime::kernelLaunch(Function* f, uint32_t blockDim, std::vector<uint64_t> args,
                                                        std::optional<sk::TaskRation> ration, uint64_t tilingKey) const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return describeLaunch(f, blockDim, std::move(args), ration, tilingKey);
}

// With impl_->mu held: f and its binary stay alive while it reads them.
llvm::Expected<sim::KernelLaunch> Runtime::describeLaunch(Function* f, uint32_t blockDim, std::vector<uint64_t> args,
                                                          std::optional<sk::TaskRation> ration, uint64_t tilingKey) const {
  if (!impl_->functions.count(f))
    return deviceError(ACL_ERROR_RT_INVALID_HANDLE, "launch: invalid function handle (binary unloaded?)");
  auto count = f->binary->paramCounts.find(f->symbol);
  if (count != f->binary->paramCounts.end() && args.size() != count->second)
    return deviceError(ACL_ERROR_RT_PARAM_INVALID, "launch of '" + f->symbol + "': " + std::to_string(args.size()) +
                                                       " arguments, but its metadata has " + std::to_string(count->second) +
                                                       " parameters");
  sim::KernelLaunch k;
  k.name = f->symbol;
  k.entry = f->entry;
  k.ration = ration ? *ration : f->binary->ration;
  k.blockDim = blockDim;
  k.args = std::move(args);
  k.textBytes = f->textBytes;
  k.tilingKey = tilingKey;
  k.orderedGm = f->binary->talksThroughGm;
  return k;
}

double Runtime::loadWallUs() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->loadWallUs;
}

uint64_t Runtime::binariesLoaded() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->loaded;
}

}  // namespace sk::rt
