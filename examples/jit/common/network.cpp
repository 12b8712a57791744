#include "network.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <set>

#include "sk/error.h"
#include "sk/kernel_runner.h"
#include "sk/reuse_analysis.h"
#include "sk/arch.h"
#include "sk/super_kernel.h"

namespace example {

using sk::subkernel::Param;
using sk::subkernel::Role;

std::string buildDir() {
  const char* env = std::getenv("SK_BUILD_DIR");
  return env && *env ? env : SK_DEFAULT_BUILD_DIR;
}

namespace {

struct Tensor {
  void* ptr = nullptr;
  uint64_t bytes = 0;
};

// One launch of the network, prepared before anything runs (so the launches go back to back,
// as a framework with a memory pool would issue them).
struct Launch {
  sk::rt::Function* fn = nullptr;
  uint32_t blockDim = 1;
  std::vector<std::pair<std::string, Param>> args;  // tensor name (empty: scratch) and parameter
};

class Session {
 public:
  Session(sk::rt::Runtime& rt, const RunConfig& cfg, sk::arch::ArchSpec limits)
      : rt_(rt), cfg_(cfg), limits_(std::move(limits)) {}
  ~Session() {
    for (void* p : owned_) llvm::consumeError(rt_.device().free(p));
  }

  llvm::Expected<const sk::subkernel::SubKernel*> kernel(const std::string& name) {
    auto& k = kernels_[name];
    if (!k) {
      auto sub = sk::subkernel::readSubKernel(cfg_.kernelDir + "/" + name + ".o", "", limits_);
      if (!sub) return sub.takeError();
      k = std::make_unique<sk::subkernel::SubKernel>(std::move(*sub));
    }
    return k.get();
  }

  // The device buffer of tensor `name`, created on first use: inputs seeded, others zeroed.
  llvm::Expected<void*> tensor(const std::string& name, const Param& p) {
    auto it = tensors_.find(name);
    if (it != tensors_.end()) return it->second.ptr;
    auto buf = alloc(p.bytes);
    if (!buf) return buf.takeError();
    Param named = p;
    named.name = name;  // the seed follows the tensor, whichever op sees it first
    std::vector<uint8_t> data =
        p.role == Role::Input ? sk::rt::seededInput(named, cfg_.seed) : std::vector<uint8_t>(p.bytes, 0);
    if (llvm::Error e = rt_.device().memcpy(*buf, data.data(), data.size(), sk::sim::CopyKind::HostToDevice)) return e;
    tensors_[name] = Tensor{*buf, p.bytes};
    return *buf;
  }

  llvm::Expected<void*> scratch(const Param& p) {
    if (p.bytes == 0) return nullptr;
    auto buf = alloc(p.bytes);
    if (!buf) return buf.takeError();
    std::vector<uint8_t> data = p.data;
    data.resize(p.bytes, 0);
    if (llvm::Error e = rt_.device().memcpy(*buf, data.data(), data.size(), sk::sim::CopyKind::HostToDevice)) return e;
    return *buf;
  }

  llvm::Expected<sk::rt::Function*> function(const std::string& key, llvm::MemoryBufferRef object,
                                             const std::string& symbol, sk::TaskRation ration) {
    auto& f = functions_[key];
    if (!f) {
      auto bin = rt_.loadBinary(object, key, ration);
      if (!bin) return bin.takeError();
      auto fn = rt_.getFunction(*bin, symbol);
      if (!fn) return fn.takeError();
      f = *fn;
    }
    return f;
  }

  llvm::Expected<Launch> prepareEager(const NetOp& op) {
    auto k = kernel(op.kernel);
    if (!k) return k.takeError();
    const auto& m = (*k)->meta;
    auto fn = function(op.kernel, (*k)->object->getMemBufferRef(), m.kernelName, {m.taskRation.aic, m.taskRation.aiv});
    if (!fn) return fn.takeError();
    Launch l{*fn, m.blockDim, {}};
    for (const Param& p : m.params) l.args.emplace_back(p.isTensor() ? bound(op, p.name) : "", p);
    return l;
  }

  // Fuses ops [first, last) (one scope) in process: plan, link, register.
  llvm::Expected<Launch> prepareFused(const Network& net, size_t first, size_t last) {
    const std::string& scope = net.ops[first].scope;
    sk::reuse::PlanRequest req;
    req.name = scope;
    req.arch = limits_;
    auto options = sk::reuse::parseOptions(cfg_.options);
    if (!options) return options.takeError();
    req.options = *options;
    std::set<std::string> writtenHere;
    for (size_t i = first; i < last; ++i) {
      const NetOp& op = net.ops[i];
      req.ops.ops.push_back(sk::reuse::OpSpec{cfg_.kernelDir + "/" + op.kernel + ".o", "", std::nullopt, std::nullopt,
                                              std::nullopt, op.bind, nullptr});
      auto k = kernel(op.kernel);
      if (!k) return k.takeError();
      for (const Param& p : (*k)->meta.params)
        if (p.role == Role::Output) writtenHere.insert(bound(op, p.name));
    }
    // A tensor this scope writes that anything after it reads must stay a real output.
    for (size_t i = last; i < net.ops.size(); ++i) {
      auto k = kernel(net.ops[i].kernel);
      if (!k) return k.takeError();
      for (const Param& p : (*k)->meta.params) {
        std::string name = bound(net.ops[i], p.name);
        if (p.role == Role::Input && writtenHere.count(name)) req.keepOutputs.push_back(name);
      }
    }
    if (writtenHere.count(net.output)) req.keepOutputs.push_back(net.output);
    std::sort(req.keepOutputs.begin(), req.keepOutputs.end());
    req.keepOutputs.erase(std::unique(req.keepOutputs.begin(), req.keepOutputs.end()), req.keepOutputs.end());
    auto plan = sk::reuse::makePlan(req);
    if (!plan) return plan.takeError();
    // Names kept as outputs that turned out to be final outputs anyway are fine to ask for.
    if (cfg_.explain) std::cout << sk::reuse::explain(*plan) << "\n";
    auto built = sk::super_kernel::build(*plan);
    if (!built) return built.takeError();
    objects_.push_back(std::move(built->object));
    const auto& bytes = objects_.back();
    llvm::MemoryBufferRef ref(llvm::StringRef((const char*)bytes.data(), bytes.size()), scope + ".o");
    auto fn = function(scope, ref, scope, {plan->ration.aic, plan->ration.aiv});
    if (!fn) return fn.takeError();
    Launch l{*fn, plan->blockDim, {}};
    for (const sk::subkernel::Param& q : plan->params) l.args.emplace_back(q.isTensor() ? q.name : "", q);
    return l;
  }

  // Allocates (and fills) the buffers of every launch, then issues them back to back.
  llvm::Error run(const std::vector<Launch>& launches) {
    std::vector<std::vector<uint64_t>> args;
    for (const Launch& l : launches) {
      args.emplace_back();
      for (const auto& [name, p] : l.args) {
        llvm::Expected<void*> buf = name.empty() ? scratch(p) : tensor(name, p);
        if (!buf) return buf.takeError();
        args.back().push_back((uint64_t)*buf);
      }
    }
    for (size_t i = 0; i < launches.size(); ++i)
      if (llvm::Error e = rt_.launch(launches[i].fn, launches[i].blockDim, args[i], sk::sim::kDefaultStream)) return e;
    return rt_.device().synchronizeDevice();
  }

  llvm::Expected<std::vector<uint8_t>> read(const std::string& name) {
    auto it = tensors_.find(name);
    if (it == tensors_.end()) return sk::inputError("network output '" + name + "' is never written");
    std::vector<uint8_t> out(it->second.bytes);
    if (llvm::Error e = rt_.device().memcpy(out.data(), it->second.ptr, out.size(), sk::sim::CopyKind::DeviceToHost))
      return e;
    return out;
  }

 private:
  static std::string bound(const NetOp& op, const std::string& param) {
    auto it = op.bind.find(param);
    return it == op.bind.end() ? param : it->second;
  }
  llvm::Expected<void*> alloc(uint64_t bytes) {
    auto p = rt_.device().malloc(bytes);
    if (p) owned_.push_back(*p);
    return p;
  }

  sk::rt::Runtime& rt_;
  const RunConfig& cfg_;
  sk::arch::ArchSpec limits_;
  std::map<std::string, std::unique_ptr<sk::subkernel::SubKernel>> kernels_;
  std::map<std::string, sk::rt::Function*> functions_;
  std::map<std::string, Tensor> tensors_;
  std::vector<std::vector<uint8_t>> objects_;  // fused objects, alive while loaded
  std::vector<void*> owned_;
};

}  // namespace

llvm::Expected<RunResult> runNetwork(const Network& net, const RunConfig& cfg) {
  auto arch = sk::arch::loadArch(cfg.arch);
  if (!arch) return arch.takeError();
  sk::sim::DeviceOptions opts;
  opts.trace = cfg.trace;
  auto rt = sk::rt::Runtime::create(*arch, opts);
  if (!rt) return rt.takeError();
  RunResult r;
  {
    Session s(**rt, cfg, *arch);
    std::vector<Launch> launches;
    for (size_t i = 0; i < net.ops.size();) {
      size_t j = i + 1;
      if (cfg.fuse && !net.ops[i].scope.empty())
        while (j < net.ops.size() && net.ops[j].scope == net.ops[i].scope) ++j;
      auto l = j > i + 1 ? s.prepareFused(net, i, j) : s.prepareEager(net.ops[i]);
      if (!l) return l.takeError();
      launches.push_back(std::move(*l));
      i = j;
    }
    if (llvm::Error e = s.run(launches)) return e;
    auto out = s.read(net.output);
    if (!out) return out.takeError();
    r.output = std::move(*out);
  }
  r.tasks = (*rt)->device().taskTimings();
  for (const auto& t : r.tasks)
    if (t.name.rfind("memcpy", 0) != 0 && t.name.rfind("memset", 0) != 0) ++r.launches;
  double first = 1e300, last = 0;
  for (const auto& t : r.tasks)
    if (t.name.rfind("memcpy", 0) != 0 && t.name.rfind("memset", 0) != 0) {
      first = std::min(first, t.beginUs);
      last = std::max(last, t.endUs);
    }
  r.deviceUs = last > first ? last - first : 0;
  if (cfg.trace) r.trace = (*rt)->device().traceJson();
  return r;
}

}  // namespace example
