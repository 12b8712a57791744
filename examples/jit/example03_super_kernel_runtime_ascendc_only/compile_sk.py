"""The seed's compile_sk.py for SuperKernel on the simulated NPU: sub-kernels compiled by sk_cc
for the SoC version resolved as CANN does, their tensors named with set_input/set_output (A's
output named as B's input is one tensor), fused into one super kernel in kernel_meta/ by
superkernel.compile (sk_compile in process).

    with SkCompileContext(need_clean=True) as ctx:
        sub_kernels = compile_subkernel(ctx)
        sub_kernels[0].set_input(["arg_in1", "arg_in2"]); sub_kernels[0].set_output(["out1"])
        sub_kernels[1].set_input(["out1"]);               sub_kernels[1].set_output(["out2"])
        result = compile_superkernel(ctx, sub_kernels)
"""
import ctypes
import json
import os
import subprocess

import superkernel as sk

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")
SUB_KERNELS = ("add_custom", "scale_custom")

# The magic string of a kernel type (what the op build writes into kernel_meta) -> the number
# rtDevBinaryRegister takes.
MAGIC_OF_CORE_TYPE = {"AIV": "RT_DEV_BINARY_MAGIC_ELF_AIVEC", "AIC": "RT_DEV_BINARY_MAGIC_ELF_AICUBE",
                      "MIX": "RT_DEV_BINARY_MAGIC_ELF"}
MAGIC_MAPPING = {"RT_DEV_BINARY_MAGIC_ELF": 0x43554245, "RT_DEV_BINARY_MAGIC_ELF_AIVEC": 0x41415246,
                 "RT_DEV_BINARY_MAGIC_ELF_AICUBE": 0x41494343}


def soc_version():
    """The first of these variables that is set, else aclrtGetSocName(), else Ascend910_9391."""
    for var in ("SUPERKERNEL_COMPILE_SOC_VERSION", "ASCEND_COMPILE_SOC_VERSION", "ASCEND_SOC_VERSION"):
        if os.environ.get(var):
            return os.environ[var]
    lib = sk.acl_library()
    lib.aclrtGetSocName.restype = ctypes.c_char_p
    name = lib.aclrtGetSocName()
    return name.decode() if name else "Ascend910_9391"


def arch_of_soc(soc):
    """Ascend 950 parts are dav-3510, the 910B / 910_93 families dav-2201."""
    return "dav-3510" if soc.startswith(("Ascend950", "Ascend910_95")) else "dav-2201"


class SubKernel:
    def __init__(self, name, obj, metadata):
        self.name, self.obj, self.metadata = name, obj, metadata
        self.input, self.output = [], []

    def set_input(self, names):
        self.input = list(names)

    def set_output(self, names):
        self.output = list(names)

    def op_list_entry(self):
        """sk_compile's op-list entry: the tensor params bound to the names, in param order."""
        with open(self.metadata) as f:
            params = json.load(f)["params"]
        names = self.input + self.output
        tensors = [p["name"] for p in params if p["role"] in ("input", "output")]
        return {"bin_path": self.obj, "json_path": self.metadata, "bind": dict(zip(tensors, names))}


class SuperKernelResult:
    def __init__(self, name, info):
        self.name, self.info, self.output = name, info, []


class SkCompileContext:
    """Where sub-kernels and the super kernel are built (kernel_meta/), removed on exit when need_clean."""

    def __init__(self, need_clean=True, arch=None):
        self.need_clean = need_clean
        self.soc = soc_version()
        self.arch = arch or arch_of_soc(self.soc)
        self.dir = "kernel_meta"
        self.written = []

    def __enter__(self):
        os.makedirs(self.dir, exist_ok=True)
        return self

    def __exit__(self, *exc):
        if self.need_clean:
            for f in self.written:
                if os.path.exists(f):
                    os.remove(f)
            if os.path.isdir(self.dir) and not os.listdir(self.dir):
                os.rmdir(self.dir)
        return False


def sk_cc():
    build = os.environ.get("SK_BUILD_DIR") or os.path.join(HERE, "..", "..", "..", "build")
    return os.path.join(build, "bin", "sk_cc")


def compile_subkernel(ctx):
    """Each sub-kernel compiled by sk_cc for the context's arch into kernel_meta/<name>.o."""
    subs = []
    for name in SUB_KERNELS:
        obj = os.path.join(ctx.dir, name + ".o")
        meta = os.path.join(KERNELS, name + ".json")
        ctx.written.append(obj)
        subprocess.run([sk_cc(), "--npu-arch=" + ctx.arch, "--meta", meta, "-include",
                        os.path.join(KERNELS, "custom_tiling.h"), "-c", os.path.join(KERNELS, name + ".cpp"), "-o", obj],
                       check=True)
        subs.append(SubKernel(name, obj, meta))
    return subs


def compile_superkernel(ctx, sub_kernels, name="add_scale_sk", options="early-start=0"):
    """The sub-kernels fused in order into kernel_meta/<name>.o + .json."""
    ctx.written += [os.path.join(ctx.dir, name + ".o"), os.path.join(ctx.dir, name + ".json")]
    info = sk.compile([s.op_list_entry() for s in sub_kernels], name=name, arch=ctx.arch, options=options,
                      output_dir=ctx.dir, keep_outputs=sub_kernels[-1].output)
    return SuperKernelResult(name, info)
