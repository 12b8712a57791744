// sk::ops — the op library: AscendC op kernels (ops/, compiled by sk_cc for each arch and
// dtype) with host tiling, shape inference and launch through the ACL API. Every op launches
// on a stream like any ACL kernel: eagerly, or captured inside an sk::jit scope and fused there
// (each launch carries its shapes, so a capture fuses without further metadata).
//
// Binaries are found through <binaryDir>/<arch>/index.json (the format installed static kernels
// use, docs/packaging.md): an op's variant is named <op>_<dtype of its first input> and its
// inputs' and outputs' dtypes must be the index entry's.
//
// Errors are ACL codes with a message for aclGetRecentErrMsg naming the op and the operand: a
// wrong dtype, shape or a null tensor is ACL_ERROR_INVALID_PARAM (100000); no binary for the
// dtypes is ACL_ERROR_RT_KERNEL_LOOKUP.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/types.h"

namespace sk::ops {

struct TensorSpec {
  DType dtype = DType::Float16;
  std::vector<int64_t> shape;
  int64_t numel() const;
  uint64_t bytes() const;
};

// A tensor in device memory (row-major, contiguous). Not owning: alloc/release manage memory.
struct Tensor : TensorSpec {
  void* data = nullptr;
};

aclError alloc(Tensor& t, DType dtype, std::vector<int64_t> shape);
aclError alloc(Tensor& t, const TensorSpec& spec);
aclError release(Tensor& t);

// Where the op binaries are: setBinaryDir's, else $SK_OPS_LIB_DIR, else the build's.
void setBinaryDir(const std::string& dir);
std::string binaryDir();

// ---- element-wise (float16, bfloat16, float32; same shapes) ----
aclError inferElementwise(const TensorSpec& x, const TensorSpec& y, TensorSpec& z);
aclError add(const Tensor& x, const Tensor& y, const Tensor& z, aclrtStream stream);  // z = x + y
aclError mul(const Tensor& x, const Tensor& y, const Tensor& z, aclrtStream stream);  // z = x * y
aclError square(const Tensor& x, const Tensor& y, aclrtStream stream);                // y = x * x

}  // namespace sk::ops
