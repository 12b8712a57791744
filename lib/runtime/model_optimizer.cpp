#include "sk/model_optimizer.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>

#include "sk/error.h"
#include "sk/reuse_analysis.h"
#include "sk/super_kernel.h"
#include "sk/text.h"
#include "llvm/Support/FileSystem.h"

namespace sk::rt {

namespace {

using Task = sim::Device::ModelTask;

// Where each task stands: the innermost scope around it (nullopt: none, or a no-fuse region).
std::vector<std::optional<std::string>> scopesOf(const std::vector<Task>& tasks) {
  std::vector<std::optional<std::string>> open, out(tasks.size());
  bool anyScope = false;
  for (size_t i = 0; i < tasks.size(); ++i) {
    if (tasks[i].kind == Task::Kind::ScopeBegin) {
      open.push_back(tasks[i].scope);
      anyScope = true;
    } else if (tasks[i].kind == Task::Kind::ScopeEnd && !open.empty()) {
      open.pop_back();
    }
    out[i] = open.empty() ? std::nullopt : open.back();
  }
  if (!anyScope)  // no markers: the whole model is one scope
    for (auto& s : out) s = std::string("model");
  return out;
}

// Captured tensors are named by their device address (gm_<hex>), and back.
std::string tensorName(uint64_t addr) { return "gm_" + hexAddress(addr).substr(2); }
uint64_t addressOf(const std::string& tensor) { return std::stoull(tensor.substr(3), nullptr, 16); }

// A super-kernel name (a C identifier) for a scope name, which may be anything.
std::string superKernelName(const std::string& scope, size_t firstTask) {
  std::string n = "sk_";
  for (char c : scope.substr(0, 64)) n += std::isalnum((unsigned char)c) ? c : '_';
  return n + "_" + std::to_string(firstTask);
}

// A run of kernels to fuse as one super kernel: [first, last) of the model's tasks.
struct Run {
  size_t first, last;
  std::string scope;
};

class Optimizer {
 public:
  Optimizer(Runtime& rt, sim::ModelId model, reuse::Options options)
      : rt_(rt), dev_(rt.device()), model_(model), options_(std::move(options)) {}

  llvm::Expected<OptimizeReport> run() {
    auto tasks = dev_.modelTasks(model_);
    if (!tasks) return tasks.takeError();
    std::vector<Run> runs = findRuns(*tasks);
    // Back to front, so that earlier task indices stay valid as runs shrink to one task.
    for (auto it = runs.rbegin(); it != runs.rend(); ++it)
      if (llvm::Error e = fuse(*tasks, *it)) return e;
    std::reverse(report_.lines.begin() + (long)findLines_, report_.lines.end());
    return report_;
  }

 private:
  // Maximal runs of fusible kernels, one stream, one scope; the rest is reported.
  std::vector<Run> findRuns(const std::vector<Task>& tasks) {
    std::vector<std::optional<std::string>> scope = scopesOf(tasks);
    std::vector<Run> runs;
    std::optional<Run> cur;
    auto close = [&] {
      if (cur && cur->last - cur->first >= 2) runs.push_back(*cur);
      cur.reset();
    };
    for (size_t i = 0; i < tasks.size(); ++i) {
      const Task& t = tasks[i];
      if (t.kind == Task::Kind::ScopeBegin || t.kind == Task::Kind::ScopeEnd || !scope[i]) {
        close();
        continue;
      }
      if (t.kind != Task::Kind::Kernel) {
        if (cur) note("scope " + *scope[i] + ": split at task " + std::to_string(i) + ": not a kernel launch");
        close();
        continue;
      }
      std::string why = unfusible(t);
      if (!why.empty()) {
        note("scope " + *scope[i] + ": task " + std::to_string(i) + " (" + t.kernel.name + ") left out: " + why);
        close();
        continue;
      }
      if (cur && (cur->scope != *scope[i] || tasks[cur->first].stream != t.stream)) close();
      if (!cur) cur = Run{i, i, *scope[i]};
      cur->last = i + 1;
    }
    close();
    findLines_ = report_.lines.size();
    return runs;
  }

  // Why a captured launch cannot be fused ("": it can).
  std::string unfusible(const Task& t) {
    auto k = load(t);
    return k ? "" : llvm::toString(k.takeError());
  }

  // The sub-kernel of a captured launch: its binary's file and the metadata beside it or
  // embedded in it (SK_KERNEL_METADATA, sk_cc --embed-meta); read once per binary and entry.
  llvm::Expected<std::shared_ptr<const subkernel::SubKernel>> load(const Task& t) {
    std::string obj = rt_.binaryNameAt(t.kernel.entry);
    if (obj.empty()) return sk::inputError("its binary is not loaded");
    auto key = std::make_pair(obj, t.kernel.name);
    auto it = loaded_.find(key);
    if (it == loaded_.end()) {
      if (!llvm::sys::fs::exists(obj))
        return sk::inputError("no metadata: " + obj + " is not a file; load the kernel from a file with its .json "
                              "beside it or its metadata embedded (SK_KERNEL_METADATA, sk_cc --embed-meta)");
      auto k = subkernel::readSubKernel(obj, "", dev_.arch(), t.kernel.name);
      if (!k) return k.takeError();
      it = loaded_.emplace(key, std::make_shared<const subkernel::SubKernel>(std::move(*k))).first;
    }
    return it->second;
  }

  // The sub-kernel of a captured launch, with the tiling bytes the launch points at.
  llvm::Expected<std::shared_ptr<const subkernel::SubKernel>> subKernel(const Task& t) {
    auto base = load(t);
    if (!base) return base.takeError();
    auto sk = std::make_shared<subkernel::SubKernel>();
    sk->meta = (*base)->meta;
    sk->info = (*base)->info;
    sk->objectPath = (*base)->objectPath;
    sk->object = llvm::MemoryBuffer::getMemBuffer((*base)->object->getMemBufferRef(), false);
    for (size_t p = 0; p < sk->meta.params.size() && p < t.kernel.args.size(); ++p) {
      subkernel::Param& q = sk->meta.params[p];
      if (q.role != subkernel::Role::Tiling || !q.bytes || !t.kernel.args[p]) continue;
      q.data.resize(q.bytes);
      if (llvm::Error e = dev_.memcpy(q.data.data(), (const void*)t.kernel.args[p], q.bytes, sim::CopyKind::DeviceToHost))
        return std::move(e);
    }
    return std::shared_ptr<const subkernel::SubKernel>(std::move(sk));
  }

  llvm::Error fuse(const std::vector<Task>& tasks, const Run& r) {
    reuse::PlanRequest req;
    req.name = superKernelName(r.scope, r.first);
    req.arch = dev_.arch();
    req.options = options_;
    std::map<std::string, std::pair<uint64_t, uint64_t>> ranges;  // tensor -> [begin, end)
    for (size_t i = r.first; i < r.last; ++i) {
      auto k = subKernel(tasks[i]);
      if (!k) return k.takeError();
      reuse::OpSpec op;
      op.kernel = *k;
      op.streamId = 0;
      for (size_t p = 0; p < (*k)->meta.params.size(); ++p) {
        const subkernel::Param& q = (*k)->meta.params[p];
        if (!q.isTensor()) continue;
        uint64_t addr = tasks[i].kernel.args.at(p);
        op.bind[q.name] = tensorName(addr);
        auto& range = ranges[tensorName(addr)];
        range = {addr, std::max(range.second, addr + q.bytes)};
        if (q.isOutput()) req.keepOutputs.push_back(tensorName(addr));  // later work may read it
      }
      req.ops.ops.push_back(std::move(op));
    }
    for (auto a = ranges.begin(); a != ranges.end(); ++a)
      for (auto b = std::next(a); b != ranges.end(); ++b)
        if (a->second.first < b->second.second && b->second.first < a->second.second) {
          note("scope " + r.scope + ": tasks " + std::to_string(r.first) + ".." + std::to_string(r.last - 1) +
               " not fused: tensors at " + a->first + " and " + b->first + " overlap");
          return llvm::Error::success();
        }
    std::sort(req.keepOutputs.begin(), req.keepOutputs.end());
    req.keepOutputs.erase(std::unique(req.keepOutputs.begin(), req.keepOutputs.end()), req.keepOutputs.end());
    auto plan = reuse::makePlan(req);
    if (!plan) return plan.takeError();
    auto built = super_kernel::build(*plan);
    if (!built) return built.takeError();
    llvm::MemoryBufferRef ref(llvm::StringRef((const char*)built->object.data(), built->object.size()), req.name + ".o");
    auto bin = rt_.loadBinary(ref, req.name + ".o", plan->ration);
    if (!bin) return bin.takeError();
    auto fn = rt_.getFunction(*bin, req.name);
    if (!fn) return fn.takeError();
    auto args = fusedArgs(*plan);
    if (!args) return args.takeError();
    auto k = rt_.kernelLaunch(*fn, plan->blockDim, std::move(*args), plan->ration);
    if (!k) return k.takeError();
    if (llvm::Error e = dev_.replaceModelKernels(model_, r.first, r.last, std::move(*k))) return e;
    note("scope " + r.scope + ": tasks " + std::to_string(r.first) + ".." + std::to_string(r.last - 1) + " -> " +
         req.name + " (" + std::to_string(r.last - r.first) + " kernels, blockDim " + std::to_string(plan->blockDim) + ")");
    ++report_.superKernels;
    report_.kernelsFused += r.last - r.first;
    return llvm::Error::success();
  }

  // The SK's parameters: tensors at their captured addresses; a workspace and the tiling in
  // device memory of their own (alive as long as the device).
  llvm::Expected<std::vector<uint64_t>> fusedArgs(const reuse::Plan& plan) {
    std::vector<uint64_t> args;
    for (const subkernel::Param& q : plan.params) {
      if (q.isTensor()) {
        args.push_back(addressOf(q.name));
        continue;
      }
      if (!q.bytes) {
        args.push_back(0);
        continue;
      }
      auto p = dev_.malloc(q.bytes);
      if (!p) return p.takeError();
      if (!q.data.empty())
        if (llvm::Error e = dev_.memcpy(*p, q.data.data(), q.data.size(), sim::CopyKind::HostToDevice)) return std::move(e);
      args.push_back((uint64_t)*p);
    }
    return args;
  }

  void note(std::string line) { report_.lines.push_back(std::move(line)); }

  Runtime& rt_;
  sim::Device& dev_;
  sim::ModelId model_;
  reuse::Options options_;
  OptimizeReport report_;
  size_t findLines_ = 0;
  std::map<std::pair<std::string, std::string>, std::shared_ptr<const subkernel::SubKernel>> loaded_;  // (file, entry)
};

}  // namespace

llvm::Expected<OptimizeReport> optimizeModel(Runtime& rt, sim::ModelId model, const std::string& options) {
  auto o = reuse::parseOptions(options);
  if (!o) return o.takeError();
  return Optimizer(rt, model, std::move(*o)).run();
}

}  // namespace sk::rt
