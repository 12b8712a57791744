"""superkernel.compile: sk_compile's fusion in process — an op list in, a super kernel out that
loads and runs; bad op lists are errors naming what to change."""
import json
import os

import numpy as np
import pytest

import superkernel as sk
from conftest import BUILD_DIR, f16

ADD_CUSTOM = os.path.join(BUILD_DIR, "ops", "add_custom.o")  # z = x + y, fp16 [8, 2048]


def run_super_kernel(result, tensors):
    """Launches the super kernel with its params in metadata order: named tensors, then
    workspace and tiling buffers as the metadata sizes and fills them."""
    with open(result["metadata"]) as f:
        meta = json.load(f)
    args = []
    for p in meta["params"]:
        if p["role"] in ("input", "output"):
            args.append(tensors[p["name"]])
        elif p.get("data"):
            args.append(sk.tensor(np.frombuffer(bytes.fromhex(p["data"]), np.uint8)))
        else:
            args.append(sk.zeros((max(p.get("bytes", 0), 1),), "uint8"))
    sk.Binary(result["object"]).function(meta["kernelName"]).launch(result["block_dim"], args)
    sk.synchronize()


def test_two_sub_kernels_fuse_and_the_result_runs(rng, tmp_path):
    ops = [{"bin_path": ADD_CUSTOM, "bind": {"x": "a", "y": "b", "z": "c"}},
           {"bin_path": ADD_CUSTOM, "bind": {"x": "c", "y": "a", "z": "d"}}]
    result = sk.compile(ops, name="add_add", options="early-start=1", output_dir=str(tmp_path))
    assert result["sub_kernels"] == 2 and result["kernel_type"] == "AIV" and result["block_dim"] == 8
    assert os.path.exists(result["object"]) and os.path.exists(result["metadata"])
    a, b = f16(rng, (8, 2048)), f16(rng, (8, 2048))
    d = sk.zeros((8, 2048))
    run_super_kernel(result, {"a": sk.tensor(a), "b": sk.tensor(b), "d": d})
    assert d.numpy().tobytes() == ((a + b) + a).tobytes()


def test_objects_fuse_in_order_and_kept_intermediates_become_outputs(tmp_path):
    result = sk.compile([ADD_CUSTOM, ADD_CUSTOM], name="pair", output_dir=str(tmp_path))
    assert result["sub_kernels"] == 2
    with open(result["metadata"]) as f:
        assert json.load(f)["kernelName"] == "pair"
    ops = {"op_list": [{"bin_path": ADD_CUSTOM, "bind": {"x": "a", "y": "b", "z": "c"}},
                       {"bin_path": ADD_CUSTOM, "bind": {"x": "c", "y": "a", "z": "d"}}]}
    kept = sk.compile(ops, name="kept", output_dir=str(tmp_path), keep_outputs=["c"])
    with open(kept["metadata"]) as f:
        outputs = [p["name"] for p in json.load(f)["params"] if p["role"] == "output"]
    assert sorted(outputs) == ["c", "d"]


def test_bad_op_lists_are_errors_and_write_nothing(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(sk.AclError, match="nonexistent.o") as e:
        sk.compile(["/nonexistent.o"], output_dir=str(out))
    assert e.value.code == 100000
    with pytest.raises(sk.AclError, match="bind"):
        sk.compile([{"bin_path": ADD_CUSTOM, "bind": {"nope": "a"}}], output_dir=str(out))
    with pytest.raises(sk.AclError, match="not a C identifier"):
        sk.compile([ADD_CUSTOM], name="bad name", output_dir=str(out))
    with pytest.raises(sk.AclError, match="'sk_block_idx' is the name of an intrinsic"):  # it would shadow it
        sk.compile([ADD_CUSTOM], name="sk_block_idx", output_dir=str(out))
    with pytest.raises(sk.AclError, match="no-such-option"):
        sk.compile([ADD_CUSTOM], options="no-such-option=1", output_dir=str(out))
    with pytest.raises(TypeError, match="object paths or op-list entries"):
        sk.compile([])
    assert not out.exists()
