// sk::ops tensors: device memory with a dtype and a shape (include/sk/ops.h has the ops).
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

}  // namespace sk::ops
