#include "sk/super_kernel.h"

#include <cstring>

#include "sk/error.h"
#include "sk/subkernel.h"
#include "sk/task_table.h"

// cmake/EmbedBinary.cmake (lib/linker/CMakeLists.txt)
extern const unsigned char sk_interpreter_object[];
extern const std::size_t sk_interpreter_object_size;

namespace sk::linker {

using nlohmann::json;

llvm::ArrayRef<uint8_t> interpreterObject() { return {sk_interpreter_object, sk_interpreter_object_size}; }
using reuse::Plan;

std::string instanceSymbol(const std::string& sk, uint32_t index, const std::string& kernelName) {
  return sk + "__" + std::to_string(index) + "__" + kernelName;
}

namespace {

constexpr uint32_t kR_X86_64_64 = 1;

template <typename T> void put(std::vector<uint8_t>& out, size_t at, const T& v) {
  std::memcpy(out.data() + at, &v, sizeof v);
}

// The task table: header, tasks, arguments, predecessors, names (task_table.h).
SyntheticSection buildTaskTable(const Plan& p) {
  SyntheticSection s;
  s.name = ".data.rel.ro.sk_task_table";
  s.flags = 3;  // SHF_WRITE | SHF_ALLOC: holds relocated pointers
  s.alignment = 8;
  s.symbol = p.name + "__task_table";
  size_t nargs = 0, npreds = 0;
  for (size_t i = 0; i < p.ops.size(); ++i) {
    nargs += p.args[i].size();
    npreds += p.preds[i].size();
  }
  sk_task_table h{};
  h.magic = SK_TASK_TABLE_MAGIC;
  h.version = SK_TASK_TABLE_VERSION;
  h.ntasks = (uint32_t)p.ops.size();
  h.flags = (p.options.earlyStart ? SK_TABLE_EARLY_START : 0) | (p.options.debugSyncAll ? SK_TABLE_DEBUG_SYNC_ALL : 0) |
            (p.options.preloadCode ? SK_TABLE_PRELOAD_CODE : 0) | (p.options.profiling ? SK_TABLE_PROFILING : 0);
  h.tasks_offset = sizeof h;
  h.args_offset = h.tasks_offset + (uint32_t)(p.ops.size() * sizeof(sk_task));
  h.preds_offset = h.args_offset + (uint32_t)(nargs * sizeof(sk_task_arg));
  h.strings_offset = h.preds_offset + (uint32_t)(npreds * sizeof(sk_task_pred));
  for (size_t i = 0; i < p.params.size(); ++i)
    if (p.params[i].role == subkernel::Role::Workspace) h.profile_param = (uint32_t)i;
  h.profile_offset = p.profileOffset;

  std::string strings;
  std::vector<uint8_t>& out = s.contents;
  out.resize(h.strings_offset);
  uint32_t argAt = 0, predAt = 0;
  for (size_t i = 0; i < p.ops.size(); ++i) {
    const reuse::Instance& op = p.ops[i];
    const reuse::CoreRange& r = p.ranges[i];
    sk_task t{};
    t.text_bytes = op.textBytes;
    t.name_offset = (uint32_t)strings.size();
    strings += op.label;
    strings += '\0';
    t.flags = (op.meta().earlyStartWait ? SK_TASK_EARLY_WAIT : 0) | (op.meta().earlyStartSet ? SK_TASK_EARLY_SET : 0);
    t.block_dim = op.meta().blockDim;
    t.ration_aic = op.meta().taskRation.aic;
    t.ration_aiv = op.meta().taskRation.aiv;
    t.aic_begin = r.aicBegin;
    t.aic_count = r.aicCount;
    t.aiv_begin = r.aivBegin;
    t.aiv_count = r.aivCount;
    t.first_arg = argAt;
    t.nargs = (uint32_t)p.args[i].size();
    t.first_pred = predAt;
    t.npreds = (uint32_t)p.preds[i].size();
    t.first_record = p.firstRecord[i];
    size_t at = h.tasks_offset + i * sizeof(sk_task);
    put(out, at, t);
    s.relocs.push_back(SyntheticReloc{at + offsetof(sk_task, entry), kR_X86_64_64,
                                      instanceSymbol(p.name, (uint32_t)i, op.meta().kernelName), 0});
    for (const reuse::TaskArg& a : p.args[i]) {
      sk_task_arg v{a.param < 0 ? SK_ARG_NULL : (uint32_t)a.param, 0, a.offset};
      put(out, h.args_offset + argAt++ * sizeof v, v);
    }
    for (uint32_t pred : p.preds[i]) {
      const reuse::CoreRange& pr = p.ranges[pred];
      sk_task_pred v{pred, pr.aicCount + pr.aivCount};
      put(out, h.preds_offset + predAt++ * sizeof v, v);
    }
  }
  put(out, 0, h);
  out.insert(out.end(), strings.begin(), strings.end());
  out.resize((out.size() + 7) / 8 * 8, 0);
  return s;
}

const char* coreTypeOf(const subkernel::Ration& r) { return r.aic == 0 ? "AIV" : r.aiv == 0 ? "AIC" : "MIX"; }

std::string hex(const std::vector<uint8_t>& bytes) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t b : bytes) {
    s += d[b >> 4];
    s += d[b & 15];
  }
  return s;
}

json paramJson(const reuse::SkParam& q) {
  json j = {{"name", q.name}, {"role", subkernel::roleName(q.role)}};
  if (q.role == subkernel::Role::Input || q.role == subkernel::Role::Output) {
    j["dtype"] = subkernel::dtypeName(q.dtype);
    j["shape"] = q.shape;
    if (q.inout) j["inout"] = true;  // one buffer: read as an input, written back as an output
  } else {
    j["bytes"] = q.bytes;
    if (q.role == subkernel::Role::Tiling) j["data"] = hex(q.data);
  }
  return j;
}

json superKernelSection(const Plan& p) {
  json instances = json::array();
  for (size_t i = 0; i < p.ops.size(); ++i) {
    const reuse::Instance& op = p.ops[i];
    const auto& m = op.meta();
    const reuse::CoreRange& r = p.ranges[i];
    json args = json::array();
    for (size_t j = 0; j < m.params.size(); ++j) {
      const reuse::TaskArg& a = p.args[i][j];
      args.push_back({{"param", m.params[j].name},
                      {"skParam", a.param < 0 ? json(nullptr) : json(p.params[a.param].name)},
                      {"offset", a.offset}});
    }
    instances.push_back({{"index", i},
                         {"label", op.label},
                         {"kernelName", m.kernelName},
                         {"symbol", instanceSymbol(p.name, (uint32_t)i, m.kernelName)},
                         {"object", op.kernel->objectPath},
                         {"metadata", m.origin},
                         {"stream", op.stream},
                         {"blockDim", m.blockDim},
                         {"coreType", subkernel::coreTypeName(m.coreType)},
                         {"taskRation", m.taskRation.str()},
                         {"earlyStart", {{"wait", m.earlyStartWait}, {"set", m.earlyStartSet}}},
                         {"aicBlocks", {r.aicBegin, r.aicBegin + r.aicCount}},
                         {"aivBlocks", {r.aivBegin, r.aivBegin + r.aivCount}},
                         {"textBytes", op.textBytes},
                         {"args", args}});
  }
  json tensors = json::array();
  for (const reuse::Tensor& t : p.tensors) {
    json acc = json::array();
    for (const reuse::Access& a : t.accesses) acc.push_back({{"op", a.op}, {"write", a.write}});
    tensors.push_back({{"name", t.name}, {"dtype", subkernel::dtypeName(t.dtype)}, {"shape", t.shape},
                       {"bytes", t.bytes}, {"kind", reuse::tensorKindName(t.kind)}, {"accesses", acc}});
  }
  json deps = json::array();
  for (const reuse::Edge& e : p.edges) deps.push_back({{"from", e.from}, {"to", e.to}, {"reasons", e.reasons}});
  json items = json::array();
  for (const reuse::MemoryItem& m : p.memory) {
    json it = {{"what", m.what}, {"offset", m.offset}, {"bytes", m.bytes}, {"users", m.users}, {"shareable", m.shareable}};
    if (m.sharesWith) it["sharesBytesWith"] = p.memory[*m.sharesWith].what;
    items.push_back(it);
  }
  return {{"version", 1},
          {"arch", p.arch.name},
          {"options", p.options.text()},
          {"instances", instances},
          {"tensors", tensors},
          {"dependencies", deps},
          {"memoryPlan",
           {{"items", items},
            {"workspaceBytes", p.workspaceBytes},
            {"workspaceBytesWithoutReuse", p.workspaceBytesNoReuse},
            {"profileOffset", p.profileOffset},
            {"profileBytes", p.profileBytes}}},
          {"notes", p.notes}};
}

}  // namespace

llvm::Expected<SuperKernel> buildSuperKernel(const Plan& p) {
  LinkRequest req;
  for (size_t i = 0; i < p.ops.size(); ++i) {
    const reuse::Instance& op = p.ops[i];
    InputObject in;
    in.name = op.label + " " + op.kernel->objectPath;
    in.bytes = op.kernel->object->getMemBufferRef();
    in.definePrefix = p.name + "__" + std::to_string(i) + "__";
    req.inputs.push_back(std::move(in));
  }
  InputObject interp;
  interp.name = "the super-kernel interpreter";
  llvm::ArrayRef<uint8_t> io = interpreterObject();
  interp.bytes = llvm::MemoryBufferRef(llvm::StringRef((const char*)io.data(), io.size()), "sk_interpreter.o");
  interp.definePrefix = p.name + "__interpreter__";
  interp.renames = {{"sk_interpreter_entry", p.name}, {"sk_interpreter_table", p.name + "__task_table"}};
  req.inputs.push_back(std::move(interp));
  req.synthetic.push_back(buildTaskTable(p));
  const reuse::SkParam& tiling = p.params.back();
  if (!tiling.data.empty()) {  // the static tiling bytes, also in <sk>.json (params: sk_tiling)
    SyntheticSection t;
    t.name = ".rodata.sk_tiling";
    t.alignment = 64;
    t.contents = tiling.data;
    t.symbol = p.name + "__tiling";
    req.synthetic.push_back(std::move(t));
  }

  SuperKernel sk;
  auto obj = link(req, &sk.stats);
  if (!obj) return obj.takeError();
  sk.object = std::move(*obj);

  json params = json::array();
  for (const reuse::SkParam& q : p.params) params.push_back(paramJson(q));
  sk.metadata = {{"version", 1},
                 {"kernelName", p.name},
                 {"binFileName", p.name},
                 {"binFileSuffix", ".o"},
                 {"coreType", coreTypeOf(p.ration)},
                 {"taskRation", p.ration.str()},
                 {"blockDim", p.blockDim},
                 {"params", params},
                 {"earlyStart", {{"wait", false}, {"set", false}}},
                 {"intercoreSync", false},
                 {"streamId", 0},
                 {"sendEvents", json::array()},
                 {"recvEvents", json::array()},
                 {"sha256", subkernel::sha256Hex(llvm::StringRef((const char*)sk.object.data(), sk.object.size()))},
                 {"superKernel", superKernelSection(p)}};
  return sk;
}

}  // namespace sk::linker
