// The vocabulary every stage shares: core types, the AIC:AIV task ration and the element
// types (dtypes). One definition each, used by metadata, the planner, the simulator and the
// runtime (docs/architecture.md).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "llvm/ADT/StringRef.h"

namespace sk {

// A physical core (AIC = cube, AIV = vector), numbered as the device ABI's sk_core_type()
// returns them; MIX only describes kernels (metadata coreType: AIC and AIV cores together).
enum class CoreType : uint8_t { AIC = 0, AIV = 1, MIX = 2 };

const char* coreTypeName(CoreType c);  // "AIC", "AIV", "MIX"
std::optional<CoreType> parseCoreType(llvm::StringRef s);

// AIC:AIV cores per block of a kernel (metadata taskRation): 1:0, 0:1, 1:1 or 1:2.
struct TaskRation {
  uint8_t aic = 0, aiv = 1;
  std::string str() const { return std::to_string(aic) + ":" + std::to_string(aiv); }
  bool operator==(const TaskRation& o) const { return aic == o.aic && aiv == o.aiv; }
  bool operator!=(const TaskRation& o) const { return !(*this == o); }
  // The kernel type it describes: AIV (0:1), AIC (1:0) or MIX.
  CoreType kernelType() const { return aic == 0 ? CoreType::AIV : aiv == 0 ? CoreType::AIC : CoreType::MIX; }
  // The default ration of a kernel type (AIV 0:1, AIC 1:0; MIX has none).
  static std::optional<TaskRation> defaultFor(CoreType c);
  // "0:1", "1:0", "1:1" or "1:2"; anything else is nullopt.
  static std::optional<TaskRation> parse(llvm::StringRef s);
};

// Element types. The values are the device ABI's sk_dtype codes (include/sk/kernel.h).
enum class DType : uint8_t {
  Float32 = 0, Float16 = 1, BFloat16 = 2, Int8 = 3, UInt8 = 4, Int32 = 5, Int64 = 6,
  Int16 = 7, UInt16 = 8, UInt32 = 9, UInt64 = 10, Bool = 11, Int4 = 12,
  Float8E4M3 = 13, Float8E5M2 = 14, HiFloat8 = 15, Float8E8M0 = 16, Float4E2M1 = 17, Float4E1M2 = 18
};
constexpr int kDTypeCount = 19;

struct DTypeInfo {
  DType dtype;
  const char* name;  // metadata name: "float16"
  uint32_t bits;     // 4 for int4 (AscendC's int4b_t: two to a byte, element 2i in the low nibble)
  bool isFloat;
  bool isSigned;  // integers: two's complement; floats: true
  const char* deviceType;  // the AscendC element type: "half" (what sk_cc defines DTYPE_<PARAM> as)
  const char* cannCode;    // the CANN DataType: "DT_FLOAT16" (ORIG_DTYPE_<PARAM>)
};

const DTypeInfo& dtypeInfo(DType d);
inline const char* dtypeName(DType d) { return dtypeInfo(d).name; }
// Bytes of one element; 0 for int4, whose elements are half a byte (use dtypeStorageBytes).
inline uint32_t dtypeBytes(DType d) { return dtypeInfo(d).bits / 8; }
// Bytes `elements` elements take, packed (an odd int4 count rounds up to a whole byte).
// (Split so that no product of elements and bits is formed: it could pass 64 bits.)
inline uint64_t dtypeStorageBytes(DType d, uint64_t elements) {
  uint32_t bits = dtypeInfo(d).bits;
  return elements / 8 * bits + (elements % 8 * bits + 7) / 8;
}
// int4 element i of packed bytes (element 2i in the low nibble of byte i), sign-extended; and its
// store, which keeps the byte's other nibble.
inline int32_t int4At(const uint8_t* packed, uint64_t i) {
  int32_t v = (packed[i / 2] >> (i % 2 * 4)) & 0xF;
  return v >= 8 ? v - 16 : v;
}
inline void setInt4(uint8_t* packed, uint64_t i, int32_t v) {
  uint32_t shift = i % 2 * 4;
  packed[i / 2] = (uint8_t)((packed[i / 2] & ~(0xFu << shift)) | (uint32_t)(v & 0xF) << shift);
}
// The 8- and 4-bit floats (Float8E4M3 .. Float4E1M2): one byte, or a nibble, per element, decoded
// by include/sk/sim/minifloat.h.
inline bool isMinifloat(DType d) { return d >= DType::Float8E4M3 && d <= DType::Float4E1M2; }
// The value of a minifloat's code (its low nibble for the 4-bit ones), and the code nearest f.
float minifloatToFloat(DType d, uint8_t code);
uint8_t floatToMinifloat(DType d, float f);
std::optional<DType> parseDType(llvm::StringRef name);
// The dtype with device ABI code `code`, or nullopt for an unknown code.
std::optional<DType> dtypeFromCode(int32_t code);
// "one of float32, float16, ...": for messages.
const std::string& dtypeChoices();

}  // namespace sk
