#!/usr/bin/env bash
# JIT example 03: compile two AscendC sub-kernels with sk_cc, fuse them, load the super kernel
# through kernel_meta/<name>.json and run it through the ACL C API, in seven steps; the C++
# program, then its Python twin (superkernel_runtime_ascendc_basic.py, ACL through ctypes).
exec bash "$(dirname -- "${BASH_SOURCE[0]}")/../run_jit_example.sh" example03_super_kernel_runtime_ascendc_only \
  "0 of 8192 elements differ" superkernel_runtime_ascendc_basic.py "$@"
