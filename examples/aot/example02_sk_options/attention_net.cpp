// AOT example 02's network: an attention block on the op library, run eagerly once for the
// reference, then captured and exported as an op list for sk_compile (sk::rt::exportModel, the
// AOT twin of aclskOptimize). One network per NPU architecture, as their hardware differs:
//
//   h = rmsnorm(x, gamma)                                          stream 0
//   q = h · wq                 k = h · wk        v = h · wv        streams 0, 1, 2 (dav-3510); 0, 1, 1 (dav-2201)
//   a = attention(q, k, v)     (causal on dav-3510)               stream 0, after joining the others
//   y = x + a · wo                                                 stream 0
//
//   dav-2201: 128 tokens, hidden 512, head dim 128, two streams (24 AICs, 48 AIVs)
//   dav-3510: 256 tokens, hidden 1024, head dim 128, three streams, causal
//
// usage: example02_attention_net ARCH OUT_DIR
//   writes OUT_DIR/in/<input>.bin (x, gamma, wq, wk, wv, wo, groups), OUT_DIR/eager/y.bin and
//   OUT_DIR/net/<super kernel>/op_list.json with the kernels and their captured metadata.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "sk/acl_interop.h"
#include "sk/model_optimizer.h"
#include "sk/ops.h"
#include "sk/sim/float16.h"

namespace {

#define CHECK_ACL(call)                                                              \
  do {                                                                               \
    aclError rc_ = (call);                                                           \
    if (rc_ != ACL_SUCCESS) {                                                        \
      std::fprintf(stderr, "%s failed: %d: %s\n", #call, rc_, aclGetRecentErrMsg()); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

using sk::DType;
using sk::ops::Tensor;

struct Shape {
  int64_t tokens, hidden, head;
  bool causal;
  int streams;
};

Shape shapeOf(const std::string& arch) {
  if (arch == "dav-3510") return {256, 1024, 128, true, 3};
  return {128, 512, 128, false, 2};
}

Tensor tensor(DType dtype, std::vector<int64_t> shape) {
  Tensor t;
  CHECK_ACL(sk::ops::alloc(t, dtype, std::move(shape)));
  return t;
}

// A view of the same bytes with another shape ([T, D] as attention's [1, T, D]).
Tensor reshaped(const Tensor& t, std::vector<int64_t> shape) {
  Tensor v = t;
  v.shape = std::move(shape);
  return v;
}

std::vector<uint8_t> bytesOf(const Tensor& t) {
  std::vector<uint8_t> b(t.bytes());
  CHECK_ACL(aclrtMemcpy(b.data(), b.size(), t.data, b.size(), ACL_MEMCPY_DEVICE_TO_HOST));
  return b;
}

void fillHalf(const Tensor& t, std::mt19937& rng, float scale) {
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<uint16_t> h(t.numel());
  for (auto& v : h) v = sk::floatToHalf(dist(rng) * scale);
  CHECK_ACL(aclrtMemcpy(t.data, t.bytes(), h.data(), t.bytes(), ACL_MEMCPY_HOST_TO_DEVICE));
}

void writeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write((const char*)bytes.data(), (std::streamsize)bytes.size());
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
}

struct Network {
  Shape s;
  Tensor x, gamma, wq, wk, wv, wo, groups;  // inputs
  Tensor h, q, k, v, a, o, y;               // intermediates and the output
  aclrtStream streams[3] = {};
  aclrtEvent normed = nullptr, joined[2] = {};

  // The launches, in the order one host thread issues them.
  void run() {
    aclrtStream main = streams[0];
    CHECK_ACL(sk::ops::rmsnorm(x, gamma, 1e-6f, h, main));
    CHECK_ACL(aclrtRecordEvent(normed, main));
    for (int i = 1; i < s.streams; ++i) CHECK_ACL(aclrtStreamWaitEvent(streams[i], normed));
    aclrtStream kStream = streams[1], vStream = streams[s.streams - 1];
    CHECK_ACL(sk::ops::groupedMatmul(h, wq, groups, q, main));
    CHECK_ACL(sk::ops::groupedMatmul(h, wk, groups, k, kStream));
    CHECK_ACL(sk::ops::groupedMatmul(h, wv, groups, v, vStream));
    for (int i = 1; i < s.streams; ++i) {
      CHECK_ACL(aclrtRecordEvent(joined[i - 1], streams[i]));
      CHECK_ACL(aclrtStreamWaitEvent(main, joined[i - 1]));
    }
    sk::ops::AttentionOptions opts;
    opts.causal = s.causal;
    std::vector<int64_t> heads = {1, s.tokens, s.head};
    CHECK_ACL(sk::ops::attention(reshaped(q, heads), reshaped(k, heads), reshaped(v, heads), opts, reshaped(a, heads), main));
    CHECK_ACL(sk::ops::groupedMatmul(a, wo, groups, o, main));
    CHECK_ACL(sk::ops::add(x, o, y, main));
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s ARCH OUT_DIR\n", argv[0]);
    return 2;
  }
  std::string arch = argv[1], out = argv[2];
  setenv("SK_ARCH", arch.c_str(), 1);
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));

  Network n;
  n.s = shapeOf(arch);
  const Shape& s = n.s;
  n.x = tensor(DType::Float16, {s.tokens, s.hidden});
  n.gamma = tensor(DType::Float16, {s.hidden});
  n.wq = tensor(DType::Float16, {1, s.hidden, s.head});
  n.wk = tensor(DType::Float16, {1, s.hidden, s.head});
  n.wv = tensor(DType::Float16, {1, s.hidden, s.head});
  n.wo = tensor(DType::Float16, {1, s.head, s.hidden});
  n.groups = tensor(DType::Int64, {1});
  n.h = tensor(DType::Float16, {s.tokens, s.hidden});
  for (Tensor* t : {&n.q, &n.k, &n.v, &n.a}) *t = tensor(DType::Float16, {s.tokens, s.head});
  n.o = tensor(DType::Float16, {s.tokens, s.hidden});
  n.y = tensor(DType::Float16, {s.tokens, s.hidden});
  std::mt19937 rng(2201);
  fillHalf(n.x, rng, 1.0f);
  fillHalf(n.gamma, rng, 1.0f);
  for (Tensor* w : {&n.wq, &n.wk, &n.wv}) fillHalf(*w, rng, 1.0f / 16);
  fillHalf(n.wo, rng, 1.0f / 8);
  int64_t tokens = s.tokens;
  CHECK_ACL(aclrtMemcpy(n.groups.data, 8, &tokens, 8, ACL_MEMCPY_HOST_TO_DEVICE));
  for (int i = 0; i < s.streams; ++i) CHECK_ACL(aclrtCreateStream(&n.streams[i]));
  CHECK_ACL(aclrtCreateEvent(&n.normed));
  for (aclrtEvent& e : n.joined) CHECK_ACL(aclrtCreateEvent(&e));

  // The eager run: the reference, and the inputs every variant is run with.
  n.run();
  CHECK_ACL(aclrtSynchronizeDevice());
  const std::map<std::string, const Tensor*> inputs = {{"x", &n.x},   {"gamma", &n.gamma}, {"wq", &n.wq},        {"wk", &n.wk},
                                                       {"wv", &n.wv}, {"wo", &n.wo},       {"groups", &n.groups}};
  for (const auto& [name, t] : inputs) writeFile(out + "/in/" + name + ".bin", bytesOf(*t));
  writeFile(out + "/eager/y.bin", bytesOf(n.y));

  // The same launches captured, exported as an op list: inputs and y by name, the rest intermediates.
  aclmdlRI model = nullptr;
  CHECK_ACL(aclmdlRICaptureBegin(n.streams[0], ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  n.run();
  CHECK_ACL(aclmdlRICaptureEnd(n.streams[0], &model));
  sk::rt::ExportConfig config;
  for (const auto& [name, t] : inputs) config.names[(uint64_t)t->data] = name;
  config.names[(uint64_t)n.y.data] = "y";
  CHECK_ACL(sk::acl::withModel(model, "exportModel", [&](sk::rt::Runtime& rt, sk::sim::ModelId id) -> llvm::Error {
    auto report = sk::rt::exportModel(rt, id, out + "/net", config);
    if (!report) return report.takeError();
    for (const std::string& line : report->lines) std::printf("%s\n", line.c_str());
    return llvm::Error::success();
  }));
  CHECK_ACL(aclmdlRIDestroy(model));
  std::printf("%s: attention block of %lld tokens, hidden %lld, head %lld%s on %d streams exported\n", arch.c_str(),
              (long long)s.tokens, (long long)s.hidden, (long long)s.head, s.causal ? " (causal)" : "", s.streams);
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return 0;
}
