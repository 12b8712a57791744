"""The op library from Python: results against numpy references, the outputs it allocates or
is given, and bad input named by op and operand."""
import numpy as np
import pytest

import superkernel as sk
from conftest import f16


def test_elementwise_ops_are_bit_exact_against_numpy(rng):
    # numpy's float16 add/mul round the exact float32 result once, as the vector unit does
    a, b = f16(rng, (16, 512)), f16(rng, (16, 512))
    x, y = sk.tensor(a), sk.tensor(b)
    assert sk.ops.add(x, y).numpy().tobytes() == (a + b).tobytes()
    assert sk.ops.mul(x, y).numpy().tobytes() == (a * b).tobytes()
    assert sk.ops.square(x).numpy().tobytes() == (a * a).tobytes()
    assert sk.ops.concat(x, y).numpy().tobytes() == np.concatenate([a, b], axis=1).tobytes()


def test_rmsnorm_and_softmax_match_numpy_within_float16_rounding(rng):
    a, g = f16(rng, (8, 1024)), f16(rng, (1024,), 0.5, 1.5)
    af = a.astype(np.float32)
    ref = af / np.sqrt((af * af).mean(axis=1, keepdims=True) + 1e-6) * g.astype(np.float32)
    got = sk.ops.rmsnorm(sk.tensor(a), sk.tensor(g), 1e-6).numpy().astype(np.float32)
    np.testing.assert_allclose(got, ref, rtol=2e-3, atol=2e-3)  # one float16 rounding (2^-11) and reassociation
    e = np.exp(af - af.max(axis=1, keepdims=True))
    got = sk.ops.softmax(sk.tensor(a)).numpy().astype(np.float32)
    np.testing.assert_allclose(got, e / e.sum(axis=1, keepdims=True), rtol=5e-3, atol=1e-5)  # exp differs by ulps


def test_grouped_matmul_multiplies_each_group_by_its_expert(rng):
    a, w = f16(rng, (12, 256)), f16(rng, (3, 256, 64), -0.1, 0.1)
    groups = np.array([4, 4, 12], np.int64)  # cumulative: rows 0-3, none, 4-11
    got = sk.ops.grouped_matmul(sk.tensor(a), sk.tensor(w), sk.tensor(groups)).numpy().astype(np.float32)
    af, wf = a.astype(np.float32), w.astype(np.float32)
    ref = np.concatenate([af[0:4] @ wf[0], af[4:12] @ wf[2]])
    np.testing.assert_allclose(got, ref, rtol=2e-3, atol=2e-3)  # float32 accumulation, one float16 rounding


def test_moe_gating_topk_picks_the_largest_scores(rng):
    logits = rng.permutation(np.arange(16 * 64, dtype=np.float32)).reshape(16, 64) / 256.0  # distinct scores
    weights, ids = sk.ops.moe_gating_topk(sk.tensor(logits.astype(np.float16)), k=4)
    assert weights.shape == (16, 4) and ids.dtype == "int32"
    ref = np.argsort(-logits.astype(np.float16).astype(np.float32), axis=1, kind="stable")[:, :4]
    assert ids.numpy().tolist() == ref.tolist()
    np.testing.assert_allclose(weights.numpy().sum(axis=1), 1.0, rtol=1e-5)  # renormalised


def test_quant_ops_round_trip(rng):
    a = f16(rng, (8, 256))
    q, scale = sk.ops.dynamic_quant(sk.tensor(a))
    assert q.dtype == "int8" and scale.shape == (8,)
    back = q.numpy().astype(np.float32) * scale.numpy()[:, None]
    np.testing.assert_allclose(back, a.astype(np.float32), atol=float(scale.numpy().max()) * 0.51)  # half a step


def test_outputs_given_are_written_and_checked(rng):
    a = f16(rng, (4, 128))
    out = sk.zeros((4, 128))
    assert sk.ops.square(sk.tensor(a), out=out) is not None
    assert out.numpy().tobytes() == (a * a).tobytes()
    with pytest.raises(sk.AclError, match=r"square: out \(y\) has shape=\(4, 64\), dtype=float16; the op writes "
                                          r"shape=\(4, 128\)"):
        sk.ops.square(sk.tensor(a), out=sk.zeros((4, 64)))
    w, i = sk.zeros((4, 2), "float32"), sk.zeros((4, 2), "int32")
    sk.ops.moe_gating_topk(sk.tensor(a), k=2, out=(w, i))
    assert i.numpy().max() < 128 and np.allclose(w.numpy().sum(axis=1), 1.0)


def test_bad_operands_are_named():
    x = sk.zeros((4, 128))
    with pytest.raises(sk.AclError, match="add failed \\(100000\\).*x float16\\[4, 128\\] and y float32\\[4, 128\\]") as e:
        sk.ops.add(x, sk.zeros((4, 128), "float32"))
    assert e.value.code == 100000
    with pytest.raises(sk.AclError, match="grouped_matmul"):
        sk.ops.grouped_matmul(x, sk.zeros((2, 64, 8)), sk.tensor(np.array([4, 4], np.int64)))
    with pytest.raises(sk.AclError, match="quant_matmul"):
        sk.ops.quant_matmul(x, x, x, x, out_dtype="int8")
    with pytest.raises(TypeError):
        sk.ops.add(x, "y")
