"""superkernel.scope: ops inside are fused into one super kernel, equal to eager; the cache;
errors."""
import json
import subprocess
import sys

import pytest

import superkernel as sk
from conftest import f16


def network(x, g, fused, name="sk1"):
    with (sk.scope(name, "early-start=1") if fused else _Nothing()):
        y = sk.ops.rmsnorm(x, g, 1e-6)
        z = sk.ops.square(y)
        w = sk.ops.add(z, x)
    return [t.numpy().tobytes() for t in (y, z, w)]


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_scope_fuses_into_one_super_kernel_with_the_eager_bytes(rng):
    x, g = sk.tensor(f16(rng, (16, 512))), sk.tensor(f16(rng, (512,), 0.5, 1.5))
    eager = network(x, g, False)
    before = sk.jit_stats()
    assert network(x, g, True) == eager
    assert sk.jit_stats()["built"] == before["built"] + 1
    assert network(x, g, True) == eager  # the same capture: replayed
    assert sk.jit_stats()["built"] == before["built"] + 1


PROGRAM = """
import json, sys
import numpy as np
import superkernel as sk
sk.set_cache_dir(sys.argv[1])
rng = np.random.default_rng(3)
x = sk.tensor(rng.uniform(-1, 1, (16, 512)).astype(np.float16))
with sk.scope("sk1", "early-start=1"):
    y = sk.ops.square(x)
    z = sk.ops.add(y, x)
print(json.dumps({"stats": sk.jit_stats(), "z": z.numpy().tobytes().hex()}))
"""


def test_the_next_process_compiles_nothing(tmp_path):
    def run():
        out = subprocess.run([sys.executable, "-c", PROGRAM, str(tmp_path / "cache")], check=True,
                             capture_output=True, text=True).stdout
        return json.loads(out)
    first, second = run(), run()
    assert first["stats"]["built"] == 1
    assert second["stats"] == {"built": 0, "memory_hits": 0, "disk_hits": 1, "replays": 0}
    assert second["z"] == first["z"]
    assert sorted(p.suffix for p in (tmp_path / "cache").iterdir()) == [".json", ".o"]


def test_an_exception_in_the_body_ends_the_scope_and_goes_on(rng):
    x = sk.tensor(f16(rng, (4, 64)))
    with pytest.raises(ZeroDivisionError):
        with sk.scope("broken"):
            sk.ops.square(x)
            1 / 0
    assert sk.ops.square(x).numpy().tobytes() == (x.numpy() * x.numpy()).tobytes()  # eager again


def test_bad_scope_options_are_refused():
    with pytest.raises(sk.AclError, match="superkernel.scope\\(s\\)") as e:
        with sk.scope("s", "no-such-option=1"):
            pass
    assert e.value.code == 100000


def test_nested_scopes_fuse_as_one(rng):
    x = sk.tensor(f16(rng, (8, 256)))
    eager = sk.ops.add(sk.ops.square(x), x).numpy().tobytes()
    with sk.scope("outer"):
        y = sk.ops.square(x)
        with sk.scope("inner", "early-start=0"):
            z = sk.ops.add(y, x)
    assert z.numpy().tobytes() == eager
