#!/usr/bin/env bash
# AOT example 01: two streams joined by an event, compiled ahead of time into a static kernel
# package (.run), installed, run by name with SuperKernel (fused) and without it (each op on its
# own), and the outputs compared with each other and with a host reference.
#
#   a = 2 * x        stream 0
#   b = 3 * w        stream 1, then records event 1
#   z = a + b        stream 0, after waiting for event 1
#
#   bash examples/aot/example01_dual_stream/run.sh --npu-arch=dav-2201|dav-3510
#
# The package installs into tmp/install_root of this example (never into $HOME/.superkernel) and
# is uninstalled on exit by the guarded sk_uninstall_static_kernel_from_log (scripts/common.sh).
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$here/../../../scripts/common.sh"
source "$here/../common/aot.sh"
sk_parse_npu_arch "$@"

aot_init "$here"
trap 'sk_uninstall_static_kernel_from_log "$LOG_INSTALL"' EXIT

# 1. the sub-kernels, compiled now, with their metadata and the op list (program order)
mkdir -p tmp/net
cp kernels/*.json op_list.json tmp/net/
aot_cc tmp/net/ds_scale.o kernels/ds_scale.cpp
aot_cc tmp/net/ds_add.o kernels/ds_add.cpp

# 2. static compile: fuse into dual_stream_sk and package it
mkdir -p static_kernel_compile_outputs
sk_run_with_log log/compile.log "$SK_COMPILE" --op-list tmp/net/op_list.json --name dual_stream_sk \
  --arch "$SK_NPU_ARCH" --explain --package --version 1.0.0 -o static_kernel_compile_outputs
sk_check_static_kernel_outputs
grep -q "op 1 -> op 2: RAW on b, event 1" log/compile.log

# 3. verify and install the package (the uninstall.sh path it prints lands in LOG_INSTALL)
sk_run_with_log log/check.log static_kernel_compile_outputs/dual_stream_sk_1.0.0_linux-*.run --check
sk_run_with_log "$LOG_INSTALL" aot_install_all

# 4. the same inputs for every run
python3 "$AOT_TENSORS" gen tmp/in x=float32:2048 w=float32:2048

# 5. with SuperKernel: the installed kernel, by name; --compare-unfused also runs the sub-kernels
#    one at a time on the same buffers and exits 3 if any output differs
mkdir -p tmp/fused
sk_run_with_log log/run_fused.log "$SK_RUN" dual_stream_sk --arch "$SK_NPU_ARCH" --compare-unfused \
  --input x=tmp/in/x.bin --input w=tmp/in/w.bin --output-dir tmp/fused

# 6. without SuperKernel: each op launched on its own with sk_run, tensors passed through files
sk_run_with_log log/run_eager.log python3 "$AOT_TENSORS" eager tmp/net/op_list.json "$SK_RUN" "$SK_NPU_ARCH" \
  tmp/in tmp/eager
python3 "$AOT_TENSORS" compare tmp/fused tmp/eager z

# 7. host reference: z = 2x + 3w (exact in float32 for these inputs)
python3 - tmp/in tmp/fused <<'EOF'
import struct, sys
def load(p):
    b = open(p, "rb").read()
    return struct.unpack("<%df" % (len(b) // 4), b)
x, w, z = load(sys.argv[1] + "/x.bin"), load(sys.argv[1] + "/w.bin"), load(sys.argv[2] + "/z.bin")
bad = [i for i in range(len(z)) if z[i] != struct.unpack("<f", struct.pack("<f", 2 * x[i] + 3 * w[i]))[0]]
if bad:
    sys.exit("ERROR: z differs from 2x + 3w at %d of %d elements, first at %d" % (len(bad), len(z), bad[0]))
print("[check] z = 2x + 3w: all %d elements match the host reference" % len(z))
EOF
echo "[INFO] example01_dual_stream passed on $SK_NPU_ARCH"
