#include "sk/model_optimizer.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/reuse_analysis.h"
#include "sk/super_kernel.h"
#include "sk/text.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace sk::rt {

namespace {

using Task = sim::Device::ModelTask;

// A scope of the capture: one per aclskScopeBegin (or the whole model when it has no markers).
struct ScopeRef {
  int instance = 0;
  std::string name;
};

// Where each task stands (nullopt: outside any scope, or in a no-fuse region). A task belongs to
// the innermost scope open on its own stream; a stream with none open belongs to the scope it
// was forked from (it waited on an event recorded inside that scope) while that scope is open.
std::vector<std::optional<ScopeRef>> scopesOf(const std::vector<Task>& tasks) {
  std::vector<std::optional<ScopeRef>> out(tasks.size());
  if (std::none_of(tasks.begin(), tasks.end(), [](const Task& t) { return t.kind == Task::Kind::ScopeBegin; })) {
    for (auto& s : out) s = ScopeRef{0, "model"};  // no markers: the whole model is one scope
    return out;
  }
  struct Open {
    std::optional<ScopeRef> scope;  // nullopt: a no-fuse region
    int id;
  };
  std::map<sim::StreamId, std::vector<Open>> open;              // per stream, innermost last
  std::map<sim::StreamId, std::pair<int, std::optional<ScopeRef>>> inherited;  // forked streams: (scope id, scope)
  std::map<sim::EventId, std::pair<int, std::optional<ScopeRef>>> recordedIn;  // an event's last record
  int ids = 0;
  auto current = [&](sim::StreamId s) -> std::pair<int, std::optional<ScopeRef>> {
    auto& o = open[s];
    if (!o.empty()) return {o.back().id, o.back().scope};
    auto it = inherited.find(s);
    return it == inherited.end() ? std::pair<int, std::optional<ScopeRef>>{-1, std::nullopt} : it->second;
  };
  for (size_t i = 0; i < tasks.size(); ++i) {
    const Task& t = tasks[i];
    if (t.kind == Task::Kind::ScopeBegin) {
      int id = ++ids;
      open[t.stream].push_back({t.scope ? std::optional<ScopeRef>(ScopeRef{id, *t.scope}) : std::nullopt, id});
    } else if (t.kind == Task::Kind::ScopeEnd && !open[t.stream].empty()) {
      int ended = open[t.stream].back().id;
      open[t.stream].pop_back();
      for (auto it = inherited.begin(); it != inherited.end();)  // streams forked from it leave it too
        it = it->second.first == ended ? inherited.erase(it) : std::next(it);
    } else if (t.kind == Task::Kind::Record) {
      recordedIn[t.event] = current(t.stream);
    } else if (t.kind == Task::Kind::Wait && open[t.stream].empty()) {
      auto from = recordedIn.find(t.event);
      if (from != recordedIn.end() && from->second.first >= 0) inherited[t.stream] = from->second;
    }
    out[i] = current(t.stream).second;
  }
  return out;
}

// Captured tensors are named by their device address (gm_<hex>), and back.
std::string tensorName(uint64_t addr) { return "gm_" + hexAddress(addr).substr(2); }

// A super-kernel name (a C identifier) for a scope name, which may be anything.
std::string superKernelName(const std::string& scope, size_t firstTask) {
  std::string n = "sk_";
  for (char c : scope.substr(0, 64)) n += std::isalnum((unsigned char)c) ? c : '_';
  return n + "_" + std::to_string(firstTask);
}

// Tasks [first, last) of the model to fuse as one super kernel: kernels of one scope, on one
// or more streams, with the event records and waits between them.
struct Run {
  size_t first, last;
  std::string scope;
};

class Optimizer {
 public:
  Optimizer(Runtime& rt, sim::ModelId model, reuse::Options options, std::map<std::string, reuse::Options> scopeOptions,
            FusionCache* cache)
      : rt_(rt), dev_(rt.device()), model_(model), options_(std::move(options)), scopeOptions_(std::move(scopeOptions)),
        cache_(cache) {}

  llvm::Expected<OptimizeReport> run() {
    auto tasks = dev_.modelTasks(model_);
    if (!tasks) return tasks.takeError();
    std::vector<Run> runs;
    for (const Run& r : findRuns(*tasks))
      for (const Run& part : closedParts(*tasks, r)) runs.push_back(part);
    findLines_ = report_.lines.size();
    // Back to front, so that earlier task indices stay valid as runs shrink to one task.
    for (auto it = runs.rbegin(); it != runs.rend(); ++it)
      if (llvm::Error e = fuse(*tasks, *it)) return e;
    std::reverse(report_.lines.begin() + (long)findLines_, report_.lines.end());
    return report_;
  }

  // Each run that run() would fuse, written as an op list sk_compile takes (in `dir`/<name>/).
  llvm::Expected<ExportReport> exportRuns(const std::string& dir, const ExportConfig& config) {
    auto tasks = dev_.modelTasks(model_);
    if (!tasks) return tasks.takeError();
    std::set<std::string> userNames;
    for (const auto& [addr, name] : config.names) {
      if (!isCIdentifier(name))
        return sk::inputError("tensor name '" + name + "' (at " + hexAddress(addr) + ") is not a C identifier");
      if (!userNames.insert(name).second) return sk::inputError("tensor name '" + name + "' is given to two buffers");
    }
    ExportReport out;
    for (const Run& r : findRuns(*tasks))
      for (const Run& part : closedParts(*tasks, r)) {
        auto rr = request(*tasks, part);
        if (!rr) return rr.takeError();
        if (!*rr) continue;
        auto written = writeRun(**rr, *tasks, part, dir, config.names);
        if (!written) return written.takeError();
        note("scope " + part.scope + ": " + (*rr)->what + " -> " + *written + " (" + std::to_string((*rr)->req.ops.ops.size()) +
             " kernels)");
        out.opLists.push_back(*written);
      }
    out.lines = report_.lines;
    return out;
  }

  llvm::Expected<std::string> fingerprint() {
    auto tasks = dev_.modelTasks(model_);
    if (!tasks) return tasks.takeError();
    std::string text;
    for (const Task& t : *tasks) {
      if (t.kind == Task::Kind::Copy || t.kind == Task::Kind::Memset) return "";
      text += std::to_string((int)t.kind) + " " + std::to_string(t.stream) + " " + std::to_string(t.event) + " " +
              (t.scope ? "scope " + *t.scope : "-") + "\n";
      if (t.kind != Task::Kind::Kernel) continue;
      const sim::KernelLaunch& k = t.kernel;
      text += k.name + " " + hexAddress((uint64_t)k.entry) + " " + std::to_string(k.blockDim) + " " +
              k.ration.str() + " " + std::to_string(k.tilingKey);
      for (uint64_t a : k.args) text += " " + hexAddress(a);
      if (auto sub = subKernel(t)) {  // the tiling bytes as they are now
        for (const subkernel::Param& q : (*sub)->meta.params) text += " " + toHex(q.data);
      } else {
        llvm::consumeError(sub.takeError());  // not fusible: its launch is all there is to it
      }
      text += "\n";
    }
    return sha256Hex(text);
  }

 private:
  // Maximal runs of fusible kernels (with the events between them) of one scope; the rest is
  // reported. A wait on an event recorded outside the run, a copy or an unfusible kernel splits it.
  std::vector<Run> findRuns(const std::vector<Task>& tasks) {
    std::vector<std::optional<ScopeRef>> scope = scopesOf(tasks);
    std::vector<Run> runs;
    std::optional<Run> cur;
    std::optional<int> curScope;
    std::map<sim::EventId, size_t> lastRecord;  // event -> its latest record
    size_t kernels = 0;
    auto close = [&] {
      if (cur && kernels >= 2) runs.push_back(*cur);
      cur.reset();
      kernels = 0;
    };
    for (size_t i = 0; i < tasks.size(); ++i) {
      const Task& t = tasks[i];
      if (t.kind == Task::Kind::ScopeBegin || t.kind == Task::Kind::ScopeEnd || !scope[i]) {
        close();
        if (t.kind == Task::Kind::Record) lastRecord[t.event] = i;
        continue;
      }
      const std::string& name = scope[i]->name;
      if (cur && curScope != scope[i]->instance) close();
      std::string why;
      if (t.kind == Task::Kind::Copy || t.kind == Task::Kind::Memset) {
        why = "split at task " + std::to_string(i) + ": not a kernel launch";
      } else if (t.kind == Task::Kind::Wait) {  // only waits on records inside the run join it
        auto rec = lastRecord.find(t.event);
        if (!cur || rec == lastRecord.end() || rec->second < cur->first)
          why = "split at task " + std::to_string(i) + ": a wait on an event recorded outside the scope";
      } else if (t.kind == Task::Kind::Kernel) {
        std::string u = unfusible(t);
        if (!u.empty()) why = "task " + std::to_string(i) + " (" + t.kernel.name + ") left out: " + u;
      }
      if (t.kind == Task::Kind::Record) lastRecord[t.event] = i;
      if (!why.empty()) {
        if (kernels || t.kind == Task::Kind::Kernel) note("scope " + name + ": " + why);
        close();
        continue;
      }
      if (!cur) {
        cur = Run{i, i, name};
        curScope = scope[i]->instance;
      }
      cur->last = i + 1;
      kernels += t.kind == Task::Kind::Kernel;
    }
    close();
    return runs;
  }

  // A run is fused whole when at most one of its streams has work outside it (the super kernel
  // runs there; the others start and end inside the run). Otherwise each stream's consecutive
  // kernels are fused on their own.
  std::vector<Run> closedParts(const std::vector<Task>& tasks, const Run& r) {
    std::set<sim::StreamId> streams, leaky;
    for (size_t i = r.first; i < r.last; ++i) streams.insert(tasks[i].stream);
    for (size_t i = 0; i < tasks.size(); ++i) {
      bool work = tasks[i].kind != Task::Kind::ScopeBegin && tasks[i].kind != Task::Kind::ScopeEnd;
      if (work && (i < r.first || i >= r.last) && streams.count(tasks[i].stream)) leaky.insert(tasks[i].stream);
    }
    if (leaky.size() <= 1) return {r};
    note("scope " + r.scope + ": tasks " + std::to_string(r.first) + ".." + std::to_string(r.last - 1) +
         " not fused across streams: streams " + std::to_string(*leaky.begin()) + " and " +
         std::to_string(*std::next(leaky.begin())) + " both have work outside the scope (join them back inside it)");
    std::vector<Run> parts;
    std::optional<Run> cur;
    size_t kernels = 0;
    for (size_t i = r.first; i <= r.last; ++i) {
      bool extends = i < r.last && tasks[i].kind == Task::Kind::Kernel && (!cur || tasks[cur->first].stream == tasks[i].stream);
      if (!extends) {
        if (cur && kernels >= 2) parts.push_back(*cur);
        cur.reset();
        kernels = 0;
        if (i == r.last || tasks[i].kind != Task::Kind::Kernel) continue;
      }
      if (!cur) cur = Run{i, i, r.scope};
      cur->last = i + 1;
      ++kernels;
    }
    return parts;
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

  // The sub-kernel of a captured launch, with the launch's own metadata when it has one (shapes
  // per call) and the tiling and scalar bytes the launch points at (constants of the fused kernel).
  llvm::Expected<std::shared_ptr<const subkernel::SubKernel>> subKernel(const Task& t) {
    auto base = load(t);
    if (!base) return base.takeError();
    auto sk = std::make_shared<subkernel::SubKernel>();
    sk->meta = t.kernel.metadata ? *t.kernel.metadata : (*base)->meta;
    sk->info = (*base)->info;
    sk->objectPath = (*base)->objectPath;
    sk->object = llvm::MemoryBuffer::getMemBuffer((*base)->object->getMemBufferRef(), false);
    for (size_t p = 0; p < sk->meta.params.size() && p < t.kernel.args.size(); ++p) {
      subkernel::Param& q = sk->meta.params[p];
      bool constant = q.role == subkernel::Role::Tiling || q.role == subkernel::Role::Scalar;
      if (!constant || !q.bytes || !t.kernel.args[p]) continue;
      q.data.resize(q.bytes);
      if (llvm::Error e = dev_.peek(q.data.data(), (const void*)t.kernel.args[p], q.bytes)) return e;
    }
    return std::shared_ptr<const subkernel::SubKernel>(std::move(sk));
  }

  // The stream the super kernel runs on: the one with work outside the run (else the first).
  static sim::StreamId launchStream(const std::vector<Task>& tasks, const Run& r) {
    for (size_t i = 0; i < tasks.size(); ++i)
      if ((i < r.first || i >= r.last) && tasks[i].kind != Task::Kind::ScopeBegin && tasks[i].kind != Task::Kind::ScopeEnd)
        for (size_t j = r.first; j < r.last; ++j)
          if (tasks[j].stream == tasks[i].stream) return tasks[i].stream;
    return tasks[r.first].stream;
  }

  // A run as the planner's input: its kernels as ops (tensors named t<n> by first use), the
  // events inside it as the op list's. nullopt: the run cannot be fused (noted).
  struct RunRequest {
    reuse::PlanRequest req;
    std::map<uint64_t, std::string> canonical;  // tensor address -> t<n>
    sim::StreamId on = 0;                       // the stream the super kernel runs on
    std::vector<size_t> recordsAfter;
    std::string what;                           // "tasks 3..7"
    size_t streams = 0;                         // streams of the run
  };
  llvm::Expected<std::optional<RunRequest>> request(const std::vector<Task>& tasks, const Run& r) {
    RunRequest rr;
    reuse::PlanRequest& req = rr.req;
    req.name = superKernelName(r.scope, r.first);
    req.arch = dev_.arch();
    auto scoped = scopeOptions_.find(r.scope);
    req.options = scoped == scopeOptions_.end() ? options_ : scoped->second;
    std::map<uint64_t, std::string>& canonical = rr.canonical;
    rr.on = launchStream(tasks, r);
    std::map<sim::StreamId, int64_t> streamOf{{rr.on, 0}};  // the op list's streams: the launch stream is 0
    std::map<std::string, std::pair<uint64_t, uint64_t>> ranges;  // tensor -> [begin, end)
    // Events inside the run become the op list's: a record after the last kernel on its
    // stream, a wait before the next one; a record with no kernel before it orders nothing the
    // launch does not already order, and neither does a wait with no kernel after it.
    std::map<sim::EventId, std::optional<size_t>> producer;  // event -> op whose end it records
    std::map<sim::StreamId, std::vector<std::optional<size_t>>> waiting;  // producers the next op waits for
    std::map<sim::StreamId, size_t> lastOp;
    std::vector<std::pair<size_t, size_t>> edges;  // (producer op, consumer op)
    for (size_t i = r.first; i < r.last; ++i) {
      const Task& t = tasks[i];
      streamOf.emplace(t.stream, (int64_t)streamOf.size());
      if (t.kind == Task::Kind::Record) {
        auto last = lastOp.find(t.stream);
        producer[t.event] = last == lastOp.end() ? std::nullopt : std::optional<size_t>(last->second);
        if (waitedAfter(tasks, r, t.event)) rr.recordsAfter.push_back(i);
        continue;
      }
      if (t.kind == Task::Kind::Wait) {
        waiting[t.stream].push_back(producer[t.event]);
        continue;
      }
      auto k = subKernel(t);
      if (!k) return k.takeError();
      size_t opIndex = req.ops.ops.size();
      reuse::OpSpec op;
      op.kernel = *k;
      op.streamId = streamOf.at(t.stream);
      for (const std::optional<size_t>& p : waiting[t.stream])
        if (p) edges.push_back({*p, opIndex});
      waiting[t.stream].clear();
      lastOp[t.stream] = opIndex;
      for (size_t p = 0; p < (*k)->meta.params.size(); ++p) {
        const subkernel::Param& q = (*k)->meta.params[p];
        if (!q.isTensor()) continue;
        uint64_t addr = t.kernel.args.at(p);
        const std::string& tensor = canonical.emplace(addr, "t" + std::to_string(canonical.size())).first->second;
        op.bind[q.name] = tensor;
        auto& range = ranges[tensorName(addr)];
        range = {addr, std::max(range.second, addr + q.bytes)};
        if (q.isOutput()) req.keepOutputs.push_back(tensor);  // later work may read it
      }
      req.ops.ops.push_back(std::move(op));
    }
    for (size_t e = 0; e < edges.size(); ++e) {  // one op-list event per edge
      auto& send = req.ops.ops[edges[e].first].sendEvents, &recv = req.ops.ops[edges[e].second].recvEvents;
      if (!send) send.emplace();
      if (!recv) recv.emplace();
      send->push_back((int64_t)e + 1);
      recv->push_back((int64_t)e + 1);
    }
    rr.what = "tasks " + std::to_string(r.first) + ".." + std::to_string(r.last - 1);
    rr.streams = streamOf.size();
    for (auto a = ranges.begin(); a != ranges.end(); ++a)
      for (auto b = std::next(a); b != ranges.end(); ++b)
        if (a->second.first < b->second.second && b->second.first < a->second.second) {
          note("scope " + r.scope + ": " + rr.what + " not fused: tensors at " + a->first + " and " + b->first + " overlap");
          return std::nullopt;
        }
    std::sort(req.keepOutputs.begin(), req.keepOutputs.end());
    req.keepOutputs.erase(std::unique(req.keepOutputs.begin(), req.keepOutputs.end()), req.keepOutputs.end());
    return rr;
  }

  llvm::Error fuse(const std::vector<Task>& tasks, const Run& r) {
    auto rr = request(tasks, r);
    if (!rr) return rr.takeError();
    if (!*rr) return llvm::Error::success();
    const reuse::PlanRequest& req = (*rr)->req;
    const std::string& what = (*rr)->what;
    std::string key = cache_ ? contentKey(req) : "";
    FusionCache::Found found;
    if (cache_) found = cache_->find(key, dev_.arch());
    if (!found.warning.empty()) note("scope " + r.scope + ": " + found.warning);
    std::shared_ptr<const FusedKernel> fused = found.kernel;
    if (!fused) {
      auto plan = reuse::makePlan(req);
      if (!plan) {  // e.g. more blocks side by side than the arch has cores: left as captured
        note("scope " + r.scope + ": " + what + " not fused: " + llvm::toString(plan.takeError()));
        return llvm::Error::success();
      }
      auto built = super_kernel::build(*plan);
      if (!built) return built.takeError();
      fused = std::make_shared<const FusedKernel>(FusedKernel{std::move(built->object), std::move(built->meta)});
      if (cache_)
        if (llvm::Error e = cache_->store(key, fused))
          note("scope " + r.scope + ": not cached on disk: " + llvm::toString(std::move(e)));
    }
    auto fn = loadFused(*fused, key);
    if (!fn) return fn.takeError();
    std::map<std::string, uint64_t> addressOf;
    for (const auto& [addr, tensor] : (*rr)->canonical) addressOf[tensor] = addr;
    auto args = fusedArgs(fused->meta.params, addressOf);
    if (!args) return args.takeError();
    auto k = rt_.kernelLaunch(*fn, fused->meta.blockDim, std::move(*args), fused->meta.taskRation);
    if (!k) return k.takeError();
    if (llvm::Error e = dev_.replaceModelTasks(model_, r.first, r.last, (*rr)->on, std::move(*k), (*rr)->recordsAfter)) return e;
    const char* source[] = {"built", "from the cache in memory", "from the cache on disk"};
    size_t streams = (*rr)->streams;
    note("scope " + r.scope + ": " + what + " -> " + req.name + " (" + std::to_string(req.ops.ops.size()) + " kernels" +
         (streams > 1 ? " on " + std::to_string(streams) + " streams" : "") + ", blockDim " +
         std::to_string(fused->meta.blockDim) + (cache_ ? std::string(", ") + source[(int)found.where] : "") + ")");
    ++report_.superKernels;
    report_.kernelsFused += req.ops.ops.size();
    return llvm::Error::success();
  }

  // One run as <dir>/<sk name>/: op_list.json, each kernel's object (copied, one file per
  // object) and each launch's metadata (its shapes, grid and captured tiling). Tensors take the
  // caller's names where it gave one (those written in the run are kept as outputs: the caller
  // named them to read them), else t<n> (all outputs kept, as fusing in process does, unless only
  // the run reads them); every file is written at once or none. Returns the op list's path.
  llvm::Expected<std::string> writeRun(const RunRequest& rr, const std::vector<Task>& tasks, const Run& r, const std::string& dir,
                                       const std::map<uint64_t, std::string>& names) {
    std::map<std::string, std::string> rename;  // t<n> -> the caller's name
    for (const auto& [addr, tensor] : rr.canonical) {
      auto n = names.find(addr);
      if (n != names.end()) rename[tensor] = n->second;
    }
    std::set<uint64_t> readLater;  // tensors kernels after the run take as arguments
    for (size_t i = r.last; i < tasks.size(); ++i)
      if (tasks[i].kind == Task::Kind::Kernel) readLater.insert(tasks[i].kernel.args.begin(), tasks[i].kernel.args.end());
    reuse::OpList list;
    std::vector<std::pair<std::string, std::string>> files;  // name in the directory, bytes
    std::map<std::string, std::string> objectFile;  // object bytes' hash -> its file name
    for (size_t i = 0; i < rr.req.ops.ops.size(); ++i) {
      const reuse::OpSpec& from = rr.req.ops.ops[i];
      const subkernel::SubKernel& k = *from.kernel;
      llvm::StringRef bytes = k.object->getBuffer();
      std::string& obj = objectFile[sha256Hex(bytes)];
      if (obj.empty()) {
        std::string base = llvm::sys::path::stem(k.objectPath).str();
        obj = base + ".o";
        for (int n = 2; std::any_of(files.begin(), files.end(), [&](const auto& f) { return f.first == obj; }); ++n)
          obj = base + "_" + std::to_string(n) + ".o";
        files.emplace_back(obj, bytes.str());
      }
      reuse::OpSpec op;
      op.objPath = obj;
      op.jsonPath = "op" + std::to_string(i) + "_" + k.meta.kernelName + ".json";
      op.streamId = from.streamId;
      op.sendEvents = from.sendEvents;
      op.recvEvents = from.recvEvents;
      for (const auto& [param, tensor] : from.bind) {
        auto n = rename.find(tensor);
        op.bind[param] = n != rename.end() ? n->second : tensor;
      }
      files.emplace_back(op.jsonPath, subkernel::writeMeta(k.meta));
      list.ops.push_back(std::move(op));
    }
    for (const std::string& tensor : rr.req.keepOutputs) {
      auto n = rename.find(tensor);
      uint64_t addr = 0;
      for (const auto& [a, t] : rr.canonical)
        if (t == tensor) addr = a;
      if (n != rename.end()) list.keepOutputs.push_back(n->second);
      else if (names.empty() || readLater.count(addr)) list.keepOutputs.push_back(tensor);
    }
    files.emplace_back("op_list.json", reuse::writeOpList(list));
    std::vector<std::pair<std::string, llvm::StringRef>> refs;
    for (const auto& [name, bytes] : files) refs.emplace_back(name, bytes);
    std::string out = dir + "/" + rr.req.name;
    if (llvm::Error e = writeFilesInto(out, refs, "the export directory")) return e;
    return out + "/op_list.json";
  }

  // The function of a fused kernel in this runtime: loaded once per cache entry.
  llvm::Expected<Function*> loadFused(const FusedKernel& fused, const std::string& key) {
    if (cache_)
      if (Function* f = cache_->loadedIn(rt_, key)) return f;
    const std::string& name = fused.meta.kernelName;
    llvm::MemoryBufferRef ref(llvm::StringRef((const char*)fused.object.data(), fused.object.size()), name + ".o");
    auto bin = rt_.loadBinary(ref, name + ".o", fused.meta.taskRation);
    if (!bin) return bin.takeError();
    auto fn = rt_.getFunction(*bin, name);
    if (fn && cache_) cache_->setLoaded(rt_, key, *fn);
    return fn;
  }

  // A hash of everything planning and linking `req` reads: the same key, the same super kernel.
  static std::string contentKey(const reuse::PlanRequest& req) {
    const arch::ArchSpec& a = req.arch;
    static const std::string interpreter = sha256Hex(llvm::toStringRef(super_kernel::interpreterObject()));
    std::string text = "superkernel fusion cache 1 " SK_VERSION " " + interpreter + "\n" + req.name + "\n" +
                       req.options.text() + "\n" + a.name + " " + a.socName + " " + std::to_string(a.aicCores) + " " + std::to_string(a.aivCores) +
                       " " + std::to_string(a.ubBytes) + " " + std::to_string(a.aicLocalBytes()) + "\n";
    for (const reuse::OpSpec& op : req.ops.ops) {
      llvm::StringRef object = op.kernel->object->getBuffer();
      text += "op " + sha256Hex(object) + " stream " + std::to_string(op.streamId.value_or(0)) + "\n";
      for (const auto* events : {&op.sendEvents, &op.recvEvents}) {
        text += "events";
        for (int64_t e : events->value_or(std::vector<int64_t>{})) text += " " + std::to_string(e);
        text += "\n";
      }
      for (const auto& [param, tensor] : op.bind) text += "bind " + param + " " + tensor + "\n";
      text += subkernel::writeMeta(op.kernel->meta) + "\n";
    }
    for (const std::string& keep : req.keepOutputs) text += "keep " + keep + "\n";
    return sha256Hex(text);
  }

  // Whether a task after the run waits on `event` before it is recorded again.
  static bool waitedAfter(const std::vector<Task>& tasks, const Run& r, sim::EventId event) {
    for (size_t i = r.last; i < tasks.size(); ++i) {
      bool onEvent = (tasks[i].kind == Task::Kind::Wait || tasks[i].kind == Task::Kind::Record) && tasks[i].event == event;
      if (onEvent) return tasks[i].kind == Task::Kind::Wait;
    }
    return false;
  }

  // The SK's parameters: tensors at their captured addresses; a workspace and the tiling in
  // device memory of their own (alive as long as the device).
  llvm::Expected<std::vector<uint64_t>> fusedArgs(const std::vector<subkernel::Param>& params,
                                                  const std::map<std::string, uint64_t>& addressOf) {
    std::vector<uint64_t> args;
    for (const subkernel::Param& q : params) {
      if (q.isTensor()) {
        args.push_back(addressOf.at(q.name));
        continue;
      }
      if (!q.bytes) {
        args.push_back(0);
        continue;
      }
      auto p = dev_.malloc(q.bytes);
      if (!p) return p.takeError();
      if (!q.data.empty())
        if (llvm::Error e = dev_.memcpy(*p, q.data.data(), q.data.size(), sim::CopyKind::HostToDevice)) return e;
      args.push_back((uint64_t)*p);
    }
    return args;
  }

  void note(std::string line) { report_.lines.push_back(std::move(line)); }

  Runtime& rt_;
  sim::Device& dev_;
  sim::ModelId model_;
  reuse::Options options_;
  std::map<std::string, reuse::Options> scopeOptions_;
  FusionCache* cache_;
  OptimizeReport report_;
  size_t findLines_ = 0;
  std::map<std::pair<std::string, std::string>, std::shared_ptr<const subkernel::SubKernel>> loaded_;  // (file, entry)
};

// The AOT engine numbers preload_code 0 max, 1 per-func, 2 none (sk_compile's 0 is none).
std::string fromAotSpelling(const std::string& options) {
  std::string out;
  std::stringstream ss(options);
  for (std::string pair; std::getline(ss, pair, ':');) {
    for (auto [aot, jit] : {std::pair{"preload_code=0", "preload-code=max"}, {"preload_code=1", "preload-code=per-func"},
                            {"preload_code=2", "preload-code=none"}})
      if (pair == aot) pair = jit;
    out += (out.empty() ? "" : ":") + pair;
  }
  return out;
}

}  // namespace

llvm::Expected<OptimizeReport> optimizeModel(Runtime& rt, sim::ModelId model, const std::string& options,
                                             const OptimizeConfig& config) {
  auto o = reuse::parseOptions(fromAotSpelling(options));
  if (!o) return o.takeError();
  std::map<std::string, reuse::Options> scoped;
  for (const auto& [scope, text] : config.scopeOptions) {
    auto so = reuse::parseOptions(fromAotSpelling(text));
    if (!so) return sk::inputError("scope " + scope + ": " + llvm::toString(so.takeError()));
    scoped.emplace(scope, std::move(*so));
  }
  std::string text = o->text();
  auto report = Optimizer(rt, model, std::move(*o), std::move(scoped), config.cache).run();
  if (report) report->options = text;
  return report;
}

llvm::Expected<ExportReport> exportModel(Runtime& rt, sim::ModelId model, const std::string& dir, const ExportConfig& config) {
  return Optimizer(rt, model, reuse::Options{}, {}, nullptr).exportRuns(dir, config);
}

llvm::Expected<std::string> canonicalOptions(const std::string& options) {
  auto o = reuse::parseOptions(fromAotSpelling(options));
  if (!o) return o.takeError();
  return o->text();
}

llvm::Expected<std::string> modelFingerprint(Runtime& rt, sim::ModelId model) {
  return Optimizer(rt, model, reuse::Options{}, {}, nullptr).fingerprint();
}

}  // namespace sk::rt
