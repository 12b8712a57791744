#include "op_launch.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>

#include "sk/acl_interop.h"
#include "sk/package_model.h"
#include "sk/subkernel.h"

namespace sk::ops {

int64_t TensorSpec::numel() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

uint64_t TensorSpec::bytes() const { return dtypeStorageBytes(dtype, (uint64_t)numel()); }

namespace detail {

namespace {

// An op variant as loaded into one device.
struct Loaded {
  aclrtBinHandle bin = nullptr;
  aclrtFuncHandle fn = nullptr;
};

struct State {
  std::mutex mu;
  std::optional<std::string> dir;
  std::map<std::string, pkg::Index> indexes;                        // by path
  std::map<std::string, std::shared_ptr<const subkernel::KernelMeta>> metas;  // by path
  std::map<std::pair<uint64_t, std::string>, Loaded> loaded;        // (runtime, variant path)
  std::map<std::pair<uint64_t, std::vector<uint8_t>>, void*> tilings;  // (runtime, bytes)
  std::map<std::tuple<uint64_t, aclrtStream, uint64_t>, void*> workspaces;  // (runtime, stream, bytes)
};

State& state() {
  static State* s = new State;  // never destroyed: ops may run from static destructors
  return *s;
}

std::string defaultDir() {
  const char* env = std::getenv("SK_OPS_LIB_DIR");
  return env ? env : SK_OPS_LIB_BUILD_DIR;
}

aclError lookupFailure(const std::string& message) { return acl::fail(ACL_ERROR_RT_KERNEL_LOOKUP, message); }

// The device's arch name and runtime serial.
aclError device(const char* op, std::string& arch, uint64_t& serial, Cores* c = nullptr) {
  return acl::withRuntime(op, [&](rt::Runtime& rt) {
    const arch::ArchSpec& a = rt.device().arch();
    arch = a.name;
    serial = rt.serial();
    if (c) *c = Cores{a.aicCores, a.aivCores, a.ubBytes, a.l1Bytes};
    return llvm::Error::success();
  });
}

// The index entry of the op's variant for these tensors; the message lists what was built.
aclError findVariant(State& s, const OpLaunch& l, const std::string& arch, std::string& json, std::string& binary) {
  std::string dir = s.dir ? *s.dir : defaultDir();
  std::string indexPath = dir + "/" + arch + "/index.json";
  auto it = s.indexes.find(indexPath);
  if (it == s.indexes.end()) {
    pkg::Parsed<pkg::Index> index = pkg::readIndex(indexPath);
    if (!index)
      return lookupFailure(std::string(l.op) + ": no op binaries for " + arch + ": " + index.error +
                           " (build the op library, or point setBinaryDir/$SK_OPS_LIB_DIR at it)");
    it = s.indexes.emplace(indexPath, std::move(*index.value)).first;
  }
  std::string name = l.variant.empty() ? std::string(l.op) + "_" + dtypeName(l.inputs[0]->dtype) : l.variant;
  const pkg::IndexEntry* e = it->second.find(name);
  auto signature = [](const std::vector<std::string>& in, const std::vector<std::string>& out) {
    std::string s = "(";
    for (size_t i = 0; i < in.size(); ++i) s += (i ? ", " : "") + in[i];
    s += " -> ";
    for (size_t i = 0; i < out.size(); ++i) s += (i ? ", " : "") + out[i];
    return s + ")";
  };
  std::vector<std::string> wantIn, wantOut;
  for (const Tensor* t : l.inputs) wantIn.push_back(dtypeName(t->dtype));
  for (const Tensor* t : l.outputs) wantOut.push_back(dtypeName(t->dtype));
  auto dtypesOf = [](const std::vector<pkg::KernelParam>& ps) {
    std::vector<std::string> v;
    for (const pkg::KernelParam& p : ps) v.push_back(p.dtype);
    return v;
  };
  if (e && dtypesOf(e->inputs) == wantIn && dtypesOf(e->outputs) == wantOut) {
    json = dir + "/" + arch + "/" + e->json;
    binary = dir + "/" + arch + "/" + e->binary;
    return ACL_SUCCESS;
  }
  std::string built;
  for (const pkg::IndexEntry& k : it->second.kernels)
    if (k.name.rfind(std::string(l.op) + "_", 0) == 0) built += " " + k.name + signature(dtypesOf(k.inputs), dtypesOf(k.outputs));
  return lookupFailure(std::string(l.op) + ": no kernel for dtypes " + signature(wantIn, wantOut) + " in " + indexPath +
                       "; built:" + (built.empty() ? " none" : built));
}

// The metadata of this launch: the variant's, with the call's shapes, grid, workspace, tiling size.
aclError launchMeta(State& s, const OpLaunch& l, const std::string& json,
                    std::shared_ptr<const subkernel::KernelMeta>& out) {
  auto& base = s.metas[json];
  if (!base) {
    auto m = subkernel::readMeta(json);
    if (!m) return lookupFailure(std::string(l.op) + ": " + llvm::toString(m.takeError()));
    base = std::make_shared<const subkernel::KernelMeta>(std::move(*m));
  }
  auto meta = std::make_shared<subkernel::KernelMeta>(*base);
  meta->blockDim = l.blockDim;
  meta->tilingKey = l.tilingKey;
  meta->sha256.clear();
  size_t tensor = 0;
  std::vector<const Tensor*> tensors(l.inputs);
  tensors.insert(tensors.end(), l.outputs.begin(), l.outputs.end());
  for (subkernel::Param& p : meta->params) {
    if (p.isTensor()) {
      if (tensor == tensors.size()) break;
      const Tensor& t = *tensors[tensor++];
      if (p.dtype != t.dtype)
        return invalid(l.op, std::string("parameter ") + p.name + " is " + dtypeName(p.dtype) + ", not " + dtypeName(t.dtype));
      p.shape = t.shape;
      p.bytes = t.bytes();
    } else if (p.role == subkernel::Role::Workspace) {
      p.bytes = l.workspaceBytes;
    } else if (p.role == subkernel::Role::Tiling) {
      p.bytes = l.tiling.size();
      p.data.clear();
    }
  }
  if (tensor != tensors.size() || meta->params.size() != tensors.size() + 2)
    return lookupFailure(std::string(l.op) + ": " + json + " has " + std::to_string(meta->params.size()) +
                         " parameters; the op passes " + std::to_string(tensors.size()) + " tensors, a workspace and a tiling");
  out = std::move(meta);
  return ACL_SUCCESS;
}

// Device memory written once with `bytes`; a synchronous copy is allowed while the stream is
// captured because the buffer is never written again (the capture replays what it holds).
aclError deviceConstant(State& s, uint64_t serial, const std::vector<uint8_t>& bytes, void*& out) {
  void*& slot = s.tilings[{serial, bytes}];
  if (!slot) {
    if (aclError rc = aclrtMalloc(&slot, bytes.size(), ACL_MEM_MALLOC_HUGE_FIRST)) return rc;
    aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    aclmdlRICaptureThreadExchangeMode(&mode);
    aclError rc = aclrtMemcpy(slot, bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    aclmdlRICaptureThreadExchangeMode(&mode);
    if (rc) {
      aclrtFree(slot);
      s.tilings.erase({serial, bytes});
      return rc;
    }
  }
  out = slot;
  return ACL_SUCCESS;
}

}  // namespace

aclError invalid(const char* op, const std::string& message) {
  return acl::fail(ACL_ERROR_INVALID_PARAM, std::string(op) + ": " + message);
}

std::string describe(const TensorSpec& t) {
  std::string s = std::string(dtypeName(t.dtype)) + "[";
  for (size_t i = 0; i < t.shape.size(); ++i) s += (i ? ", " : "") + std::to_string(t.shape[i]);
  return s + "]";
}

aclError checkTensor(const char* op, const char* operand, const Tensor& t, const std::vector<DType>& dtypes) {
  if (!t.data) return invalid(op, std::string(operand) + " has no device memory (data is NULL)");
  for (int64_t d : t.shape)
    if (d <= 0) return invalid(op, std::string(operand) + " " + describe(t) + ": every dimension must be positive");
  for (DType d : dtypes)
    if (d == t.dtype) return ACL_SUCCESS;
  std::string choices;
  for (DType d : dtypes) choices += (choices.empty() ? "" : ", ") + std::string(dtypeName(d));
  return invalid(op, std::string(operand) + " is " + dtypeName(t.dtype) + "; supported: " + choices);
}

aclError checkOutput(const char* op, const char* operand, const Tensor& out, const TensorSpec& inferred) {
  if (out.dtype == inferred.dtype && out.shape == inferred.shape) return ACL_SUCCESS;
  return invalid(op, std::string(operand) + " is " + describe(out) + "; the op gives " + describe(inferred));
}

aclError cores(const char* op, Cores& out) {
  std::string arch;
  uint64_t serial;
  return device(op, arch, serial, &out);
}

aclError splitRows(const char* op, const Tensor& x, uint64_t rowUbBytes, RowSplit& out) {
  Cores c;
  if (aclError rc = cores(op, c)) return rc;
  uint64_t cols = (uint64_t)x.shape.back(), rows = (uint64_t)x.numel() / cols;
  if (rowUbBytes > c.ubBytes)
    return invalid(op, "x " + describe(x) + ": a row of " + std::to_string(cols) + " elements does not fit one core's UB (" +
                           std::to_string(c.ubBytes) + " bytes)");
  if (rows > UINT32_MAX) return invalid(op, "x " + describe(x) + " has more than 2^32 rows");
  uint64_t perCore = (rows + c.aiv - 1) / c.aiv;
  out = RowSplit{(uint32_t)rows, (uint32_t)cols, (uint32_t)perCore, (uint32_t)((rows + perCore - 1) / perCore)};
  return ACL_SUCCESS;
}

aclError launch(const OpLaunch& l, aclrtStream stream) {
  std::string arch;
  uint64_t serial;
  if (aclError rc = device(l.op, arch, serial)) return rc;
  State& s = state();
  std::lock_guard<std::mutex> lk(s.mu);
  std::string json, binary;
  if (aclError rc = findVariant(s, l, arch, json, binary)) return rc;
  std::shared_ptr<const subkernel::KernelMeta> meta;
  if (aclError rc = launchMeta(s, l, json, meta)) return rc;
  Loaded& k = s.loaded[{serial, binary}];
  if (!k.fn) {
    if (aclError rc = aclrtBinaryLoadFromFile(binary.c_str(), nullptr, &k.bin)) return rc;
    if (aclError rc = aclrtBinaryGetFunction(k.bin, meta->kernelName.c_str(), &k.fn)) return rc;
  }
  void* tiling = nullptr;
  if (!l.tiling.empty())
    if (aclError rc = deviceConstant(s, serial, l.tiling, tiling)) return rc;
  void* workspace = nullptr;
  if (l.workspaceBytes) {
    void*& ws = s.workspaces[{serial, stream, l.workspaceBytes}];
    if (!ws)
      if (aclError rc = aclrtMalloc(&ws, l.workspaceBytes, ACL_MEM_MALLOC_HUGE_FIRST)) return rc;
    workspace = ws;
  }
  std::vector<uint64_t> args;
  for (const Tensor* t : l.inputs) args.push_back((uint64_t)t->data);
  for (const Tensor* t : l.outputs) args.push_back((uint64_t)t->data);
  args.push_back((uint64_t)workspace);
  args.push_back((uint64_t)tiling);
  return acl::launchKernel(k.fn, l.blockDim, std::move(args), stream, l.tilingKey, std::move(meta));
}

}  // namespace detail

aclError alloc(Tensor& t, DType dtype, std::vector<int64_t> shape) { return alloc(t, TensorSpec{dtype, std::move(shape)}); }

aclError alloc(Tensor& t, const TensorSpec& spec) {
  for (int64_t d : spec.shape)
    if (d <= 0) return detail::invalid("sk::ops::alloc", detail::describe(spec) + ": every dimension must be positive");
  void* p = nullptr;
  if (aclError rc = aclrtMalloc(&p, spec.bytes(), ACL_MEM_MALLOC_HUGE_FIRST)) return rc;
  static_cast<TensorSpec&>(t) = spec;
  t.data = p;
  return ACL_SUCCESS;
}

aclError release(Tensor& t) {
  aclError rc = t.data ? aclrtFree(t.data) : ACL_SUCCESS;
  t.data = nullptr;
  return rc;
}

void setBinaryDir(const std::string& dir) {
  detail::State& s = detail::state();
  std::lock_guard<std::mutex> lk(s.mu);
  s.dir = dir;
}

std::string binaryDir() {
  detail::State& s = detail::state();
  std::lock_guard<std::mutex> lk(s.mu);
  return s.dir ? *s.dir : detail::defaultDir();
}

}  // namespace sk::ops
