#!/usr/bin/env bash
# JIT example 02: profile a 3-layer MLP with and without SuperKernel; write both traces.
exec bash "$(dirname -- "${BASH_SOURCE[0]}")/../run_jit_example.sh" example02_super_kernel_profiling \
  "outputs byte-identical" "$@"
