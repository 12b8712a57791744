// build(): the plan as a task table, the link request and <sk>.json (docs/sk_compile.md).
#include "sk/super_kernel.h"

#include <cstdio>
#include <cstring>
#include <thread>

#include "sk/error.h"
#include "sk/text.h"
#include "sk/subkernel.h"
#include "sk/task_table.h"

// cmake/EmbedBinary.cmake (lib/super_kernel/CMakeLists.txt)
extern const unsigned char sk_interpreter_object[];
extern const std::size_t sk_interpreter_object_size;

namespace sk::super_kernel {

using namespace sk::linker;

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
    t.tiling_key = op.meta().tilingKey;
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

// The request to lib/linker: every instance's object under its prefix, the interpreter as the
// entry, the task table and the static tiling bytes as synthetic sections.
LinkRequest linkRequest(const Plan& p) {
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
  const subkernel::Param& tiling = p.params.back();
  if (!tiling.data.empty()) {  // the static tiling bytes, also in <sk>.json (params: sk_tiling)
    SyntheticSection t;
    t.name = ".rodata.sk_tiling";
    t.alignment = 64;
    t.contents = tiling.data;
    t.symbol = p.name + "__tiling";
    req.synthetic.push_back(std::move(t));
  }
  return req;
}

subkernel::SkInstance instanceOf(const Plan& p, size_t i) {
  const reuse::Instance& op = p.ops[i];
  const subkernel::KernelMeta& m = op.meta();
  const reuse::CoreRange& r = p.ranges[i];
  subkernel::SkInstance in;
  in.index = (uint32_t)i;
  in.label = op.label;
  in.kernelName = m.kernelName;
  in.symbol = instanceSymbol(p.name, (uint32_t)i, m.kernelName);
  in.object = op.kernel->objectPath;
  in.metadata = m.origin;
  in.stream = op.stream;
  in.blockDim = m.blockDim;
  in.coreType = m.coreType;
  in.taskRation = m.taskRation;
  in.earlyStartWait = m.earlyStartWait;
  in.earlyStartSet = m.earlyStartSet;
  in.aicBegin = r.aicBegin;
  in.aicEnd = r.aicBegin + r.aicCount;
  in.aivBegin = r.aivBegin;
  in.aivEnd = r.aivBegin + r.aivCount;
  in.textBytes = op.textBytes;
  in.tilingKey = m.tilingKey;
  for (size_t j = 0; j < m.params.size(); ++j)
    in.args.push_back(subkernel::SkArg{m.params[j].name, p.args[i][j].param, p.args[i][j].offset});
  return in;
}

subkernel::SkMemoryPlan memoryPlanOf(const Plan& p) {
  subkernel::SkMemoryPlan mp{p.workspaceBytes, p.workspaceBytesNoReuse, p.profileOffset, p.profileBytes, {}};
  for (const reuse::MemoryItem& it : p.memory)
    mp.items.push_back(subkernel::SkMemoryItem{it.what, it.offset, it.bytes, it.users, it.shareable,
                                               it.sharesWith ? p.memory[*it.sharesWith].what : ""});
  return mp;
}

}  // namespace

subkernel::KernelMeta metadataFor(const Plan& p, const std::string& sha256) {
  subkernel::KernelMeta m;
  m.kernelName = m.binFileName = p.name;
  m.coreType = p.ration.kernelType();
  m.taskRation = p.ration;
  m.blockDim = p.blockDim;
  m.params = p.params;
  m.sha256 = sha256;
  subkernel::SuperKernelSection& s = m.superKernel.emplace();
  s.arch = p.arch.name;
  s.options = p.options.text();
  for (size_t i = 0; i < p.ops.size(); ++i) s.instances.push_back(instanceOf(p, i));
  for (const reuse::Tensor& t : p.tensors) {
    subkernel::SkTensor st{t.name, t.dtype, t.shape, t.bytes, t.kind, {}};
    for (const reuse::Access& a : t.accesses) st.accesses.push_back(subkernel::SkAccess{a.op, a.write});
    s.tensors.push_back(std::move(st));
  }
  for (const reuse::Edge& e : p.edges) s.dependencies.push_back(subkernel::SkDependency{e.from, e.to, e.reasons});
  s.memoryPlan = memoryPlanOf(p);
  s.notes = p.notes;
  return m;
}

llvm::Expected<SuperKernel> build(const Plan& p) {
  LinkRequest req = linkRequest(p);
  // The metadata does not depend on the object but for its hash: write it on a second thread
  // while the object is linked and hashed, and fill the hash in at the end.
  SuperKernel sk;
  const std::string placeholder(64, '0');
  std::thread writer([&] {
    sk.meta = metadataFor(p, placeholder);
    sk.metadata = subkernel::writeMeta(sk.meta);
  });
  auto obj = link(req, &sk.stats);
  std::string sha256;
  if (obj) {
    sk.object = std::move(*obj);
    sha256 = sk::sha256Hex(llvm::StringRef((const char*)sk.object.data(), sk.object.size()));
  }
  writer.join();
  if (!obj) return obj.takeError();
  const std::string field = "\"sha256\": \"";
  sk.metadata.replace(sk.metadata.find(field + placeholder) + field.size(), 64, sha256);
  sk.meta.sha256 = sha256;
  return sk;
}

llvm::Expected<std::vector<UnfusedLaunch>> unfusedLaunches(const subkernel::KernelMeta& m) {
  if (!m.superKernel)
    return inputError(m.origin + ": not a super kernel (no superKernel section): only sk_compile's output runs unfused");
  std::vector<UnfusedLaunch> out;
  for (const subkernel::SkInstance& in : m.superKernel->instances)
    out.push_back(UnfusedLaunch{in.symbol, in.label, in.blockDim, in.taskRation, in.stream, in.args, in.tilingKey});
  return out;
}

}  // namespace sk::super_kernel
