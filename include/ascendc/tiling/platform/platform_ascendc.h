// Host-side platform information for op tiling code (CANN's "tiling/platform/platform_ascendc.h",
// written from the public PlatformAscendC / PlatformAscendCManager reference; no vendor code).
//
//   platform_ascendc::PlatformAscendC ascendcPlatform(context->GetPlatformInfo());
//   uint32_t aivNum = ascendcPlatform.GetCoreNumAiv();
//   uint64_t ubSize;
//   ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
//
// The numbers are those of the simulated parts (arch/dav-2201.json, arch/dav-3510.json; the
// tiling tests check that they agree). Which part: the constructor's argument (an arch name
// "dav-2201"/"dav-3510" or a SoC name such as "Ascend910B2", "Ascend950PR_9599"), else
// $SK_NPU_ARCH, else $SK_ARCH (the simulated runtime's variable; either may also be the path of
// an arch JSON file, as `SK_ARCH=my_part.json` is to the runtime), else (host code of a
// single-source program) the arch sk_cc compiles it for, else dav-2201.
// fe::PlatFormInfos is opaque here: PlatformAscendC(context->GetPlatformInfo()) and
// PlatformAscendC(nullptr) both compile and describe the arch the environment names.
#ifndef SK_ASCENDC_TILING_PLATFORM_ASCENDC_H
#define SK_ASCENDC_TILING_PLATFORM_ASCENDC_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "platform/platform_infos_def.h"  // fe::PlatFormInfos, behind TilingContext::GetPlatformInfo()

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B, L0_C, L1, L2, UB, HBM, FB, BT, RESERVED };

// The product lines as the public docs name them; the simulated parts are ASCEND910B (dav-2201)
// and ASCEND950 (dav-3510). The numeric values are ours.
enum class SocVersion {
  ASCEND910 = 0,
  ASCEND910B,
  ASCEND910_93,
  ASCEND910_95,
  ASCEND950,
  ASCEND310P,
  ASCEND310B,
  RESERVED_VERSION = 99999
};

// Architecture numbers as the docs' GetCurNpuArch table spells them (= __NPU_ARCH__).
enum class NpuArch : uint32_t {
  DAV_1001 = 1001,
  DAV_2002 = 2002,
  DAV_2201 = 2201,
  DAV_3002 = 3002,
  DAV_3510 = 3510,
  DAV_RESV = 0xFFFF
};

enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

// SuperKernel's description of one simulated part: the values of arch/<name>.json that host
// tiling needs (sizes in bytes, rates as the JSON gives them).
struct ArchSpec {
  const char* name;     // "dav-2201"
  const char* socName;  // what aclrtGetSocName reports for it
  SocVersion socVersion;
  NpuArch npuArch;
  uint32_t clockMHz;
  uint32_t aicCores;
  uint32_t aivCores;
  uint64_t ubBytes, l1Bytes, l0aBytes, l0bBytes, l0cBytes, btBytes, fbBytes, l2Bytes, hbmBytes;
  double hbmGBps, l2GBps;              // 10^9 bytes per second, whole chip
  double gmToL1GiBps, l1ToGmGiBps;     // per core: MTE2 into L1, FIX out of L0C
  double l1ToL0aGiBps, l1ToL0bGiBps;   // per AIC: MTE1
  uint32_t dataCopyLatencyCycles;      // fixed cost of one GM copy
  uint32_t cubeHeadCycles;             // fixed cost of one Mmad
};

inline const ArchSpec& Dav2201Spec() {
  static const ArchSpec spec = {"dav-2201", "Ascend910B2", SocVersion::ASCEND910B, NpuArch::DAV_2201,
                                1800, 24, 48,
                                196608, 524288, 65536, 65536, 131072, 1024, 7168, 201326592, 68719476736ULL,
                                1600, 7000, 135.0, 70.0, 441.0, 220.5, 207, 6};
  return spec;
}

inline const ArchSpec& Dav3510Spec() {
  static const ArchSpec spec = {"dav-3510", "Ascend950PR_9599", SocVersion::ASCEND950, NpuArch::DAV_3510,
                                1850, 32, 64,
                                253952, 524288, 65536, 65536, 262144, 4096, 16384, 201326592, 137438953472ULL,
                                1600, 7000, 135.0, 70.0, 441.0, 220.5, 213, 6};
  return spec;
}

namespace detail {
inline bool StartsWithNoCase(const char* text, const char* prefix) {
  for (; *prefix; ++text, ++prefix) {
    char a = *text >= 'A' && *text <= 'Z' ? char(*text - 'A' + 'a') : *text;
    char b = *prefix >= 'A' && *prefix <= 'Z' ? char(*prefix - 'A' + 'a') : *prefix;
    if (a != b) return false;
  }
  return true;
}
}  // namespace detail

// The part an arch name ("dav-2201") or SoC name ("Ascend910B1", "Ascend910_9391",
// "Ascend950PR_9599") stands for; nullptr for anything else.
inline const ArchSpec* FindArchSpec(const char* name) {
  if (name == nullptr) return nullptr;
  using detail::StartsWithNoCase;
  if (StartsWithNoCase(name, "dav-2201") || StartsWithNoCase(name, "Ascend910B") ||
      StartsWithNoCase(name, "Ascend910_93"))
    return &Dav2201Spec();
  if (StartsWithNoCase(name, "dav-3510") || StartsWithNoCase(name, "Ascend950") ||
      StartsWithNoCase(name, "Ascend910_95"))
    return &Dav3510Spec();
  return nullptr;
}

namespace detail {
// The number or text a top-level field of an arch JSON file holds, as the simulator reads it:
// `"key": {"value": V, "source": ...}` (or plainly `"key": V`). A quoted key followed by a colon
// is a key: inside a JSON string a quote is escaped.
inline const char* JsonFieldValue(const char* text, const char* key) {
  size_t keyLen = std::strlen(key);
  for (const char* p = text; (p = std::strchr(p, '"')) != nullptr; ++p) {
    if (std::strncmp(p + 1, key, keyLen) != 0 || p[keyLen + 1] != '"') continue;
    const char* v = p + keyLen + 2;
    while (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r') ++v;
    if (*v != ':') continue;
    for (++v; *v == ' ' || *v == '\t' || *v == '\n' || *v == '\r'; ++v) {
    }
    if (*v != '{') return v;
    const char* inner = JsonFieldValue(v + 1, "value");
    const char* close = std::strchr(v, '}');
    return inner != nullptr && (close == nullptr || inner < close) ? inner : nullptr;
  }
  return nullptr;
}
inline bool JsonFieldNumber(const char* text, const char* key, double& out) {
  const char* v = JsonFieldValue(text, key);
  char* end = nullptr;
  if (v != nullptr) out = std::strtod(v, &end);
  return v != nullptr && end != v;
}
// A copy of the string field's value (the arch's names hold no escapes), nullptr if none.
inline const char* JsonFieldText(const char* text, const char* key) {
  const char* v = JsonFieldValue(text, key);
  const char* close = v != nullptr && *v == '"' ? std::strchr(v + 1, '"') : nullptr;
  if (close == nullptr) return nullptr;
  char* copy = new char[close - v];
  std::memcpy(copy, v + 1, close - v - 1);
  copy[close - v - 1] = '\0';
  return copy;
}

// The part an arch JSON file describes (SK_ARCH=/path/part.json, as the runtime takes it), or
// nullptr with the reason on stderr. Its SoC version and NPU arch are those of the built-in part
// its socName (else name) stands for, else dav-2201's.
inline const ArchSpec* ReadArchSpecFile(const char* path) {
  std::FILE* f = std::fopen(path, "rb");
  if (f == nullptr) {
    std::fprintf(stderr, "platform_ascendc: cannot read the arch file %s (from $SK_NPU_ARCH or $SK_ARCH)\n", path);
    return nullptr;
  }
  size_t cap = 1 << 16, len = 0;
  char* text = static_cast<char*>(std::malloc(cap + 1));
  for (size_t n; (n = std::fread(text + len, 1, cap - len, f)) > 0;)
    if ((len += n) == cap) text = static_cast<char*>(std::realloc(text, (cap *= 2) + 1));
  std::fclose(f);
  text[len] = '\0';
  ArchSpec* spec = new ArchSpec(Dav2201Spec());
  spec->name = JsonFieldText(text, "name");
  spec->socName = JsonFieldText(text, "socName");
  const ArchSpec* family = FindArchSpec(spec->socName);
  if (family == nullptr) family = FindArchSpec(spec->name);
  if (family != nullptr) spec->socVersion = family->socVersion, spec->npuArch = family->npuArch;
  const char* missing = spec->name == nullptr ? "name" : spec->socName == nullptr ? "socName" : nullptr;
  auto number = [&](const char* key, auto& field) {  // the first field missing is the one named
    double value = 0;
    if (missing == nullptr && !JsonFieldNumber(text, key, value)) missing = key;
    field = static_cast<std::remove_reference_t<decltype(field)>>(value);
  };
  number("clockMHz", spec->clockMHz), number("aicCores", spec->aicCores), number("aivCores", spec->aivCores);
  number("ubBytes", spec->ubBytes), number("l1Bytes", spec->l1Bytes), number("l0aBytes", spec->l0aBytes);
  number("l0bBytes", spec->l0bBytes), number("l0cBytes", spec->l0cBytes), number("btBytes", spec->btBytes);
  number("fbBytes", spec->fbBytes), number("l2Bytes", spec->l2Bytes), number("hbmBytes", spec->hbmBytes);
  number("hbmGBps", spec->hbmGBps), number("l2GBps", spec->l2GBps), number("gmToL1GiBps", spec->gmToL1GiBps);
  number("l1ToGmGiBps", spec->l1ToGmGiBps), number("l1ToL0aGiBps", spec->l1ToL0aGiBps);
  number("l1ToL0bGiBps", spec->l1ToL0bGiBps), number("dataCopyLatencyCycles", spec->dataCopyLatencyCycles);
  number("cubeHeadCycles", spec->cubeHeadCycles);
  std::free(text);
  if (missing != nullptr) {
    std::fprintf(stderr, "platform_ascendc: %s: no field \"%s\" (an arch file has the fields of arch/dav-2201.json)\n",
                 path, missing);
    delete spec;
    return nullptr;
  }
  return spec;
}

// ReadArchSpecFile once per path (a failure too: one message); never freed, as PlatformAscendC
// objects keep pointing at the part.
inline const ArchSpec* LoadArchSpecFile(const char* path) {
  struct Loaded {
    char* path;
    const ArchSpec* spec;
    Loaded* next;
  };
  static Loaded* loaded = nullptr;
  for (Loaded* l = loaded; l != nullptr; l = l->next)
    if (std::strcmp(l->path, path) == 0) return l->spec;
  loaded = new Loaded{std::strcpy(new char[std::strlen(path) + 1], path), ReadArchSpecFile(path), loaded};
  return loaded->spec;
}
}  // namespace detail

// The part the environment names ($SK_NPU_ARCH, then $SK_ARCH: a built-in arch or SoC name, or
// the path of an arch JSON file, as the runtime takes $SK_ARCH); when neither is set, the arch
// sk_cc compiles a single-source program's host code for (its --npu-arch, as the runtime's
// device), else dav-2201. An unknown name or unusable file falls back to dav-2201 with one
// warning on stderr (the runtime refuses it at aclrtSetDevice).
inline const ArchSpec& EnvironmentArchSpec() {
  const char* name = std::getenv("SK_NPU_ARCH");
  if (name == nullptr || *name == '\0') name = std::getenv("SK_ARCH");
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  if (name == nullptr || *name == '\0') return Dav3510Spec();
#endif
  if (name == nullptr || *name == '\0') return Dav2201Spec();
  if (const ArchSpec* spec = FindArchSpec(name)) return *spec;
  bool isFile = std::strchr(name, '/') != nullptr || std::strstr(name, ".json") != nullptr;
  if (isFile)
    if (const ArchSpec* spec = detail::LoadArchSpecFile(name)) return *spec;
  static bool warned = false;
  if (!warned) {
    warned = true;
    if (isFile)
      std::fprintf(stderr, "platform_ascendc: using dav-2201's figures instead of %s's\n", name);
    else
      std::fprintf(stderr, "platform_ascendc: unknown arch '%s' (expected dav-2201, dav-3510 or an arch file's path); using dav-2201\n",
                   name);
  }
  return Dav2201Spec();
}

class PlatformAscendC {
 public:
  PlatformAscendC() : spec_(&EnvironmentArchSpec()) {}
  // An arch or SoC name; an unknown one means the environment's part (FindArchSpec tells).
  explicit PlatformAscendC(const char* archOrSocName)
      : spec_(FindArchSpec(archOrSocName) ? FindArchSpec(archOrSocName) : &EnvironmentArchSpec()) {}
  explicit PlatformAscendC(const ArchSpec& spec) : spec_(&spec) {}
  // CANN's constructor from TilingContext::GetPlatformInfo(): the pointee is never read.
  explicit PlatformAscendC(fe::PlatFormInfos* /*platformInfo*/) : spec_(&EnvironmentArchSpec()) {}
  explicit PlatformAscendC(std::nullptr_t) : spec_(&EnvironmentArchSpec()) {}

  // Split parts: GetCoreNum is the AIV count, as on CANN.
  uint32_t GetCoreNum() const { return spec_->aivCores; }
  uint32_t GetCoreNumAic() const { return spec_->aicCores; }
  uint32_t GetCoreNumAiv() const { return spec_->aivCores; }
  // Stand-alone vector cores beside the AI Cores: none on these parts.
  uint32_t GetCoreNumVector() const { return 0; }
  SocVersion GetSocVersion() const { return spec_->socVersion; }
  NpuArch GetCurNpuArch() const { return spec_->npuArch; }

  // Launch numBlocks of a cube + vector (MIX) kernel whose data is cut into sliceNum pieces:
  // one block is an AIC with its AIVs, so sliceNum AIV pieces need sliceNum / ratio blocks.
  uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
    if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
    uint32_t aivPerAic = aivCoreNum / aicCoreNum;
    return (sliceNum + aivPerAic - 1) / aivPerAic;
  }
  uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
    return CalcTschBlockDim(sliceNum, aicCoreNum, aivCoreNum);
  }

  void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
    switch (memType) {
      case CoreMemType::L0_A: size = spec_->l0aBytes; break;
      case CoreMemType::L0_B: size = spec_->l0bBytes; break;
      case CoreMemType::L0_C: size = spec_->l0cBytes; break;
      case CoreMemType::L1: size = spec_->l1Bytes; break;
      case CoreMemType::L2: size = spec_->l2Bytes; break;
      case CoreMemType::UB: size = spec_->ubBytes - reservedUbBytes_; break;
      case CoreMemType::HBM: size = spec_->hbmBytes; break;
      case CoreMemType::FB: size = spec_->fbBytes; break;
      case CoreMemType::BT: size = spec_->btBytes; break;
      default: size = 0; break;
    }
  }

  // Bytes per cycle; as documented, only L2 and HBM have a value (others give 0).
  void GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const {
    double gbps = memType == CoreMemType::L2 ? spec_->l2GBps : memType == CoreMemType::HBM ? spec_->hbmGBps : 0;
    bwSize = static_cast<uint64_t>(gbps * 1000.0 / spec_->clockMHz);
  }

  // System workspace of the high-level APIs (RESERVED_WORKSPACE in kernels): 16 MiB on both parts.
  uint32_t GetLibApiWorkSpaceSize() const { return 16u * 1024u * 1024u; }
  uint32_t GetResGroupBarrierWorkSpaceSize() const { return 1024u * 1024u; }
  uint32_t GetResCubeGroupWorkSpaceSize() const { return 1024u * 1024u; }

  // Keeps part of UB out of GetCoreMemSize(UB); the last call counts.
  void ReserveLocalMemory(ReservedSize size) {
    reservedUbBytes_ = size == ReservedSize::RESERVED_SIZE_8K    ? 8u * 1024u
                       : size == ReservedSize::RESERVED_SIZE_16K ? 16u * 1024u
                                                                 : 32u * 1024u;
  }

  // SuperKernel extensions: the simulated part behind this object.
  const ArchSpec& GetArchSpec() const { return *spec_; }
  const char* GetArchName() const { return spec_->name; }

 private:
  const ArchSpec* spec_;
  uint64_t reservedUbBytes_ = 0;
};

// For kernel-launch programs without a TilingContext. A singleton, as on CANN: the first call
// decides the part (its customSocVersion, else the environment's); later arguments are ignored.
// An unknown customSocVersion on the first call gives nullptr and creates nothing.
class PlatformAscendCManager {
 public:
  static PlatformAscendC* GetInstance() { return GetInstance(nullptr); }
  static PlatformAscendC* GetInstance(const char* customSocVersion) {
    PlatformAscendC*& instance = Slot();
    if (instance != nullptr) return instance;
    const ArchSpec* spec = customSocVersion ? FindArchSpec(customSocVersion) : &EnvironmentArchSpec();
    if (spec == nullptr) return nullptr;
    static PlatformAscendC platform(*spec);
    instance = &platform;
    return instance;
  }

 private:
  static PlatformAscendC*& Slot() {
    static PlatformAscendC* instance = nullptr;
    return instance;
  }
};

}  // namespace platform_ascendc

#endif /* SK_ASCENDC_TILING_PLATFORM_ASCENDC_H */
