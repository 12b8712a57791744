#include "sk/kernel_runner.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <sstream>

#include "sk/error.h"
#include "sk/super_kernel.h"
#include "sk/sim/float16.h"

namespace sk::rt {

using sk::DType;
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

// Element i's bits, zero-extended: little-endian like the device; int4 element i is the low
// (even i) or high (odd i) nibble of byte i / 2.
uint64_t rawElement(DType d, const TensorBytes& b, uint64_t i) {
  uint32_t bits = sk::dtypeInfo(d).bits;
  if (bits == 4) return (uint64_t)(sk::int4At(b.data(), i) & 0xF);
  uint64_t u = 0;
  std::memcpy(&u, b.data() + bits / 8 * i, bits / 8);
  return u;
}

double valueAt(DType d, const TensorBytes& b, uint64_t i) {
  const sk::DTypeInfo& t = sk::dtypeInfo(d);
  uint64_t u = rawElement(d, b, i);
  if (d == DType::Float32) { float v; uint32_t w = (uint32_t)u; std::memcpy(&v, &w, 4); return v; }
  if (d == DType::Float16) return halfToFloat((uint16_t)u);
  if (d == DType::BFloat16) return bf16ToFloat((uint16_t)u);
  if (sk::isMinifloat(d)) return sk::minifloatToFloat(d, (uint8_t)u);
  if (t.isSigned && t.bits < 64) {  // sign-extend
    uint64_t sign = 1ull << (t.bits - 1);
    return (double)(int64_t)((u ^ sign) - sign);
  }
  return t.isSigned ? (double)(int64_t)u : (double)u;
}

// The elements `bytes` of `p` hold: its shape's, or fewer when the bytes are cut short (an int4
// tensor of odd count ends in a padding nibble that is no element).
uint64_t elementCount(const Param& p, uint64_t bytes) {
  uint64_t n = bytes * 8 / sk::dtypeInfo(p.dtype).bits, shaped = 1;
  for (int64_t d : p.shape) shaped *= (uint64_t)d;
  return p.shape.empty() ? n : std::min(n, shaped);
}

}  // namespace

TensorBytes seededInput(const Param& p, uint64_t seed) {
  TensorBytes out(p.bytes);
  uint64_t s = seed ^ fnv1a(p.name);
  uint64_t n = elementCount(p, p.bytes);
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t r = splitmix(s);
    float f = (float)((double)(r >> 40) / (double)(1ull << 24) * 2.0 - 1.0);  // [-1, 1), 24-bit grid
    int64_t k = (int64_t)(r >> 60) - 8;                                        // [-8, 8)
    const sk::DTypeInfo& t = sk::dtypeInfo(p.dtype);
    uint8_t* at = &out[t.bits / 8 * i];
    if (p.dtype == DType::Int4) {
      sk::setInt4(out.data(), i, (int32_t)k);
    } else if (p.dtype == DType::Float8E8M0) {
      *at = (uint8_t)(124 + (k & 7));  // scales 2^-3 .. 2^4
    } else if (sk::isMinifloat(p.dtype)) {
      uint8_t code = sk::floatToMinifloat(p.dtype, f);
      if (t.bits == 4) sk::setInt4(out.data(), i, code);
      else *at = code;
    } else if (p.dtype == DType::Float32) {
      std::memcpy(at, &f, 4);
    } else if (t.isFloat) {
      uint16_t h = p.dtype == DType::Float16 ? floatToHalf(f) : floatToBf16(f);
      std::memcpy(at, &h, 2);
    } else if (p.dtype == DType::Bool) {
      *at = (uint8_t)(r >> 63);
    } else {
      int64_t v = t.isSigned ? k : k + 8;  // unsigned: [0, 16)
      std::memcpy(at, &v, t.bits / 8);      // the low bytes (little-endian)
    }
  }
  return out;
}

std::string describeTensor(const Param& p) {
  std::string s = std::string(sk::dtypeName(p.dtype)) + "[";
  for (size_t i = 0; i < p.shape.size(); ++i) s += (i ? ", " : "") + std::to_string(p.shape[i]);
  return s + "]";
}

std::string summarizeTensor(const Param& p, const TensorBytes& bytes, size_t maxValues) {
  uint64_t n = elementCount(p, bytes.size());
  std::ostringstream os;
  os.precision(6);
  os << "[";
  for (uint64_t i = 0; i < n && i < maxValues; ++i) os << (i ? ", " : "") << valueAt(p.dtype, bytes, i);
  if (n > maxValues) os << ", ...";
  os << "] fnv1a=" << std::hex << fnv1a(std::string(bytes.begin(), bytes.end()));
  return os.str();
}


namespace {

// Every parameter of a kernel allocated on the device and filled: inputs from the options or
// seeded, tiling from its bytes, the rest zeroed. Freed on destruction.
class DeviceParams {
 public:
  explicit DeviceParams(sim::Device& d) : dev_(d) {}
  ~DeviceParams() {
    for (void* b : buffers_) llvm::consumeError(dev_.free(b));
  }
  llvm::Error allocate(const subkernel::KernelMeta& m, const RunOptions& opts) {
    for (const Param& p : m.params) {
      if (p.bytes == 0) {
        args.push_back(0);
        continue;
      }
      auto buf = dev_.malloc(p.bytes);
      if (!buf) return buf.takeError();
      buffers_.push_back(*buf);
      args.push_back((uint64_t)*buf);
      if (p.role == Role::Input || p.role == Role::Scalar) {  // --input NAME=FILE, else seeded (a scalar: "data")
        auto given = opts.inputs.find(p.name);
        TensorBytes data = given != opts.inputs.end() ? given->second
                           : p.role == Role::Scalar    ? p.data
                                                       : seededInput(p, opts.seed);
        if (llvm::Error e = dev_.memcpy(*buf, data.data(), p.bytes, sim::CopyKind::HostToDevice)) return e;
      } else if (p.role == Role::Tiling && !p.data.empty()) {
        if (llvm::Error e = dev_.memcpy(*buf, p.data.data(), p.bytes, sim::CopyKind::HostToDevice)) return e;
      } else if (llvm::Error e = dev_.memset(*buf, 0, p.bytes)) {
        return e;
      }
    }
    return llvm::Error::success();
  }
  llvm::Expected<TensorBytes> read(size_t param, uint64_t offset, uint64_t bytes) {
    TensorBytes out(bytes);
    if (bytes)
      if (llvm::Error e = dev_.memcpy(out.data(), (char*)args[param] + offset, bytes, sim::CopyKind::DeviceToHost))
        return e;
    return out;
  }
  llvm::Error readOutputs(const subkernel::KernelMeta& m, RunResult& r) {
    for (size_t i = 0; i < m.params.size(); ++i) {
      if (!m.params[i].isOutput()) continue;
      auto out = read(i, 0, m.params[i].bytes);
      if (!out) return out.takeError();
      r.outputs[m.params[i].name] = std::move(*out);
    }
    return llvm::Error::success();
  }
  std::vector<uint64_t> args;

 private:
  sim::Device& dev_;
  std::vector<void*> buffers_;
};

llvm::Error checkInputs(const subkernel::KernelMeta& m, const RunOptions& opts) {
  for (const auto& [name, data] : opts.inputs) {
    const Param* p = nullptr;
    for (const Param& q : m.params)
      if (q.name == name) p = &q;
    if (!p || (p->role != Role::Input && p->role != Role::Scalar))
      return inputError("--input " + name + ": " + m.kernelName + " has no input or scalar parameter named '" + name + "'");
    if (data.size() != p->bytes)
      return inputError("--input " + name + ": " + std::to_string(data.size()) + " bytes given, but " +
                        (p->role == Role::Scalar ? "scalar " + name + " is " : name + " is " + describeTensor(*p) + " = ") +
                        std::to_string(p->bytes) + " bytes");
  }
  for (size_t i = 0; i < m.params.size(); ++i)  // a scalar's value is known before anything is allocated
    if (m.params[i].role == Role::Scalar && m.params[i].data.empty() && !opts.inputs.count(m.params[i].name))
      return inputError(m.origin + ": params[" + std::to_string(i) + "].data: missing: scalar '" + m.params[i].name +
                        "' has no value; give it as \"data\" (hex) or with --input " + m.params[i].name + "=FILE.bin");
  return llvm::Error::success();
}

// A registered binary, unregistered on destruction.
struct LoadedBinary {
  Runtime& rt;
  Binary* bin = nullptr;
  ~LoadedBinary() {
    if (bin) llvm::consumeError(rt.unloadBinary(bin));
  }
};

// Synchronises `stream` and fills the timings of `r` from the tasks run since `firstTask`;
// the host started issuing them at `hostStartUs`.
llvm::Error finish(sim::Device& dev, sim::StreamId stream, size_t firstTask, double hostStartUs,
                   std::chrono::steady_clock::time_point t0, RunResult& r) {
  llvm::Error err = dev.synchronizeStream(stream);
  r.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  auto timings = dev.taskTimings();
  if (timings.size() <= firstTask) return err;
  r.tasks.assign(timings.begin() + (long)firstTask, timings.end());
  r.launches = r.tasks.size();
  std::vector<std::pair<double, double>> spans;
  for (const auto& t : r.tasks) {
    spans.push_back({t.launchUs, t.endUs});  // device time includes start-ups
    r.taskUs += t.endUs - t.beginUs;
  }
  std::sort(spans.begin(), spans.end());
  double begin = spans.front().first, end = begin;
  for (auto [b, e] : spans) {  // the union of the task intervals
    r.busyUs += std::max(0.0, e - std::max(b, end));
    end = std::max(end, e);
  }
  r.deviceUs = end - begin;
  r.busyUs = std::min(r.busyUs, r.deviceUs);  // no -0.000 idle from rounding
  r.endToEndUs = end - std::min(hostStartUs, begin);
  return err;
}

}  // namespace

llvm::Expected<RunResult> runKernel(Runtime& rt, const subkernel::SubKernel& k, const RunOptions& opts) {
  const subkernel::KernelMeta& m = k.meta;
  if (llvm::Error e = checkInputs(m, opts)) return e;
  LoadedBinary lb{rt};
  auto bin = rt.loadBinary(k.object->getMemBufferRef(), k.objectPath, m.taskRation);
  if (!bin) return bin.takeError();
  lb.bin = *bin;
  auto fn = rt.getFunction(lb.bin, m.kernelName);
  if (!fn) return fn.takeError();
  sim::Device& dev = rt.device();
  DeviceParams params(dev);
  if (llvm::Error e = params.allocate(m, opts)) return e;

  RunResult r;
  size_t firstTask = dev.taskTimings().size();
  auto t0 = std::chrono::steady_clock::now();
  double h0 = dev.stats().hostUs;
  for (uint32_t i = 0; i < opts.repeat; ++i)
    if (llvm::Error e = rt.launch(*fn, m.blockDim, params.args, opts.stream, std::nullopt, m.tilingKey)) return e;
  r.hostUs = dev.stats().hostUs - h0;
  if (llvm::Error e = finish(dev, opts.stream, firstTask, h0, t0, r)) return e;
  if (llvm::Error e = params.readOutputs(m, r)) return e;
  for (const auto& [param, offset, bytes] : opts.readBack) {
    size_t i = 0;
    while (i < m.params.size() && m.params[i].name != param) ++i;
    if (i == m.params.size()) return inputError("read back: no parameter '" + param + "'");
    auto b = params.read(i, offset, bytes);
    if (!b) return b.takeError();
    r.readBack.push_back(std::move(*b));
  }
  return r;
}

namespace {

// Streams and events of an unfused program: the first instance's stream is the origin; every
// other stream forks from it at the start and joins it at the end, so the origin's completion
// is the program's (and the sequence can be captured from the origin).
struct UnfusedStreams {
  sim::Device& dev;
  sim::StreamId origin = 0;
  std::map<int64_t, sim::StreamId> of;  // instance stream -> device stream
  std::vector<sim::EventId> events;
  ~UnfusedStreams() {
    for (sim::EventId e : events) llvm::consumeError(dev.destroyEvent(e));
    for (auto [id, s] : of) llvm::consumeError(dev.destroyStream(s));
  }
  llvm::Expected<sim::EventId> event() {
    auto e = dev.createEvent();
    if (e) events.push_back(*e);
    return e;
  }
};

struct ModelGuard {
  sim::Device& dev;
  std::optional<sim::ModelId> id;
  ~ModelGuard() {
    if (id) llvm::consumeError(dev.destroyModel(*id));
  }
};

// One pass of the program: fork, the launches with their cross-stream events, join.
llvm::Error issueUnfused(Runtime& rt, UnfusedStreams& st, const std::vector<super_kernel::UnfusedLaunch>& program,
                         const std::vector<subkernel::SkDependency>& deps,
                         const std::function<llvm::Error(size_t, sim::StreamId)>& launch) {
  sim::Device& dev = rt.device();
  auto fork = st.event();
  if (!fork) return fork.takeError();
  if (llvm::Error e = dev.recordEvent(*fork, st.origin)) return e;
  for (auto [id, s] : st.of)
    if (s != st.origin)
      if (llvm::Error e = dev.streamWaitEvent(s, *fork)) return e;
  std::map<uint32_t, sim::EventId> after;  // instance -> event recorded after it (cross-stream consumers)
  for (size_t i = 0; i < program.size(); ++i) {
    sim::StreamId s = st.of.at(program[i].stream);
    for (const subkernel::SkDependency& d : deps)
      if (d.to == i && program[d.from].stream != program[i].stream)
        if (llvm::Error e = dev.streamWaitEvent(s, after.at(d.from))) return e;
    if (llvm::Error e = launch(i, s)) return e;
    bool crossConsumer = std::any_of(deps.begin(), deps.end(), [&](const subkernel::SkDependency& d) {
      return d.from == i && program[d.to].stream != program[i].stream;
    });
    if (crossConsumer) {
      auto ev = st.event();
      if (!ev) return ev.takeError();
      if (llvm::Error e = dev.recordEvent(*ev, s)) return e;
      after[(uint32_t)i] = *ev;
    }
  }
  for (auto [id, s] : st.of) {
    if (s == st.origin) continue;
    auto join = st.event();
    if (!join) return join.takeError();
    if (llvm::Error e = dev.recordEvent(*join, s)) return e;
    if (llvm::Error e = dev.streamWaitEvent(st.origin, *join)) return e;
  }
  return llvm::Error::success();
}

}  // namespace

llvm::Expected<RunResult> runUnfused(Runtime& rt, const subkernel::SubKernel& sk, const RunOptions& opts,
                                     UnfusedMode mode) {
  const subkernel::KernelMeta& m = sk.meta;
  auto program = super_kernel::unfusedLaunches(m);
  if (!program) return program.takeError();
  if (llvm::Error e = checkInputs(m, opts)) return e;
  LoadedBinary lb{rt};
  auto bin = rt.loadBinary(sk.object->getMemBufferRef(), sk.objectPath);
  if (!bin) return bin.takeError();
  lb.bin = *bin;
  sim::Device& dev = rt.device();
  DeviceParams params(dev);
  if (llvm::Error e = params.allocate(m, opts)) return e;

  struct Launch {
    Function* fn;
    uint32_t blockDim;
    sk::TaskRation ration;
    std::vector<uint64_t> args;
    uint64_t tilingKey;
  };
  std::vector<Launch> launches;
  for (const super_kernel::UnfusedLaunch& u : *program) {
    auto fn = rt.getFunction(lb.bin, u.symbol);
    if (!fn) return fn.takeError();
    Launch l{*fn, u.blockDim, u.ration, {}, u.tilingKey};
    for (const subkernel::SkArg& a : u.args)
      l.args.push_back(a.skParam < 0 ? 0 : params.args[a.skParam] + a.offset);
    launches.push_back(std::move(l));
  }
  UnfusedStreams st{dev, 0, {}, {}};
  for (const super_kernel::UnfusedLaunch& u : *program)
    if (!st.of.count(u.stream)) {
      auto s = dev.createStream();
      if (!s) return s.takeError();
      st.of[u.stream] = *s;
    }
  st.origin = st.of.at(program->front().stream);
  auto launchOne = [&](size_t i, sim::StreamId s) {
    const Launch& l = launches[i];
    return rt.launch(l.fn, l.blockDim, l.args, s, l.ration, l.tilingKey);
  };
  const auto& deps = m.superKernel->dependencies;
  RunResult r;
  size_t firstTask = dev.taskTimings().size();
  auto t0 = std::chrono::steady_clock::now();
  ModelGuard model{dev, std::nullopt};
  double h0 = dev.stats().hostUs;
  if (mode == UnfusedMode::Eager) {
    for (uint32_t rep = 0; rep < opts.repeat; ++rep)
      if (llvm::Error e = issueUnfused(rt, st, *program, deps, launchOne)) return e;
  } else {  // captured once, replayed `repeat` times
    if (llvm::Error e = dev.captureBegin(st.origin, sim::CaptureMode::Global)) return e;
    llvm::Error issued = issueUnfused(rt, st, *program, deps, launchOne);
    auto captured = dev.captureEnd(st.origin);
    if (captured) model.id = *captured;
    if (issued) return llvm::joinErrors(std::move(issued), captured ? llvm::Error::success() : captured.takeError());
    if (!captured) return captured.takeError();
    h0 = dev.stats().hostUs;
    for (uint32_t rep = 0; rep < opts.repeat; ++rep)
      if (llvm::Error e = dev.executeModel(*model.id, st.origin)) return e;
  }
  r.hostUs = dev.stats().hostUs - h0;
  if (llvm::Error e = finish(dev, st.origin, firstTask, h0, t0, r)) return e;
  if (llvm::Error e = params.readOutputs(m, r)) return e;
  return r;
}

std::vector<std::string> compareOutputs(const subkernel::KernelMeta& m, const RunResult& a, const RunResult& b) {
  std::vector<std::string> diffs;
  for (size_t i = 0; i < m.params.size(); ++i) {
    if (!m.params[i].isOutput()) continue;
    const Param& p = m.params[i];
    const TensorBytes& x = a.outputs.at(p.name);
    const TensorBytes& y = b.outputs.at(p.name);
    uint64_t n = elementCount(p, x.size()), differ = 0, first = 0;
    for (uint64_t e = n; e-- > 0;)
      if (rawElement(p.dtype, x, e) != rawElement(p.dtype, y, e)) {
        ++differ;
        first = e;
      }
    if (differ)
      diffs.push_back(p.name + ": " + std::to_string(differ) + " of " + std::to_string(n) +
                      " elements differ; first at element " + std::to_string(first) + " (byte offset " +
                      std::to_string(first * sk::dtypeInfo(p.dtype).bits / 8) + "): fused " +
                      std::to_string(valueAt(p.dtype, x, first)) + ", unfused " +
                      std::to_string(valueAt(p.dtype, y, first)));
  }
  return diffs;
}

}  // namespace sk::rt
