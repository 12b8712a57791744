// Element-wise math of the simulated vector and cube units (host implementations).
#pragma once
#include <cstdint>
#include <string>

namespace sk::sim {

// Intrinsics pass dtypes as device ABI codes (sk_dtype); these read the one dtype table
// (include/sk/types.h) by code.
uint32_t codeBytes(int32_t code);  // 0 for an unknown code
const char* codeName(int32_t code);
bool isFloatCode(int32_t code);

// Each returns an empty string on success or what is wrong (unsupported op/dtype).
std::string vecBinary(int32_t op, int32_t dtype, void* dst, const void* a, const void* b, uint64_t n);
std::string vecScalar(int32_t op, int32_t dtype, void* dst, const void* src, const void* scalar, uint64_t n);
std::string vecUnary(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t n);
std::string vecReduce(int32_t op, int32_t dtype, void* dst, const void* src, uint64_t n);
std::string vecCast(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, uint64_t n);
std::string vecDup(int32_t dtype, void* dst, const void* scalar, uint64_t n);
std::string cubeMmad(void* c, const void* a, const void* b, uint32_t m, uint32_t k, uint32_t n, int32_t abType,
                     bool accumulate);

const char* binaryOpName(int32_t op);
const char* scalarOpName(int32_t op);
const char* unaryOpName(int32_t op);
const char* reduceOpName(int32_t op);

}  // namespace sk::sim
