// The "superKernel" section of <sk>.json (docs/sk_compile.md): parsed into SuperKernelSection with
// every field checked, against the SK's own params and instance count too, so the runtime,
// sk_run and the packager read a typed model and never meet a missing or wrongly typed field.
#include <algorithm>

#include "meta_reader.h"
#include "sk/task_table.h"
#include "sk/text.h"

namespace sk::subkernel::detail {

namespace {

// Reads the members of one JSON object at `path`: each getter checks presence and type.
class Fields {
 public:
  Fields(const MetaReader& r, const json& o, std::string path) : r_(r), o_(o), path_(std::move(path)) {}
  std::string at(const char* key) const { return path_ + "." + key; }

  llvm::Expected<const json*> get(const char* key, const char* what) const { return r_.required(o_, path_, key, what); }
  llvm::Expected<std::string> str(const char* key) const {
    auto v = get(key, "a string");
    if (!v) return v.takeError();
    return r_.string(**v, at(key));
  }
  llvm::Expected<std::string> identifier(const char* key) const {
    const char* what = "a C identifier";
    auto v = get(key, what);
    if (!v) return v.takeError();
    if (!(*v)->is_string() || !isCIdentifier((*v)->get<std::string>())) return r_.expected(at(key), what, **v);
    return (*v)->get<std::string>();
  }
  llvm::Expected<uint64_t> count(const char* key, uint64_t max = (uint64_t)kInt64Max) const {
    auto v = get(key, "an integer >= 0");
    if (!v) return v.takeError();
    std::string what = "an integer from 0 to " + std::to_string(max);
    auto n = r_.integer(**v, at(key), 0, (int64_t)max, what.c_str());
    if (!n) return n.takeError();
    return (uint64_t)*n;
  }
  llvm::Expected<bool> boolean(const char* key) const {
    auto v = get(key, "true or false");
    if (!v) return v.takeError();
    return r_.boolean(**v, at(key));
  }
  llvm::Expected<const json*> array(const char* key) const {
    auto v = get(key, "an array");
    if (!v) return v.takeError();
    if (!(*v)->is_array()) return r_.expected(at(key), "an array", **v);
    return *v;
  }
  llvm::Expected<std::vector<std::string>> strings(const char* key) const {
    auto v = array(key);
    if (!v) return v.takeError();
    std::vector<std::string> out;
    for (size_t i = 0; i < (*v)->size(); ++i) {
      auto s = r_.string((**v)[i], at(key) + "[" + std::to_string(i) + "]");
      if (!s) return s.takeError();
      out.push_back(std::move(*s));
    }
    return out;
  }
  // [begin, end] with begin <= end <= limit.
  llvm::Error range(const char* key, uint32_t limit, uint32_t& begin, uint32_t& end) const {
    std::string what = "[begin, end] with 0 <= begin <= end <= " + std::to_string(limit);
    auto v = get(key, what.c_str());
    if (!v) return v.takeError();
    const json& a = **v;
    if (!a.is_array() || a.size() != 2 || !a[0].is_number_unsigned() || !a[1].is_number_unsigned() ||
        a[0].get<uint64_t>() > a[1].get<uint64_t>() || a[1].get<uint64_t>() > limit)
      return r_.expected(at(key), what, a);
    begin = a[0].get<uint32_t>();
    end = a[1].get<uint32_t>();
    return llvm::Error::success();
  }

 private:
  const MetaReader& r_;
  const json& o_;
  std::string path_;
};

llvm::Expected<Fields> object(const MetaReader& r, const json& v, const std::string& path, const char* what) {
  if (!v.is_object()) return r.expected(path, what, v);
  return Fields(r, v, path);
}

// An op index: < the number of instances.
llvm::Expected<uint32_t> opIndex(const MetaReader& r, const json& v, const std::string& path, size_t ops) {
  std::string what = "an instance index from 0 to " + std::to_string(ops - 1);
  auto i = r.integer(v, path, 0, (int64_t)ops - 1, what.c_str());
  if (!i) return i.takeError();
  return (uint32_t)*i;
}

llvm::Error readArgs(const MetaReader& r, const Fields& f, const KernelMeta& m, SkInstance& inst) {
  auto args = f.array("args");
  if (!args) return args.takeError();
  if ((*args)->size() >= 64) return r.fail(f.at("args"), "more than 63 arguments (device ABI v1: N < 64)");
  for (size_t j = 0; j < (*args)->size(); ++j) {
    std::string path = f.at("args") + "[" + std::to_string(j) + "]";
    auto a = object(r, (**args)[j], path, "an object {\"param\", \"skParam\", \"offset\"}");
    if (!a) return a.takeError();
    SkArg arg;
    auto param = a->str("param");
    auto offset = a->count("offset");
    auto skParam = a->get("skParam", "the name of a parameter of this super kernel, or null");
    if (!param) return param.takeError();
    if (!offset) return offset.takeError();
    if (!skParam) return skParam.takeError();
    arg.param = *param;
    arg.offset = *offset;
    if (!(*skParam)->is_null()) {
      std::string name = (*skParam)->is_string() ? (*skParam)->get<std::string>() : "";
      auto p = std::find_if(m.params.begin(), m.params.end(), [&](const Param& q) { return q.name == name; });
      if (p == m.params.end()) return r.expected(a->at("skParam"), "the name of a parameter of this super kernel, or null", **skParam);
      if (arg.offset >= p->bytes)
        return r.fail(a->at("offset"), llvm::Twine(arg.offset) + " is past the end of '" + name + "' (" +
                                           llvm::Twine(p->bytes) + " bytes)");
      arg.skParam = (int32_t)(p - m.params.begin());
    }
    inst.args.push_back(std::move(arg));
  }
  return llvm::Error::success();
}

llvm::Error readKernelType(const MetaReader& r, const Fields& f, SkInstance& inst) {
  auto core = f.get("coreType", "one of AIV, AIC, MIX");
  auto ration = f.get("taskRation", "one of \"0:1\", \"1:0\", \"1:1\", \"1:2\"");
  if (!core) return core.takeError();
  if (!ration) return ration.takeError();
  std::optional<CoreType> c = (*core)->is_string() ? parseCoreType((*core)->get<std::string>()) : std::nullopt;
  if (!c) return r.expected(f.at("coreType"), "one of AIV, AIC, MIX", **core);
  std::optional<TaskRation> t = (*ration)->is_string() ? TaskRation::parse((*ration)->get<std::string>()) : std::nullopt;
  if (!t) return r.expected(f.at("taskRation"), "one of \"0:1\", \"1:0\", \"1:1\", \"1:2\"", **ration);
  if (t->kernelType() != *c)
    return r.fail(f.at("taskRation"), "\"" + t->str() + "\" contradicts coreType " + coreTypeName(*c));
  inst.coreType = *c;
  inst.taskRation = *t;
  return llvm::Error::success();
}

llvm::Error readInstance(const MetaReader& r, const json& v, size_t i, const KernelMeta& m, SkInstance& inst) {
  std::string path = "superKernel.instances[" + std::to_string(i) + "]";
  auto f = object(r, v, path, "an object describing one sub-kernel instance");
  if (!f) return f.takeError();
  auto index = f->count("index");
  if (!index) return index.takeError();
  if (*index != i) return r.fail(f->at("index"), llvm::Twine(*index) + ", expected " + llvm::Twine(i) + " (its position)");
  inst.index = (uint32_t)i;
  for (auto [key, out] : {std::pair{"label", &inst.label}, std::pair{"object", &inst.object},
                          std::pair{"metadata", &inst.metadata}}) {
    auto s = f->str(key);
    if (!s) return s.takeError();
    *out = std::move(*s);
  }
  for (auto [key, out] : {std::pair{"kernelName", &inst.kernelName}, std::pair{"symbol", &inst.symbol}}) {
    auto s = f->identifier(key);
    if (!s) return s.takeError();
    *out = std::move(*s);
  }
  auto stream = f->count("stream");
  auto blockDim = f->count("blockDim", UINT32_MAX);
  auto text = f->count("textBytes");
  if (!stream) return stream.takeError();
  if (!blockDim) return blockDim.takeError();
  if (!text) return text.takeError();
  if (*blockDim == 0) return r.fail(f->at("blockDim"), "must be at least 1");
  inst.stream = (int64_t)*stream;
  inst.blockDim = (uint32_t)*blockDim;
  inst.textBytes = *text;
  if (const json* key = MetaReader::member(v, "tilingKey")) {
    auto k = r.unsigned64(*key, f->at("tilingKey"), "an unsigned 64-bit integer (the sub-kernel's tilingKey)");
    if (!k) return k.takeError();
    inst.tilingKey = *k;
  }
  if (auto e = readKernelType(r, *f, inst)) return e;

  auto early = f->get("earlyStart", "an object {\"wait\": bool, \"set\": bool}");
  if (!early) return early.takeError();
  auto e = object(r, **early, f->at("earlyStart"), "an object {\"wait\": bool, \"set\": bool}");
  if (!e) return e.takeError();
  auto wait = e->boolean("wait"), set = e->boolean("set");
  if (!wait) return wait.takeError();
  if (!set) return set.takeError();
  inst.earlyStartWait = *wait;
  inst.earlyStartSet = *set;

  uint32_t aicBlocks = m.blockDim * m.taskRation.aic, aivBlocks = m.blockDim * m.taskRation.aiv;
  if (auto err = f->range("aicBlocks", aicBlocks, inst.aicBegin, inst.aicEnd)) return err;
  if (auto err = f->range("aivBlocks", aivBlocks, inst.aivBegin, inst.aivEnd)) return err;
  return readArgs(r, *f, m, inst);
}

llvm::Error readTensor(const MetaReader& r, const json& v, size_t i, size_t ops, SkTensor& t) {
  std::string path = "superKernel.tensors[" + std::to_string(i) + "]";
  auto f = object(r, v, path, "an object describing one tensor");
  if (!f) return f.takeError();
  auto name = f->str("name");
  if (!name) return name.takeError();
  t.name = *name;
  // dtype and shape read as a tensor param reads them.
  Param p;
  p.role = Role::Input;
  if (!v.contains("dtype") || !v.contains("shape"))
    return r.missing(path + (v.contains("dtype") ? ".shape" : ".dtype"), "the tensor's dtype and shape");
  auto dtype = parseDType(v["dtype"].is_string() ? v["dtype"].get<std::string>() : "");
  if (!dtype) return r.expected(f->at("dtype"), dtypeChoices(), v["dtype"]);
  auto bytes = f->count("bytes");
  if (!bytes) return bytes.takeError();
  const json& shape = v["shape"];
  uint64_t elements = 1;
  if (!shape.is_array() || shape.empty()) return r.expected(f->at("shape"), "a non-empty array of positive integers", shape);
  for (const json& d : shape) {
    if (!d.is_number_unsigned() || d.get<uint64_t>() == 0 || d.get<uint64_t>() > (uint64_t)kInt64Max ||
        __builtin_mul_overflow(elements, d.get<uint64_t>(), &elements) ||
        (unsigned __int128)elements * dtypeInfo(*dtype).bits > (unsigned __int128)~uint64_t(0) * 8)  // bytes past 64 bits
      return r.expected(f->at("shape"), "a non-empty array of positive integers", shape);
    t.shape.push_back(d.get<int64_t>());
  }
  uint64_t product = dtypeStorageBytes(*dtype, elements);
  if (product != *bytes)
    return r.fail(f->at("bytes"), llvm::Twine(*bytes) + " disagrees with dtype x shape = " + llvm::Twine(product));
  t.dtype = *dtype;
  t.bytes = *bytes;
  auto kind = f->str("kind");
  if (!kind) return kind.takeError();
  bool known = false;
  for (TensorKind k : {TensorKind::Input, TensorKind::Output, TensorKind::InOut, TensorKind::Intermediate})
    if (*kind == tensorKindName(k)) t.kind = k, known = true;
  if (!known) return r.expected(f->at("kind"), "one of input, output, in-out, intermediate", v["kind"]);
  auto accesses = f->array("accesses");
  if (!accesses) return accesses.takeError();
  for (size_t j = 0; j < (*accesses)->size(); ++j) {
    std::string apath = f->at("accesses") + "[" + std::to_string(j) + "]";
    auto a = object(r, (**accesses)[j], apath, "an object {\"op\", \"write\"}");
    if (!a) return a.takeError();
    auto op = a->get("op", "an instance index");
    auto write = a->boolean("write");
    if (!op) return op.takeError();
    if (!write) return write.takeError();
    auto index = opIndex(r, **op, a->at("op"), ops);
    if (!index) return index.takeError();
    t.accesses.push_back(SkAccess{*index, *write});
  }
  return llvm::Error::success();
}

llvm::Error readDependency(const MetaReader& r, const json& v, size_t i, size_t ops, SkDependency& d) {
  std::string path = "superKernel.dependencies[" + std::to_string(i) + "]";
  auto f = object(r, v, path, "an object {\"from\", \"to\", \"reasons\"}");
  if (!f) return f.takeError();
  auto from = f->get("from", "an instance index"), to = f->get("to", "an instance index");
  if (!from) return from.takeError();
  if (!to) return to.takeError();
  auto a = opIndex(r, **from, f->at("from"), ops), b = opIndex(r, **to, f->at("to"), ops);
  if (!a) return a.takeError();
  if (!b) return b.takeError();
  if (*a >= *b) return r.fail(path, "from (" + llvm::Twine(*a) + ") must come before to (" + llvm::Twine(*b) + ") in program order");
  auto reasons = f->strings("reasons");
  if (!reasons) return reasons.takeError();
  d = SkDependency{*a, *b, std::move(*reasons)};
  return llvm::Error::success();
}

llvm::Error readMemoryItem(const MetaReader& r, const json& v, const std::string& path, size_t ops, uint64_t workspace,
                           SkMemoryItem& item) {
  auto f = object(r, v, path, "an object describing one workspace item");
  if (!f) return f.takeError();
  auto what = f->str("what");
  auto offset = f->count("offset"), bytes = f->count("bytes");
  auto shareable = f->boolean("shareable");
  auto users = f->array("users");
  if (!what) return what.takeError();
  if (!offset) return offset.takeError();
  if (!bytes) return bytes.takeError();
  if (!shareable) return shareable.takeError();
  if (!users) return users.takeError();
  if (*offset > workspace || *bytes > workspace - *offset)
    return r.fail(path, "[" + llvm::Twine(*offset) + ", +" + llvm::Twine(*bytes) + ") runs past workspaceBytes " +
                            llvm::Twine(workspace));
  item = SkMemoryItem{*what, *offset, *bytes, {}, *shareable, ""};
  for (size_t j = 0; j < (*users)->size(); ++j) {
    auto u = opIndex(r, (**users)[j], f->at("users") + "[" + std::to_string(j) + "]", ops);
    if (!u) return u.takeError();
    item.users.push_back(*u);
  }
  if (const json* with = MetaReader::member(v, "sharesBytesWith")) {
    auto s = r.string(*with, f->at("sharesBytesWith"));
    if (!s) return s.takeError();
    item.sharesBytesWith = *s;
  }
  return llvm::Error::success();
}

llvm::Error readMemoryPlan(const MetaReader& r, const Fields& sk, const KernelMeta& m, size_t ops, SkMemoryPlan& plan) {
  auto v = sk.get("memoryPlan", "an object");
  if (!v) return v.takeError();
  auto f = object(r, **v, sk.at("memoryPlan"), "an object");
  if (!f) return f.takeError();
  auto ws = f->count("workspaceBytes"), noReuse = f->count("workspaceBytesWithoutReuse");
  auto profOffset = f->count("profileOffset"), profBytes = f->count("profileBytes");
  auto items = f->array("items");
  if (!ws) return ws.takeError();
  if (!noReuse) return noReuse.takeError();
  if (!profOffset) return profOffset.takeError();
  if (!profBytes) return profBytes.takeError();
  if (!items) return items.takeError();
  uint64_t wsParam = 0;
  for (const Param& p : m.params)
    if (p.role == Role::Workspace) wsParam = p.bytes;
  if (*profOffset > wsParam || *profBytes > wsParam - *profOffset)
    return r.fail(f->at("profileBytes"), "the profile area [" + llvm::Twine(*profOffset) + ", +" + llvm::Twine(*profBytes) +
                                             ") runs past the workspace param (" + llvm::Twine(wsParam) + " bytes)");
  plan = SkMemoryPlan{*ws, *noReuse, *profOffset, *profBytes, {}};
  for (size_t i = 0; i < (*items)->size(); ++i) {
    SkMemoryItem item;
    if (auto e = readMemoryItem(r, (**items)[i], f->at("items") + "[" + std::to_string(i) + "]", ops, *ws, item)) return e;
    plan.items.push_back(std::move(item));
  }
  return llvm::Error::success();
}

// The SK's params are what its plan says: each input and output is one of its tensors (same
// dtype and shape; in-out inputs are the in-out tensors), and the workspace holds the memory
// plan and the profile area.
llvm::Error checkParams(const MetaReader& r, const KernelMeta& m, const SuperKernelSection& sk) {
  for (size_t i = 0; i < m.params.size(); ++i) {
    const Param& p = m.params[i];
    std::string path = "params[" + std::to_string(i) + "]";
    if (p.role == Role::Workspace) {
      uint64_t need = std::max(sk.memoryPlan.workspaceBytes, sk.memoryPlan.profileOffset + sk.memoryPlan.profileBytes);
      if (p.bytes < need)
        return r.fail(path + ".bytes", llvm::Twine(p.bytes) + " bytes, but the memory plan needs " + llvm::Twine(need));
      continue;
    }
    if (!p.isTensor()) continue;
    auto t = std::find_if(sk.tensors.begin(), sk.tensors.end(), [&](const SkTensor& x) { return x.name == p.name; });
    if (t == sk.tensors.end())
      return r.fail(path, "'" + p.name + "' is not one of superKernel.tensors: the params and the plan disagree");
    bool kindOk = p.role == Role::Output ? t->kind == TensorKind::Output
                                         : (p.inout ? t->kind == TensorKind::InOut : t->kind == TensorKind::Input);
    if (t->dtype != p.dtype || t->shape != p.shape || !kindOk)
      return r.fail(path, "'" + p.name + "' is " + dtypeName(p.dtype) + " " + roleName(p.role) +
                              (p.inout ? " (in-out)" : "") + " here but " + tensorKindName(t->kind) + " " +
                              dtypeName(t->dtype) + " in superKernel.tensors: the params and the plan disagree");
  }
  for (const SkTensor& t : sk.tensors) {
    if (t.kind == TensorKind::Intermediate) continue;
    if (std::none_of(m.params.begin(), m.params.end(), [&](const Param& p) { return p.name == t.name; }))
      return r.fail("superKernel.tensors", "the " + std::string(tensorKindName(t.kind)) + " tensor '" + t.name +
                                               "' has no parameter of the super kernel");
  }
  return llvm::Error::success();
}

// Reads each element of the array `key` with `one`.
template <typename T, typename F>
llvm::Error readList(const Fields& f, const char* key, std::vector<T>& out, F one) {
  auto list = f.array(key);
  if (!list) return list.takeError();
  out.resize((*list)->size());
  for (size_t i = 0; i < out.size(); ++i)
    if (auto e = one((**list)[i], i, out[i])) return e;
  return llvm::Error::success();
}

}  // namespace

llvm::Error readSuperKernel(const MetaReader& r, const json& section, KernelMeta& m) {
  auto f = object(r, section, "superKernel", "an object (the fusion plan sk_compile wrote)");
  if (!f) return f.takeError();
  auto version = f->get("version", "1");
  if (!version) return version.takeError();
  if (!((*version)->is_number_integer() && (*version)->get<int64_t>() == 1))
    return r.expected("superKernel.version", "1 (the only version this build reads)", **version);
  SuperKernelSection sk;
  auto arch = f->str("arch"), options = f->str("options");
  if (!arch) return arch.takeError();
  if (!options) return options.takeError();
  sk.arch = *arch;
  sk.options = *options;
  auto instances = f->array("instances");
  if (!instances) return instances.takeError();
  size_t ops = (*instances)->size();
  if (ops == 0 || ops > SK_MAX_TASKS)
    return r.fail("superKernel.instances", llvm::Twine(ops) + " instances, expected 1 to " + llvm::Twine(SK_MAX_TASKS));
  if (auto e = readList(*f, "instances", sk.instances, [&](const json& v, size_t i, SkInstance& out) {
        return readInstance(r, v, i, m, out);
      }))
    return e;
  if (auto e = readList(*f, "tensors", sk.tensors, [&](const json& v, size_t i, SkTensor& out) {
        return readTensor(r, v, i, ops, out);
      }))
    return e;
  if (auto e = readList(*f, "dependencies", sk.dependencies, [&](const json& v, size_t i, SkDependency& out) {
        return readDependency(r, v, i, ops, out);
      }))
    return e;
  if (auto e = readMemoryPlan(r, *f, m, ops, sk.memoryPlan)) return e;
  auto notes = f->strings("notes");
  if (!notes) return notes.takeError();
  sk.notes = std::move(*notes);
  if (auto e = checkParams(r, m, sk)) return e;
  m.superKernel = std::move(sk);
  return llvm::Error::success();
}

}  // namespace sk::subkernel::detail
