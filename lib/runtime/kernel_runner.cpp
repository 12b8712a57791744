#include "sk/kernel_runner.h"

#include <chrono>
#include <cstring>
#include <sstream>

#include "sk/error.h"
#include "sk/sim/float16.h"

namespace sk::rt {

using subkernel::DType;
using subkernel::Param;
using subkernel::Role;

namespace {

uint64_t splitmix(uint64_t& s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

double valueAt(DType d, const TensorBytes& b, uint64_t i) {
  const uint8_t* p = b.data();
  switch (d) {
    case DType::Float32: { float v; std::memcpy(&v, p + 4 * i, 4); return v; }
    case DType::Float16: { uint16_t v; std::memcpy(&v, p + 2 * i, 2); return halfToFloat(v); }
    case DType::BFloat16: { uint16_t v; std::memcpy(&v, p + 2 * i, 2); return bf16ToFloat(v); }
    case DType::Int8: return (int8_t)p[i];
    case DType::UInt8: return p[i];
    case DType::Int32: { int32_t v; std::memcpy(&v, p + 4 * i, 4); return v; }
    case DType::Int64: { int64_t v; std::memcpy(&v, p + 8 * i, 8); return (double)v; }
  }
  return 0;
}

}  // namespace

TensorBytes seededInput(const Param& p, uint64_t seed) {
  TensorBytes out(p.bytes);
  uint64_t s = seed ^ fnv1a(p.name);
  uint64_t n = p.bytes / subkernel::dtypeBytes(p.dtype);
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t r = splitmix(s);
    float f = (float)((double)(r >> 40) / (double)(1ull << 24) * 2.0 - 1.0);  // [-1, 1), 24-bit grid
    int64_t k = (int64_t)(r >> 60) - 8;                                        // [-8, 8)
    switch (p.dtype) {
      case DType::Float32: std::memcpy(&out[4 * i], &f, 4); break;
      case DType::Float16: { uint16_t h = floatToHalf(f); std::memcpy(&out[2 * i], &h, 2); break; }
      case DType::BFloat16: { uint16_t h = floatToBf16(f); std::memcpy(&out[2 * i], &h, 2); break; }
      case DType::Int8: out[i] = (uint8_t)(int8_t)k; break;
      case DType::UInt8: out[i] = (uint8_t)(k + 8); break;
      case DType::Int32: { int32_t v = (int32_t)k; std::memcpy(&out[4 * i], &v, 4); break; }
      case DType::Int64: std::memcpy(&out[8 * i], &k, 8); break;
    }
  }
  return out;
}

std::string describeTensor(const Param& p) {
  std::string s = std::string(subkernel::dtypeName(p.dtype)) + "[";
  for (size_t i = 0; i < p.shape.size(); ++i) s += (i ? ", " : "") + std::to_string(p.shape[i]);
  return s + "]";
}

std::string summarizeTensor(const Param& p, const TensorBytes& bytes, size_t maxValues) {
  uint64_t n = bytes.size() / subkernel::dtypeBytes(p.dtype);
  std::ostringstream os;
  os.precision(6);
  os << "[";
  for (uint64_t i = 0; i < n && i < maxValues; ++i) os << (i ? ", " : "") << valueAt(p.dtype, bytes, i);
  if (n > maxValues) os << ", ...";
  os << "] fnv1a=" << std::hex << fnv1a(std::string(bytes.begin(), bytes.end()));
  return os.str();
}

llvm::Expected<RunResult> runKernel(Runtime& rt, const subkernel::SubKernel& k, const RunOptions& opts) {
  const subkernel::KernelMeta& m = k.meta;
  for (const auto& [name, data] : opts.inputs) {
    const Param* p = nullptr;
    for (const Param& q : m.params) if (q.name == name) p = &q;
    if (!p || p->role != Role::Input)
      return inputError("--input " + name + ": " + m.kernelName + " has no input parameter named '" + name + "'");
    if (data.size() != p->bytes)
      return inputError("--input " + name + ": " + std::to_string(data.size()) + " bytes given, but " + name + " is " +
                        describeTensor(*p) + " = " + std::to_string(p->bytes) + " bytes");
  }
  auto bin = rt.loadBinary(k.object->getMemBufferRef(), k.objectPath, sim::TaskRation{m.taskRation.aic, m.taskRation.aiv});
  if (!bin) return bin.takeError();
  auto fn = rt.getFunction(*bin, m.kernelName);
  if (!fn) return fn.takeError();

  sim::Device& dev = rt.device();
  std::vector<uint64_t> args;
  std::vector<void*> buffers;
  auto cleanup = [&] {
    for (void* b : buffers) llvm::consumeError(dev.free(b));
    llvm::consumeError(rt.unloadBinary(*bin));
  };
  for (const Param& p : m.params) {
    if (p.bytes == 0) {
      args.push_back(0);
      continue;
    }
    auto buf = dev.malloc(p.bytes);
    if (!buf) {
      cleanup();
      return buf.takeError();
    }
    buffers.push_back(*buf);
    args.push_back((uint64_t)*buf);
    llvm::Error e = llvm::Error::success();
    if (p.role == Role::Input) {
      auto it = opts.inputs.find(p.name);
      TensorBytes data = it != opts.inputs.end() ? it->second : seededInput(p, opts.seed);
      e = dev.memcpy(*buf, data.data(), p.bytes, sim::CopyKind::HostToDevice);
    } else if (p.role == Role::Tiling && !p.data.empty()) {
      e = dev.memcpy(*buf, p.data.data(), p.bytes, sim::CopyKind::HostToDevice);
    } else {
      e = dev.memset(*buf, 0, p.bytes);
    }
    if (e) {
      cleanup();
      return e;
    }
  }

  size_t timingsBefore = dev.taskTimings().size();
  auto t0 = std::chrono::steady_clock::now();
  for (uint32_t i = 0; i < opts.repeat; ++i) {
    if (llvm::Error e = rt.launch(*fn, m.blockDim, args, opts.stream)) {
      cleanup();
      return e;
    }
  }
  llvm::Error syncErr = dev.synchronizeStream(opts.stream);
  auto t1 = std::chrono::steady_clock::now();
  if (syncErr) {
    cleanup();
    return syncErr;
  }
  RunResult r;
  r.wallMs = std::chrono::duration<double, std::milli>(t1 - t0).count();
  auto timings = dev.taskTimings();
  if (timings.size() > timingsBefore) r.deviceUs = timings.back().endUs - timings[timingsBefore].beginUs;

  for (size_t i = 0; i < m.params.size(); ++i) {
    const Param& p = m.params[i];
    if (p.role != Role::Output) continue;
    TensorBytes out(p.bytes);
    if (p.bytes)
      if (llvm::Error e = dev.memcpy(out.data(), (void*)args[i], p.bytes, sim::CopyKind::DeviceToHost)) {
        cleanup();
        return e;
      }
    r.outputs[p.name] = std::move(out);
  }
  cleanup();
  return r;
}

}  // namespace sk::rt
