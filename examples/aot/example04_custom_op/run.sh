#!/usr/bin/env bash
# AOT example 04: a custom operator written by the user in the device dialect
# (op/leaky_relu_custom.cpp) joins a SuperKernel fusion with a stock operator (ops/dialect/add):
#
#   s   = x + y                 add_custom         (ops/dialect/add)
#   out = leaky_relu(s, 0.125)  leaky_relu_custom  (this example, compiled now with clang-19)
#
# The fused kernel is packaged, installed into this example's own root (tmp/install_root), run by
# name and checked against its unfused run, the eager run and a host reference. On exit the guarded
# uninstall removes it, and the example checks that the user's own root ($HOME/.superkernel) was
# not touched.
#
#   bash examples/aot/example04_custom_op/run.sh --npu-arch=dav-2201|dav-3510
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
source "$here/../../../scripts/common.sh"
source "$here/../common/aot.sh"
sk_parse_npu_arch "$@"

before=$(aot_user_state)  # the user's own install root must look the same at the end

aot_init "$here"
on_exit() {
  local rc=$?
  sk_uninstall_static_kernel_from_log "$LOG_INSTALL"
  if [[ "$(aot_user_state)" != "$before" ]]; then
    echo "ERROR: $HOME/.superkernel changed while the example ran" >&2
    rc=1
  fi
  exit "$rc"
}
trap on_exit EXIT

# 1. compile the user's operator and the stock add_custom now; metadata beside each object
mkdir -p tmp/net static_kernel_compile_outputs
cp op/leaky_relu_custom.json op_list.json tmp/net/
cp "$AOT_REPO/ops/dialect/add/add_custom.json" tmp/net/
aot_cc tmp/net/leaky_relu_custom.o op/leaky_relu_custom.cpp
aot_cc tmp/net/add_custom.o "$AOT_REPO/ops/dialect/add/add_custom.cpp"

# 2. static compile and package
sk_run_with_log log/compile.log "$SK_COMPILE" --op-list tmp/net/op_list.json --name custom_op_sk \
  --arch "$SK_NPU_ARCH" --package --version 0.1.0 -o static_kernel_compile_outputs
sk_check_static_kernel_outputs

# 3. install into the example's root; show what was installed
sk_run_with_log "$LOG_INSTALL" aot_install_all
static_kernel_compile_outputs/custom_op_sk_0.1.0_linux-*.run --info | sed -n '1,8p'

# 4. run by name (fused, and --compare-unfused), then eagerly, then the host reference
python3 "$AOT_TENSORS" gen tmp/in x=float16:16384 y=float16:16384
mkdir -p tmp/fused
sk_run_with_log log/run_fused.log "$SK_RUN" custom_op_sk --arch "$SK_NPU_ARCH" --compare-unfused \
  --input x=tmp/in/x.bin --input y=tmp/in/y.bin --output-dir tmp/fused
sk_run_with_log log/run_eager.log python3 "$AOT_TENSORS" eager tmp/net/op_list.json "$SK_RUN" "$SK_NPU_ARCH" \
  tmp/in tmp/eager
python3 "$AOT_TENSORS" compare tmp/fused tmp/eager out
python3 - tmp/in tmp/fused <<'EOF'
import struct, sys
def load(p):
    b = open(p, "rb").read()
    return struct.unpack("<%de" % (len(b) // 2), b)
x, y, out = load(sys.argv[1] + "/x.bin"), load(sys.argv[1] + "/y.bin"), load(sys.argv[2] + "/out.bin")
half = lambda v: struct.unpack("<e", struct.pack("<e", v))[0]
want = [half(s if s >= 0 else 0.125 * s) for s in (half(a + b) for a, b in zip(x, y))]
bad = [i for i in range(len(out)) if out[i] != want[i]]
if bad:
    sys.exit("ERROR: out differs from leaky_relu(x + y, 0.125) at %d of %d elements, first at %d" % (len(bad), len(out), bad[0]))
print("[check] out = leaky_relu(x + y, 0.125): all %d elements match the host reference" % len(out))
EOF
echo "[INFO] example04_custom_op passed on $SK_NPU_ARCH"
