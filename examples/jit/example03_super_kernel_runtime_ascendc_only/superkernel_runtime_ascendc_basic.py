"""JIT example 03 in Python (the seed's superkernel_runtime_ascendc_basic.py): the AscendC-only
runtime path, without the op layer, through the ACL C API driven by ctypes, in seven steps:

  1. initialise ACL, set the device, create a stream
  2. compile two AscendC sub-kernels with sk_cc (kernels/add_custom.cpp, scale_custom.cpp) and
     declare their reuse with set_input/set_output (compile_sk.py): add_custom's output is
     scale_custom's input ("out1"); fuse them into kernel_meta/<name>.o + .json
  3. prepare the inputs in pinned host memory, copy them to the device, allocate the rest
  4. load the super kernel through kernel_meta/<name>.json (blockDim, kernelName, binFileName;
     its kernel type -> the magic string -> its number, MAGIC_MAPPING)
  5. register it (rtDevBinaryRegister, rtFunctionRegister) and launch it with the C2C control
     address as the placeholder first argument (rtGetC2cCtrlAddr), then every SK parameter
  6. synchronise, copy the result back, check it: out2 = (x + y) * 3
  7. release everything
main.cpp is its C++ twin.

    python3 superkernel_runtime_ascendc_basic.py [dav-2201|dav-3510]
"""
import ctypes
import json
import os
import sys

import numpy as np

import superkernel as sk
from compile_sk import MAGIC_MAPPING, MAGIC_OF_CORE_TYPE, SkCompileContext, compile_subkernel, compile_superkernel

DEVICE_ID = 0
ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST = 1, 2
ELEMENT_BYTES = {"float32": 4, "float16": 2, "bfloat16": 2, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2,
                 "int32": 4, "uint32": 4, "int64": 8, "uint64": 8, "bool": 1}


class RtDevBinary(ctypes.Structure):
    _fields_ = [("magic", ctypes.c_uint32), ("version", ctypes.c_uint32), ("data", ctypes.c_void_p),
                ("length", ctypes.c_uint64)]


class Acl:
    """The ACL functions this example calls; each failure raises with aclGetRecentErrMsg."""

    def __init__(self):
        self.lib = sk.acl_library()
        self.lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
        self.lib.aclrtGetSocName.restype = ctypes.c_char_p

    def __getattr__(self, name):
        fn = getattr(self.lib, name)

        def call(*args):
            rc = fn(*args)
            if rc != 0:
                raise RuntimeError(f"{name} failed: {rc}: {self.lib.aclGetRecentErrMsg().decode()}")
        return call


def param_bytes(p):
    if p["role"] in ("input", "output"):
        return int(np.prod(p["shape"])) * ELEMENT_BYTES[p["dtype"]]
    return p.get("bytes", 0)


def main():
    if len(sys.argv) > 1:
        sk.set_arch(sys.argv[1])
    acl = Acl()
    # 1. ACL, device, stream.
    acl.aclInit(None)
    acl.aclrtSetDevice(DEVICE_ID)
    stream = ctypes.c_void_p()
    acl.aclrtCreateStream(ctypes.byref(stream))
    with SkCompileContext(need_clean=True) as ctx:
        print(f"[1] device {DEVICE_ID}, stream created; SoC version {ctx.soc} -> {ctx.arch}")

        # 2. Compile the sub-kernels, declare the reuse, fuse.
        sub_kernels = compile_subkernel(ctx)
        sub_kernels[0].set_input(["arg_in1", "arg_in2"])
        sub_kernels[0].set_output(["out1"])
        sub_kernels[1].set_input(["out1"])
        sub_kernels[1].set_output(["out2"])
        result = compile_superkernel(ctx, sub_kernels)
        result.output = sub_kernels[1].output
        print(f"[2] sk_cc compiled add_custom and scale_custom; out1 joins them; fused into "
              f"kernel_meta/{result.name}.o")

        # 4 (read first: step 3 sizes its buffers from it). The super kernel's metadata.
        with open(os.path.join(ctx.dir, result.name + ".json")) as f:
            meta = json.load(f)
        magic = MAGIC_OF_CORE_TYPE[meta["coreType"]]
        with open(os.path.join(ctx.dir, meta["binFileName"] + meta["binFileSuffix"]), "rb") as f:
            binary = f.read()

        # 3. Inputs in pinned host memory, copied to the device; every SK parameter gets a buffer.
        n = 8192
        x = ((np.arange(n) % 100) * 0.25).astype(np.float32)
        y = (1.0 - (np.arange(n) % 7)).astype(np.float32)
        host = {}
        for name, values in (("arg_in1", x), ("arg_in2", y)):
            p = ctypes.c_void_p()
            acl.aclrtMallocHost(ctypes.byref(p), values.nbytes)
            ctypes.memmove(p, values.ctypes.data, values.nbytes)
            host[name] = p
        dev, out2 = [], None
        for p in meta["params"]:
            d = ctypes.c_void_p()
            size = param_bytes(p)
            if size:
                acl.aclrtMalloc(ctypes.byref(d), ctypes.c_size_t(size), 0)
            if p["name"] in host:
                acl.aclrtMemcpyAsync(d, ctypes.c_size_t(size), host[p["name"]], ctypes.c_size_t(n * 4),
                                     ACL_MEMCPY_HOST_TO_DEVICE, stream)
            if p["name"] == "out2":
                out2 = d
            if p["role"] == "tiling" and p.get("data"):
                data = bytes.fromhex(p["data"])
                acl.aclrtMemcpy(d, ctypes.c_size_t(size), data, ctypes.c_size_t(len(data)), ACL_MEMCPY_HOST_TO_DEVICE)
            dev.append(d)
        print(f"[3] {len(dev)} parameters allocated, inputs copied")
        print(f"[4] kernel_meta/{result.name}.json: kernelName {meta['kernelName']}, binFileName "
              f"{meta['binFileName']}, blockDim {meta['blockDim']}, magic {magic} = 0x{MAGIC_MAPPING[magic]:08x}")

        # 5. Register and launch; the C2C control address is the placeholder first argument.
        image = ctypes.create_string_buffer(binary, len(binary))
        bin_desc = RtDevBinary(MAGIC_MAPPING[magic], 0, ctypes.cast(image, ctypes.c_void_p), len(binary))
        handle = ctypes.c_void_p()
        acl.rtDevBinaryRegister(ctypes.byref(bin_desc), ctypes.byref(handle))
        stub = ctypes.create_string_buffer(1)  # any stable host address keys the function
        name = meta["kernelName"].encode()
        acl.rtFunctionRegister(handle, stub, name, name, 0)
        c2c, c2c_len = ctypes.c_uint64(), ctypes.c_uint32()
        acl.rtGetC2cCtrlAddr(ctypes.byref(c2c), ctypes.byref(c2c_len))
        args = (ctypes.c_uint64 * (len(dev) + 1))(c2c.value, *[d.value or 0 for d in dev])
        acl.rtKernelLaunch(stub, meta["blockDim"], args, ctypes.sizeof(args), None, stream)
        print(f"[5] launched {meta['kernelName']} on {meta['blockDim']} blocks (C2C control address first, then "
              f"{len(dev)} parameters)")

        # 6. Synchronise, copy back, check.
        acl.aclrtSynchronizeStream(stream)
        out = np.zeros(n, np.float32)
        acl.aclrtMemcpy(ctypes.c_void_p(out.ctypes.data), ctypes.c_size_t(out.nbytes), out2,
                        ctypes.c_size_t(out.nbytes), ACL_MEMCPY_DEVICE_TO_HOST)
        bad = int(np.count_nonzero(out != (x + y) * np.float32(3.0)))
        print(f"[6] out2[0..4] = {out[0]:g} {out[1]:g} {out[2]:g} {out[3]:g}; {bad} of {n} elements differ from "
              f"(x + y) * 3")

        # 7. Release.
        for d in dev:
            if d.value:
                acl.aclrtFree(d)
        for p in host.values():
            acl.aclrtFreeHost(p)
        acl.rtDevBinaryUnRegister(handle)
        acl.aclrtDestroyStream(stream)
        acl.aclrtResetDevice(DEVICE_ID)
        acl.aclFinalize()
        print("[7] released")
    return 0 if bad == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
