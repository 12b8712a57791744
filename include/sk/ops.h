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
#include "sk/ops/tensor.h"
#include "sk/ops/elementwise.h"
#include "sk/ops/matmul.h"
#include "sk/ops/moe.h"
#include "sk/ops/norm.h"
#include "sk/ops/attention.h"
