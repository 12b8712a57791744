// writeMeta: the one writer of metadata v1, superKernel section included. Text is built directly
// into one buffer, one line per param, instance, tensor, dependency and memory item, so a
// thousand-instance <sk>.json stays readable and takes milliseconds to write.
#include <cstdio>
#include <set>

#include "sk/subkernel.h"
#include "sk/text.h"

namespace sk::subkernel {

namespace {

using nlohmann::json;

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
  JsonOut& num(int64_t v) { return v < 0 ? digits(0 - (uint64_t)v, true) : digits((uint64_t)v, false); }
  JsonOut& num(uint32_t v) { return digits(v, false); }
  JsonOut& boolean(bool b) { return raw(b ? "true" : "false"); }
  JsonOut& value(const json& v) {
    text += v.dump(-1, ' ', false, json::error_handler_t::replace);
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
  // A member whose key came from input (escaped like any string).
  JsonOut& anyKey(const std::string& k, bool first = false) {
    if (!first) text += ", ";
    str(k);
    text += ": ";
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
  JsonOut& numbers(const std::vector<int64_t>& v) {
    return list(v, [](JsonOut& j, int64_t x) { j.num(x); });
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

// The members of `raw` (an object, or anything else: none) that are not in `known`.
template <typename F> void unknownMembers(const json& raw, const std::set<std::string>& known, F each) {
  if (!raw.is_object()) return;
  for (auto it = raw.begin(); it != raw.end(); ++it)
    if (!known.count(it.key())) each(it.key(), it.value());
}

const std::set<std::string> kParamKeys = {"name", "role", "dtype", "shape", "bytes", "data", "inout", "format"};
const std::set<std::string> kMetaKeys = {"version", "kernelName", "binFileName", "binFileSuffix", "coreType",
                                         "taskRation", "blockDim", "params", "earlyStart", "intercoreSync",
                                         "streamId", "sendEvents", "recvEvents", "sha256", "tilingKey",
                                         "superKernel"};

// The raw object of the param named `name` (unknown fields are kept per param).
const json* rawParam(const json& raw, const std::string& name) {
  if (!raw.is_object() || !raw.contains("params") || !raw["params"].is_array()) return nullptr;
  for (const json& p : raw["params"])
    if (p.is_object() && p.contains("name") && p["name"].is_string() && p["name"].get_ref<const std::string&>() == name)
      return &p;
  return nullptr;
}

void writeParam(JsonOut& o, const Param& p, const json& raw) {
  o.raw("{").key("name", true).str(p.name).key("role").str(roleName(p.role));
  if (p.isTensor()) {
    o.key("dtype").str(dtypeName(p.dtype)).key("shape").numbers(p.shape);
    if (p.inout) o.key("inout").boolean(true);  // one buffer: read as an input, written back as an output
    if (!p.format.empty()) o.key("format").str(p.format);
  } else {
    if (p.role == Role::Scalar && p.typed) o.key("dtype").str(dtypeName(p.dtype));
    o.key("bytes").num(p.bytes);
    if ((p.role == Role::Tiling || p.role == Role::Scalar) && !p.data.empty()) o.key("data").str(toHex(p.data));
  }
  if (const json* rp = rawParam(raw, p.name))
    unknownMembers(*rp, kParamKeys, [&](const std::string& k, const json& v) { o.anyKey(k).value(v); });
  o.raw("}");
}

void writeBlocks(JsonOut& o, const char* key, uint32_t begin, uint32_t end) {
  o.key(key).raw("[").num(begin).raw(", ").num(end).raw("]");
}

void writeInstance(JsonOut& o, const KernelMeta& sk, const SkInstance& in) {
  o.raw("{").key("index", true).num(in.index).key("label").str(in.label).key("kernelName").str(in.kernelName);
  o.key("symbol").str(in.symbol).key("object").str(in.object).key("metadata").str(in.metadata);
  o.key("stream").num(in.stream).key("blockDim").num(in.blockDim);
  o.key("coreType").str(coreTypeName(in.coreType)).key("taskRation").str(in.taskRation.str());
  o.key("earlyStart").raw("{").key("wait", true).boolean(in.earlyStartWait).key("set").boolean(in.earlyStartSet).raw("}");
  writeBlocks(o, "aicBlocks", in.aicBegin, in.aicEnd);
  writeBlocks(o, "aivBlocks", in.aivBegin, in.aivEnd);
  o.key("textBytes").num(in.textBytes);
  if (in.tilingKey) o.key("tilingKey").num(in.tilingKey);
  o.key("args");
  o.list(in.args, [&](JsonOut& j, const SkArg& a) {
    j.raw("{").key("param", true).str(a.param).key("skParam");
    if (a.skParam < 0) j.raw("null");
    else j.str(sk.params[a.skParam].name);
    j.key("offset").num(a.offset).raw("}");
  });
  o.raw("}");
}

void writeTensor(JsonOut& o, const SkTensor& t) {
  o.raw("{").key("name", true).str(t.name).key("dtype").str(dtypeName(t.dtype)).key("shape").numbers(t.shape);
  o.key("bytes").num(t.bytes).key("kind").str(tensorKindName(t.kind)).key("accesses");
  o.list(t.accesses, [](JsonOut& j, const SkAccess& a) {
    j.raw("{").key("op", true).num(a.op).key("write").boolean(a.write).raw("}");
  });
  o.raw("}");
}

void writeSuperKernel(JsonOut& o, const KernelMeta& m) {
  const SuperKernelSection& s = *m.superKernel;
  o.raw("  \"superKernel\": {\n    ").key("version", true).num((uint64_t)s.version).raw(",\n    ");
  o.key("arch", true).str(s.arch).raw(",\n    ").key("options", true).str(s.options).raw(",\n");
  o.block("instances", s.instances.size(), "    ", false, [&](size_t i) { writeInstance(o, m, s.instances[i]); });
  o.block("tensors", s.tensors.size(), "    ", false, [&](size_t i) { writeTensor(o, s.tensors[i]); });
  o.block("dependencies", s.dependencies.size(), "    ", false, [&](size_t i) {
    const SkDependency& d = s.dependencies[i];
    o.raw("{").key("from", true).num(d.from).key("to").num(d.to).key("reasons");
    o.list(d.reasons, [](JsonOut& j, const std::string& r) { j.str(r); });
    o.raw("}");
  });
  const SkMemoryPlan& mp = s.memoryPlan;
  o.raw("    \"memoryPlan\": {\n      ").key("workspaceBytes", true).num(mp.workspaceBytes);
  o.raw(",\n      ").key("workspaceBytesWithoutReuse", true).num(mp.workspaceBytesWithoutReuse);
  o.raw(",\n      ").key("profileOffset", true).num(mp.profileOffset);
  o.raw(",\n      ").key("profileBytes", true).num(mp.profileBytes).raw(",\n");
  o.block("items", mp.items.size(), "      ", true, [&](size_t i) {
    const SkMemoryItem& it = mp.items[i];
    o.raw("{").key("what", true).str(it.what).key("offset").num(it.offset).key("bytes").num(it.bytes).key("users");
    o.list(it.users, [](JsonOut& j, uint32_t u) { j.num(u); });
    o.key("shareable").boolean(it.shareable);
    if (!it.sharesBytesWith.empty()) o.key("sharesBytesWith").str(it.sharesBytesWith);
    o.raw("}");
  });
  o.raw("    },\n");
  o.block("notes", s.notes.size(), "    ", true, [&](size_t i) { o.str(s.notes[i]); });
  o.raw("  }\n");
}

}  // namespace

std::string writeMeta(const KernelMeta& m) {
  JsonOut o;
  size_t instances = m.superKernel ? m.superKernel->instances.size() : 0;
  o.text.reserve(2048 + 256 * m.params.size() + 1536 * instances);
  o.raw("{\n  ").key("version", true).num((uint64_t)m.version).raw(",\n  ").key("kernelName", true).str(m.kernelName);
  o.raw(",\n  ").key("binFileName", true).str(m.binFileName).raw(",\n  ").key("binFileSuffix", true).str(m.binFileSuffix);
  o.raw(",\n  ").key("coreType", true).str(coreTypeName(m.coreType));
  o.raw(",\n  ").key("taskRation", true).str(m.taskRation.str());
  o.raw(",\n  ").key("blockDim", true).num(m.blockDim).raw(",\n");
  o.block("params", m.params.size(), "  ", false, [&](size_t i) { writeParam(o, m.params[i], m.raw); });
  o.raw("  \"earlyStart\": {").key("wait", true).boolean(m.earlyStartWait).key("set").boolean(m.earlyStartSet);
  if (m.raw.is_object() && m.raw.contains("earlyStart"))
    unknownMembers(m.raw["earlyStart"], {"wait", "set"}, [&](const std::string& k, const json& v) { o.anyKey(k).value(v); });
  o.raw("},\n  ").key("intercoreSync", true).boolean(m.intercoreSync);
  o.raw(",\n  ").key("streamId", true).num(m.streamId);
  o.raw(",\n  ").key("sendEvents", true).numbers(m.sendEvents);
  o.raw(",\n  ").key("recvEvents", true).numbers(m.recvEvents);
  if (!m.sha256.empty()) o.raw(",\n  ").key("sha256", true).str(m.sha256);
  if (m.tilingKey) o.raw(",\n  ").key("tilingKey", true).num(m.tilingKey);
  unknownMembers(m.raw, kMetaKeys, [&](const std::string& k, const json& v) {
    o.raw(",\n  ").anyKey(k, true).value(v);
  });
  if (m.superKernel) {
    o.raw(",\n");
    writeSuperKernel(o, m);
  } else {
    o.raw("\n");
  }
  o.raw("}\n");
  return std::move(o.text);
}

}  // namespace sk::subkernel
