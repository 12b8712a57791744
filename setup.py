"""pip install . — the superkernel Python package (docs/python.md).

Builds the extension with the project's CMake build ($SK_BUILD_DIR, default ./build: configured
if missing, as scripts/setup.sh does) and installs it with the package's Python files. Nothing is
downloaded: the build uses Debian's pybind11, and numpy is the interpreter's own (make the venv
with --system-site-packages to see Debian's python3-numpy). The installed package finds the op
binaries in the build tree, or wherever $SK_OPS_LIB_DIR points. SK_SETUP_NO_BUILD=1 packages the
extension as built (the test suite's venv test: tests running beside it use the build tree).
"""
import glob
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("SK_BUILD_DIR") or os.path.join(ROOT, "build")


class BinaryDistribution(Distribution):
    """A wheel for this platform and interpreter: the package holds a compiled extension."""

    def has_ext_modules(self):
        return True


class BuildWithCMake(build_py):
    def run(self):
        super().run()
        if not os.environ.get("SK_SETUP_NO_BUILD"):  # set: package the extension built already
            if not os.path.exists(os.path.join(BUILD, "build.ninja")):
                subprocess.check_call(["cmake", "-S", ROOT, "-B", BUILD, "-G", "Ninja",
                                       "-DCMAKE_BUILD_TYPE=RelWithDebInfo"])
            subprocess.check_call(["cmake", "--build", BUILD, "--target", "sk_python"])
        extensions = glob.glob(os.path.join(BUILD, "python", "superkernel", "_superkernel*.so"))
        if len(extensions) != 1:
            raise RuntimeError(f"expected one extension in {BUILD}/python/superkernel, found {extensions}")
        target = os.path.join(self.build_lib, "superkernel")
        os.makedirs(target, exist_ok=True)
        installed = shutil.copy2(extensions[0], target)
        if shutil.which("strip"):  # the build's debug info would make a 100 MB wheel
            subprocess.check_call(["strip", "--strip-debug", installed])


setup(
    name="superkernel",
    version="0.1.0",
    description="SuperKernel: compile, fuse and run Ascend NPU kernels on a simulated NPU",
    packages=["superkernel"],
    package_dir={"": "python"},
    cmdclass={"build_py": BuildWithCMake},
    distclass=BinaryDistribution,
    # setuptools' own build files go into the CMake build, not the source tree
    options={"build": {"build_base": os.path.join(BUILD, "python-dist")},
             "egg_info": {"egg_base": os.path.join(BUILD, "python-dist")}},
    python_requires=">=3.9",
    zip_safe=False,
)
