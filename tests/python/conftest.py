"""What the Python tests share: the build's paths ($SK_BUILD_DIR, $SK_SOURCE_DIR as ctest sets
them) and a JIT cache of each test's own."""
import os

import numpy as np
import pytest

import superkernel as sk

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.environ.get("SK_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
BUILD_DIR = os.environ.get("SK_BUILD_DIR") or os.path.join(SOURCE_DIR, "build")


@pytest.fixture(autouse=True)
def own_jit_cache(tmp_path):
    sk.set_cache_dir(str(tmp_path / "kernel_meta"))
    yield


@pytest.fixture
def rng():
    return np.random.default_rng(7)


def f16(rng, shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(np.float16)


def add_custom_tiling(total):
    """add_custom's tiling (build/ops/add_custom.json): totalLength, tileLength as uint32 LE."""
    return sk.tensor(np.array([total, 256], np.uint32).view(np.uint8), dtype="uint8")
