// Runs the AscendC corpus: sk_cc compiles each kernel from its unchanged source, sk_run runs it
// on generated inputs, the outputs must match the host reference; fusions of corpus kernels by
// sk_compile must match the unfused run (sk_run --compare-unfused) and the chained references.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "corpus.h"
#include <nlohmann/json.hpp>
#include "sk/sim/float16.h"
#include "sk/subkernel.h"
#include "test_support.h"

namespace sk::corpus {
namespace {

using sk::test::CommandResult;
using sk::test::TempDir;

std::string kernelDir(const Case& c) { return std::string(SK_CORPUS_DIR) + "/" + c.dir; }

const Case& caseNamed(const std::string& name) {
  for (const Case& c : cases())
    if (c.name == name) return c;
  throw std::runtime_error("no corpus case " + name);
}

subkernel::KernelMeta metaOf(const Case& c) {
  auto m = subkernel::readMeta(kernelDir(c) + "/" + c.meta);
  if (!m) throw std::runtime_error(llvm::toString(m.takeError()));
  return std::move(*m);
}

// int4: two to a byte, element 2i in the low nibble (AscendC's int4b_t).
std::vector<uint8_t> encode(DType d, const std::vector<double>& v) {
  std::vector<uint8_t> out(dtypeStorageBytes(d, v.size()));
  for (size_t i = 0; i < v.size(); ++i) {
    uint8_t* p = out.data() + i * dtypeBytes(d);
    double x = v[i];
    switch (d) {
      case DType::Int4: sk::setInt4(out.data(), i, (int32_t)x); break;
      case DType::Float32: { float f = (float)x; std::memcpy(p, &f, 4); break; }
      case DType::Float16: { uint16_t h = sk::floatToHalf((float)x); std::memcpy(p, &h, 2); break; }
      case DType::BFloat16: { uint16_t b = sk::floatToBf16((float)x); std::memcpy(p, &b, 2); break; }
      case DType::Int8: *(int8_t*)p = (int8_t)x; break;
      case DType::UInt8: *p = (uint8_t)x; break;
      case DType::Int16: { int16_t s = (int16_t)x; std::memcpy(p, &s, 2); break; }
      case DType::UInt16: { uint16_t s = (uint16_t)x; std::memcpy(p, &s, 2); break; }
      case DType::Int32: { int32_t s = (int32_t)x; std::memcpy(p, &s, 4); break; }
      case DType::UInt32: { uint32_t s = (uint32_t)x; std::memcpy(p, &s, 4); break; }
      case DType::Int64: { int64_t s = (int64_t)x; std::memcpy(p, &s, 8); break; }
      case DType::UInt64: { uint64_t s = (uint64_t)x; std::memcpy(p, &s, 8); break; }
      case DType::Bool: *p = x != 0; break;
      default: ADD_FAILURE() << "the corpus test has no encoding for dtype " << (int)d; break;
    }
  }
  return out;
}

// The first n elements of bytes (all of them when they hold fewer).
std::vector<double> decode(DType d, const std::vector<uint8_t>& bytes, size_t n) {
  n = std::min<size_t>(n, bytes.size() * 8 / dtypeInfo(d).bits);
  std::vector<double> out(n);
  for (size_t i = 0; i < n; ++i) {
    const uint8_t* p = bytes.data() + i * dtypeBytes(d);
    uint16_t h;
    switch (d) {
      case DType::Int4: out[i] = sk::int4At(bytes.data(), i); break;
      case DType::Float32: { float f; std::memcpy(&f, p, 4); out[i] = f; break; }
      case DType::Float16: std::memcpy(&h, p, 2); out[i] = sk::halfToFloat(h); break;
      case DType::BFloat16: std::memcpy(&h, p, 2); out[i] = sk::bf16ToFloat(h); break;
      case DType::Int8: out[i] = *(const int8_t*)p; break;
      case DType::UInt8: out[i] = *p; break;
      case DType::Int16: { int16_t s; std::memcpy(&s, p, 2); out[i] = s; break; }
      case DType::UInt16: { uint16_t s; std::memcpy(&s, p, 2); out[i] = s; break; }
      case DType::Int32: { int32_t s; std::memcpy(&s, p, 4); out[i] = s; break; }
      case DType::UInt32: { uint32_t s; std::memcpy(&s, p, 4); out[i] = s; break; }
      case DType::Int64: { int64_t s; std::memcpy(&s, p, 8); out[i] = (double)s; break; }
      case DType::UInt64: { uint64_t s; std::memcpy(&s, p, 8); out[i] = (double)s; break; }
      case DType::Bool: out[i] = *p; break;
      default: ADD_FAILURE() << "the corpus test has no decoding for dtype " << (int)d; break;
    }
  }
  return out;
}

uint64_t elements(const subkernel::Param& p) {
  uint64_t n = 1;
  for (int64_t d : p.shape) n *= (uint64_t)d;
  return n;
}

// The output sk_run wrote for p into dir/out, as values.
std::vector<double> readOutput(const TempDir& dir, const subkernel::Param& p) {
  return decode(p.dtype, sk::test::readBytes(dir.file("out/" + p.name + ".bin")), elements(p));
}

// Compiles case c into dir (dir/<binFileName>.o beside a copy of its metadata); returns the json.
std::string compile(const Case& c, const std::string& dir) {
  subkernel::KernelMeta m = metaOf(c);
  std::string json = dir + "/" + m.kernelName + ".json";
  sk::test::writeText(json, sk::test::readText(kernelDir(c) + "/" + c.meta));
  if (!c.hostTiling.empty()) {  // the op_host program's tiling, into the metadata by sk_tiling
    const std::vector<int64_t>& a = m.params[0].shape;
    CommandResult t = sk::test::run({std::string(SK_HOST_TILING_DIR) + "/" + c.hostTiling, std::to_string(a[0]),
                                     std::to_string(m.params[1].shape[0]), std::to_string(a[1]), dir + "/tiling.bin"});
    EXPECT_EQ(t.exitCode, 0) << t.err;
    std::string blockDim = t.out.substr(0, t.out.find_first_of(" \n"));
    CommandResult w = sk::test::run({SK_TILING, json, "--data", dir + "/tiling.bin", "--block-dim", blockDim});
    EXPECT_EQ(w.exitCode, 0) << w.err;
  }
  std::vector<std::string> argv = {SK_CC, "--meta", json};
  if (!c.arch.empty()) argv.push_back("--npu-arch=" + c.arch);
  for (const std::string& inc : c.includes) argv.insert(argv.end(), {"-include", kernelDir(c) + "/" + inc});
  argv.insert(argv.end(), {"-c", kernelDir(c) + "/" + c.source, "-o", dir + "/" + m.binFileName + m.binFileSuffix});
  CommandResult r = sk::test::run(argv);
  EXPECT_EQ(r.exitCode, 0) << "sk_cc failed for " << c.name << ":\n" << r.err;
  return json;
}

// Inputs for every input param of m, written to dir; returns the host values of all tensors.
Tensors makeInputs(const Case& c, const subkernel::KernelMeta& m, const std::string& dir, std::vector<std::string>& args,
                   std::mt19937& rng) {
  Tensors t;
  for (const subkernel::Param& p : m.params) {
    if (p.role == subkernel::Role::Tiling) t.tiling = p.data;
    if (!p.isTensor()) continue;
    t.shapes[p.name] = p.shape;
    std::vector<double>& v = t.values[p.name];
    v.assign(elements(p), 0.0);
    if (p.role != subkernel::Role::Input) continue;
    bool isFloat = dtypeInfo(p.dtype).isFloat;
    std::uniform_real_distribution<double> real(-2.0, 2.0);
    std::uniform_int_distribution<int> integer(dtypeInfo(p.dtype).isSigned ? -8 : 0, p.dtype == DType::Int4 ? 7 : 8);
    for (double& x : v)
      x = roundTo(dtypeName(p.dtype), c.input ? c.input(rng, p.name) : isFloat ? real(rng) : integer(rng));
    std::string file = dir + "/in_" + p.name + ".bin";
    std::vector<uint8_t> bytes = encode(p.dtype, v);
    sk::test::writeBytes(file, bytes.data(), bytes.size());
    args.insert(args.end(), {"--input", p.name + "=" + file});
  }
  return t;
}

void expectClose(const std::string& what, DType d, const std::vector<double>& got, const std::vector<double>& want,
                 double atol, double rtol) {
  ASSERT_EQ(got.size(), want.size()) << what;
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    double w = roundTo(dtypeName(d), want[i]);
    bool ok = atol == 0 && rtol == 0 ? (got[i] == w || (std::isnan(got[i]) && std::isnan(w)))
                                     : std::fabs(got[i] - w) <= atol + rtol * std::fabs(w);
    if (!ok && bad++ == 0) first = i;
  }
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << got.size() << " elements differ; first at " << first << ": got "
                     << got[first] << ", expected " << roundTo(dtypeName(d), want[first]);
}

class CorpusKernel : public ::testing::TestWithParam<Case> {};

TEST_P(CorpusKernel, CompiledBySkCcMatchesTheHostReference) {
  const Case& c = GetParam();
  TempDir d;
  std::string json = compile(c, d.path());
  if (HasFailure()) return;
  auto compiled = subkernel::readMeta(json);  // with the host tiling's bytes, if any
  ASSERT_TRUE((bool)compiled) << llvm::toString(compiled.takeError());
  subkernel::KernelMeta m = std::move(*compiled);
  std::vector<std::string> argv = {SK_RUN, json, "-q", "--output-dir", d.file("out")};
  if (!c.arch.empty()) argv.insert(argv.end(), {"--arch", c.arch});
  std::mt19937 rng(20261201);
  Tensors t = makeInputs(c, m, d.path(), argv, rng);
  CommandResult r = sk::test::run(argv);
  ASSERT_EQ(r.exitCode, 0) << c.name << ": sk_run failed:\n" << r.err << r.out;
  Tensors want = t;
  c.reference(want);
  for (const subkernel::Param& p : m.params)
    if (p.isOutput())
      expectClose(c.name + " output " + p.name, p.dtype, readOutput(d, p), want[p.name], c.atol, c.rtol);
}

INSTANTIATE_TEST_SUITE_P(Ascendc, CorpusKernel, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

class CorpusFusion : public ::testing::TestWithParam<Fusion> {};

// The super kernel equals the unfused program (sk_run --compare-unfused exits 3 otherwise), and
// its outputs are the chained host references.
TEST_P(CorpusFusion, FusedBySkCompileEqualsTheUnfusedRunAndTheReferences) {
  const Fusion& f = GetParam();
  TempDir d;
  // The program as an op list: each object with its metadata and the fusion's tensor names.
  nlohmann::json opList = {{"op_list", nlohmann::json::array()}};
  for (size_t i = 0; i < f.cases.size(); ++i) {
    const Case& c = caseNamed(f.cases[i]);
    subkernel::KernelMeta m = metaOf(c);
    std::string json = compile(c, d.path());
    nlohmann::json op = {{"bin_path", d.file(m.binFileName + m.binFileSuffix)}, {"json_path", json}};
    if (i < f.bind.size() && !f.bind[i].empty()) op["bind"] = f.bind[i];
    opList["op_list"].push_back(op);
  }
  if (HasFailure()) return;
  sk::test::writeText(d.file("ops.json"), opList.dump(2));
  CommandResult sk = sk::test::run({SK_COMPILE, "--op-list", d.file("ops.json"), "--name", f.name, "-q", "-o", d.file("sk")});
  ASSERT_EQ(sk.exitCode, 0) << sk.err;
  auto fused = subkernel::readMeta(d.file("sk/" + f.name + ".json"));
  ASSERT_TRUE((bool)fused) << llvm::toString(fused.takeError());
  std::vector<std::string> argv = {SK_RUN, d.file("sk/" + f.name + ".json"), "-q", "--compare-unfused", "--output-dir",
                                   d.file("out")};
  std::mt19937 rng(7);
  Case inputs;  // the fused kernel's inputs are generated like a case's
  inputs.input = caseNamed(f.cases.front()).input;
  Tensors t = makeInputs(inputs, *fused, d.path(), argv, rng);
  CommandResult r = sk::test::run(argv);
  ASSERT_EQ(r.exitCode, 0) << "fused and unfused runs differ or failed:\n" << r.err << r.out;
  for (size_t i = 0; i < f.cases.size(); ++i) {  // chain the references through the tensor names
    const Case& c = caseNamed(f.cases[i]);
    subkernel::KernelMeta m = metaOf(c);
    Tensors step;
    for (const subkernel::Param& p : m.params) {
      if (p.role == subkernel::Role::Tiling) step.tiling = p.data;
      if (!p.isTensor()) continue;
      std::string tensor = f.tensorOf(i, p.name);
      step.shapes[p.name] = p.shape;
      step.values[p.name] = t.values.count(tensor) ? t.values[tensor] : std::vector<double>(elements(p), 0.0);
    }
    c.reference(step);
    for (const subkernel::Param& p : m.params)
      if (p.isOutput()) {
        std::vector<double> rounded;
        for (double v : step[p.name]) rounded.push_back(roundTo(dtypeName(p.dtype), v));
        t.values[f.tensorOf(i, p.name)] = rounded;
      }
  }
  for (const subkernel::Param& p : fused->params)
    if (p.isOutput())
      expectClose(f.name + " output " + p.name, p.dtype, readOutput(d, p), t[p.name], caseNamed(f.cases.back()).atol,
                  caseNamed(f.cases.back()).rtol);
}

INSTANTIATE_TEST_SUITE_P(Ascendc, CorpusFusion, ::testing::ValuesIn(fusions()),
                         [](const ::testing::TestParamInfo<Fusion>& i) { return i.param.name; });

}  // namespace
}  // namespace sk::corpus
