"""The runtime from Python: tensors to and from numpy, streams, events, binaries, launches,
capture and replay, and what each does with bad input."""
import os

import numpy as np
import pytest

import superkernel as sk
from conftest import BUILD_DIR, add_custom_tiling, f16

ADD_CUSTOM = os.path.join(BUILD_DIR, "ops", "add_custom.o")  # z = x + y, fp16, 8 blocks


@pytest.mark.parametrize("dtype", ["float16", "float32", "int8", "uint8", "int16", "int32", "int64", "uint64", "bool"])
def test_a_tensor_holds_the_arrays_bytes(dtype, rng):
    host = (rng.uniform(-100, 100, size=(3, 5)) if dtype != "bool" else rng.uniform(size=(3, 5)) > 0.5).astype(dtype)
    t = sk.tensor(host)
    assert t.dtype == dtype and t.shape == (3, 5) and t.nbytes == host.nbytes
    back = t.numpy()
    assert back.dtype == host.dtype and back.tobytes() == host.tobytes()


def test_bfloat16_travels_as_float32_rounded_to_nearest_even():
    # 1 + 2^-8 is halfway between two bfloat16 values: ties to even gives 1.0; 1 + 3 * 2^-8 -> 1 + 2^-6
    t = sk.tensor(np.array([1.0, 1 + 2**-8, 1 + 3 * 2**-8, -2.5], np.float32), dtype="bfloat16")
    assert t.dtype == "bfloat16" and t.nbytes == 8
    assert t.numpy().tolist() == [1.0, 1.0, 1 + 2**-6, -2.5]


def test_int4_travels_as_int8_two_to_a_byte():
    t = sk.tensor(np.array([-1, -8, 7, 0, 1], np.int8), dtype="int4")
    assert t.dtype == "int4" and t.nbytes == 3
    assert t.numpy().dtype == np.int8 and t.numpy().tolist() == [-1, -8, 7, 0, 1]
    with pytest.raises(sk.AclError, match="element 1 is 8, outside int4's -8..7"):
        sk.tensor(np.array([0, 8], np.int8), dtype="int4")


def test_low_precision_floats_travel_as_float32_rounded_to_their_codes():
    # e4m3: 0.3 rounds to 0.3125 (5 * 2^-4), 500 saturates to 448; e2m1: 2.5 ties to even (2), two to a byte
    t = sk.tensor(np.array([1.0, 0.3, -500.0], np.float32), dtype="float8_e4m3fn")
    assert t.dtype == "float8_e4m3fn" and t.nbytes == 3
    assert t.numpy().tolist() == [1.0, 0.3125, -448.0]
    t = sk.tensor(np.array([0.5, 2.5, -6.0, 7.0, 1.0], np.float32), dtype="float4_e2m1")
    assert t.nbytes == 3 and t.numpy().tolist() == [0.5, 2.0, -6.0, 6.0, 1.0]


def test_a_reshape_is_a_view_of_the_same_memory(rng):
    t = sk.tensor(f16(rng, (4, 6)))
    v = t.reshape((2, 12))
    assert v.shape == (2, 12) and v.data_ptr == t.data_ptr
    v.zero_()
    assert not t.numpy().any()
    with pytest.raises(sk.AclError, match="24 elements cannot be viewed as 25"):
        t.reshape((5, 5))


def test_zeros_and_copy_from():
    t = sk.zeros((2, 3), "int32")
    assert t.numpy().tolist() == [[0, 0, 0], [0, 0, 0]]
    t.copy_from(np.arange(6).reshape(2, 3))  # int64 values converted to the tensor's int32
    assert t.numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    with pytest.raises(sk.AclError, match="the array has 5 elements, the tensor 6") as e:
        t.copy_from(np.arange(5))
    assert e.value.code == 100000


def test_a_freed_tensor_is_refused_also_through_its_views(rng):
    t = sk.tensor(f16(rng, (8,)))
    v = t.reshape((2, 4))
    t.free()
    assert t.freed and v.freed and "freed" in repr(v)
    for use in (t.numpy, v.numpy, lambda: sk.ops.square(v), lambda: t.data_ptr):
        with pytest.raises(sk.AclError, match="the tensor was freed") as e:
            use()
        assert e.value.code == 100000


def test_bad_dtypes_and_shapes_are_refused():
    with pytest.raises(sk.AclError, match="numpy dtype complex64 has no device dtype"):
        sk.tensor(np.zeros(2, np.complex64))
    with pytest.raises(sk.AclError, match="dtype 'float8'"):
        sk.empty((2,), "float8")
    with pytest.raises(sk.AclError, match="negative extent -1"):
        sk.zeros((2, -1))


def test_a_destroyed_stream_is_refused():
    s = sk.Stream()
    s.destroy()
    assert s.closed
    with pytest.raises(sk.AclError, match="the stream was destroyed") as e:
        s.synchronize()
    assert e.value.code == 200005
    with pytest.raises(sk.AclError, match="the stream was destroyed"):
        sk.ops.square(sk.zeros((4,)), stream=s)
    s.destroy()  # again: nothing happens


def launch_add(binary, x, y, z, stream=None, tiling=None):
    """add_custom on 8 blocks; a capture keeps the tiling's address: give it a tiling that stays."""
    tiling = tiling or add_custom_tiling(x.shape[0] * x.shape[1])
    binary.function("add_custom").launch(8, [x, y, z, tiling], stream=stream)


def test_a_loaded_kernel_runs_on_a_stream_and_events_time_it(rng):
    x, y = sk.tensor(f16(rng, (8, 2048))), sk.tensor(f16(rng, (8, 2048)))
    z = sk.empty((8, 2048), "float16")
    binary = sk.Binary(ADD_CUSTOM)
    s, begin, end = sk.Stream(), sk.Event(), sk.Event()
    begin.record(s)
    launch_add(binary, x, y, z, s)
    end.record(s)
    end.synchronize()
    assert z.numpy().tobytes() == (x.numpy() + y.numpy()).tobytes()
    assert begin.elapsed_ms(end) > 0
    # The task (msprof's Task Duration) begins after the kernel's start-up; the events' time pays both.
    task = sk.task_timings()[-1]
    assert task["launch_us"] < task["begin_us"] < task["end_us"]
    assert begin.elapsed_ms(end) * 1000 >= task["end_us"] - task["launch_us"]


def test_launch_refuses_bad_arguments_and_unloaded_binaries():
    binary = sk.Binary(ADD_CUSTOM)
    f = binary.function("add_custom")
    with pytest.raises(sk.AclError, match="argument 1 is a str"):
        f.launch(8, [sk.zeros((4,)), "y"])
    with pytest.raises(sk.AclError, match="aclrtBinaryGetFunction\\(no_such_kernel\\)"):
        binary.function("no_such_kernel")
    binary.unload()
    with pytest.raises(sk.AclError, match="the binary was unloaded"):
        f.launch(8, [])
    with pytest.raises(sk.AclError, match="aclrtBinaryLoadFromFile") as e:
        sk.Binary("/nonexistent/k.o")
    assert e.value.code != 0


def test_a_capture_replays_and_fuses(rng):
    x, y = sk.tensor(f16(rng, (8, 2048))), sk.tensor(f16(rng, (8, 2048)))
    z, w = sk.zeros((8, 2048)), sk.zeros((8, 2048))
    binary, s, tiling = sk.Binary(ADD_CUSTOM), sk.Stream(), add_custom_tiling(8 * 2048)
    s.begin_capture("relaxed")
    launch_add(binary, x, y, z, s, tiling)
    launch_add(binary, z, x, w, s, tiling)
    model = s.end_capture()
    assert not w.numpy().any()  # captured, not run
    model.execute(s)
    s.synchronize()
    expected = ((x.numpy() + y.numpy()) + x.numpy()).tobytes()
    assert w.numpy().tobytes() == expected
    w.zero_()
    model.optimize("early-start=1")
    model.execute(s)
    s.synchronize()
    assert w.numpy().tobytes() == expected
    model.destroy()
    with pytest.raises(sk.AclError, match="the model was destroyed"):
        model.execute(s)
    with pytest.raises(sk.AclError, match="capture mode 'loose'"):
        s.begin_capture("loose")


def test_a_kernel_fault_is_an_error_not_a_crash(rng):
    x = sk.tensor(f16(rng, (8, 2048)))
    small = sk.zeros((8,))  # the kernel writes 16384 elements into 8
    with pytest.raises(sk.AclError):
        launch_add(sk.Binary(ADD_CUSTOM), x, x, small)
        sk.synchronize()
    sk.reset_device()  # a fresh device works again
    assert sk.ops.square(sk.tensor(np.array([3.0], np.float32))).numpy().tolist() == [9.0]


def test_handles_of_a_reset_device_are_refused(rng):
    t, s, e = sk.tensor(f16(rng, (4,))), sk.Stream(), sk.Event()
    sk.reset_device()
    for use in (t.numpy, s.synchronize, e.synchronize):
        with pytest.raises(sk.AclError, match="belongs to a device that was reset"):
            use()
    assert sk.zeros((2,)).numpy().tolist() == [0, 0]


def test_set_arch_is_checked():
    with pytest.raises(ValueError, match="unknown arch 'dav-9999'"):
        sk.set_arch("dav-9999")
    sk.zeros((1,))
    with pytest.raises(RuntimeError, match="already set up"):
        sk.set_arch("dav-2201")
