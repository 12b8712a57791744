// What every op's host code shares: checks with messages naming the op and operand, the arch's
// core counts, and the launch of an op variant found through the binary index.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sk/ops.h"

namespace sk::ops::detail {

// Fails with ACL_ERROR_INVALID_PARAM and "<op>: <message>" for aclGetRecentErrMsg.
aclError invalid(const char* op, const std::string& message);
// "float16[8, 2048]"
std::string describe(const TensorSpec& t);
// Null data, a non-positive dimension or an unsupported dtype: the error naming `operand`.
aclError checkTensor(const char* op, const char* operand, const Tensor& t, const std::vector<DType>& dtypes);
// `out` must be what inference gave.
aclError checkOutput(const char* op, const char* operand, const Tensor& out, const TensorSpec& inferred);

struct Cores {
  uint32_t aic = 0, aiv = 0;
  uint64_t ubBytes = 0, l1Bytes = 0;
};
// The current device's.
aclError cores(const char* op, Cores& out);

// x's last axis as rows of `cols`, whole rows per AIV core (the last core the rest); refused
// naming x when a row does not fit one core's UB (`rowUbBytes(cols)` is the kernel's need).
struct RowSplit {
  uint32_t rows = 0, cols = 0, rowsPerCore = 0, blockDim = 0;
};
aclError splitRows(const char* op, const Tensor& x, uint64_t rowUbBytes, RowSplit& out);

// Bytes rounded up to whole 256-byte vector repeats (how kernels size UB buffers).
inline uint64_t align256(uint64_t bytes) { return (bytes + 255) / 256 * 256; }

// The tiling struct's bytes (what the kernel reads with GET_TILING_DATA).
template <typename T>
std::vector<uint8_t> tilingBytes(const T& t) {
  std::vector<uint8_t> b(t.GetDataSize());
  t.SaveToBuffer(b.data(), b.size());
  return b;
}

struct OpLaunch {
  const char* op = "";                 // the op, for messages
  std::string variant;                 // its binary's index name; default <op>_<dtype of inputs[0]>
  std::vector<const Tensor*> inputs;   // the kernel's tensor params, in order
  std::vector<const Tensor*> outputs;
  std::vector<uint8_t> tiling;
  uint32_t blockDim = 1;
  uint64_t workspaceBytes = 0;
  uint64_t tilingKey = 0;
};

// Queues the launch on `stream`: arguments inputs..., outputs..., workspace, tiling; the tiling
// in device memory of its own (one buffer per distinct content, written once, so a capture
// replays it unchanged), the workspace one per stream and size.
aclError launch(const OpLaunch& l, aclrtStream stream);

}  // namespace sk::ops::detail
