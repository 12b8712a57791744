"""op_extension: the custom AscendC op add_custom (csrc/add_custom.asc, compiled by sk_cc) as a
Python op on superkernel tensors. KERNEL and METADATA are the sub-kernel for static fusion
(sk_compile's op list); NPU_ARCH is the arch it was compiled for."""
import json
import os

from . import _op_extension

_HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL = os.path.join(_HERE, "add_custom.o")
METADATA = os.path.join(_HERE, "add_custom.json")
with open(os.path.join(_HERE, "build_info.json")) as _f:
    NPU_ARCH = json.load(_f)["npu_arch"]
_op_extension._set_kernel(KERNEL)
add_custom = _op_extension.add_custom
