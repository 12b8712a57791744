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
// $SK_NPU_ARCH, else $SK_ARCH (the simulated runtime's variable), else (host code of a
// single-source program) the arch sk_cc compiles it for, else dav-2201.
// fe::PlatFormInfos is opaque here: PlatformAscendC(context->GetPlatformInfo()) and
// PlatformAscendC(nullptr) both compile and describe the arch the environment names.
#ifndef SK_ASCENDC_TILING_PLATFORM_ASCENDC_H
#define SK_ASCENDC_TILING_PLATFORM_ASCENDC_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace fe {
class PlatFormInfos;  // CANN's platform description behind TilingContext::GetPlatformInfo()
}  // namespace fe

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
                                253952, 524288, 65536, 65536, 262144, 4096, 7168, 201326592, 137438953472ULL,
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

// The part the environment names ($SK_NPU_ARCH, then $SK_ARCH); when neither is set, the arch
// sk_cc compiles a single-source program's host code for (its --npu-arch, as the runtime's
// device), else dav-2201. An unknown name falls back to dav-2201 with one warning on stderr.
inline const ArchSpec& EnvironmentArchSpec() {
  const char* name = std::getenv("SK_NPU_ARCH");
  if (name == nullptr || *name == '\0') name = std::getenv("SK_ARCH");
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  if (name == nullptr || *name == '\0') return Dav3510Spec();
#endif
  if (name == nullptr || *name == '\0') return Dav2201Spec();
  if (const ArchSpec* spec = FindArchSpec(name)) return *spec;
  static bool warned = false;
  if (!warned) {
    warned = true;
    std::fprintf(stderr, "platform_ascendc: unknown arch '%s' (expected dav-2201 or dav-3510); using dav-2201\n",
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
