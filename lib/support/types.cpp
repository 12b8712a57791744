#include "sk/types.h"

#include "sk/sim/minifloat.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace sk {

namespace {

constexpr DTypeInfo kDTypes[kDTypeCount] = {
    {DType::Float32, "float32", 32, true, true, "float", "DT_FLOAT"},
    {DType::Float16, "float16", 16, true, true, "half", "DT_FLOAT16"},
    {DType::BFloat16, "bfloat16", 16, true, true, "bfloat16_t", "DT_BF16"},
    {DType::Int8, "int8", 8, false, true, "int8_t", "DT_INT8"},
    {DType::UInt8, "uint8", 8, false, false, "uint8_t", "DT_UINT8"},
    {DType::Int32, "int32", 32, false, true, "int32_t", "DT_INT32"},
    {DType::Int64, "int64", 64, false, true, "int64_t", "DT_INT64"},
    {DType::Int16, "int16", 16, false, true, "int16_t", "DT_INT16"},
    {DType::UInt16, "uint16", 16, false, false, "uint16_t", "DT_UINT16"},
    {DType::UInt32, "uint32", 32, false, false, "uint32_t", "DT_UINT32"},
    {DType::UInt64, "uint64", 64, false, false, "uint64_t", "DT_UINT64"},
    {DType::Bool, "bool", 8, false, false, "bool", "DT_BOOL"},
    {DType::Int4, "int4", 4, false, true, "int4b_t", "DT_INT4"},
    {DType::Float8E4M3, "float8_e4m3fn", 8, true, true, "fp8_e4m3fn_t", "DT_FLOAT8_E4M3FN"},
    {DType::Float8E5M2, "float8_e5m2", 8, true, true, "fp8_e5m2_t", "DT_FLOAT8_E5M2"},
    {DType::HiFloat8, "hifloat8", 8, true, true, "hifloat8_t", "DT_HIFLOAT8"},
    {DType::Float8E8M0, "float8_e8m0", 8, true, false, "fp8_e8m0_t", "DT_FLOAT8_E8M0"},
    {DType::Float4E2M1, "float4_e2m1", 4, true, true, "fp4x2_e2m1_t", "DT_FLOAT4_E2M1"},
    {DType::Float4E1M2, "float4_e1m2", 4, true, true, "fp4x2_e1m2_t", "DT_FLOAT4_E1M2"},
};

// The table is indexed by the device ABI code: keep the two in step.
static_assert((int)DType::Float32 == SK_DT_FLOAT32 && (int)DType::Float16 == SK_DT_FLOAT16 &&
              (int)DType::BFloat16 == SK_DT_BFLOAT16 && (int)DType::Int8 == SK_DT_INT8 &&
              (int)DType::UInt8 == SK_DT_UINT8 && (int)DType::Int32 == SK_DT_INT32 &&
              (int)DType::Int64 == SK_DT_INT64 && (int)DType::Int16 == SK_DT_INT16 &&
              (int)DType::UInt16 == SK_DT_UINT16 && (int)DType::UInt32 == SK_DT_UINT32 &&
              (int)DType::UInt64 == SK_DT_UINT64 && (int)DType::Bool == SK_DT_BOOL &&
              (int)DType::Int4 == SK_DT_INT4 && (int)DType::Float8E4M3 == SK_DT_FLOAT8_E4M3 &&
              (int)DType::Float8E5M2 == SK_DT_FLOAT8_E5M2 && (int)DType::HiFloat8 == SK_DT_HIFLOAT8 &&
              (int)DType::Float8E8M0 == SK_DT_FLOAT8_E8M0 && (int)DType::Float4E2M1 == SK_DT_FLOAT4_E2M1 &&
              (int)DType::Float4E1M2 == SK_DT_FLOAT4_E1M2);
constexpr bool tableInOrder() {
  for (int i = 0; i < kDTypeCount; ++i)
    if ((int)kDTypes[i].dtype != i) return false;
  return true;
}
static_assert(tableInOrder());

}  // namespace

const char* coreTypeName(CoreType c) {
  switch (c) {
    case CoreType::AIC: return "AIC";
    case CoreType::AIV: return "AIV";
    case CoreType::MIX: return "MIX";
  }
  return "?";
}

std::optional<CoreType> parseCoreType(llvm::StringRef s) {
  for (CoreType c : {CoreType::AIC, CoreType::AIV, CoreType::MIX})
    if (s == coreTypeName(c)) return c;
  return std::nullopt;
}

std::optional<TaskRation> TaskRation::defaultFor(CoreType c) {
  if (c == CoreType::AIV) return TaskRation{0, 1};
  if (c == CoreType::AIC) return TaskRation{1, 0};
  return std::nullopt;
}

std::optional<TaskRation> TaskRation::parse(llvm::StringRef s) {
  for (TaskRation r : {TaskRation{0, 1}, TaskRation{1, 0}, TaskRation{1, 1}, TaskRation{1, 2}})
    if (s == r.str()) return r;
  return std::nullopt;
}

const DTypeInfo& dtypeInfo(DType d) { return kDTypes[(int)d]; }

std::optional<DType> parseDType(llvm::StringRef name) {
  for (const DTypeInfo& i : kDTypes)
    if (name == i.name) return i.dtype;
  return std::nullopt;
}

float minifloatToFloat(DType d, uint8_t code) { return decodeMinifloat((int32_t)d, code); }

uint8_t floatToMinifloat(DType d, float f) { return roundToMinifloat(*minifloatFormatOf((int32_t)d), f, SK_ROUND_RINT); }

std::optional<DType> dtypeFromCode(int32_t code) {
  if (code < 0 || code >= kDTypeCount) return std::nullopt;
  return (DType)code;
}

const std::string& dtypeChoices() {
  static const std::string s = [] {
    std::string t = "one of ";
    for (int i = 0; i < kDTypeCount; ++i) t += std::string(i ? ", " : "") + kDTypes[i].name;
    return t;
  }();
  return s;
}

}  // namespace sk
