// Kernel metadata v1 (DESIGN §4, docs/metadata.md): parse, validate, write back.
//
// Every rejection is an InputError "<origin>: <field path>: <what was expected>", so the user
// can find the field and knows what to write there.
#include <cctype>
#include <cstdint>
#include <limits>
#include <set>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/json_io.h"
#include "sk/text.h"
#include "sk/subkernel.h"

namespace sk::subkernel {

using nlohmann::json;

const char* roleName(Role r) {
  switch (r) {
    case Role::Input: return "input";
    case Role::Output: return "output";
    case Role::Workspace: return "workspace";
    case Role::Tiling: return "tiling";
  }
  return "?";
}

bool operator==(const Param& a, const Param& b) {
  return a.name == b.name && a.role == b.role && a.dtype == b.dtype && a.shape == b.shape &&
         a.bytes == b.bytes && a.data == b.data;
}

bool operator==(const KernelMeta& a, const KernelMeta& b) {
  return a.version == b.version && a.kernelName == b.kernelName && a.binFileName == b.binFileName &&
         a.binFileSuffix == b.binFileSuffix && a.coreType == b.coreType &&
         a.taskRation == b.taskRation && a.blockDim == b.blockDim && a.params == b.params &&
         a.earlyStartWait == b.earlyStartWait && a.earlyStartSet == b.earlyStartSet &&
         a.intercoreSync == b.intercoreSync && a.streamId == b.streamId &&
         a.sendEvents == b.sendEvents && a.recvEvents == b.recvEvents && a.sha256 == b.sha256;
}

namespace {

constexpr size_t kMaxParams = 63;  // params must have fewer than 64 entries (DESIGN §3: N < 64)
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

std::string describe(const json& v) { return sk::describeJson(v); }

// Reads the fields of one metadata document. Each getter returns the value or an InputError
// naming origin and the field path.
class MetaReader {
 public:
  explicit MetaReader(const std::string& origin) : origin_(origin) {}

  llvm::Error fail(const std::string& path, const llvm::Twine& what) const {
    return sk::inputError(origin_ + ": " + path + ": " + what);
  }
  llvm::Error expected(const std::string& path, const llvm::Twine& what, const json& got) const {
    return fail(path, "expected " + what + ", got " + describe(got));
  }
  llvm::Error missing(const std::string& path, const llvm::Twine& what) const {
    return fail(path, "missing (required), expected " + what);
  }

  // An integer in [lo, hi]; `what` describes the expectation ("an integer >= 1").
  llvm::Expected<int64_t> integer(const json& v, const std::string& path, int64_t lo, int64_t hi,
                                  const char* what) const {
    if (v.is_number_unsigned()) {
      uint64_t u = v.get<uint64_t>();
      if (u <= static_cast<uint64_t>(hi) && static_cast<int64_t>(u) >= lo) return static_cast<int64_t>(u);
    } else if (v.is_number_integer()) {
      int64_t i = v.get<int64_t>();
      if (i >= lo && i <= hi) return i;
    }
    return expected(path, what, v);
  }

  llvm::Expected<bool> boolean(const json& v, const std::string& path) const {
    if (!v.is_boolean()) return expected(path, "true or false", v);
    return v.get<bool>();
  }

  llvm::Expected<std::vector<int64_t>> eventList(const json& v, const std::string& path) const {
    if (!v.is_array()) return expected(path, "an array of event ids (integers >= 0)", v);
    std::vector<int64_t> out;
    for (size_t i = 0; i < v.size(); ++i) {
      auto e = integer(v[i], path + "[" + std::to_string(i) + "]", 0, kInt64Max, "an event id (integer >= 0)");
      if (!e) return e.takeError();
      out.push_back(*e);
    }
    return out;
  }

  llvm::Error readParam(const json& p, const std::string& path, Param& out) const;
  llvm::Error readMeta(const json& doc, KernelMeta& m) const;

 private:
  const std::string& origin_;
};

llvm::Error MetaReader::readParam(const json& p, const std::string& path, Param& out) const {
  if (!p.is_object())
    return expected(path, "an object {\"name\", \"role\", ...}", p);

  auto name = p.find("name");
  if (name == p.end()) return missing(path + ".name", "a non-empty string");
  if (!name->is_string() || name->get<std::string>().empty())
    return expected(path + ".name", "a non-empty string", *name);
  out.name = name->get<std::string>();

  auto role = p.find("role");
  if (role == p.end()) return missing(path + ".role", "one of input, output, workspace, tiling");
  std::string roleStr = role->is_string() ? role->get<std::string>() : "";
  if (roleStr == "input") out.role = Role::Input;
  else if (roleStr == "output") out.role = Role::Output;
  else if (roleStr == "workspace") out.role = Role::Workspace;
  else if (roleStr == "tiling") out.role = Role::Tiling;
  else return expected(path + ".role", "one of input, output, workspace, tiling", *role);

  std::optional<uint64_t> givenBytes;
  if (auto b = p.find("bytes"); b != p.end()) {
    auto v = integer(*b, path + ".bytes", 0, kInt64Max, "a byte count (integer >= 0)");
    if (!v) return v.takeError();
    givenBytes = static_cast<uint64_t>(*v);
  }

  if (out.isTensor()) {
    auto dtype = p.find("dtype");
    const char* dtypes = dtypeChoices().c_str();
    if (dtype == p.end())
      return missing(path + ".dtype", llvm::Twine(dtypes) + " (input and output params are tensors)");
    std::optional<DType> d = dtype->is_string() ? parseDType(dtype->get<std::string>()) : std::nullopt;
    if (!d) return expected(path + ".dtype", dtypes, *dtype);
    out.dtype = *d;

    const char* shapeWhat = "a non-empty array of positive integers";
    auto shape = p.find("shape");
    if (shape == p.end())
      return missing(path + ".shape", llvm::Twine(shapeWhat) + " (input and output params are tensors)");
    if (!shape->is_array() || shape->empty()) return expected(path + ".shape", shapeWhat, *shape);
    uint64_t bytes = dtypeBytes(out.dtype);
    for (const json& dim : *shape) {
      bool positive = dim.is_number_unsigned() ? dim.get<uint64_t>() >= 1 &&
                                                     dim.get<uint64_t>() <= static_cast<uint64_t>(kInt64Max)
                                               : dim.is_number_integer() && dim.get<int64_t>() >= 1;
      if (!positive) return expected(path + ".shape", shapeWhat, *shape);
      int64_t extent = dim.get<int64_t>();
      out.shape.push_back(extent);
      if (__builtin_mul_overflow(bytes, static_cast<uint64_t>(extent), &bytes) ||
          bytes > static_cast<uint64_t>(kInt64Max))
        return fail(path + ".shape", "dtype " + llvm::Twine(dtypeName(out.dtype)) + " x shape " +
                                         describe(*shape) + " overflows a 64-bit byte count");
    }
    out.bytes = bytes;
    if (givenBytes && *givenBytes != out.bytes)
      return fail(path + ".bytes", llvm::Twine(*givenBytes) + " disagrees with dtype " +
                                       dtypeName(out.dtype) + " x shape " + describe(*shape) +
                                       " = " + llvm::Twine(out.bytes) +
                                       " bytes: fix the shape or drop \"bytes\"");
    return llvm::Error::success();
  }

  if (!givenBytes)
    return missing(path + ".bytes", llvm::Twine("a byte count (integer >= 0) for a ") + roleName(out.role) +
                                        " param");
  out.bytes = *givenBytes;

  if (out.role == Role::Tiling) {
    if (auto data = p.find("data"); data != p.end()) {
      const char* what = "a hex string of the tiling bytes (two hex digits per byte)";
      if (!data->is_string()) return expected(path + ".data", what, *data);
      const std::string& hex = data->get_ref<const std::string&>();
      if (hex.size() % 2 != 0)
        return fail(path + ".data", llvm::Twine("expected ") + what + ", got an odd number of digits (" +
                                        llvm::Twine(hex.size()) + ")");
      for (size_t i = 0; i < hex.size(); ++i)
        if (!std::isxdigit(static_cast<unsigned char>(hex[i])))
          return fail(path + ".data", llvm::Twine("expected ") + what + ", got '" + llvm::Twine(hex[i]) +
                                          "' at position " + llvm::Twine(i));
      std::string decoded = llvm::fromHex(hex);
      if (decoded.size() != out.bytes)
        return fail(path + ".data", llvm::Twine(decoded.size()) + " bytes of hex but bytes is " +
                                        llvm::Twine(out.bytes) + ": expected exactly " +
                                        llvm::Twine(out.bytes * 2) + " hex digits");
      out.data.assign(decoded.begin(), decoded.end());
    }
  }
  return llvm::Error::success();
}

llvm::Error MetaReader::readMeta(const json& doc, KernelMeta& m) const {
  if (!doc.is_object())
    return sk::inputError(origin_ + ": expected a JSON object with the kernel metadata (DESIGN §4), got " +
                          describe(doc));
  auto find = [&](const char* key) -> const json* {
    auto it = doc.find(key);
    return it == doc.end() ? nullptr : &*it;
  };

  // Required fields.
  const json* v = find("version");
  if (!v) return missing("version", "1");
  if (!(v->is_number_integer() && v->get<int64_t>() == 1))
    return expected("version", "1 (the only metadata version this build reads)", *v);
  m.version = 1;

  v = find("kernelName");
  const char* kernelNameWhat = "a non-empty C identifier (the entry symbol)";
  if (!v) return missing("kernelName", kernelNameWhat);
  if (!v->is_string() || !sk::isCIdentifier(v->get<std::string>())) return expected("kernelName", kernelNameWhat, *v);
  m.kernelName = v->get<std::string>();

  v = find("coreType");
  if (!v) return missing("coreType", "one of AIV, AIC, MIX");
  std::string core = v->is_string() ? v->get<std::string>() : "";
  if (core == "AIV") m.coreType = CoreType::AIV;
  else if (core == "AIC") m.coreType = CoreType::AIC;
  else if (core == "MIX") m.coreType = CoreType::MIX;
  else return expected("coreType", "one of AIV, AIC, MIX", *v);

  v = find("blockDim");
  if (!v) return missing("blockDim", "an integer >= 1");
  auto blockDim = integer(*v, "blockDim", 1, std::numeric_limits<uint32_t>::max(), "an integer >= 1");
  if (!blockDim) return blockDim.takeError();
  m.blockDim = static_cast<uint32_t>(*blockDim);

  v = find("params");
  if (!v) return missing("params", "an array of params (may be empty)");
  if (!v->is_array()) return expected("params", "an array of params", *v);
  if (v->size() > kMaxParams)
    return fail("params", llvm::Twine(v->size()) + " entries, expected fewer than 64 (the entry takes one " +
                              "uint8_t* per param)");
  std::set<std::string> names;
  for (size_t i = 0; i < v->size(); ++i) {
    std::string path = "params[" + std::to_string(i) + "]";
    Param p;
    if (auto err = readParam((*v)[i], path, p)) return err;
    if (!names.insert(p.name).second) {
      size_t first = 0;
      while (m.params[first].name != p.name) ++first;
      return fail(path + ".name", "duplicate name \"" + p.name + "\" (also params[" + llvm::Twine(first) +
                                      "].name): param names must be unique within a kernel");
    }
    m.params.push_back(std::move(p));
  }

  // taskRation: defaults from coreType; MIX must give 1:1 or 1:2.
  const char* rationWhat = "\"aic:aiv\", one of \"0:1\", \"1:0\", \"1:1\", \"1:2\"";
  v = find("taskRation");
  if (!v) {
    if (m.coreType == CoreType::MIX) return missing("taskRation", "\"1:1\" or \"1:2\" when coreType is MIX");
    m.taskRation = m.coreType == CoreType::AIV ? TaskRation{0, 1} : TaskRation{1, 0};
  } else {
    std::optional<TaskRation> r = v->is_string() ? TaskRation::parse(v->get<std::string>()) : std::nullopt;
    if (!r) return expected("taskRation", rationWhat, *v);
    if (m.coreType == CoreType::AIV && !(*r == TaskRation{0, 1}))
      return fail("taskRation", "\"" + r->str() + "\" contradicts coreType AIV: expected \"0:1\" (or omit it)");
    if (m.coreType == CoreType::AIC && !(*r == TaskRation{1, 0}))
      return fail("taskRation", "\"" + r->str() + "\" contradicts coreType AIC: expected \"1:0\" (or omit it)");
    if (m.coreType == CoreType::MIX && !(*r == TaskRation{1, 1} || *r == TaskRation{1, 2}))
      return fail("taskRation", "\"" + r->str() + "\" contradicts coreType MIX: expected \"1:1\" or \"1:2\"");
    m.taskRation = *r;
  }

  // Optional fields.
  v = find("binFileName");
  if (v && (!v->is_string() || v->get<std::string>().empty()))
    return expected("binFileName", "a non-empty string (default: kernelName)", *v);
  m.binFileName = v ? v->get<std::string>() : m.kernelName;

  v = find("binFileSuffix");
  if (v && !v->is_string()) return expected("binFileSuffix", "a string such as \".o\"", *v);
  m.binFileSuffix = v ? v->get<std::string>() : ".o";

  if ((v = find("earlyStart"))) {
    if (!v->is_object()) return expected("earlyStart", "an object {\"wait\": bool, \"set\": bool}", *v);
    if (auto w = v->find("wait"); w != v->end()) {
      auto b = boolean(*w, "earlyStart.wait");
      if (!b) return b.takeError();
      m.earlyStartWait = *b;
    }
    if (auto s = v->find("set"); s != v->end()) {
      auto b = boolean(*s, "earlyStart.set");
      if (!b) return b.takeError();
      m.earlyStartSet = *b;
    }
  }

  if ((v = find("intercoreSync"))) {
    auto b = boolean(*v, "intercoreSync");
    if (!b) return b.takeError();
    m.intercoreSync = *b;
  }

  if ((v = find("streamId"))) {
    auto s = integer(*v, "streamId", 0, kInt64Max, "a stream id (integer >= 0)");
    if (!s) return s.takeError();
    m.streamId = *s;
  }

  if ((v = find("sendEvents"))) {
    auto e = eventList(*v, "sendEvents");
    if (!e) return e.takeError();
    m.sendEvents = std::move(*e);
  }
  if ((v = find("recvEvents"))) {
    auto e = eventList(*v, "recvEvents");
    if (!e) return e.takeError();
    m.recvEvents = std::move(*e);
  }

  if ((v = find("sha256"))) {
    const char* what = "64 hex digits (SHA-256 of the .o)";
    if (!v->is_string()) return expected("sha256", what, *v);
    std::string s = v->get<std::string>();
    if (s.size() != 64) return expected("sha256", what, *v);
    for (char& c : s) {
      if (!std::isxdigit(static_cast<unsigned char>(c))) return expected("sha256", what, *v);
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    m.sha256 = s;
  }
  return llvm::Error::success();
}

}  // namespace

llvm::Expected<KernelMeta> parseMeta(const std::string& jsonText, const std::string& origin) {
  auto doc = sk::parseJson(jsonText, origin);
  if (!doc) return doc.takeError();
  KernelMeta m;
  m.origin = origin;
  if (auto err = MetaReader(origin).readMeta(*doc, m)) return err;
  m.raw = std::move(*doc);
  return m;
}

llvm::Expected<KernelMeta> readMeta(const std::string& path) {
  auto text = sk::readFile(path, sk::kMaxJsonBytes, "kernel metadata");
  if (!text) return text.takeError();
  return parseMeta(*text, path);
}

json metaToJson(const KernelMeta& m) {
  json out = m.raw.is_object() ? m.raw : json::object();
  out["version"] = m.version;
  out["kernelName"] = m.kernelName;
  out["binFileName"] = m.binFileName;
  out["binFileSuffix"] = m.binFileSuffix;
  out["coreType"] = coreTypeName(m.coreType);
  out["taskRation"] = m.taskRation.str();
  out["blockDim"] = m.blockDim;

  // Unknown fields of a param are kept by matching the param's name in raw.
  const json* rawParams = nullptr;
  if (auto it = out.find("params"); it != out.end() && it->is_array()) rawParams = &*it;
  json params = json::array();
  for (const Param& p : m.params) {
    json jp = json::object();
    if (rawParams)
      for (const json& rp : *rawParams)
        if (rp.is_object() && rp.value("name", json()) == p.name) {
          jp = rp;
          break;
        }
    jp["name"] = p.name;
    jp["role"] = roleName(p.role);
    if (p.isTensor()) {
      jp["dtype"] = dtypeName(p.dtype);
      jp["shape"] = p.shape;
      uint64_t bytes = dtypeBytes(p.dtype);
      for (int64_t d : p.shape) bytes *= static_cast<uint64_t>(d);
      jp["bytes"] = bytes;
    } else {
      jp["bytes"] = p.bytes;
    }
    if (p.role == Role::Tiling) {
      if (p.data.empty())
        jp.erase("data");
      else
        jp["data"] = llvm::toHex(p.data, /*LowerCase=*/true);
    }
    params.push_back(std::move(jp));
  }
  out["params"] = std::move(params);

  json early = out.contains("earlyStart") && out["earlyStart"].is_object() ? out["earlyStart"] : json::object();
  early["wait"] = m.earlyStartWait;
  early["set"] = m.earlyStartSet;
  out["earlyStart"] = std::move(early);
  out["intercoreSync"] = m.intercoreSync;
  out["streamId"] = m.streamId;
  out["sendEvents"] = m.sendEvents;
  out["recvEvents"] = m.recvEvents;
  if (m.sha256.empty())
    out.erase("sha256");
  else
    out["sha256"] = m.sha256;
  return out;
}

}  // namespace sk::subkernel
