"""JIT example 01 in Python (the seed's superkernel_scope.py): the MoE network with scopes sk1 and
sk2 as `with superkernel.scope(...)` blocks (the analogue of tng.scope.super_kernel):

    sk1: grouped_matmul -> grouped_matmul -> moe_gating_topk
    outside any scope: reshape (a view), square, concat
    sk2: dequant_swiglu_quant -> quant_matmul

It runs eagerly once, then with its scopes fused, twice; every result must equal the eager bytes.
The super kernels are cached in ./kernel_meta: a second run builds none. main.cpp is its C++
twin, and computes the same bytes ($SK_EXAMPLE_DUMP=DIR writes them to DIR/<result>.bin).

    python3 superkernel_scope.py [dav-2201|dav-3510]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import superkernel as sk  # noqa: E402
from moe_network import SeedNetwork, device_us, dump  # noqa: E402


def main():
    sk.set_arch(sys.argv[1] if len(sys.argv) > 1 else "dav-2201")
    model = SeedNetwork()
    print(f"[1] {sk.soc_name()}: MoE network, {model.T} tokens, hidden {model.H}, {model.E} experts (top {model.K})")

    eager_us = device_us(lambda: model.forward(False))
    eager = model.results()
    print(f"[2] eager: {model.LAUNCHES} launches, {eager_us:.2f} us on the device")

    same = True
    for _ in range(2):
        model.clear()
        fused_us = device_us(lambda: model.forward(True))
        fused = model.results()
        same = same and all(fused[k].tobytes() == eager[k].tobytes() for k in eager)
    st = sk.jit_stats()
    print(f"[3] fused: sk1 and sk2 one super kernel each, {model.LAUNCHES - 3} launches, {fused_us:.2f} us on the "
          f"device ({100.0 * (eager_us - fused_us) / eager_us:.1f}% less)")
    print(f"[4] super kernels: {st['built']} built, {st['disk_hits']} read from {sk.cache_dir()}/, "
          f"{st['replays']} scopes replayed")
    if os.environ.get("SK_EXAMPLE_DUMP"):
        dump(fused, os.environ["SK_EXAMPLE_DUMP"])
    if not same:
        print("ERROR: the fused network's results differ from the eager run")
        return 3
    print("fused results are byte-identical to eager (" + ", ".join(model.RESULTS) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
