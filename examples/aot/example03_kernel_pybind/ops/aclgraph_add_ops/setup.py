"""The op_extension package: add_custom compiled by sk_cc for $SK_NPU_ARCH (required, set by
install_extension.sh for this build only) plus its pybind11 extension. setuptools' build files
go to the example's tmp/op_build, not this source folder.

    SK_NPU_ARCH=dav-2201 python3 -m pip install --no-index --target DIR .
"""
import json
import os
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE_TMP = os.path.join(HERE, "..", "..", "tmp", "op_build")
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", ".."))


class BuildKernel(build_py):
    """The package's Python files, then the kernel: sk_cc --npu-arch=$SK_NPU_ARCH."""

    def run(self):
        arch = os.environ.get("SK_NPU_ARCH")
        if arch not in ("dav-2201", "dav-3510"):
            raise SystemExit(f"ERROR: set SK_NPU_ARCH to dav-2201 or dav-3510 for this build (got {arch!r})")
        super().run()
        sk_cc = os.path.join(os.environ.get("SK_BUILD_DIR") or os.path.join(REPO, "build"), "bin", "sk_cc")
        target = os.path.join(self.build_lib, "op_extension")
        os.makedirs(target, exist_ok=True)
        subprocess.check_call([sk_cc, "--npu-arch=" + arch, "--meta", os.path.join(HERE, "add_custom.json"),
                               "-include", os.path.join(HERE, "csrc", "add_custom_tiling.h"),
                               "-c", os.path.join(HERE, "csrc", "add_custom.asc"),
                               "-o", os.path.join(target, "add_custom.o")])
        shutil.copy2(os.path.join(HERE, "add_custom.json"), target)
        with open(os.path.join(target, "build_info.json"), "w") as f:
            json.dump({"npu_arch": arch}, f)


setup(
    name="op_extension",
    version="0.1.0",
    packages=["op_extension"],
    ext_modules=[Extension("op_extension._op_extension", [os.path.join("csrc", "pybind11.cpp")],
                           extra_compile_args=["-std=c++17", "-O1"], language="c++")],
    cmdclass={"build_py": BuildKernel},
    options={"build": {"build_base": EXAMPLE_TMP}, "egg_info": {"egg_base": EXAMPLE_TMP}},
    zip_safe=False,
)
