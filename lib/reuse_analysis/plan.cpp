// makePlan: read_sub_kernels → bind_tensors → build_dependencies → order_tasks → plan_memory →
// place_cores → add_params → assign_args. Each pass is a function over the Plan being built.
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "sk/device_imports.h"
#include "sk/error.h"
#include "sk/reuse_analysis.h"
#include "sk/task_table.h"
#include "sk/text.h"

namespace sk::reuse {

using sk::DType;
using subkernel::Param;
using subkernel::Role;

namespace {

constexpr uint64_t kAlign = 64;
uint64_t alignUp(uint64_t v) { return (v + kAlign - 1) / kAlign * kAlign; }

// Ancestors in the dependency graph: bit u of row v means a path u -> v. Every edge goes
// forward in program order, so ops after v are never its ancestors.
struct Ancestors {
  size_t words = 0;
  std::vector<uint64_t> bits;
  uint64_t* row(uint32_t v) { return &bits[v * words]; }
  const uint64_t* row(uint32_t v) const { return &bits[v * words]; }
  static bool test(const uint64_t* row, uint32_t u) { return row[u / 64] >> (u % 64) & 1; }
};

struct Builder {
  const PlanRequest& req;
  Plan plan;
  std::map<std::string, size_t> tensorIndex;
  std::map<std::pair<uint32_t, uint32_t>, size_t> edgeIndex;
  Ancestors anc;

  void edge(uint32_t from, uint32_t to, const std::string& why) {
    if (from == to) return;
    auto [it, fresh] = edgeIndex.emplace(std::make_pair(from, to), plan.edges.size());
    if (fresh) plan.edges.push_back(Edge{from, to, {}});
    auto& reasons = plan.edges[it->second].reasons;
    if (std::find(reasons.begin(), reasons.end(), why) == reasons.end()) reasons.push_back(why);
  }

  llvm::Error readSubKernels();
  llvm::Error scalarValues(const OpSpec& spec, uint32_t i, Instance& op);
  llvm::Error bindTensors();
  llvm::Error buildDependencies();
  llvm::Error checkEvents();
  void orderTasks();
  void computeAncestors();
  void planMemory();
  llvm::Error placeCores();
  llvm::Error addParams();
  void assignArgs();
};

// ---- read_sub_kernels ------------------------------------------------------------------

llvm::Error Builder::readSubKernels() {
  if (req.ops.ops.empty()) return inputError("no sub-kernels to fuse: give --ops or --op-list");
  if (req.ops.ops.size() > SK_MAX_TASKS)
    return inputError(std::to_string(req.ops.ops.size()) + " sub-kernels: a super kernel holds at most " +
                      std::to_string(SK_MAX_TASKS));
  std::map<std::pair<std::string, std::string>, std::shared_ptr<const subkernel::SubKernel>> cache;
  for (uint32_t i = 0; i < req.ops.ops.size(); ++i) {
    const OpSpec& spec = req.ops.ops[i];
    auto key = std::make_pair(spec.objPath, spec.jsonPath);
    std::shared_ptr<const subkernel::SubKernel> k = spec.kernel ? spec.kernel : cache[key];
    if (!k) {
      auto sub = subkernel::readSubKernel(spec.objPath, spec.jsonPath, req.arch);
      if (!sub) return sub.takeError();
      if (auto e = subkernel::checkBlocksRunAtOnce(sub->meta, req.arch)) return e;
      k = cache[key] = std::make_shared<subkernel::SubKernel>(std::move(*sub));
    }
    Instance op;
    op.index = i;
    op.kernel = k;
    op.label = k->meta.kernelName + " (op " + std::to_string(i) + ")";
    op.stream = spec.streamId ? *spec.streamId : k->meta.streamId;
    op.sendEvents = spec.sendEvents ? *spec.sendEvents : k->meta.sendEvents;
    op.recvEvents = spec.recvEvents ? *spec.recvEvents : k->meta.recvEvents;
    const auto& g = k->info.definedGlobals;
    auto pos = std::find(g.begin(), g.end(), k->meta.kernelName);
    if (pos != g.end()) op.textBytes = (uint32_t)k->info.definedSizes[pos - g.begin()];
    for (const auto& [param, tensor] : spec.bind) {
      const std::string& name = param;  // a structured binding is captured only from C++20
      auto p = std::find_if(k->meta.params.begin(), k->meta.params.end(), [&](const Param& q) { return q.name == name; });
      if (p == k->meta.params.end())
        return inputError("op_list[" + std::to_string(i) + "].bind." + param + ": " + k->meta.origin + " has no parameter '" +
                          param + "'");
      if (!p->isTensor())
        return inputError("op_list[" + std::to_string(i) + "].bind." + param + ": '" + param + "' is a " +
                          subkernel::roleName(p->role) + "; only inputs and outputs are bound to graph tensors");
    }
    for (const Param& p : k->meta.params) {
      auto b = spec.bind.find(p.name);
      op.boundNames.push_back(!p.isTensor() ? "" : b != spec.bind.end() ? b->second : p.name);
    }
    if (llvm::Error e = scalarValues(spec, i, op)) return e;
    plan.ops.push_back(std::move(op));
  }
  return llvm::Error::success();
}

// The value of each scalar param of `op`: the op list's ("scalars"), else the metadata's "data".
llvm::Error Builder::scalarValues(const OpSpec& spec, uint32_t i, Instance& op) {
  const auto& params = op.meta().params;
  std::string at = spec.where.empty() ? "op_list[" + std::to_string(i) + "]" : spec.where;
  op.scalarValues.resize(params.size());
  for (const auto& scalar : spec.scalars) {
    const std::string& name = scalar.first;
    const auto& value = scalar.second;
    auto p = std::find_if(params.begin(), params.end(), [&](const Param& q) { return q.name == name; });
    if (p == params.end())
      return inputError(at + ".scalars." + name + ": " + op.meta().origin + " has no parameter '" + name + "'");
    if (p->role != Role::Scalar)
      return inputError(at + ".scalars." + name + ": '" + name + "' is a" + (p->role == Role::Input ? "n " : " ") +
                        subkernel::roleName(p->role) + " param, not a scalar (\"role\": \"scalar\")");
    auto bytes = subkernel::encodeScalar(*p, value, at + ".scalars." + name);
    if (!bytes) return bytes.takeError();
    op.scalarValues[p - params.begin()] = std::move(*bytes);
  }
  for (size_t j = 0; j < params.size(); ++j) {
    const Param& p = params[j];
    if (p.role != Role::Scalar || !op.scalarValues[j].empty()) continue;
    if (p.data.empty())
      return inputError(op.meta().origin + ": params[" + std::to_string(j) + "].data: missing: scalar '" + p.name +
                        "' of " + op.label + " has no value; give it in the op list (" + at + ".scalars." + p.name +
                        ") or as \"data\" in the metadata");
    op.scalarValues[j] = p.data;
  }
  return llvm::Error::success();
}

// ---- bind_tensors ----------------------------------------------------------------------

llvm::Error Builder::bindTensors() {
  for (const Instance& op : plan.ops) {
    const auto& params = op.meta().params;
    for (size_t j = 0; j < params.size(); ++j) {
      const Param& p = params[j];
      if (!p.isTensor()) continue;
      const std::string& name = op.boundNames[j];
      auto [it, fresh] = tensorIndex.emplace(name, plan.tensors.size());
      if (fresh) {
        Tensor t;
        t.name = name;
        t.dtype = p.dtype;
        t.shape = p.shape;
        t.bytes = p.bytes;
        t.firstSeenIn = op.label;
        plan.tensors.push_back(std::move(t));
      }
      Tensor& t = plan.tensors[it->second];
      if (t.dtype != p.dtype || t.bytes != p.bytes)
        return inputError(op.meta().origin + ": params[" + std::to_string(j) + "] '" + p.name + "' (bound to '" + name +
                          "'): " + sk::dtypeName(p.dtype) + ", " + std::to_string(p.bytes) + " bytes, but " +
                          t.firstSeenIn + " uses '" + name + "' as " + sk::dtypeName(t.dtype) + ", " +
                          std::to_string(t.bytes) + " bytes: one name is one buffer, so dtype and size must agree");
      t.accesses.push_back(Access{op.index, p.role == Role::Output});
    }
  }
  std::set<std::string> keep(req.keepOutputs.begin(), req.keepOutputs.end());
  keep.insert(req.ops.keepOutputs.begin(), req.ops.keepOutputs.end());
  for (Tensor& t : plan.tensors) {
    bool firstWrite = t.accesses.front().write, lastWrite = t.accesses.back().write;
    bool anyWrite = std::any_of(t.accesses.begin(), t.accesses.end(), [](const Access& a) { return a.write; });
    t.kind = !firstWrite ? (anyWrite ? TensorKind::InOut : TensorKind::Input)
                         : (lastWrite ? TensorKind::Output : TensorKind::Intermediate);
    if (t.kind == TensorKind::Intermediate && keep.count(t.name)) {
      t.kind = TensorKind::Output;
      t.keptAsOutput = true;
    }
    keep.erase(t.name);
    std::vector<uint32_t> writers;
    for (const Access& a : t.accesses)
      if (a.write && (writers.empty() || writers.back() != a.op)) writers.push_back(a.op);
    if (writers.size() > 1) {
      std::string w;
      for (uint32_t o : writers) w += (w.empty() ? "" : ", ") + plan.ops[o].label;
      plan.notes.push_back("'" + t.name + "' is written by " + w + ": the later write wins");
    }
  }
  if (!keep.empty()) {
    const std::vector<std::string>& listed = req.ops.keepOutputs;
    bool fromList = std::find(listed.begin(), listed.end(), *keep.begin()) != listed.end();
    return inputError((fromList ? "keep_outputs: " : "--keep-output ") + *keep.begin() + ": no tensor of that name in the op list");
  }
  return llvm::Error::success();
}

// ---- build_dependencies ----------------------------------------------------------------

llvm::Error Builder::buildDependencies() {
  // Hazards on names, in program order.
  for (const Tensor& t : plan.tensors) {
    std::optional<uint32_t> lastWriter;
    std::vector<uint32_t> readers;  // since the last write
    for (const Access& a : t.accesses) {
      if (!a.write) {
        if (lastWriter) edge(*lastWriter, a.op, "RAW on " + t.name);
        readers.push_back(a.op);
        continue;
      }
      for (uint32_t r : readers) edge(r, a.op, "WAR on " + t.name);
      if (lastWriter) edge(*lastWriter, a.op, "WAW on " + t.name);
      lastWriter = a.op;
      readers.clear();
    }
  }
  // Stream order.
  std::map<int64_t, uint32_t> lastOnStream;
  for (const Instance& op : plan.ops) {
    auto it = lastOnStream.find(op.stream);
    if (it != lastOnStream.end()) edge(it->second, op.index, "stream " + std::to_string(op.stream));
    lastOnStream[op.stream] = op.index;
    if (!plan.options.streamFusion && op.index > 0)
      edge(op.index - 1, op.index, "program order (stream-fusion=0)");
  }
  return checkEvents();
}

// An event received before it is sent in program order can never be satisfied by a fused
// kernel (the launching host would deadlock too); say which chain makes it so.
llvm::Error Builder::checkEvents() {
  std::map<int64_t, uint32_t> sentBy;  // latest sender so far
  for (const Instance& op : plan.ops) {
    for (int64_t e : op.recvEvents) {
      auto s = sentBy.find(e);
      if (s != sentBy.end()) {
        edge(s->second, op.index, "event " + std::to_string(e));
        continue;
      }
      const Instance* later = nullptr;
      for (const Instance& o : plan.ops)
        if (o.index > op.index && std::count(o.sendEvents.begin(), o.sendEvents.end(), e)) {
          later = &o;
          break;
        }
      std::string what = op.label + " (stream " + std::to_string(op.stream) + ") receives event " + std::to_string(e);
      if (!later) return inputError(what + ", but no op in the list sends it");
      // The chain back from the sender to the receiver, through edges known so far.
      std::string chain = later->label + " sends it only later";
      std::vector<int64_t> waits = later->recvEvents;
      for (int64_t w : later->recvEvents) {
        for (const Instance& o : plan.ops)
          if (o.index > op.index && o.index != later->index && std::count(o.sendEvents.begin(), o.sendEvents.end(), w))
            chain += ", after waiting for event " + std::to_string(w) + " which " + o.label + " (stream " +
                     std::to_string(o.stream) + ") sends after " + op.label;
      }
      return inputError(what + ", but " + chain + ": a cycle (or a wait for the future); receive an event only after "
                        "the op that sends it in the op list");
    }
    for (int64_t e : op.sendEvents) {
      if (std::count(op.recvEvents.begin(), op.recvEvents.end(), e))
        return inputError(op.label + " both sends and receives event " + std::to_string(e));
      sentBy[e] = op.index;
    }
  }
  return llvm::Error::success();
}

// ---- order_tasks -----------------------------------------------------------------------

// With auto-op-parallel the task table is a topological order of the dependencies that
// interleaves the core types of independent streams, as the anchor's CUSTOMIZE_QUEUE does:
// after a vector task a ready cube task of another stream, after a cube task a vector one,
// after a MIX task a MIX one; else a task of another stream; else the earliest ready one. A
// core runs its tasks in table order, so two streams that each want all the AIVs (or AICs)
// no longer queue a stream's vector work behind the other stream's, while its cube work waits:
// cube and vector work of the streams overlap. The dependencies themselves are unchanged.
void Builder::orderTasks() {
  if (!plan.options.autoOpParallel) return;
  size_t n = plan.ops.size();
  std::vector<std::vector<uint32_t>> succ(n);
  std::vector<uint32_t> waitingFor(n, 0);
  for (const Edge& e : plan.edges) {
    succ[e.from].push_back(e.to);
    ++waitingFor[e.to];
  }
  enum class Kind { Cube, Vector, Mix };
  auto kind = [&](uint32_t op) {
    const TaskRation& r = plan.ops[op].meta().taskRation;
    return r.aic && r.aiv ? Kind::Mix : r.aic ? Kind::Cube : Kind::Vector;
  };
  std::set<uint32_t> ready;
  for (uint32_t i = 0; i < n; ++i)
    if (!waitingFor[i]) ready.insert(i);
  auto first = [&](auto&& pred) -> std::optional<uint32_t> {
    for (uint32_t c : ready)
      if (pred(c)) return c;
    return std::nullopt;
  };
  std::vector<uint32_t> order;  // old index of each new position
  while (!ready.empty()) {
    std::optional<uint32_t> pick;
    if (order.empty()) {
      pick = first([&](uint32_t c) { return kind(c) == Kind::Mix; });
    } else {
      uint32_t last = order.back();
      Kind want = kind(last) == Kind::Mix ? Kind::Mix : kind(last) == Kind::Vector ? Kind::Cube : Kind::Vector;
      int64_t stream = plan.ops[last].stream;
      pick = first([&](uint32_t c) { return kind(c) == want && plan.ops[c].stream != stream; });
      if (!pick) pick = first([&](uint32_t c) { return plan.ops[c].stream != stream; });
    }
    uint32_t op = pick ? *pick : *ready.begin();
    ready.erase(op);
    order.push_back(op);
    for (uint32_t s : succ[op])
      if (--waitingFor[s] == 0) ready.insert(s);
  }
  std::vector<uint32_t> position(n);
  for (uint32_t i = 0; i < n; ++i) position[order[i]] = i;
  std::vector<Instance> ops;
  for (uint32_t old : order) {
    ops.push_back(std::move(plan.ops[old]));
    ops.back().index = position[old];
  }
  plan.ops = std::move(ops);
  edgeIndex.clear();
  for (size_t i = 0; i < plan.edges.size(); ++i) {
    Edge& e = plan.edges[i];
    e.from = position[e.from], e.to = position[e.to];
    edgeIndex[{e.from, e.to}] = i;
  }
  for (Tensor& t : plan.tensors) {
    for (Access& a : t.accesses) a.op = position[a.op];
    std::stable_sort(t.accesses.begin(), t.accesses.end(), [](const Access& a, const Access& b) { return a.op < b.op; });
  }
}

void Builder::computeAncestors() {
  size_t n = plan.ops.size();
  anc.words = (n + 63) / 64;
  anc.bits.assign(n * anc.words, 0);
  plan.preds.assign(n, {});
  std::sort(plan.edges.begin(), plan.edges.end(),
            [](const Edge& a, const Edge& b) { return std::tie(a.to, a.from) < std::tie(b.to, b.from); });
  for (const Edge& e : plan.edges) plan.preds[e.to].push_back(e.from);
  for (uint32_t v = 0; v < n; ++v)
    for (uint32_t u : plan.preds[v]) {
      uint64_t* row = anc.row(v);
      const uint64_t* from = anc.row(u);
      for (size_t w = 0; w < anc.words; ++w) row[w] |= from[w];
      row[u / 64] |= 1ull << (u % 64);
    }
}

// ---- plan_memory -----------------------------------------------------------------------

// Items share bytes only when one is entirely before the other along dependency paths, so
// tasks that can run concurrently never share bytes. An item touched by a task that may run
// early (a declared early-start point, with early start on) never shares: its bytes may still
// be in use when the dependency is released.
void Builder::planMemory() {
  for (const Tensor& t : plan.tensors) {
    if (t.kind != TensorKind::Intermediate) continue;
    MemoryItem m;
    m.what = "intermediate " + t.name;
    m.tensor = t.name;
    m.bytes = t.bytes;
    for (const Access& a : t.accesses)
      if (m.users.empty() || m.users.back() != a.op) m.users.push_back(a.op);
    plan.memory.push_back(std::move(m));
  }
  for (const Instance& op : plan.ops)
    for (size_t j = 0; j < op.meta().params.size(); ++j) {
      const Param& p = op.meta().params[j];
      if (p.role != Role::Workspace || p.bytes == 0) continue;
      MemoryItem m;
      m.what = "workspace " + p.name + " of " + op.label;
      m.workspaceParam = (int32_t)j;
      m.bytes = p.bytes;
      m.users = {op.index};
      plan.memory.push_back(std::move(m));
    }
  for (MemoryItem& m : plan.memory)
    for (uint32_t u : m.users) {
      const auto& meta = plan.ops[u].meta();
      if (plan.options.earlyStart && (meta.earlyStartSet || meta.earlyStartWait)) m.shareable = false;
    }
  // below[i]: the ops that reach every user of item i. Item a is entirely before item b when
  // all of a's users are below b.
  std::vector<uint64_t> below(plan.memory.size() * anc.words, ~0ull);
  for (size_t i = 0; i < plan.memory.size(); ++i)
    for (uint32_t y : plan.memory[i].users)
      for (size_t w = 0; w < anc.words; ++w) below[i * anc.words + w] &= anc.row(y)[w];
  auto before = [&](size_t a, size_t b) {
    for (uint32_t x : plan.memory[a].users)
      if (!Ancestors::test(&below[b * anc.words], x)) return false;
    return true;
  };
  for (size_t i = 0; i < plan.memory.size(); ++i) {
    MemoryItem& m = plan.memory[i];
    auto shares = [&](size_t j) {
      return m.shareable && plan.memory[j].shareable && (before(j, i) || before(i, j));
    };
    std::vector<std::pair<uint64_t, uint64_t>> busy;  // intervals of items it may not share with
    for (size_t j = 0; j < i; ++j) {
      const MemoryItem& o = plan.memory[j];
      if (!shares(j)) busy.emplace_back(o.offset, o.offset + alignUp(o.bytes));
    }
    std::sort(busy.begin(), busy.end());
    uint64_t off = 0;
    for (auto [lo, hi] : busy)
      if (off + m.bytes > lo && off < hi) off = std::max(off, hi);
    m.offset = off;
    for (size_t j = 0; j < i && !m.sharesWith; ++j) {  // for --explain: one item whose bytes it reuses
      const MemoryItem& o = plan.memory[j];
      if (o.offset < off + m.bytes && off < o.offset + o.bytes && shares(j)) m.sharesWith = (uint32_t)j;
    }
    plan.workspaceBytes = std::max(plan.workspaceBytes, alignUp(m.offset + m.bytes));
    plan.workspaceBytesNoReuse += alignUp(m.bytes);
  }
}

// ---- place_cores -----------------------------------------------------------------------

// Each task takes the lowest block range of each core type it uses that no concurrently
// runnable task (no dependency path either way) holds, when one fits; otherwise it shares
// cores with them (a core runs its tasks in table order, so sharing only serialises).
// A MIX sub-kernel's block is one block of the SK — its AIC and its AIVs in one core group, as
// cross-core flags pair them — so the SK takes the MIX sub-kernels' ration and they take the
// same block range of both types.
llvm::Error Builder::placeCores() {
  size_t n = plan.ops.size();
  plan.ranges.assign(n, {});
  // [begin, end) of the cores of one type held by earlier ops that can run concurrently with op.
  auto busyFor = [&](uint32_t op, bool aic) {
    std::vector<std::pair<uint32_t, uint32_t>> busy;
    if (!plan.options.streamFusion) return busy;
    const uint64_t* a = anc.row(op);
    for (size_t w = 0; w * 64 < op; ++w) {
      uint64_t concurrent = ~a[w];
      if ((w + 1) * 64 > op) concurrent &= (1ull << (op % 64)) - 1;
      for (; concurrent; concurrent &= concurrent - 1) {
        uint32_t o = (uint32_t)(w * 64 + __builtin_ctzll(concurrent));
        const CoreRange& r = plan.ranges[o];
        uint32_t b = aic ? r.aicBegin : r.aivBegin, c = aic ? r.aicCount : r.aivCount;
        if (c) busy.emplace_back(b, b + c);
      }
    }
    return busy;
  };
  // The lowest offset where `need` units fit among `busy` within `units`; 0 when none does.
  auto lowestFree = [](std::vector<std::pair<uint32_t, uint32_t>> busy, uint32_t need, uint32_t units) -> uint32_t {
    if (need == 0) return 0;
    std::sort(busy.begin(), busy.end());
    uint32_t off = 0;
    for (auto [lo, hi] : busy)
      if (off + need > lo && off < hi) off = std::max(off, hi);
    return off + need <= units ? off : 0;
  };
  uint32_t mixAiv = 0;  // AIVs per block of the MIX sub-kernels (0: none)
  for (uint32_t i = 0; i < n; ++i) {
    const TaskRation& t = plan.ops[i].meta().taskRation;
    if (!t.aic || !t.aiv) continue;
    if (mixAiv && t.aiv != mixAiv)
      return inputError(plan.ops[i].label + ": MIX 1:" + std::to_string(t.aiv) + " cannot share a super kernel with MIX 1:" +
                        std::to_string(mixAiv) + " sub-kernels (a block of each must be one core group)");
    mixAiv = t.aiv;
  }
  uint32_t aicExtent = 0, aivExtent = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const auto& m = plan.ops[i].meta();
    CoreRange& r = plan.ranges[i];
    r.aicCount = m.blockDim * m.taskRation.aic;
    r.aivCount = m.blockDim * m.taskRation.aiv;
    if (r.aicCount && r.aivCount) {  // whole SK blocks: AIV busy ranges in blocks, rounded outwards
      std::vector<std::pair<uint32_t, uint32_t>> busy = busyFor(i, true);
      for (auto [lo, hi] : busyFor(i, false)) busy.emplace_back(lo / mixAiv, (hi + mixAiv - 1) / mixAiv);
      r.aicBegin = lowestFree(busy, m.blockDim, std::min(req.arch.aicCores, req.arch.aivCores / mixAiv));
      r.aivBegin = r.aicBegin * mixAiv;
    } else {
      r.aicBegin = lowestFree(busyFor(i, true), r.aicCount, req.arch.aicCores);
      r.aivBegin = lowestFree(busyFor(i, false), r.aivCount, req.arch.aivCores);
    }
    aicExtent = std::max(aicExtent, r.aicBegin + r.aicCount);
    aivExtent = std::max(aivExtent, r.aivBegin + r.aivCount);
  }
  // CANN SuperKernel's rule (docs/sk_compile.md, kernel type): pure types keep their type; mixed ones
  // take MIX 1:1 when the AIV need fits the AIC count, else MIX 1:2 — and the MIX sub-kernels' ration
  // when there are any.
  uint32_t perBlock = mixAiv ? mixAiv : aivExtent <= aicExtent ? 1 : 2;
  if (aicExtent == 0) plan.ration = {0, 1}, plan.blockDim = aivExtent;
  else if (aivExtent == 0) plan.ration = {1, 0}, plan.blockDim = aicExtent;
  else plan.ration = {1, (uint8_t)perBlock}, plan.blockDim = std::max(aicExtent, (aivExtent + perBlock - 1) / perBlock);
  if (plan.ration.aic && plan.ration.aiv && plan.blockDim > std::min(req.arch.aicCores, req.arch.aivCores / perBlock))
    return inputError("the sub-kernels need " + std::to_string(aivExtent) + " AIV blocks beside MIX 1:" +
                      std::to_string(perBlock) + " ones, more than " + req.arch.name + "'s " +
                      std::to_string(req.arch.aicCores) + " core groups hold");
  uint32_t records = 0;
  for (const CoreRange& r : plan.ranges) {
    plan.firstRecord.push_back(records);
    records += r.aicCount + r.aivCount;
  }
  plan.profileOffset = alignUp(plan.workspaceBytes);
  plan.profileBytes = plan.options.profiling ? (uint64_t)records * sizeof(sk_profile_record) : 0;
  return llvm::Error::success();
}

// ---- add_params, assign_args ---------------------------------------------------------

// The SK's parameters: its input tensors (in-out ones included), its output tensors, then its own
// workspace and tiling. The whole list must fit device ABI v1 (fewer than 64 parameters).
llvm::Error Builder::addParams() {
  for (bool inputs : {true, false})
    for (const Tensor& t : plan.tensors) {
      bool in = t.kind == TensorKind::Input || t.kind == TensorKind::InOut;
      if (inputs ? !in : t.kind != TensorKind::Output) continue;
      Param p;
      p.name = t.name;
      p.role = inputs ? Role::Input : Role::Output;
      p.dtype = t.dtype;
      p.shape = t.shape;
      p.bytes = t.bytes;
      p.inout = t.kind == TensorKind::InOut;
      plan.params.push_back(std::move(p));
    }
  for (const Param& p : plan.params)
    if (p.name == "sk_workspace" || p.name == "sk_tiling")
      return inputError("tensor name '" + p.name + "' is reserved for the super kernel's own parameters; bind it to "
                        "another name");
  size_t total = plan.params.size() + 2;  // + sk_workspace + sk_tiling
  if (total >= 64)
    return inputError("the super kernel would have " + std::to_string(total) + " parameters (" +
                      std::to_string(total - 2) + " tensors, its workspace and its tiling); device ABI v1 allows 63: "
                      "fuse fewer ops, or bind more tensors to shared names");
  Param workspace;
  workspace.name = "sk_workspace";
  workspace.role = Role::Workspace;
  workspace.bytes = plan.profileOffset + plan.profileBytes;
  plan.params.push_back(std::move(workspace));
  Param tiling;
  tiling.name = "sk_tiling";
  tiling.role = Role::Tiling;
  plan.params.push_back(std::move(tiling));  // its bytes are gathered by assignArgs
  return llvm::Error::success();
}

// Where each argument of each task points: a tensor parameter, the SK workspace (intermediates
// and sub-kernel workspaces, at their planned offsets), the SK tiling (each distinct tiling
// blob once), or null for a 0-byte buffer.
void Builder::assignArgs() {
  const int32_t ws = (int32_t)plan.params.size() - 2, tiling = ws + 1;
  Param& tilingParam = plan.params[tiling];
  std::map<std::vector<uint8_t>, uint64_t> tilingOffsets;
  std::map<std::string, int32_t> paramOf;
  for (size_t i = 0; i < plan.params.size(); ++i) paramOf[plan.params[i].name] = (int32_t)i;
  std::map<std::pair<uint32_t, int32_t>, uint64_t> wsOffset;  // (op, param) -> offset
  std::map<std::string, uint64_t> intermediateOffset;
  for (const MemoryItem& m : plan.memory) {
    if (m.workspaceParam < 0) intermediateOffset[m.tensor] = m.offset;
    else wsOffset[{m.users.front(), m.workspaceParam}] = m.offset;
  }
  auto tilingArg = [&](std::vector<uint8_t> bytes) {
    auto [it, fresh] = tilingOffsets.emplace(bytes, tilingParam.data.size());
    if (fresh) {
      tilingParam.data.insert(tilingParam.data.end(), bytes.begin(), bytes.end());
      tilingParam.data.resize(alignUp(tilingParam.data.size()), 0);
    }
    return TaskArg{tiling, it->second};
  };
  for (const Instance& op : plan.ops) {
    std::vector<TaskArg> args;
    const auto& params = op.meta().params;
    for (size_t j = 0; j < params.size(); ++j) {
      const Param& p = params[j];
      if (p.isTensor()) {
        auto io = intermediateOffset.find(op.boundNames[j]);
        args.push_back(io != intermediateOffset.end() ? TaskArg{ws, io->second} : TaskArg{paramOf.at(op.boundNames[j]), 0});
      } else if (p.bytes == 0) {
        args.push_back(TaskArg{-1, 0});
      } else if (p.role == Role::Workspace) {
        args.push_back(TaskArg{ws, wsOffset.at({op.index, (int32_t)j})});
      } else if (p.role == Role::Scalar) {  // a by-value param: constant bytes, like tiling
        args.push_back(tilingArg(op.scalarValues[j]));
      } else {
        std::vector<uint8_t> bytes = p.data;
        bytes.resize(p.bytes, 0);
        args.push_back(tilingArg(std::move(bytes)));
      }
    }
    plan.args.push_back(std::move(args));
  }
  tilingParam.bytes = tilingParam.data.size();
}

// The SK's name becomes its entry symbol: a C identifier that shadows no intrinsic.
llvm::Error checkName(const std::string& name) {
  if (!isCIdentifier(name))
    return inputError("super kernel name '" + name + "' is not a C identifier (letters, digits, _)");
  if (subkernel::isIntrinsicName(name))
    return inputError("super kernel name '" + name + "' is the name of an intrinsic (the entry would shadow it): "
                      "choose another");
  return llvm::Error::success();
}

}  // namespace

llvm::Expected<Plan> makePlan(const PlanRequest& request) {
  if (llvm::Error e = checkName(request.name)) return e;
  Builder b{request, {}, {}, {}, {}};
  b.plan.name = request.name;
  b.plan.arch = request.arch;
  b.plan.options = request.options;
  if (llvm::Error e = b.readSubKernels()) return e;
  if (llvm::Error e = b.bindTensors()) return e;
  if (llvm::Error e = b.buildDependencies()) return e;
  b.orderTasks();
  b.computeAncestors();
  b.planMemory();
  if (llvm::Error e = b.placeCores()) return e;
  if (llvm::Error e = b.addParams()) return e;
  b.assignArgs();
  return std::move(b.plan);
}

}  // namespace sk::reuse
