// superkernel._superkernel: the product from Python (docs/python.md). The runtime through the
// ACL C API (device, streams, events, device tensors to and from numpy, binaries, launches,
// capture and replay), sk_compile's fusion in process, the op library and the JIT scopes.
//
// Every ACL failure raises superkernel.AclError carrying the code (.code) and the runtime's
// message; handles the Python side closed or freed are refused before they reach the runtime,
// so no call can take the interpreter down on bad input.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sk/acl_interop.h"
#include "sk/arch.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/jit.h"
#include "sk/ops.h"
#include "sk/reuse_analysis.h"
#include "sk/sim/float16.h"
#include "sk/super_kernel.h"

namespace py = pybind11;

namespace {

// An ACL failure on its way to Python (translated into superkernel.AclError).
struct AclFailure {
  aclError code;
  std::string message;
};

[[noreturn]] void raise(aclError code, const std::string& message) { throw AclFailure{code, message}; }

void check(aclError rc, const char* what) {
  if (rc == ACL_SUCCESS) return;
  const char* msg = aclGetRecentErrMsg();
  raise(rc, std::string(what) + " failed (" + std::to_string(rc) + ")" + (msg && *msg ? std::string(": ") + msg : ""));
}

// The device the package works on: ACL initialised and device 0 set at first use, as torch does.
// Each setup is a generation: handles and memory of an earlier one (before reset_device) are
// refused, never passed to the runtime, which may have handed their addresses out again.
struct DeviceState {
  bool ready = false;
  uint64_t generation = 0;
};
DeviceState& device() {
  static DeviceState d;
  return d;
}
bool deviceReady() { return device().ready; }
void ensureDevice() {
  if (device().ready) return;
  aclError rc = aclInit(nullptr);
  if (rc != ACL_SUCCESS && rc != ACL_ERROR_REPEAT_INITIALIZE) check(rc, "aclInit");
  check(aclrtSetDevice(0), "aclrtSetDevice(0)");
  device().ready = true;
  ++device().generation;
}
void releaseDevice(bool finalize) {
  if (!device().ready) return;
  device().ready = false;
  aclrtResetDevice(0);
  if (finalize) aclFinalize();
}

// What every handle records: the device generation it belongs to.
struct DeviceObject {
  uint64_t generation = device().generation;
  bool live() const { return device().ready && generation == device().generation; }
  void checkLive(const char* what) const {
    if (!live()) raise(ACL_ERROR_INVALID_RESOURCE_HANDLE, std::string(what) + " belongs to a device that was reset");
  }
};

// ---- streams and events ----

struct Stream : DeviceObject {
  aclrtStream handle = nullptr;
  bool closed = false;
  aclrtStream get() const {
    checkLive("the stream");
    if (closed) raise(ACL_ERROR_INVALID_RESOURCE_HANDLE, "the stream was destroyed: create a new superkernel.Stream()");
    return handle;
  }
  void destroy() {
    if (closed) return;
    checkLive("the stream");
    check(aclrtDestroyStream(handle), "aclrtDestroyStream");
    closed = true;
  }
};

std::shared_ptr<Stream> newStream() {
  ensureDevice();
  auto s = std::make_shared<Stream>();
  check(aclrtCreateStream(&s->handle), "aclrtCreateStream");
  return s;
}

// What ops, scopes and launches use when no stream is given (a created stream: capture cannot
// run on the runtime's default stream).
std::shared_ptr<Stream>& currentStream() {
  static std::shared_ptr<Stream> s;
  if (!s || s->closed || !s->live()) s = newStream();
  return s;
}
aclrtStream streamOf(const std::shared_ptr<Stream>& s) { return (s ? s : currentStream())->get(); }

struct Event : DeviceObject {
  aclrtEvent handle = nullptr;
  aclrtEvent get() const {
    checkLive("the event");
    return handle;
  }
};

// ---- tensors ----

struct Storage : DeviceObject {
  void* ptr = nullptr;
  Storage(const Storage&) = delete;
  explicit Storage(uint64_t n) {
    ensureDevice();
    generation = device().generation;
    check(aclrtMalloc(&ptr, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  }
  ~Storage() { release(); }
  void release() {
    if (ptr && live()) aclrtFree(ptr);
    ptr = nullptr;
  }
};

// A device tensor: shares its storage with its views (reshape), owns it with them.
struct Tensor {
  std::shared_ptr<Storage> storage;
  sk::DType dtype = sk::DType::Float16;
  std::vector<int64_t> shape;

  sk::ops::Tensor view() const {
    if (!storage || !storage->ptr) raise(ACL_ERROR_INVALID_PARAM, "the tensor was freed: it has no device memory");
    storage->checkLive("the tensor");
    sk::ops::Tensor t;
    t.dtype = dtype;
    t.shape = shape;
    t.data = storage->ptr;
    return t;
  }
  uint64_t bytes() const { return view().bytes(); }
};

sk::DType parseDType(const std::string& name) {
  auto d = sk::parseDType(name);
  if (!d) raise(ACL_ERROR_INVALID_PARAM, "dtype '" + name + "': " + sk::dtypeChoices());
  return *d;
}

std::vector<int64_t> checkedShape(const std::vector<int64_t>& shape) {
  for (int64_t x : shape)
    if (x < 0) raise(ACL_ERROR_INVALID_PARAM, "shape: negative extent " + std::to_string(x));
  return shape;
}

Tensor allocate(sk::DType dtype, const std::vector<int64_t>& shape) {
  Tensor t;
  t.dtype = dtype;
  t.shape = checkedShape(shape);
  t.storage = std::make_shared<Storage>(sk::ops::TensorSpec{t.dtype, t.shape}.bytes());
  return t;
}
Tensor empty(const std::vector<int64_t>& shape, const std::string& dtype) { return allocate(parseDType(dtype), shape); }
Tensor fromSpec(const sk::ops::TensorSpec& spec) { return allocate(spec.dtype, spec.shape); }

// numpy's element type for a dtype; bfloat16 and int4 (which numpy lacks) travel as float32 and
// int8 values.
py::dtype numpyDType(sk::DType d) {
  switch (d) {
    case sk::DType::Float32: case sk::DType::BFloat16: return py::dtype::of<float>();
    case sk::DType::Float8E4M3: case sk::DType::Float8E5M2: case sk::DType::HiFloat8: case sk::DType::Float8E8M0:
    case sk::DType::Float4E2M1: case sk::DType::Float4E1M2: return py::dtype::of<float>();
    case sk::DType::Float16: return py::dtype("float16");
    case sk::DType::Int8: case sk::DType::Int4: return py::dtype::of<int8_t>();
    case sk::DType::UInt8: return py::dtype::of<uint8_t>();
    case sk::DType::Int16: return py::dtype::of<int16_t>();
    case sk::DType::UInt16: return py::dtype::of<uint16_t>();
    case sk::DType::Int32: return py::dtype::of<int32_t>();
    case sk::DType::UInt32: return py::dtype::of<uint32_t>();
    case sk::DType::Int64: return py::dtype::of<int64_t>();
    case sk::DType::UInt64: return py::dtype::of<uint64_t>();
    case sk::DType::Bool: return py::dtype::of<bool>();
  }
  return py::dtype::of<uint8_t>();
}

// The device dtype of numpy's of the same name (float16, float32, (u)int8..64, bool).
std::optional<sk::DType> fromNumpy(const py::dtype& dt) { return sk::parseDType(std::string(py::str(dt.attr("name")))); }

// A numpy array of the tensor's element count into it, converted to its dtype.
void copyIn(const Tensor& t, const py::array& host) {
  sk::ops::Tensor v = t.view();
  if ((int64_t)host.size() != v.numel())
    raise(ACL_ERROR_INVALID_PARAM, "copy_from: the array has " + std::to_string(host.size()) + " elements, the tensor " +
                                       std::to_string(v.numel()));
  if (v.dtype == sk::DType::BFloat16) {
    py::array_t<float, py::array::c_style | py::array::forcecast> f(host);
    std::vector<uint16_t> bits(f.size());
    for (py::ssize_t i = 0; i < f.size(); ++i) bits[i] = sk::floatToBf16(f.data()[i]);
    check(aclrtMemcpy(v.data, v.bytes(), bits.data(), bits.size() * 2, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
    return;
  }
  if (sk::isMinifloat(v.dtype)) {  // each value rounded to the nearest code; 4-bit codes two to a byte
    py::array_t<float, py::array::c_style | py::array::forcecast> f(host);
    std::vector<uint8_t> codes(v.bytes());
    bool nibbles = sk::dtypeInfo(v.dtype).bits == 4;
    for (py::ssize_t i = 0; i < f.size(); ++i) {
      uint8_t code = sk::floatToMinifloat(v.dtype, f.data()[i]);
      if (nibbles) sk::setInt4(codes.data(), (uint64_t)i, code);
      else codes[i] = code;
    }
    check(aclrtMemcpy(v.data, v.bytes(), codes.data(), codes.size(), ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
    return;
  }
  if (v.dtype == sk::DType::Int4) {  // two to a byte, element 2i in the low nibble
    py::array_t<int8_t, py::array::c_style | py::array::forcecast> q(host);
    std::vector<uint8_t> packed(v.bytes());
    for (py::ssize_t i = 0; i < q.size(); ++i) {
      int8_t x = q.data()[i];
      if (x < -8 || x > 7)
        raise(ACL_ERROR_INVALID_PARAM, "copy_from: element " + std::to_string(i) + " is " + std::to_string(x) +
                                           ", outside int4's -8..7");
      sk::setInt4(packed.data(), (uint64_t)i, x);
    }
    check(aclrtMemcpy(v.data, v.bytes(), packed.data(), packed.size(), ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
    return;
  }
  // astype: e.g. float64 values into a float16 tensor; a copy in C order
  py::array src = host.attr("astype")(numpyDType(v.dtype), py::arg("order") = "C");
  check(aclrtMemcpy(v.data, v.bytes(), src.data(), v.bytes(), ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
}

Tensor tensorFrom(const py::array& host, const std::optional<std::string>& dtype) {
  std::optional<sk::DType> d = dtype ? std::optional(parseDType(*dtype)) : fromNumpy(host.dtype());
  if (!d)
    raise(ACL_ERROR_INVALID_PARAM, "numpy dtype " + std::string(py::str(host.dtype())) +
                                       " has no device dtype: give dtype= (" + sk::dtypeChoices() + ")");
  std::vector<int64_t> shape(host.shape(), host.shape() + host.ndim());
  Tensor t = allocate(*d, shape);
  copyIn(t, host);
  return t;
}

py::array toNumpy(const Tensor& t) {
  sk::ops::Tensor v = t.view();
  {
    py::gil_scoped_release unlocked;  // the device may still be running the work that writes it
    check(aclrtSynchronizeDevice(), "aclrtSynchronizeDevice");
  }
  py::array out(numpyDType(v.dtype), v.shape);
  if (v.dtype == sk::DType::BFloat16) {
    std::vector<uint16_t> bits(v.numel());
    check(aclrtMemcpy(bits.data(), bits.size() * 2, v.data, v.bytes(), ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    float* f = static_cast<float*>(out.mutable_data());
    for (size_t i = 0; i < bits.size(); ++i) f[i] = sk::bf16ToFloat(bits[i]);
    return out;
  }
  if (sk::isMinifloat(v.dtype)) {
    std::vector<uint8_t> codes(v.bytes());
    check(aclrtMemcpy(codes.data(), codes.size(), v.data, v.bytes(), ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    bool nibbles = sk::dtypeInfo(v.dtype).bits == 4;
    float* f = static_cast<float*>(out.mutable_data());
    for (int64_t i = 0; i < v.numel(); ++i)
      f[i] = sk::minifloatToFloat(v.dtype, nibbles ? (uint8_t)(sk::int4At(codes.data(), (uint64_t)i) & 0xF) : codes[i]);
    return out;
  }
  if (v.dtype == sk::DType::Int4) {
    std::vector<uint8_t> packed(v.bytes());
    check(aclrtMemcpy(packed.data(), packed.size(), v.data, v.bytes(), ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    int8_t* q = static_cast<int8_t*>(out.mutable_data());
    for (int64_t i = 0; i < v.numel(); ++i) q[i] = (int8_t)sk::int4At(packed.data(), (uint64_t)i);
    return out;
  }
  check(aclrtMemcpy(out.mutable_data(), v.bytes(), v.data, v.bytes(), ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  return out;
}

Tensor reshape(const Tensor& t, const std::vector<int64_t>& shape) {
  Tensor r = t;
  r.shape = checkedShape(shape);
  if (r.view().numel() != t.view().numel())
    raise(ACL_ERROR_INVALID_PARAM, "reshape: " + std::to_string(t.view().numel()) + " elements cannot be viewed as " +
                                       std::to_string(r.view().numel()));
  return r;
}

std::string describe(sk::DType dtype, const std::vector<int64_t>& shape) {
  std::string s = "shape=(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + "), dtype=" + sk::dtypeName(dtype);
}
std::string describe(const Tensor& t) {
  return "superkernel.Tensor(" + describe(t.dtype, t.shape) + (t.storage && t.storage->ptr ? ")" : ", freed)");
}

// ---- binaries, launches, capture ----

struct Binary : DeviceObject {
  aclrtBinHandle handle = nullptr;
  std::string path;
  bool unloaded = false;
  aclrtBinHandle get() const {
    checkLive(path.c_str());
    if (unloaded) raise(ACL_ERROR_INVALID_RESOURCE_HANDLE, path + ": the binary was unloaded");
    return handle;
  }
};

struct Function {
  std::shared_ptr<Binary> binary;  // keeps it loaded
  aclrtFuncHandle handle = nullptr;
  std::string name;
};

// The 8-byte arguments of a launch: tensors by their device address, ints as they are.
std::vector<uint64_t> packArgs(const py::sequence& args) {
  std::vector<uint64_t> packed;
  for (const py::handle& a : args) {
    if (py::isinstance<Tensor>(a)) packed.push_back((uint64_t)a.cast<const Tensor&>().view().data);
    else if (py::isinstance<py::int_>(a)) packed.push_back(a.cast<uint64_t>());
    else if (a.is_none()) packed.push_back(0);
    else
      raise(ACL_ERROR_INVALID_PARAM, "launch: argument " + std::to_string(packed.size()) + " is a " +
                                         std::string(py::str(a.get_type().attr("__name__"))) +
                                         ": give a superkernel.Tensor, an int (a device address) or None");
  }
  return packed;
}

struct Model : DeviceObject {
  aclmdlRI handle = nullptr;
  bool destroyed = false;
  aclmdlRI get() const {
    checkLive("the model");
    if (destroyed) raise(ACL_ERROR_INVALID_RESOURCE_HANDLE, "the model was destroyed");
    return handle;
  }
};

aclmdlRICaptureMode captureMode(const std::string& mode) {
  if (mode == "global") return ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
  if (mode == "thread_local") return ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
  if (mode == "relaxed") return ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
  raise(ACL_ERROR_INVALID_PARAM, "capture mode '" + mode + "': one of global, thread_local, relaxed");
}

// ---- sk_compile in process ----

// sk_compile's read op list → plan → build → write, for an op list given as JSON text (the
// --op-list format) or object paths (--ops). Returns what the summary line says.
py::dict compileSuperKernel(const std::string& opListJson, const std::vector<std::string>& objects,
                            const std::string& name, const std::string& arch, const std::string& options,
                            const std::string& outDir, const std::vector<std::string>& keep) {
  auto fail = [](llvm::Error e) -> py::dict {
    raise(ACL_ERROR_INVALID_PARAM, "superkernel.compile: " + llvm::toString(std::move(e)));
  };
  auto spec = sk::arch::loadArch(arch);
  if (!spec) return fail(spec.takeError());
  sk::reuse::PlanRequest req;
  req.name = name;
  req.arch = *spec;
  req.keepOutputs = keep;
  if (!opListJson.empty()) {
    auto list = sk::reuse::parseOpList(opListJson, "op_list");
    if (!list) return fail(list.takeError());
    req.ops = std::move(*list);
  } else {
    req.ops = sk::reuse::opListFromObjects(objects);
  }
  auto parsed = sk::reuse::listOptions(req.ops, options);
  if (!parsed) return fail(parsed.takeError());
  req.options = *parsed;
  std::optional<sk::reuse::Plan> plan;
  std::optional<sk::super_kernel::SuperKernel> built;
  {
    py::gil_scoped_release unlocked;
    auto p = sk::reuse::makePlan(req);
    if (!p) {
      py::gil_scoped_acquire locked;
      return fail(p.takeError());
    }
    plan = std::move(*p);
    auto b = sk::super_kernel::build(*plan);
    if (!b) {
      py::gil_scoped_acquire locked;
      return fail(b.takeError());
    }
    built = std::move(*b);
  }
  llvm::StringRef object((const char*)built->object.data(), built->object.size());
  if (llvm::Error e = sk::writeFilesInto(outDir, {{name + ".o", object}, {name + ".json", built->metadata}}, "output_dir"))
    return fail(std::move(e));
  py::dict r;
  r["object"] = outDir + "/" + name + ".o";
  r["metadata"] = outDir + "/" + name + ".json";
  r["block_dim"] = plan->blockDim;
  r["kernel_type"] = sk::coreTypeName(plan->ration.kernelType());
  r["ration"] = plan->ration.str();
  r["sub_kernels"] = plan->ops.size();
  r["workspace_bytes"] = plan->workspaceBytes;
  r["workspace_bytes_no_reuse"] = plan->workspaceBytesNoReuse;
  return r;
}

// ---- the op library ----

using Spec = sk::ops::TensorSpec;

Tensor output(const std::optional<Tensor>& given, const Spec& spec, const char* op, const char* name) {
  if (!given) return fromSpec(spec);
  sk::ops::Tensor v = given->view();
  if (v.dtype != spec.dtype || v.shape != spec.shape)
    raise(ACL_ERROR_INVALID_PARAM, std::string(op) + ": out (" + name + ") has " + describe(v.dtype, v.shape) +
                                       "; the op writes " + describe(spec.dtype, spec.shape));
  return *given;
}

// The two outputs of an op: `given` (a tuple of two tensors, checked) or new tensors.
std::pair<Tensor, Tensor> outputs(const std::optional<std::pair<Tensor, Tensor>>& given, const Spec& first,
                                  const Spec& second, const char* op, const char* firstName, const char* secondName) {
  if (!given) return {fromSpec(first), fromSpec(second)};
  return {output(given->first, first, op, firstName), output(given->second, second, op, secondName)};
}

void defineOps(py::module_& ops) {
  using OptPair = std::optional<std::pair<Tensor, Tensor>>;
  using OptT = std::optional<Tensor>;
  using OptS = std::shared_ptr<Stream>;
  auto elementwise = [&](const char* name, aclError (*fn)(const sk::ops::Tensor&, const sk::ops::Tensor&,
                                                         const sk::ops::Tensor&, aclrtStream)) {
    ops.def(
        name,
        [name, fn](const Tensor& x, const Tensor& y, OptT out, OptS stream) {
          Spec z;
          check(sk::ops::inferElementwise(x.view(), y.view(), z), name);
          Tensor o = output(out, z, name, "z");
          check(fn(x.view(), y.view(), o.view(), streamOf(stream)), name);
          return o;
        },
        py::arg("x"), py::arg("y"), py::kw_only(), py::arg("out") = py::none(), py::arg("stream") = py::none());
  };
  elementwise("add", sk::ops::add);
  elementwise("mul", sk::ops::mul);
  ops.def(
      "square",
      [](const Tensor& x, OptT out, OptS stream) {
        Tensor o = output(out, x.view(), "square", "y");
        check(sk::ops::square(x.view(), o.view(), streamOf(stream)), "square");
        return o;
      },
      py::arg("x"), py::kw_only(), py::arg("out") = py::none(), py::arg("stream") = py::none());
  ops.def(
      "rmsnorm",
      [](const Tensor& x, const Tensor& gamma, float epsilon, OptT out, OptS stream) {
        Spec y;
        check(sk::ops::inferRmsnorm(x.view(), gamma.view(), y), "rmsnorm");
        Tensor o = output(out, y, "rmsnorm", "y");
        check(sk::ops::rmsnorm(x.view(), gamma.view(), epsilon, o.view(), streamOf(stream)), "rmsnorm");
        return o;
      },
      py::arg("x"), py::arg("gamma"), py::arg("epsilon") = 1e-6f, py::kw_only(), py::arg("out") = py::none(),
      py::arg("stream") = py::none());
  ops.def(
      "softmax",
      [](const Tensor& x, OptT out, OptS stream) {
        Spec y;
        check(sk::ops::inferSoftmax(x.view(), y), "softmax");
        Tensor o = output(out, y, "softmax", "y");
        check(sk::ops::softmax(x.view(), o.view(), streamOf(stream)), "softmax");
        return o;
      },
      py::arg("x"), py::kw_only(), py::arg("out") = py::none(), py::arg("stream") = py::none());
  ops.def(
      "concat",
      [](const Tensor& a, const Tensor& b, OptT out, OptS stream) {
        Spec y;
        check(sk::ops::inferConcat(a.view(), b.view(), y), "concat");
        Tensor o = output(out, y, "concat", "y");
        check(sk::ops::concat(a.view(), b.view(), o.view(), streamOf(stream)), "concat");
        return o;
      },
      py::arg("a"), py::arg("b"), py::kw_only(), py::arg("out") = py::none(), py::arg("stream") = py::none());
  ops.def(
      "grouped_matmul",
      [](const Tensor& x, const Tensor& weight, const Tensor& groupList, OptT out, OptS stream) {
        Spec y;
        check(sk::ops::inferGroupedMatmul(x.view(), weight.view(), groupList.view(), y), "grouped_matmul");
        Tensor o = output(out, y, "grouped_matmul", "y");
        check(sk::ops::groupedMatmul(x.view(), weight.view(), groupList.view(), o.view(), streamOf(stream)),
              "grouped_matmul");
        return o;
      },
      py::arg("x"), py::arg("weight"), py::arg("group_list"), py::kw_only(), py::arg("out") = py::none(),
      py::arg("stream") = py::none());
  ops.def(
      "quant_matmul",
      [](const Tensor& x, const Tensor& w, const Tensor& scale, const Tensor& pertokenScale, const std::string& outDtype,
         OptT out, OptS stream) {
        Spec y;
        check(sk::ops::inferQuantMatmul(x.view(), w.view(), scale.view(), pertokenScale.view(), parseDType(outDtype), y),
              "quant_matmul");
        Tensor o = output(out, y, "quant_matmul", "y");
        check(sk::ops::quantMatmul(x.view(), w.view(), scale.view(), pertokenScale.view(), o.view(), streamOf(stream)),
              "quant_matmul");
        return o;
      },
      py::arg("x"), py::arg("w"), py::arg("scale"), py::arg("pertoken_scale"), py::arg("out_dtype") = "float16",
      py::kw_only(), py::arg("out") = py::none(), py::arg("stream") = py::none());
  ops.def(
      "moe_gating_topk",
      [](const Tensor& logits, int k, int groupCount, int groupSelect, bool sigmoid, bool renormalize,
         float routedScalingFactor, OptPair out, OptS stream) {
        sk::ops::GatingTopKOptions g{k, groupCount, groupSelect, sigmoid, renormalize, routedScalingFactor};
        Spec w, ids;
        check(sk::ops::inferMoeGatingTopK(logits.view(), g, w, ids), "moe_gating_topk");
        auto [wt, it] = outputs(out, w, ids, "moe_gating_topk", "weights", "ids");
        check(sk::ops::moeGatingTopK(logits.view(), g, wt.view(), it.view(), streamOf(stream)), "moe_gating_topk");
        return py::make_tuple(wt, it);
      },
      py::arg("logits"), py::kw_only(), py::arg("k") = 8, py::arg("group_count") = 1, py::arg("group_select") = 1,
      py::arg("sigmoid") = false, py::arg("renormalize") = true, py::arg("routed_scaling_factor") = 1.0f,
      py::arg("out") = py::none(), py::arg("stream") = py::none());
  ops.def(
      "dynamic_quant",
      [](const Tensor& x, OptPair out, OptS stream) {
        Spec y, scale;
        check(sk::ops::inferDynamicQuant(x.view(), y, scale), "dynamic_quant");
        auto [yt, st] = outputs(out, y, scale, "dynamic_quant", "y", "scale");
        check(sk::ops::dynamicQuant(x.view(), yt.view(), st.view(), streamOf(stream)), "dynamic_quant");
        return py::make_tuple(yt, st);
      },
      py::arg("x"), py::kw_only(), py::arg("out") = py::none(), py::arg("stream") = py::none());
  ops.def(
      "dequant_swiglu_quant",
      [](const Tensor& x, const Tensor& weightScale, const Tensor& activationScale, OptPair out, OptS stream) {
        Spec y, scale;
        check(sk::ops::inferDequantSwigluQuant(x.view(), weightScale.view(), activationScale.view(), y, scale),
              "dequant_swiglu_quant");
        auto [yt, st] = outputs(out, y, scale, "dequant_swiglu_quant", "y", "scale");
        check(sk::ops::dequantSwigluQuant(x.view(), weightScale.view(), activationScale.view(), yt.view(), st.view(),
                                          streamOf(stream)),
              "dequant_swiglu_quant");
        return py::make_tuple(yt, st);
      },
      py::arg("x"), py::arg("weight_scale"), py::arg("activation_scale"), py::kw_only(), py::arg("out") = py::none(),
      py::arg("stream") = py::none());
  ops.def(
      "attention",
      [](const Tensor& q, const Tensor& k, const Tensor& v, float scale, bool causal, OptT out, OptS stream) {
        Spec o;
        check(sk::ops::inferAttention(q.view(), k.view(), v.view(), o), "attention");
        Tensor ot = output(out, o, "attention", "out");
        check(sk::ops::attention(q.view(), k.view(), v.view(), {scale, causal}, ot.view(), streamOf(stream)), "attention");
        return ot;
      },
      py::arg("q"), py::arg("k"), py::arg("v"), py::kw_only(), py::arg("scale") = 0.0f, py::arg("causal") = false,
      py::arg("out") = py::none(), py::arg("stream") = py::none());
  ops.def("binary_dir", &sk::ops::binaryDir, "where the op binaries are (set_binary_dir, $SK_OPS_LIB_DIR, the build's)");
  ops.def("set_binary_dir", &sk::ops::setBinaryDir, py::arg("path"));
}

// ---- JIT scopes ----

// `with superkernel.scope("sk1", "early-start=1"):` — sk::jit::scopeBegin / scopeEnd.
struct ScopeGuard {
  std::string name, options;
  std::shared_ptr<Stream> stream;
  aclrtStream handle = nullptr;
  bool open = false;
};

void defineJit(py::module_& m) {
  py::class_<ScopeGuard>(m, "scope", "A super-kernel scope (tng.scope.super_kernel): the ops issued inside are "
                                     "captured, fused into one super kernel at its end, and launched.")
      .def(py::init([](std::string name, std::string options, std::shared_ptr<Stream> stream) {
             return ScopeGuard{std::move(name), std::move(options), std::move(stream)};
           }),
           py::arg("name"), py::arg("options") = "", py::kw_only(), py::arg("stream") = py::none())
      .def("__enter__",
           [](ScopeGuard& g) -> ScopeGuard& {
             if (g.open) raise(ACL_ERROR_INVALID_PARAM, "scope " + g.name + ": already entered");
             g.handle = streamOf(g.stream);
             check(sk::jit::scopeBegin(g.name.c_str(), g.options.c_str(), g.handle),
                   ("superkernel.scope(" + g.name + ")").c_str());
             g.open = true;
             return g;
           })
      .def("__exit__", [](ScopeGuard& g, py::object type, py::object, py::object) {
        if (!g.open) return false;
        g.open = false;
        aclError rc;
        {
          py::gil_scoped_release unlocked;
          rc = sk::jit::scopeEnd(g.handle);
        }
        if (type.is_none()) check(rc, ("superkernel.scope(" + g.name + ") end").c_str());
        return false;  // an exception from the body goes on
      });
  m.def("jit_stats", [] {
    sk::jit::Stats s = sk::jit::stats();
    py::dict d;
    d["built"] = s.built;
    d["memory_hits"] = s.memoryHits;
    d["disk_hits"] = s.diskHits;
    d["replays"] = s.replays;
    return d;
  });
  m.def("set_cache_dir", &sk::jit::setCacheDir, py::arg("path"));
  m.def("cache_dir", &sk::jit::cacheDir);
}

void defineRuntime(py::module_& m) {
  py::class_<Stream, std::shared_ptr<Stream>>(m, "Stream", "An ACL stream on the simulated device.")
      .def(py::init(&newStream))
      .def("synchronize",
           [](const Stream& s) {
             aclrtStream h = s.get();
             py::gil_scoped_release unlocked;
             check(aclrtSynchronizeStream(h), "aclrtSynchronizeStream");
           })
      .def("wait_event",
           [](const Stream& s, const Event& e) { check(aclrtStreamWaitEvent(s.get(), e.get()), "aclrtStreamWaitEvent"); })
      .def("begin_capture",
           [](const Stream& s, const std::string& mode) {
             check(aclmdlRICaptureBegin(s.get(), captureMode(mode)), "aclmdlRICaptureBegin");
           },
           py::arg("mode") = "global")
      .def("end_capture",
           [](const Stream& s) {
             auto model = std::make_shared<Model>();
             check(aclmdlRICaptureEnd(s.get(), &model->handle), "aclmdlRICaptureEnd");
             return model;
           })
      .def("destroy", &Stream::destroy)
      .def_property_readonly("closed", [](const Stream& s) { return s.closed; })
      .def_property_readonly("handle", [](const Stream& s) { return (uint64_t)s.get(); });
  m.def("current_stream", [] { return currentStream(); }, "the stream ops and scopes use when none is given");

  py::class_<Event, std::shared_ptr<Event>>(m, "Event")
      .def(py::init([] {
        ensureDevice();
        auto e = std::make_shared<Event>();
        check(aclrtCreateEvent(&e->handle), "aclrtCreateEvent");
        return e;
      }))
      .def("record",
           [](Event& e, std::shared_ptr<Stream> s) {
             check(aclrtRecordEvent(e.get(), streamOf(s)), "aclrtRecordEvent");
           },
           py::arg("stream") = py::none())
      .def("synchronize",
           [](const Event& e) {
             aclrtEvent h = e.get();
             py::gil_scoped_release unlocked;
             check(aclrtSynchronizeEvent(h), "aclrtSynchronizeEvent");
           })
      .def("elapsed_ms",
           [](const Event& start, const Event& end) {
             float ms = 0;
             check(aclrtEventElapsedTime(&ms, start.get(), end.get()), "aclrtEventElapsedTime");
             return ms;
           },
           py::arg("end"), "virtual milliseconds from this event's completion to end's");

  py::class_<Model, std::shared_ptr<Model>>(m, "Model", "A captured model (aclmdlRI): replay it, or fuse it first.")
      .def("optimize",
           [](const Model& mo, const std::string& options) {
             aclskOptions o{options.empty() ? nullptr : options.c_str()};
             py::gil_scoped_release unlocked;
             check(aclskOptimize(mo.get(), &o), "aclskOptimize");
           },
           py::arg("options") = "")
      .def("execute",
           [](const Model& mo, std::shared_ptr<Stream> s) {
             check(aclmdlRIExecuteAsync(mo.get(), streamOf(s)), "aclmdlRIExecuteAsync");
           },
           py::arg("stream") = py::none())
      .def("destroy", [](Model& mo) {
        if (mo.destroyed) return;
        mo.get();
        check(aclmdlRIDestroy(mo.handle), "aclmdlRIDestroy");
        mo.destroyed = true;
      });

  py::class_<Binary, std::shared_ptr<Binary>>(m, "Binary", "A kernel object loaded onto the device.")
      .def(py::init([](const std::string& path) {
             ensureDevice();
             auto b = std::make_shared<Binary>();
             b->path = path;
             check(aclrtBinaryLoadFromFile(path.c_str(), nullptr, &b->handle), ("aclrtBinaryLoadFromFile(" + path + ")").c_str());
             return b;
           }),
           py::arg("path"))
      .def("function",
           [](std::shared_ptr<Binary> b, const std::string& name) {
             Function f{b, nullptr, name};
             check(aclrtBinaryGetFunction(b->get(), name.c_str(), &f.handle), ("aclrtBinaryGetFunction(" + name + ")").c_str());
             return f;
           },
           py::arg("kernel_name"))
      .def("unload", [](Binary& b) {
        if (b.unloaded) return;
        b.get();
        check(aclrtBinaryUnLoad(b.handle), "aclrtBinaryUnLoad");
        b.unloaded = true;
      });

  py::class_<Function>(m, "Function")
      .def_readonly("name", &Function::name)
      .def("launch",
           [](const Function& f, uint32_t blocks, const py::sequence& args, std::shared_ptr<Stream> s, uint64_t tilingKey) {
             f.binary->get();
             check(sk::acl::launchKernel(f.handle, blocks, packArgs(args), streamOf(s), tilingKey, nullptr),
                   ("launch " + f.name).c_str());
           },
           py::arg("block_dim"), py::arg("args"), py::kw_only(), py::arg("stream") = py::none(),
           py::arg("tiling_key") = 0);

  py::class_<Tensor>(m, "Tensor", "A contiguous tensor in device memory.")
      .def_property_readonly("shape", [](const Tensor& t) { return py::tuple(py::cast(t.shape)); })
      .def_property_readonly("dtype", [](const Tensor& t) { return std::string(sk::dtypeName(t.dtype)); })
      .def_property_readonly("nbytes", &Tensor::bytes)
      .def_property_readonly("data_ptr", [](const Tensor& t) { return (uint64_t)t.view().data; })
      .def_property_readonly("freed", [](const Tensor& t) { return !t.storage || !t.storage->ptr; })
      .def("numpy", &toNumpy, "copies the tensor to the host (after the device finished its work)")
      .def("copy_from", &copyIn, py::arg("array"), "copies a numpy array of the same element count in")
      .def("zero_", [](const Tensor& t) {
        sk::ops::Tensor v = t.view();
        check(aclrtMemset(v.data, v.bytes(), 0, v.bytes()), "aclrtMemset");
      })
      .def("reshape", [](const Tensor& t, const std::vector<int64_t>& shape) { return reshape(t, shape); }, py::arg("shape"))
      .def("free", [](Tensor& t) { if (t.storage) t.storage->release(); }, "releases the device memory (also of views)")
      .def("__repr__", [](const Tensor& t) { return describe(t); });
  m.def("tensor", &tensorFrom, py::arg("array"), py::kw_only(), py::arg("dtype") = py::none(),
        "a device tensor holding a copy of a numpy array (dtype: the array's unless given)");
  m.def("empty", &empty, py::arg("shape"), py::arg("dtype") = "float16");
  m.def("zeros", [](const std::vector<int64_t>& shape, const std::string& dtype) {
    Tensor t = empty(shape, dtype);
    check(aclrtMemset(t.view().data, t.bytes(), 0, t.bytes()), "aclrtMemset");
    return t;
  }, py::arg("shape"), py::arg("dtype") = "float16");

  m.def("synchronize", [] {
    ensureDevice();
    py::gil_scoped_release unlocked;
    check(aclrtSynchronizeDevice(), "aclrtSynchronizeDevice");
  });
  m.def("soc_name", [] {
    ensureDevice();
    const char* n = aclrtGetSocName();
    return std::string(n ? n : "");
  });
  m.def("_device_ready", &deviceReady);
  m.def("reset_device", [] { releaseDevice(false); },
        "resets the device (aclrtResetDevice): its memory, streams, binaries and trace go; the next call sets up a "
        "fresh one (e.g. after changing $SK_ARCH or $SK_TRACE)");
  m.def("_finalize", [] { releaseDevice(true); });  // at exit: the device's threads stop before the interpreter's
  m.def("task_timings", [] {
    py::list out;
    ensureDevice();
    check(sk::acl::withRuntime("superkernel.task_timings", [&](sk::rt::Runtime& rt) {
      for (const auto& t : rt.device().taskTimings()) {
        py::list spans;
        for (const auto& sp : t.spans)
          spans.append(py::dict(py::arg("name") = sp.name, py::arg("count") = sp.count,
                                py::arg("begin_us") = sp.beginUs, py::arg("end_us") = sp.endUs,
                                py::arg("total_us") = sp.totalUs));
        out.append(py::dict(py::arg("name") = t.name, py::arg("launch_us") = t.launchUs, py::arg("begin_us") = t.beginUs,
                            py::arg("end_us") = t.endUs, py::arg("block_dim") = t.blockDim, py::arg("spans") = spans));
      }
      return llvm::Error::success();
    }), "superkernel.task_timings");
    return out;
  }, "every task the device ran, in virtual time: name, launch_us (a kernel's start-up begins), begin_us (its task "
        "begins), end_us, block_dim, spans (sub-kernels, waits)");
  m.def("trace_json", [] {
    std::string trace;
    ensureDevice();
    check(sk::acl::withRuntime("superkernel.trace_json", [&](sk::rt::Runtime& rt) {
      trace = rt.device().traceJson();
      return llvm::Error::success();
    }), "superkernel.trace_json");
    return trace;
  }, "the Chrome trace (Perfetto) of everything run on this device; needs $SK_TRACE=1 when it was set up");
  m.def("_compile", &compileSuperKernel, py::arg("op_list_json"), py::arg("objects"), py::arg("name"), py::arg("arch"),
        py::arg("options"), py::arg("output_dir"), py::arg("keep_outputs"));
}

}  // namespace

PYBIND11_MODULE(_superkernel, m) {
  m.doc() = "SuperKernel's runtime, fusion, op library and JIT scopes (see the superkernel package)";
  static py::exception<AclFailure> aclError(m, "AclError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const AclFailure& f) {
      py::object e = py::handle(aclError.ptr())(f.message);
      e.attr("code") = f.code;
      PyErr_SetObject(aclError.ptr(), e.ptr());
    }
  });
  defineRuntime(m);
  defineJit(m);
  py::module_ ops = m.def_submodule("ops", "the op library (sk::ops): each op returns its output tensors");
  defineOps(ops);
}
