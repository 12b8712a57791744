// Kernel metadata v1 (docs/metadata.md): parse, validate, write back.
//
// Every rejection is an InputError "<origin>: <field path>: <what was expected>", so the user
// can find the field and knows what to write there.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <cstdint>
#include <limits>
#include <set>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/json_io.h"
#include "sk/text.h"
#include "sk/sim/float16.h"
#include "sk/subkernel.h"
#include "meta_reader.h"

namespace sk::subkernel {

using nlohmann::json;

const char* roleName(Role r) {
  switch (r) {
    case Role::Input: return "input";
    case Role::Output: return "output";
    case Role::Workspace: return "workspace";
    case Role::Tiling: return "tiling";
    case Role::Scalar: return "scalar";
  }
  return "?";
}

const char* tensorKindName(TensorKind k) {
  switch (k) {
    case TensorKind::Input: return "input";
    case TensorKind::Output: return "output";
    case TensorKind::InOut: return "in-out";
    case TensorKind::Intermediate: return "intermediate";
  }
  return "?";
}

bool operator==(const Param& a, const Param& b) {
  return a.name == b.name && a.role == b.role && a.dtype == b.dtype && a.shape == b.shape &&
         a.bytes == b.bytes && a.data == b.data && a.inout == b.inout && a.typed == b.typed &&
         a.format == b.format;
}

bool operator==(const KernelMeta& a, const KernelMeta& b) {
  return a.version == b.version && a.kernelName == b.kernelName && a.binFileName == b.binFileName &&
         a.binFileSuffix == b.binFileSuffix && a.coreType == b.coreType &&
         a.taskRation == b.taskRation && a.blockDim == b.blockDim && a.params == b.params &&
         a.earlyStartWait == b.earlyStartWait && a.earlyStartSet == b.earlyStartSet &&
         a.intercoreSync == b.intercoreSync && a.streamId == b.streamId &&
         a.sendEvents == b.sendEvents && a.recvEvents == b.recvEvents && a.sha256 == b.sha256 &&
         a.tilingKey == b.tilingKey && a.superKernel == b.superKernel;
}

const std::vector<std::string>& formatNames() {
  static const std::vector<std::string> names = {
      "NCHW", "NHWC", "ND", "NC1HWC0", "FRACTAL_Z", "NC1C0HWPAD", "NHWC1C0", "FSR_NCHW", "FRACTAL_DECONV", "C1HWNC0",
      "FRACTAL_DECONV_TRANSPOSE", "FRACTAL_DECONV_SP_STRIDE_TRANS", "NC1HWC0_C04", "FRACTAL_Z_C04", "CHWN",
      "FRACTAL_DECONV_SP_STRIDE8_TRANS", "HWCN", "NC1KHKWHWC0", "BN_WEIGHT", "FILTER_HWCK", "HASHTABLE_LOOKUP_LOOKUPS",
      "HASHTABLE_LOOKUP_KEYS", "HASHTABLE_LOOKUP_VALUE", "HASHTABLE_LOOKUP_OUTPUT", "HASHTABLE_LOOKUP_HITS", "C1HWNCoC0",
      "MD", "NDHWC", "FRACTAL_ZZ", "FRACTAL_NZ", "NCDHW", "DHWCN", "NDC1HWC0", "FRACTAL_Z_3D", "CN", "NC", "DHWNC",
      "FRACTAL_Z_3D_TRANSPOSE", "FRACTAL_ZN_LSTM", "FRACTAL_Z_G", "ND_RNN_BIAS", "FRACTAL_ZN_RNN", "NYUV", "NYUV_A",
      "NCL"};
  return names;
}

namespace {

using detail::kInt64Max;
using detail::MetaReader;

constexpr size_t kMaxParams = 63;  // params must have fewer than 64 entries (device ABI v1: N < 64)

// ---- params ----------------------------------------------------------------------------

llvm::Expected<Role> readRole(const MetaReader& r, const json& p, const std::string& path) {
  const char* what = "one of input, output, workspace, tiling, scalar";
  auto role = r.required(p, path, "role", what);
  if (!role) return role.takeError();
  std::string s = (*role)->is_string() ? (*role)->get<std::string>() : "";
  for (Role x : {Role::Input, Role::Output, Role::Workspace, Role::Tiling, Role::Scalar})
    if (s == roleName(x)) return x;
  return r.expected(path + ".role", what, **role);
}

// dtype x shape: the bytes of an input or output; "bytes", when given, must agree.
llvm::Error readTensor(const MetaReader& r, const json& p, const std::string& path,
                       std::optional<uint64_t> givenBytes, Param& out) {
  const std::string& dtypes = dtypeChoices();
  const json* dtype = MetaReader::member(p, "dtype");
  if (!dtype) return r.missing(path + ".dtype", dtypes + " (input and output params are tensors)");
  std::optional<DType> d = dtype->is_string() ? parseDType(dtype->get<std::string>()) : std::nullopt;
  if (!d) return r.expected(path + ".dtype", dtypes, *dtype);
  out.dtype = *d;

  const char* shapeWhat = "a non-empty array of positive integers";
  const json* shape = MetaReader::member(p, "shape");
  if (!shape) return r.missing(path + ".shape", llvm::Twine(shapeWhat) + " (input and output params are tensors)");
  if (!shape->is_array() || shape->empty()) return r.expected(path + ".shape", shapeWhat, *shape);
  uint64_t elements = 1;  // bytes = ceil(elements x bits / 8), at most kInt64Max
  for (const json& dim : *shape) {
    bool positive = dim.is_number_unsigned() ? dim.get<uint64_t>() >= 1 &&
                                                   dim.get<uint64_t>() <= static_cast<uint64_t>(kInt64Max)
                                             : dim.is_number_integer() && dim.get<int64_t>() >= 1;
    if (!positive) return r.expected(path + ".shape", shapeWhat, *shape);
    int64_t extent = dim.get<int64_t>();
    out.shape.push_back(extent);
    if (__builtin_mul_overflow(elements, static_cast<uint64_t>(extent), &elements) ||
        (unsigned __int128)elements * dtypeInfo(out.dtype).bits > (unsigned __int128)kInt64Max * 8)
      return r.fail(path + ".shape", "dtype " + llvm::Twine(dtypeName(out.dtype)) + " x shape " +
                                         describeJson(*shape) + " overflows a 64-bit byte count");
  }
  out.bytes = dtypeStorageBytes(out.dtype, elements);
  if (givenBytes && *givenBytes != out.bytes)
    return r.fail(path + ".bytes", llvm::Twine(*givenBytes) + " disagrees with dtype " + dtypeName(out.dtype) +
                                       " x shape " + describeJson(*shape) + " = " + llvm::Twine(out.bytes) +
                                       " bytes: fix the shape or drop \"bytes\"");
  if (const json* inout = MetaReader::member(p, "inout")) {
    auto b = r.boolean(*inout, path + ".inout");
    if (!b) return b.takeError();
    if (*b && out.role != Role::Input)
      return r.fail(path + ".inout", "only an input can also be written back (inout: true)");
    out.inout = *b;
  }
  if (const json* format = MetaReader::member(p, "format")) {
    const char* what = "a CANN format name (NCHW, NHWC, ND, NCDHW, NDHWC, FRACTAL_NZ, ...: FORMAT_<name> in the kernel)";
    if (!format->is_string() || !llvm::is_contained(formatNames(), format->get<std::string>()))
      return r.expected(path + ".format", what, *format);
    out.format = format->get<std::string>();
  }
  return llvm::Error::success();
}

// The static bytes of a tiling or scalar param: "data", two hex digits per byte, exactly "bytes" of them.
llvm::Error readData(const MetaReader& r, const json& data, const std::string& path, Param& out) {
  const char* what = out.role == Role::Scalar ? "a hex string of the value's bytes (two hex digits per byte)"
                                              : "a hex string of the tiling bytes (two hex digits per byte)";
  if (!data.is_string()) return r.expected(path, what, data);
  const std::string& hex = data.get_ref<const std::string&>();
  if (hex.size() % 2 != 0)
    return r.fail(path, llvm::Twine("expected ") + what + ", got an odd number of digits (" + llvm::Twine(hex.size()) +
                            ")");
  for (size_t i = 0; i < hex.size(); ++i)
    if (!std::isxdigit(static_cast<unsigned char>(hex[i])))
      return r.fail(path, llvm::Twine("expected ") + what + ", got '" + llvm::Twine(hex[i]) + "' at position " +
                              llvm::Twine(i));
  auto decoded = fromHex(hex);
  if (!decoded || decoded->size() != out.bytes)
    return r.fail(path, llvm::Twine(hex.size() / 2) + " bytes of hex but bytes is " + llvm::Twine(out.bytes) +
                            ": expected exactly " + llvm::Twine(out.bytes * 2) + " hex digits");
  out.data = std::move(*decoded);
  return llvm::Error::success();
}

// A by-value param: "dtype" (optional: one element of it) and "bytes" (required without dtype,
// else equal to its size), 1..kMaxScalarBytes; "data" optional (the value, given at fuse time
// when absent).
llvm::Error readScalar(const MetaReader& r, const json& p, const std::string& path, std::optional<uint64_t> givenBytes,
                       Param& out) {
  if (const json* dtype = MetaReader::member(p, "dtype")) {
    const std::string& dtypes = dtypeChoices();
    std::optional<DType> d = dtype->is_string() ? parseDType(dtype->get<std::string>()) : std::nullopt;
    if (!d) return r.expected(path + ".dtype", dtypes + " (or omit it for a struct)", *dtype);
    if (dtypeBytes(*d) == 0)
      return r.fail(path + ".dtype", llvm::Twine(dtypeName(*d)) +
                                         " is half a byte: a by-value param is whole bytes (pass int4 values packed in an "
                                         "int8 or uint8, or omit dtype and give bytes)");
    out.dtype = *d;
    out.typed = true;
    out.bytes = dtypeBytes(*d);
    if (givenBytes && *givenBytes != out.bytes)
      return r.fail(path + ".bytes", llvm::Twine(*givenBytes) + " disagrees with dtype " + dtypeName(*d) + " = " +
                                         llvm::Twine(out.bytes) + " bytes: fix the dtype or drop \"bytes\"");
  } else if (!givenBytes) {
    return r.missing(path + ".bytes", "the size of the value in bytes (1.." + llvm::Twine(kMaxScalarBytes) +
                                          ") for a scalar param without a dtype");
  } else {
    out.bytes = *givenBytes;
  }
  if (out.bytes == 0 || out.bytes > kMaxScalarBytes)
    return r.fail(path + ".bytes", llvm::Twine(out.bytes) + " bytes, expected 1.." + llvm::Twine(kMaxScalarBytes) +
                                       " (the size of the by-value parameter)");
  if (const json* data = MetaReader::member(p, "data")) return readData(r, *data, path + ".data", out);
  return llvm::Error::success();
}

llvm::Error readParam(const MetaReader& r, const json& p, const std::string& path, Param& out) {
  if (!p.is_object()) return r.expected(path, "an object {\"name\", \"role\", ...}", p);
  // A C identifier: parameter names become file names (sk_run --output-dir) and tensor names.
  const char* nameWhat = "a C identifier (letters, digits, _)";
  auto name = r.required(p, path, "name", nameWhat);
  if (!name) return name.takeError();
  if (!(*name)->is_string() || !sk::isCIdentifier((*name)->get<std::string>()))
    return r.expected(path + ".name", nameWhat, **name);
  out.name = (*name)->get<std::string>();
  auto role = readRole(r, p, path);
  if (!role) return role.takeError();
  out.role = *role;

  std::optional<uint64_t> givenBytes;
  if (const json* b = MetaReader::member(p, "bytes")) {
    auto v = r.count(*b, path + ".bytes", "a byte count (integer >= 0)");
    if (!v) return v.takeError();
    givenBytes = *v;
  }
  if (out.isTensor()) return readTensor(r, p, path, givenBytes, out);
  if (out.role == Role::Scalar) return readScalar(r, p, path, givenBytes, out);
  if (!givenBytes)
    return r.missing(path + ".bytes", llvm::Twine("a byte count (integer >= 0) for a ") + roleName(out.role) + " param");
  out.bytes = *givenBytes;
  if (out.role == Role::Tiling && out.bytes > kMaxTilingBytes)  // the tools hold it in host memory
    return r.fail(path + ".bytes", llvm::Twine(out.bytes) + " bytes of tiling data, expected at most " +
                                       llvm::Twine(kMaxTilingBytes) + " (1 MiB; tiling structs are a few KiB)");
  if (const json* data = MetaReader::member(p, "data"); data && out.role == Role::Tiling)
    return readData(r, *data, path + ".data", out);
  return llvm::Error::success();
}

llvm::Error readParams(const MetaReader& r, const json& doc, KernelMeta& m) {
  auto v = r.required(doc, "", "params", "an array of params (may be empty)");
  if (!v) return v.takeError();
  const json& params = **v;
  if (!params.is_array()) return r.expected("params", "an array of params", params);
  if (params.size() > kMaxParams)
    return r.fail("params", llvm::Twine(params.size()) + " entries, expected fewer than 64 (the entry takes one " +
                                "uint8_t* per param)");
  std::set<std::string> names;
  for (size_t i = 0; i < params.size(); ++i) {
    std::string path = "params[" + std::to_string(i) + "]";
    Param p;
    if (auto err = readParam(r, params[i], path, p)) return err;
    if (!names.insert(p.name).second) {
      size_t first = 0;
      while (m.params[first].name != p.name) ++first;
      return r.fail(path + ".name", "duplicate name \"" + p.name + "\" (also params[" + llvm::Twine(first) +
                                        "].name): param names must be unique within a kernel");
    }
    m.params.push_back(std::move(p));
  }
  return llvm::Error::success();
}

// ---- the kernel ------------------------------------------------------------------------

// version, kernelName, coreType, blockDim: what every metadata file must give.
llvm::Error readIdentity(const MetaReader& r, const json& doc, KernelMeta& m) {
  auto v = r.required(doc, "", "version", "1");
  if (!v) return v.takeError();
  if (!((*v)->is_number_integer() && (*v)->get<int64_t>() == 1))
    return r.expected("version", "1 (the only metadata version this build reads)", **v);
  m.version = 1;

  const char* kernelNameWhat = "a non-empty C identifier (the entry symbol)";
  if (!(v = r.required(doc, "", "kernelName", kernelNameWhat))) return v.takeError();
  if (!(*v)->is_string() || !sk::isCIdentifier((*v)->get<std::string>()))
    return r.expected("kernelName", kernelNameWhat, **v);
  m.kernelName = (*v)->get<std::string>();

  if (!(v = r.required(doc, "", "coreType", "one of AIV, AIC, MIX"))) return v.takeError();
  std::optional<CoreType> core = (*v)->is_string() ? parseCoreType((*v)->get<std::string>()) : std::nullopt;
  if (!core) return r.expected("coreType", "one of AIV, AIC, MIX", **v);
  m.coreType = *core;

  if (!(v = r.required(doc, "", "blockDim", "an integer >= 1"))) return v.takeError();
  auto blockDim = r.integer(**v, "blockDim", 1, std::numeric_limits<uint32_t>::max(), "an integer >= 1");
  if (!blockDim) return blockDim.takeError();
  m.blockDim = static_cast<uint32_t>(*blockDim);
  return llvm::Error::success();
}

// taskRation: defaults from coreType; MIX must give 1:1 or 1:2.
llvm::Error readTaskRation(const MetaReader& r, const json& doc, KernelMeta& m) {
  const json* v = MetaReader::member(doc, "taskRation");
  if (!v) {
    if (m.coreType == CoreType::MIX) return r.missing("taskRation", "\"1:1\" or \"1:2\" when coreType is MIX");
    m.taskRation = *TaskRation::defaultFor(m.coreType);
    return llvm::Error::success();
  }
  std::optional<TaskRation> t = v->is_string() ? TaskRation::parse(v->get<std::string>()) : std::nullopt;
  if (!t) return r.expected("taskRation", "\"aic:aiv\", one of \"0:1\", \"1:0\", \"1:1\", \"1:2\"", *v);
  if (m.coreType == CoreType::AIV && *t != TaskRation{0, 1})
    return r.fail("taskRation", "\"" + t->str() + "\" contradicts coreType AIV: expected \"0:1\" (or omit it)");
  if (m.coreType == CoreType::AIC && *t != TaskRation{1, 0})
    return r.fail("taskRation", "\"" + t->str() + "\" contradicts coreType AIC: expected \"1:0\" (or omit it)");
  if (m.coreType == CoreType::MIX && !(*t == TaskRation{1, 1} || *t == TaskRation{1, 2}))
    return r.fail("taskRation", "\"" + t->str() + "\" contradicts coreType MIX: expected \"1:1\" or \"1:2\"");
  m.taskRation = *t;
  return llvm::Error::success();
}

// The object's file name is looked up beside the metadata: letters, digits and . _ + - only (no
// directory, no "..": the metadata cannot point the tools at files elsewhere).
bool isPlainFileName(const std::string& s, bool allowEmpty) {
  if (s.empty()) return allowEmpty;
  if (s == "." || s == ".." || s.size() > 255) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum((unsigned char)c) || std::strchr("._+-", c); });
}

llvm::Error readFileNames(const MetaReader& r, const json& doc, KernelMeta& m) {
  const json* v = MetaReader::member(doc, "binFileName");
  const char* nameWhat = "a file name without a directory (letters, digits, . _ + -; default: kernelName)";
  if (v && (!v->is_string() || !isPlainFileName(v->get<std::string>(), false))) return r.expected("binFileName", nameWhat, *v);
  // the default must pass the same rule: a kernelName of more than 255 characters needs one
  if (!v && !isPlainFileName(m.kernelName, false)) return r.expected("binFileName", nameWhat, json(m.kernelName));
  m.binFileName = v ? v->get<std::string>() : m.kernelName;
  v = MetaReader::member(doc, "binFileSuffix");
  if (v && (!v->is_string() || !isPlainFileName(v->get<std::string>(), true)))
    return r.expected("binFileSuffix", "a string such as \".o\" (letters, digits, . _ + -)", *v);
  m.binFileSuffix = v ? v->get<std::string>() : ".o";
  return llvm::Error::success();
}

llvm::Error readSync(const MetaReader& r, const json& doc, KernelMeta& m) {
  if (const json* v = MetaReader::member(doc, "earlyStart")) {
    if (!v->is_object()) return r.expected("earlyStart", "an object {\"wait\": bool, \"set\": bool}", *v);
    for (auto [key, field] : {std::pair{"wait", &m.earlyStartWait}, std::pair{"set", &m.earlyStartSet}})
      if (const json* f = MetaReader::member(*v, key)) {
        auto b = r.boolean(*f, std::string("earlyStart.") + key);
        if (!b) return b.takeError();
        *field = *b;
      }
  }
  if (const json* v = MetaReader::member(doc, "intercoreSync")) {
    auto b = r.boolean(*v, "intercoreSync");
    if (!b) return b.takeError();
    m.intercoreSync = *b;
  }
  if (const json* v = MetaReader::member(doc, "streamId")) {
    auto s = r.integer(*v, "streamId", 0, kInt64Max, "a stream id (integer >= 0)");
    if (!s) return s.takeError();
    m.streamId = *s;
  }
  for (auto [key, field] : {std::pair{"sendEvents", &m.sendEvents}, std::pair{"recvEvents", &m.recvEvents}})
    if (const json* v = MetaReader::member(doc, key)) {
      auto e = r.eventList(*v, key);
      if (!e) return e.takeError();
      *field = std::move(*e);
    }
  return llvm::Error::success();
}

llvm::Error readChecks(const MetaReader& r, const json& doc, KernelMeta& m) {
  if (const json* v = MetaReader::member(doc, "sha256")) {
    const char* what = "64 hex digits (SHA-256 of the .o)";
    if (!v->is_string()) return r.expected("sha256", what, *v);
    std::string s = v->get<std::string>();
    if (s.size() != 64) return r.expected("sha256", what, *v);
    for (char& c : s) {
      if (!std::isxdigit(static_cast<unsigned char>(c))) return r.expected("sha256", what, *v);
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    m.sha256 = s;
  }
  if (const json* v = MetaReader::member(doc, "tilingKey")) {
    auto k = r.unsigned64(*v, "tilingKey", "an unsigned 64-bit integer (the value TILING_KEY_IS compares with)");
    if (!k) return k.takeError();
    m.tilingKey = *k;
  }
  return llvm::Error::success();
}

// read the identity → params → taskRation → file names → sync → checks → superKernel.
llvm::Error readDocument(const MetaReader& r, const json& doc, KernelMeta& m) {
  if (!doc.is_object())
    return sk::inputError(r.origin() + ": expected a JSON object with the kernel metadata (docs/metadata.md), got " +
                          describeJson(doc));
  if (auto e = readIdentity(r, doc, m)) return e;
  if (auto e = readParams(r, doc, m)) return e;
  if (auto e = readTaskRation(r, doc, m)) return e;
  if (auto e = readFileNames(r, doc, m)) return e;
  if (auto e = readSync(r, doc, m)) return e;
  if (auto e = readChecks(r, doc, m)) return e;
  if (const json* sk = MetaReader::member(doc, "superKernel")) return detail::readSuperKernel(r, *sk, m);
  return llvm::Error::success();
}

}  // namespace

namespace {

// A JSON number as one element of `d` (little-endian), or nullopt when it does not fit.
std::optional<std::vector<uint8_t>> numberAs(DType d, const json& v) {
  const DTypeInfo& info = dtypeInfo(d);
  std::vector<uint8_t> out(info.bits / 8);
  auto put = [&](uint64_t bits) {
    for (size_t i = 0; i < out.size(); ++i) out[i] = (uint8_t)(bits >> (8 * i));
    return out;
  };
  if (d == DType::Bool) {
    if (v.is_boolean()) return put(v.get<bool>());
    if (v.is_number_integer() && (v.get<int64_t>() == 0 || v.get<int64_t>() == 1)) return put(v.get<int64_t>());
    return std::nullopt;
  }
  if (!v.is_number()) return std::nullopt;
  if (info.isFloat) {
    float f = (float)v.get<double>();
    if (d == DType::Float32) return put(floatBits(f));
    if (isMinifloat(d)) return put(floatToMinifloat(d, f));
    return put(d == DType::Float16 ? floatToHalf(f) : floatToBf16(f));
  }
  if (!v.is_number_integer()) return std::nullopt;  // 1.5 is no integer
  unsigned bits = info.bits;
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    uint64_t max = info.isSigned ? (uint64_t(1) << (bits - 1)) - 1 : bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    return u <= max ? std::optional(put(u)) : std::nullopt;
  }
  int64_t i = v.get<int64_t>();
  if (i >= 0) return numberAs(d, json((uint64_t)i));
  if (!info.isSigned || (bits < 64 && i < -(int64_t(1) << (bits - 1)))) return std::nullopt;
  return put((uint64_t)i);
}

}  // namespace

llvm::Expected<std::vector<uint8_t>> encodeScalar(const Param& p, const json& value, const std::string& where) {
  std::string what = "a hex string of the value's " + std::to_string(p.bytes) + " bytes";
  if (p.typed) what += std::string(" or a ") + (p.dtype == DType::Bool ? "boolean" : "number") + " (" + dtypeName(p.dtype) + ")";
  if (value.is_string()) {
    const std::string& hex = value.get_ref<const std::string&>();
    auto bytes = hex.size() % 2 ? std::nullopt : fromHex(hex);
    if (!bytes) return sk::inputError(where + ": expected " + what + ", got " + describeJson(value) + " (not hex)");
    if (bytes->size() != p.bytes)
      return sk::inputError(where + ": " + std::to_string(bytes->size()) + " bytes of hex but '" + p.name + "' is " +
                            std::to_string(p.bytes) + " bytes: expected exactly " + std::to_string(2 * p.bytes) +
                            " hex digits");
    return std::move(*bytes);
  }
  std::optional<std::vector<uint8_t>> bytes = p.typed ? numberAs(p.dtype, value) : std::nullopt;
  if (!bytes) return sk::inputError(where + ": expected " + what + ", got " + describeJson(value));
  return std::move(*bytes);
}

llvm::Expected<KernelMeta> parseMeta(const std::string& jsonText, const std::string& origin) {
  auto doc = sk::parseJson(jsonText, origin);
  if (!doc) return doc.takeError();
  KernelMeta m;
  m.origin = origin;
  if (auto err = readDocument(MetaReader(origin), *doc, m)) return err;
  m.raw = std::move(*doc);
  return m;
}

llvm::Expected<KernelMeta> readMeta(const std::string& path) {
  auto text = sk::readFile(path, sk::kMaxJsonBytes, "kernel metadata");
  if (!text) return text.takeError();
  return parseMeta(*text, path);
}

}  // namespace sk::subkernel
