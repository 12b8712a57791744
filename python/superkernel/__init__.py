"""SuperKernel from Python: the simulated Ascend NPU's runtime, super-kernel fusion, the op
library and JIT scopes (docs/python.md).

    import numpy as np
    import superkernel as sk

    x = sk.tensor(np.ones((16, 2048), np.float16))
    with sk.scope("sk1", "early-start=1"):      # tng.scope.super_kernel("sk1", ...)
        y = sk.ops.square(x)                    # captured, fused at the scope's end
        z = sk.ops.add(y, x)
    print(z.numpy())

The device (0) is set up at first use; the arch comes from $SK_ARCH (dav-2201 by default) or
set_arch() before that. Every runtime failure raises AclError with the ACL code in .code.
"""
import atexit
import ctypes
import json
import os

from . import _superkernel
from ._superkernel import (AclError, Binary, Event, Function, Model, Stream, Tensor, cache_dir, current_stream,
                           empty, jit_stats, ops, reset_device, scope, set_cache_dir, soc_name, synchronize,
                           task_timings, tensor, trace_json, zeros)

__all__ = ["AclError", "Binary", "Event", "Function", "Model", "Stream", "Tensor", "acl_library", "cache_dir",
           "compile", "current_stream", "empty", "jit_stats", "ops", "reset_device", "scope", "set_arch",
           "set_cache_dir", "soc_name", "synchronize", "task_timings", "tensor", "trace_json", "zeros"]
__version__ = "0.1.0"

ARCHS = ("dav-2201", "dav-3510")


def set_arch(arch):
    """The simulated NPU: dav-2201 (Ascend 910B) or dav-3510 (Ascend 950). Before the first use."""
    if arch not in ARCHS:
        raise ValueError(f"set_arch: unknown arch {arch!r}: one of {', '.join(ARCHS)}")
    if _superkernel._device_ready():
        raise RuntimeError("set_arch: the device is already set up: call set_arch first, or reset_device() before")
    os.environ["SK_ARCH"] = arch


def compile(ops, name="super_kernel", arch=None, options="", output_dir=".", keep_outputs=()):
    """Fuses sub-kernels into one super kernel, as sk_compile does, in process.

    ops: sub-kernel object paths in launch order (each X.o with X.json beside it), or an op list
    in sk_compile's --op-list format (a dict with "op_list", or the list of its entries:
    {"bin_path", "json_path", "stream_id", "send_event_list", "recv_event_list", "bind"}).
    Writes <output_dir>/<name>.o and <name>.json; returns a dict with their paths, block_dim,
    kernel_type, ration, sub_kernels and the workspace bytes (with and without reuse).
    """
    arch = arch or os.environ.get("SK_ARCH", "dav-2201")
    if isinstance(ops, dict):
        return _superkernel._compile(json.dumps(ops), [], name, arch, options, output_dir, list(keep_outputs))
    ops = list(ops)
    if ops and all(isinstance(o, dict) for o in ops):
        return _superkernel._compile(json.dumps({"op_list": ops}), [], name, arch, options, output_dir,
                                     list(keep_outputs))
    if not ops or not all(isinstance(o, (str, os.PathLike)) for o in ops):
        raise TypeError("compile: ops must be object paths or op-list entries (dicts), and not empty")
    return _superkernel._compile("", [os.fspath(o) for o in ops], name, arch, options, output_dir,
                                 list(keep_outputs))


def acl_library():
    """The ACL C API of this process's runtime for ctypes (aclrtMalloc, rtKernelLaunch, ...)."""
    return ctypes.CDLL(_superkernel.__file__)


atexit.register(_superkernel._finalize)
