"""The seed's two MoE networks on superkernel.ops, shared by the Python JIT examples; the twins
of moe_network.h and tensors.h, drawing the same inputs from the same generator, so both
languages compute the same bytes:
  SeedNetwork (superkernel_scope.py): scopes sk1 and sk2 with ops outside them;
  SixScopeNetwork (superkernel_compare.py): a MoE layer in scopes sp1..sp6.
"""
import contextlib
import os

import numpy as np

import superkernel as sk


class Generator:
    """std::mt19937(2024) with std::uniform_real_distribution<double>, as libstdc++ draws it:
    two 32-bit words per double, low word first, (lo + hi * 2^32) / 2^64, scaled to [a, b)."""

    def __init__(self, seed=2024):
        self.state = np.random.RandomState(seed)  # MT19937 seeded by init_genrand, as std::mt19937

    def reals(self, n, a, b):
        words = self.state.randint(0, 2**32, size=2 * n, dtype=np.uint32).astype(np.float64)
        r = (words[0::2] + words[1::2] * 4294967296.0) / 18446744073709551616.0
        r = np.where(r >= 1.0, np.nextafter(1.0, 0.0), r)
        return r * (b - a) + a

    def uniform(self, dtype, shape, a, b):
        """A device tensor of `dtype` with uniform values (integers rounded half away from zero)."""
        r = self.reals(int(np.prod(shape)), a, b).reshape(shape)
        if dtype == "float16":
            host = r.astype(np.float32).astype(np.float16)
        elif dtype == "float32":
            host = r.astype(np.float32)
        else:
            host = (np.sign(r) * np.floor(np.abs(r) + 0.5)).astype(dtype)
        return sk.tensor(host, dtype=dtype)


def super_kernel_scope(enable_superkernel, scope, options=""):
    """The seed's switch: a real super-kernel scope, or a context manager that does nothing."""
    return sk.scope(scope, options) if enable_superkernel else contextlib.nullcontext()


class Network:
    """What both networks share: their results by name (RESULTS), read back or cleared."""

    def results(self):
        return {name: getattr(self, name).numpy() for name in self.RESULTS}

    def clear(self):
        for name in self.RESULTS:
            getattr(self, name).zero_()


class SeedNetwork(Network):
    """sk1: gmm1 = grouped_matmul(x, w1, groups)         x [16, 2048] fp16, w1 [4, 2048, 256]
         gmm2 = grouped_matmul(gmm1, w2, groups)      router logits [16, 64]
         weights, ids = moe_gating_topk(gmm2)         8 of 64 experts, 8 groups, 4 chosen, sigmoid
    outside any scope: ids.reshape(2, 8, 8) (a view), sq = square(gmm1), cat = concat(sq, gmm1)
    sk2: q, qscale = dequant_swiglu_quant(h, wscale, ascale)   h [16, 1024] int32 -> q [16, 512] int8
         out = quant_matmul(q, w3, scale3, qscale)              [16, 512] x [512, 256] -> fp16"""
    T, H, I, E, K, S, N = 16, 2048, 256, 64, 8, 512, 256
    LAUNCHES, SCOPES = 7, 2
    RESULTS = ("gmm1", "gmm2", "weights", "ids", "sq", "cat", "q", "qscale", "out")

    def __init__(self):
        g = Generator()
        T, H, I, E, S, N = self.T, self.H, self.I, self.E, self.S, self.N
        self.x = g.uniform("float16", (T, H), -1, 1)
        self.w1 = g.uniform("float16", (4, H, I), -0.05, 0.05)
        self.w2 = g.uniform("float16", (4, I, E), -0.1, 0.1)
        self.groups = sk.tensor(np.array([3, 8, 8, T], np.int64))  # 3, 5, 0, 8 tokens
        self.h = g.uniform("int32", (T, 2 * S), -2000, 2000)
        self.wscale = g.uniform("float32", (2 * S,), 0.0005, 0.002)
        self.ascale = g.uniform("float32", (T,), 0.5, 1.5)
        self.w3 = g.uniform("int8", (S, N), -127, 127)
        self.scale3 = g.uniform("float32", (N,), 0.0001, 0.001)
        # The results in memory of their own, written by every forward (as the C++ twin's).
        K = self.K
        self.gmm1, self.gmm2 = sk.zeros((T, I), "float16"), sk.zeros((T, E), "float16")
        self.weights, self.ids = sk.zeros((T, K), "float32"), sk.zeros((T, K), "int32")
        self.sq, self.cat = sk.zeros((T, I), "float16"), sk.zeros((T, 2 * I), "float16")
        self.q, self.qscale = sk.zeros((T, S), "int8"), sk.zeros((T,), "float32")
        self.out = sk.zeros((T, N), "float16")

    def forward(self, fused):
        ops = sk.ops
        with super_kernel_scope(fused, "sk1"):
            ops.grouped_matmul(self.x, self.w1, self.groups, out=self.gmm1)
            ops.grouped_matmul(self.gmm1, self.w2, self.groups, out=self.gmm2)
            ops.moe_gating_topk(self.gmm2, k=self.K, group_count=8, group_select=4, sigmoid=True,
                                out=(self.weights, self.ids))
        self.view = self.ids.reshape((2, 8, self.K))  # torch.reshape: a view, no kernel
        ops.square(self.gmm1, out=self.sq)
        ops.concat(self.sq, self.gmm1, out=self.cat)
        with super_kernel_scope(fused, "sk2", "early-start=1"):
            ops.dequant_swiglu_quant(self.h, self.wscale, self.ascale, out=(self.q, self.qscale))
            ops.quant_matmul(self.q, self.w3, self.scale3, self.qscale, out=self.out)
        return self.out



class SixScopeNetwork(Network):
    """sp1: xn = rmsnorm(x);            logits = grouped_matmul(xn, w_router)        (one group)
    sp2: weights, ids = moe_gating_topk(logits);  probs = softmax(logits)
    sp3: up = grouped_matmul(xn, w_up, groups);   up2 = square(up)
    sp4: q, qs = dynamic_quant(up2);  down = quant_matmul(q, w_down, s_down, qs)
    sp5: res = add(down, x);          y = rmsnorm(res)
    sp6: q2, s2 = dequant_swiglu_quant(h, wscale, ascale);  out = quant_matmul(q2, w3, s3, s2)"""
    T, H, E, I, K = 16, 2048, 64, 512, 8
    LAUNCHES, SCOPES = 12, 6
    RESULTS = ("xn", "logits", "weights", "ids", "probs", "up", "up2", "q", "qs", "down", "res", "y", "q2", "s2",
               "out")

    def __init__(self):
        g = Generator()
        T, H, E, I = self.T, self.H, self.E, self.I
        self.x = g.uniform("float16", (T, H), -1, 1)
        self.gamma = g.uniform("float16", (H,), 0.5, 1.5)
        self.w_router = g.uniform("float16", (1, H, E), -0.05, 0.05)
        self.one_group = sk.tensor(np.array([T], np.int64))
        self.w_up = g.uniform("float16", (4, H, I), -0.05, 0.05)
        self.groups = sk.tensor(np.array([4, 9, 9, T], np.int64))
        self.w_down = g.uniform("int8", (I, H), -127, 127)
        self.s_down = g.uniform("float32", (H,), 1e-5, 1e-4)
        self.h = g.uniform("int32", (T, 2 * I), -2000, 2000)
        self.wscale = g.uniform("float32", (2 * I,), 5e-4, 2e-3)
        self.ascale = g.uniform("float32", (T,), 0.5, 1.5)
        self.w3 = g.uniform("int8", (I, H), -127, 127)
        self.s3 = g.uniform("float32", (H,), 1e-4, 1e-3)
        K, f16 = self.K, "float16"
        self.xn, self.logits = sk.zeros((T, H), f16), sk.zeros((T, E), f16)
        self.weights, self.ids = sk.zeros((T, K), "float32"), sk.zeros((T, K), "int32")
        self.probs = sk.zeros((T, E), f16)
        self.up, self.up2 = sk.zeros((T, I), f16), sk.zeros((T, I), f16)
        self.q, self.qs, self.down = sk.zeros((T, I), "int8"), sk.zeros((T,), "float32"), sk.zeros((T, H), f16)
        self.res, self.y = sk.zeros((T, H), f16), sk.zeros((T, H), f16)
        self.q2, self.s2, self.out = sk.zeros((T, I), "int8"), sk.zeros((T,), "float32"), sk.zeros((T, H), f16)

    def forward(self, fused):
        ops = sk.ops
        with super_kernel_scope(fused, "sp1"):
            ops.rmsnorm(self.x, self.gamma, 1e-6, out=self.xn)
            ops.grouped_matmul(self.xn, self.w_router, self.one_group, out=self.logits)
        with super_kernel_scope(fused, "sp2"):
            ops.moe_gating_topk(self.logits, k=self.K, group_count=8, group_select=4, out=(self.weights, self.ids))
            ops.softmax(self.logits, out=self.probs)
        with super_kernel_scope(fused, "sp3"):
            ops.grouped_matmul(self.xn, self.w_up, self.groups, out=self.up)
            ops.square(self.up, out=self.up2)
        with super_kernel_scope(fused, "sp4"):
            ops.dynamic_quant(self.up2, out=(self.q, self.qs))
            ops.quant_matmul(self.q, self.w_down, self.s_down, self.qs, out=self.down)
        with super_kernel_scope(fused, "sp5"):
            ops.add(self.down, self.x, out=self.res)
            ops.rmsnorm(self.res, self.gamma, 1e-6, out=self.y)
        with super_kernel_scope(fused, "sp6"):
            ops.dequant_swiglu_quant(self.h, self.wscale, self.ascale, out=(self.q2, self.s2))
            ops.quant_matmul(self.q2, self.w3, self.s3, self.s2, out=self.out)
        return self.out



def dump(results, directory):
    """Each result's bytes to <directory>/<name>.bin ($SK_EXAMPLE_DUMP: the C++ twins do the same)."""
    os.makedirs(directory, exist_ok=True)
    for name, array in results.items():
        array.tofile(os.path.join(directory, name + ".bin"))


def device_us(work, stream=None):
    """Microseconds of virtual device time `work` takes (two events around it)."""
    begin, end = sk.Event(), sk.Event()
    begin.record(stream)
    work()
    end.record(stream)
    end.synchronize()
    return begin.elapsed_ms(end) * 1000.0
