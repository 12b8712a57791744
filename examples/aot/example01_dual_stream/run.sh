#!/usr/bin/env bash
# AOT example 01: two streams joined by an event, each with cube and vector work, compiled ahead
# of time into static kernel packages (.run), installed, run by name with SuperKernel (fused) and
# without it (each op on its own), and the outputs compared with each other and with a host
# reference.
#
#   p = a @ b         cube    stream 0        h = half(3 * w)   vector  stream 1
#   q = 2 * p         vector  stream 0        r = h @ b2        cube    stream 1, then records event 1
#   z = q + r         vector  stream 0, after waiting for event 1
#
# Each op takes all the cores of its type. Packaged twice: in program order (a core runs its
# tasks in table order, so stream 1's vector task queues behind stream 0's and its cube task
# waits for both), and with auto-op-parallel=1 (the anchor's AOT option: the task table
# interleaves the cube and vector tasks of the two streams, so each stream's cube work overlaps
# the other's vector work); the interleaved one must be faster.
#
#   bash examples/aot/example01_dual_stream/run.sh --npu-arch=dav-2201|dav-3510
#
# The packages install into tmp/install_root of this example (never into $HOME/.superkernel) and
# are uninstalled on exit by the guarded sk_uninstall_static_kernel_from_log (scripts/common.sh).
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
aot_cc tmp/net/matmul_custom.o "$AOT_REPO/ops/dialect/matmul/matmul_custom.cpp"
for k in ds_scale ds_to_half ds_add; do aot_cc "tmp/net/$k.o" "kernels/$k.cpp"; done

# 2. static compile, twice: program order and auto-op-parallel=1
mkdir -p static_kernel_compile_outputs
variants=("dual_stream_sk auto-op-parallel=0" "dual_stream_sk_aop auto-op-parallel=1")
for v in "${variants[@]}"; do
  read -r name options <<<"$v"
  sk_run_with_log "log/compile_$name.log" "$SK_COMPILE" --op-list tmp/net/op_list.json --name "$name" \
    --options "$options" --arch "$SK_NPU_ARCH" --explain --package --version 1.0.0 -o static_kernel_compile_outputs
done
sk_check_static_kernel_outputs
grep -q "op 3 -> op 4: RAW on r, event 1" log/compile_dual_stream_sk.log
# interleaved: right after stream 0's matmul comes stream 1's vector task (op 2 of the list)
grep -q "^  \[1\] ds_to_half (op 2)" log/compile_dual_stream_sk_aop.log

# 3. verify and install the packages (the uninstall.sh paths they print land in LOG_INSTALL)
for v in "${variants[@]}"; do
  read -r name _ <<<"$v"
  sk_run_with_log "log/check_$name.log" static_kernel_compile_outputs/"$name"_1.0.0_linux-*.run --check
done
sk_run_with_log "$LOG_INSTALL" aot_install_all

# 4. the same inputs for every run
python3 "$AOT_TENSORS" gen tmp/in a=float16:196608 b=float16:32768 w=float32:196608 b2=float16:32768

# 5. with SuperKernel: the installed kernels, by name; --compare-unfused also runs the sub-kernels
#    one at a time on the same buffers and exits 3 if any output differs
declare -A device_us
for v in "${variants[@]}"; do
  read -r name _ <<<"$v"
  mkdir -p "tmp/$name"
  sk_run_with_log "log/run_$name.log" "$SK_RUN" "$name" --arch "$SK_NPU_ARCH" --compare-unfused \
    --input a=tmp/in/a.bin --input b=tmp/in/b.bin --input w=tmp/in/w.bin --input b2=tmp/in/b2.bin \
    --output-dir "tmp/$name"
  device_us[$name]=$(sed -n 's/^device time (virtual): \([0-9.]*\) us$/\1/p' "log/run_$name.log")
done

# 6. without SuperKernel: each op launched on its own with sk_run, tensors passed through files
sk_run_with_log log/run_eager.log python3 "$AOT_TENSORS" eager tmp/net/op_list.json "$SK_RUN" "$SK_NPU_ARCH" \
  tmp/in tmp/eager
python3 "$AOT_TENSORS" compare tmp/dual_stream_sk tmp/eager z
python3 "$AOT_TENSORS" compare tmp/dual_stream_sk_aop tmp/eager z

# 7. host reference: z = 2 (a @ b) + half(3 w) @ b2 (exact in float32 for these inputs)
sk_resolve_python "$AOT_REPO"
"$SK_PYTHON" - tmp/in tmp/dual_stream_sk <<'EOF'
import sys
import numpy as np
d, out = sys.argv[1], sys.argv[2]
a = np.fromfile(d + "/a.bin", np.float16).reshape(768, 256).astype(np.float64)
b = np.fromfile(d + "/b.bin", np.float16).reshape(256, 128).astype(np.float64)
w = np.fromfile(d + "/w.bin", np.float32).reshape(768, 256)
b2 = np.fromfile(d + "/b2.bin", np.float16).reshape(256, 128).astype(np.float64)
h = (np.float32(3) * w).astype(np.float16).astype(np.float64)
want = (2 * (a @ b) + h @ b2).astype(np.float32)
z = np.fromfile(out + "/z.bin", np.float32).reshape(768, 128)
bad = np.flatnonzero(z != want)
if bad.size:
    sys.exit("ERROR: z differs from 2 a@b + half(3w)@b2 at %d of %d elements, first at %d" % (bad.size, z.size, bad[0]))
print("[check] z = 2 a@b + half(3w)@b2: all %d elements match the host reference" % z.size)
EOF

# 8. what interleaving bought
plain=${device_us[dual_stream_sk]} aop=${device_us[dual_stream_sk_aop]}
echo "[INFO] fused device time: program order ${plain} us, auto-op-parallel=1 ${aop} us"
if ! python3 -c "import sys; sys.exit(0 if float(sys.argv[2]) < float(sys.argv[1]) else 1)" "$plain" "$aop"; then
  echo "ERROR: auto-op-parallel=1 (${aop} us) is not faster than program order (${plain} us)" >&2
  exit 1
fi
echo "[INFO] example01_dual_stream passed on $SK_NPU_ARCH"
