#include "sk/super_kernel.h"

#include <cstdio>
#include <cstring>
#include <thread>

#include "sk/error.h"
#include "sk/text.h"
#include "sk/subkernel.h"
#include "sk/task_table.h"

// cmake/EmbedBinary.cmake (lib/linker/CMakeLists.txt)
extern const unsigned char sk_interpreter_object[];
extern const std::size_t sk_interpreter_object_size;

namespace sk::linker {

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

const char* coreTypeOf(const sk::TaskRation& r) { return r.aic == 0 ? "AIV" : r.aiv == 0 ? "AIC" : "MIX"; }

// ---- <sk>.json, written directly into one buffer: one line per instance, tensor, dependency
// and memory item, so a thousand-op super kernel stays readable and quick to write. ----------

class JsonOut {
 public:
  std::string text;

  JsonOut& raw(const char* s) {
    text += s;
    return *this;
  }
  JsonOut& str(const std::string& s) {
    text += '"';
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') {
        text += '\\';
        text += (char)c;
      } else if (c < 0x20) {
        char b[8];
        std::snprintf(b, sizeof b, "\\u%04x", c);
        text += b;
      } else {
        text += (char)c;
      }
    }
    text += '"';
    return *this;
  }
  JsonOut& num(uint64_t v) { return digits(v, false); }
  JsonOut& num(int64_t v) { return v < 0 ? digits((uint64_t)-v, true) : digits((uint64_t)v, false); }
  JsonOut& boolean(bool b) { return raw(b ? "true" : "false"); }
  JsonOut& hex(const std::vector<uint8_t>& bytes) {
    static const char* d = "0123456789abcdef";
    text += '"';
    for (uint8_t b : bytes) {
      text += d[b >> 4];
      text += d[b & 15];
    }
    text += '"';
    return *this;
  }
  // Members of a one-line object: key(...) writes the separator and "key": .
  JsonOut& key(const char* k, bool first = false) {
    if (!first) text += ", ";
    text += '"';
    text += k;
    text += "\": ";
    return *this;
  }
  template <typename Seq, typename F> JsonOut& list(const Seq& seq, F each) {
    text += '[';
    bool first = true;
    for (const auto& x : seq) {
      if (!first) text += ", ";
      first = false;
      each(*this, x);
    }
    text += ']';
    return *this;
  }
  // "key": [ one element per line ], each written by `each`.
  template <typename F> void block(const char* k, size_t n, const char* indent, bool last, F each) {
    text += indent;
    key(k, true);
    text += '[';
    for (size_t i = 0; i < n; ++i) {
      text += i ? ",\n" : "\n";
      text += indent;
      text += "  ";
      each(i);
    }
    if (n) {
      text += '\n';
      text += indent;
    }
    text += last ? "]\n" : "],\n";
  }

 private:
  JsonOut& digits(uint64_t v, bool negative) {
    char b[24];
    int n = 0;
    do b[n++] = (char)('0' + v % 10);
    while (v /= 10);
    if (negative) text += '-';
    while (n) text += b[--n];
    return *this;
  }
};

void paramJson(JsonOut& o, const reuse::SkParam& p) {
  o.raw("{").key("name", true).str(p.name).key("role").str(subkernel::roleName(p.role));
  if (p.role == subkernel::Role::Input || p.role == subkernel::Role::Output) {
    o.key("dtype").str(sk::dtypeName(p.dtype)).key("shape");
    o.list(p.shape, [](JsonOut& j, int64_t d) { j.num(d); });
    if (p.inout) o.key("inout").boolean(true);  // one buffer: read as an input, written back as an output
  } else {
    o.key("bytes").num(p.bytes);
    if (p.role == subkernel::Role::Tiling) o.key("data").hex(p.data);
  }
  o.raw("}");
}

void instanceJson(JsonOut& o, const Plan& p, size_t i) {
  const reuse::Instance& op = p.ops[i];
  const auto& m = op.meta();
  const reuse::CoreRange& r = p.ranges[i];
  o.raw("{").key("index", true).num((uint64_t)i).key("label").str(op.label).key("kernelName").str(m.kernelName);
  o.key("symbol").str(instanceSymbol(p.name, (uint32_t)i, m.kernelName)).key("object").str(op.kernel->objectPath);
  o.key("metadata").str(m.origin).key("stream").num(op.stream).key("blockDim").num((uint64_t)m.blockDim);
  o.key("coreType").str(sk::coreTypeName(m.coreType)).key("taskRation").str(m.taskRation.str());
  o.key("earlyStart").raw("{").key("wait", true).boolean(m.earlyStartWait).key("set").boolean(m.earlyStartSet).raw("}");
  o.key("aicBlocks").raw("[").num((uint64_t)r.aicBegin).raw(", ").num((uint64_t)(r.aicBegin + r.aicCount)).raw("]");
  o.key("aivBlocks").raw("[").num((uint64_t)r.aivBegin).raw(", ").num((uint64_t)(r.aivBegin + r.aivCount)).raw("]");
  o.key("textBytes").num((uint64_t)op.textBytes).key("args").raw("[");
  for (size_t j = 0; j < m.params.size(); ++j) {
    const reuse::TaskArg& a = p.args[i][j];
    if (j) o.raw(", ");
    o.raw("{").key("param", true).str(m.params[j].name).key("skParam");
    if (a.param < 0) o.raw("null");
    else o.str(p.params[a.param].name);
    o.key("offset").num(a.offset).raw("}");
  }
  o.raw("]}");
}

std::string metadataText(const Plan& p, const std::string& sha256) {
  JsonOut o;
  o.text.reserve(4096 + 1024 * p.ops.size() + 256 * (p.tensors.size() + p.edges.size() + p.memory.size()));
  o.raw("{\n  ").key("version", true).num((uint64_t)1).raw(",\n  ").key("kernelName", true).str(p.name);
  o.raw(",\n  ").key("binFileName", true).str(p.name).raw(",\n  ").key("binFileSuffix", true).str(".o");
  o.raw(",\n  ").key("coreType", true).str(coreTypeOf(p.ration)).raw(",\n  ").key("taskRation", true).str(p.ration.str());
  o.raw(",\n  ").key("blockDim", true).num((uint64_t)p.blockDim).raw(",\n");
  o.block("params", p.params.size(), "  ", false, [&](size_t i) { paramJson(o, p.params[i]); });
  o.raw("  \"earlyStart\": {\"wait\": false, \"set\": false},\n  \"intercoreSync\": false,\n  \"streamId\": 0,\n"
        "  \"sendEvents\": [],\n  \"recvEvents\": [],\n  ");
  o.key("sha256", true).str(sha256).raw(",\n  \"superKernel\": {\n    \"version\": 1,\n    ");
  o.key("arch", true).str(p.arch.name).raw(",\n    ").key("options", true).str(p.options.text()).raw(",\n");
  o.block("instances", p.ops.size(), "    ", false, [&](size_t i) { instanceJson(o, p, i); });
  o.block("tensors", p.tensors.size(), "    ", false, [&](size_t i) {
    const reuse::Tensor& t = p.tensors[i];
    o.raw("{").key("name", true).str(t.name).key("dtype").str(sk::dtypeName(t.dtype)).key("shape");
    o.list(t.shape, [](JsonOut& j, int64_t d) { j.num(d); });
    o.key("bytes").num(t.bytes).key("kind").str(reuse::tensorKindName(t.kind)).key("accesses");
    o.list(t.accesses, [](JsonOut& j, const reuse::Access& a) {
      j.raw("{").key("op", true).num((uint64_t)a.op).key("write").boolean(a.write).raw("}");
    });
    o.raw("}");
  });
  o.block("dependencies", p.edges.size(), "    ", false, [&](size_t i) {
    const reuse::Edge& e = p.edges[i];
    o.raw("{").key("from", true).num((uint64_t)e.from).key("to").num((uint64_t)e.to).key("reasons");
    o.list(e.reasons, [](JsonOut& j, const std::string& r) { j.str(r); });
    o.raw("}");
  });
  o.raw("    \"memoryPlan\": {\n      ").key("workspaceBytes", true).num(p.workspaceBytes);
  o.raw(",\n      ").key("workspaceBytesWithoutReuse", true).num(p.workspaceBytesNoReuse);
  o.raw(",\n      ").key("profileOffset", true).num(p.profileOffset);
  o.raw(",\n      ").key("profileBytes", true).num(p.profileBytes).raw(",\n");
  o.block("items", p.memory.size(), "      ", true, [&](size_t i) {
    const reuse::MemoryItem& m = p.memory[i];
    o.raw("{").key("what", true).str(m.what).key("offset").num(m.offset).key("bytes").num(m.bytes).key("users");
    o.list(m.users, [](JsonOut& j, uint32_t u) { j.num((uint64_t)u); });
    o.key("shareable").boolean(m.shareable);
    if (m.sharesWith) o.key("sharesBytesWith").str(p.memory[*m.sharesWith].what);
    o.raw("}");
  });
  o.raw("    },\n");
  o.block("notes", p.notes.size(), "    ", true, [&](size_t i) { o.str(p.notes[i]); });
  o.raw("  }\n}\n");
  return std::move(o.text);
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

  // The metadata does not depend on the object but for its hash: write it on a second thread
  // while the object is linked and hashed, and fill the hash in at the end.
  SuperKernel sk;
  const std::string placeholder(64, '0');
  std::thread writer([&] { sk.metadata = metadataText(p, placeholder); });
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
  return sk;
}

}  // namespace sk::linker
