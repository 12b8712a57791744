#!/usr/bin/env bash
# JIT example 02: profile a MoE layer in six scopes with and without SuperKernel; write both
# traces and an HTML report. The C++ program, then its Python twin (superkernel_compare.py),
# which must compute the same bytes.
exec bash "$(dirname -- "${BASH_SOURCE[0]}")/../run_jit_example.sh" example02_super_kernel_profiling \
  "outputs byte-identical" superkernel_compare.py "$@"
