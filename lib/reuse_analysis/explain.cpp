// The plan for a person: sk_compile --explain.
#include <sstream>

#include "sk/reuse_analysis.h"

namespace sk::reuse {

namespace {

std::string ration(const sk::TaskRation& r) {
  if (r.aic == 0) return "AIV (0:1)";
  if (r.aiv == 0) return "AIC (1:0)";
  return "MIX " + r.str();
}

std::string range(uint32_t begin, uint32_t count) {
  return "[" + std::to_string(begin) + ", " + std::to_string(begin + count) + ")";
}

}  // namespace

std::string explain(const Plan& p) {
  std::ostringstream os;
  os << "super kernel " << p.name << " for " << p.arch.name << ": " << ration(p.ration) << ", blockDim "
     << p.blockDim << ", " << p.ops.size() << " tasks\n";
  os << "options: " << p.options.text() << "\n";

  // "op N" below is a task's place in the table; "(op N)" in a label its place in the op list,
  // which differs only when auto-op-parallel reordered the table.
  os << (p.options.autoOpParallel ? "\ntasks (table order, interleaved by auto-op-parallel; (op N): the op list's op N):\n"
                                  : "\ntasks (program order):\n");
  for (const Instance& op : p.ops) {
    const CoreRange& r = p.ranges[op.index];
    os << "  [" << op.index << "] " << op.label << "  " << op.meta().origin << "\n      stream " << op.stream
       << ", blockDim " << op.meta().blockDim << ", " << ration(op.meta().taskRation);
    if (r.aicCount) os << ", AIC blocks " << range(r.aicBegin, r.aicCount);
    if (r.aivCount) os << ", AIV blocks " << range(r.aivBegin, r.aivCount);
    if (op.meta().earlyStartWait || op.meta().earlyStartSet)
      os << ", early start:" << (op.meta().earlyStartWait ? " wait" : "") << (op.meta().earlyStartSet ? " set" : "");
    os << "\n";
  }

  os << "\ntensors:\n";
  for (const Tensor& t : p.tensors) {
    os << "  " << t.name << "  " << sk::dtypeName(t.dtype) << "[";
    for (size_t i = 0; i < t.shape.size(); ++i) os << (i ? ", " : "") << t.shape[i];
    os << "], " << t.bytes << " bytes, " << tensorKindName(t.kind) << (t.keptAsOutput ? " (kept as output)" : "")
       << ": ";
    for (size_t i = 0; i < t.accesses.size(); ++i)
      os << (i ? ", " : "") << (t.accesses[i].write ? "written by " : "read by ") << "op " << t.accesses[i].op;
    os << "\n";
  }

  os << "\ndependencies:\n";
  if (p.edges.empty()) os << "  none: every task may run concurrently\n";
  for (const Edge& e : p.edges) {
    os << "  op " << e.from << " -> op " << e.to << ": ";
    for (size_t i = 0; i < e.reasons.size(); ++i) os << (i ? ", " : "") << e.reasons[i];
    os << "\n";
  }

  os << "\nmemory plan (SK workspace, 64-byte aligned):\n";
  for (const MemoryItem& m : p.memory) {
    os << "  [" << m.offset << ", " << m.offset + m.bytes << ")  " << m.what << ", " << m.bytes << " bytes";
    if (m.sharesWith) os << "; reuses the bytes of " << p.memory[*m.sharesWith].what << " (ordered by dependencies)";
    if (!m.shareable) os << "; never shared (an early-start task uses it)";
    os << "\n";
  }
  os << "  workspace: " << p.workspaceBytes << " bytes with reuse, " << p.workspaceBytesNoReuse << " without";
  if (p.profileBytes) os << "; + " << p.profileBytes << " bytes of profiling records at " << p.profileOffset;
  os << "\n";

  os << "\nparameters of " << p.name << ":\n";
  for (size_t i = 0; i < p.params.size(); ++i) {
    const subkernel::Param& q = p.params[i];
    os << "  p" << i << " " << q.name << ": " << subkernel::roleName(q.role) << (q.inout ? " (in-out)" : "") << ", "
       << q.bytes << " bytes\n";
  }
  if (!p.notes.empty()) {
    os << "\nnotes:\n";
    for (const std::string& n : p.notes) os << "  " << n << "\n";
  }
  return os.str();
}

}  // namespace sk::reuse
