// sk_run end to end: the first ops against host references, traces, exit codes and the
// rejection of kernels that break the compile contract.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <set>

#include "sk/sim/float16.h"
#include "test_support.h"

using sk::test::CommandResult;
using sk::test::TempDir;

namespace {

std::string ops(const std::string& f) { return std::string(SK_OPS_DIR) + "/" + f; }
std::string toolKernel(const std::string& f) { return std::string(SK_TOOL_KERNEL_DIR) + "/" + f; }

CommandResult skRun(std::vector<std::string> args) {
  args.insert(args.begin(), SK_RUN);
  return sk::test::run(args);
}

// Deterministic test data, independent of sk_run's own --seed generator.
std::vector<float> testValues(size_t n, uint32_t seed, float scale = 2.0f) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 1;
  for (float& f : v) {
    s = s * 1664525u + 1013904223u;
    f = ((float)(s >> 8) / (float)(1u << 24) - 0.5f) * scale;
  }
  return v;
}

std::vector<uint16_t> toHalf(const std::vector<float>& v) {
  std::vector<uint16_t> h(v.size());
  for (size_t i = 0; i < v.size(); ++i) h[i] = sk::floatToHalf(v[i]);
  return h;
}

template <typename T> void writeVec(const std::string& path, const std::vector<T>& v) {
  sk::test::writeBytes(path, v.data(), v.size() * sizeof(T));
}

template <typename T> std::vector<T> readVec(const std::string& path) {
  auto b = sk::test::readBytes(path);
  std::vector<T> v(b.size() / sizeof(T));
  std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
  return v;
}

// The vector unit's ReduceSum order (docs/dialect.md): a pairwise tree within each 256-byte
// repeat (64 floats), then the repeats in order.
float treeSum(std::vector<float> v) {
  while (v.size() > 1) {
    std::vector<float> next;
    for (size_t i = 0; i + 1 < v.size(); i += 2) next.push_back(v[i] + v[i + 1]);
    if (v.size() % 2) next.push_back(v.back());
    v.swap(next);
  }
  return v[0];
}
float reduceSum(const std::vector<float>& v) {
  float total = 0;
  for (size_t r = 0; r < v.size(); r += 64) {
    float s = treeSum(std::vector<float>(v.begin() + r, v.begin() + std::min(v.size(), r + 64)));
    total = r ? total + s : s;
  }
  return total;
}

TEST(SkRunOps, AddMatchesTheHostReference) {
  TempDir d;
  const size_t n = 8 * 2048;
  auto x = toHalf(testValues(n, 1)), y = toHalf(testValues(n, 2));
  writeVec(d.file("x.bin"), x);
  writeVec(d.file("y.bin"), y);
  auto r = skRun({ops("add_custom.json"), "--input", "x=" + d.file("x.bin"), "--input", "y=" + d.file("y.bin"),
                  "--output-dir", d.path()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto z = readVec<uint16_t>(d.file("z.bin"));
  ASSERT_EQ(z.size(), n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(z[i], sk::floatToHalf(sk::halfToFloat(x[i]) + sk::halfToFloat(y[i]))) << "element " << i;
  EXPECT_NE(r.out.find("device time (virtual):"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("host time (virtual):"), std::string::npos);
  // The task time is msprof's Task Duration: the device time less the kernel's start-up.
  auto number = [&](const std::string& label) {
    size_t at = r.out.find(label);
    return at == std::string::npos ? -1.0 : std::stod(r.out.substr(at + label.size()));
  };
  double device = number("device time (virtual): "), task = number("task time (virtual):   ");
  EXPECT_GT(task, 0) << r.out;
  EXPECT_LT(task, device - 5) << "a start-up of 10,905 cycles at 1.8 GHz lies between them";
  EXPECT_NE(r.out.find("wall time:"), std::string::npos);
}

TEST(SkRunOps, ReluMatchesTheHostReference) {
  TempDir d;
  const size_t n = 8 * 4096;
  auto x = testValues(n, 3);
  writeVec(d.file("x.bin"), x);
  auto r = skRun({ops("relu_custom.json"), "--input", "x=" + d.file("x.bin"), "--output-dir", d.path()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto y = readVec<float>(d.file("y.bin"));
  ASSERT_EQ(y.size(), n);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], x[i] > 0 ? x[i] : 0.0f) << "element " << i;
}

TEST(SkRunOps, RmsNormMatchesTheHostReference) {
  TempDir d;
  const size_t rows = 16, cols = 1024;
  const float eps = 1e-6f;
  auto x = toHalf(testValues(rows * cols, 4, 4.0f)), g = toHalf(testValues(cols, 5));
  writeVec(d.file("x.bin"), x);
  writeVec(d.file("gamma.bin"), g);
  auto r = skRun({ops("rmsnorm_custom.json"), "--input", "x=" + d.file("x.bin"), "--input",
                  "gamma=" + d.file("gamma.bin"), "--output-dir", d.path()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto y = readVec<uint16_t>(d.file("y.bin"));
  ASSERT_EQ(y.size(), rows * cols);
  for (size_t row = 0; row < rows; ++row) {
    std::vector<float> xf(cols), sq(cols);
    for (size_t c = 0; c < cols; ++c) {
      xf[c] = sk::halfToFloat(x[row * cols + c]);
      sq[c] = xf[c] * xf[c];
    }
    float rstd = 1.0f / std::sqrt(reduceSum(sq) / (float)cols + eps);
    for (size_t c = 0; c < cols; ++c)
      ASSERT_EQ(y[row * cols + c], sk::floatToHalf(xf[c] * rstd * sk::halfToFloat(g[c])))
          << "row " << row << " col " << c;
  }
}

TEST(SkRunOps, MatmulMatchesTheHostReference) {
  TempDir d;
  const size_t M = 64, K = 128, N = 64;
  auto a = toHalf(testValues(M * K, 6)), b = toHalf(testValues(K * N, 7));
  writeVec(d.file("a.bin"), a);
  writeVec(d.file("b.bin"), b);
  auto r = skRun({ops("matmul_custom.json"), "--input", "a=" + d.file("a.bin"), "--input", "b=" + d.file("b.bin"),
                  "--output-dir", d.path()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto c = readVec<float>(d.file("c.bin"));
  ASSERT_EQ(c.size(), M * N);
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      float acc = 0.0f;  // float32 accumulation in ascending k
      for (size_t k = 0; k < K; ++k) acc += sk::halfToFloat(a[i * K + k]) * sk::halfToFloat(b[k * N + j]);
      ASSERT_EQ(c[i * N + j], acc) << "c[" << i << "][" << j << "]";
    }
}

TEST(SkRun, SeededInputsAreDeterministic) {
  TempDir d1, d2, d3;
  ASSERT_EQ(skRun({ops("add_custom.json"), "--seed", "7", "--output-dir", d1.path()}).exitCode, 0);
  ASSERT_EQ(skRun({ops("add_custom.json"), "--seed", "7", "--output-dir", d2.path()}).exitCode, 0);
  ASSERT_EQ(skRun({ops("add_custom.json"), "--seed", "8", "--output-dir", d3.path()}).exitCode, 0);
  EXPECT_EQ(sk::test::readBytes(d1.file("z.bin")), sk::test::readBytes(d2.file("z.bin")));
  EXPECT_NE(sk::test::readBytes(d1.file("z.bin")), sk::test::readBytes(d3.file("z.bin")));
}

TEST(SkRun, OutputDirIsCreatedWhenMissingAndMustNotBeAFile) {
  TempDir d;
  auto r = skRun({ops("add_custom.json"), "--seed", "7", "--output-dir", d.file("new/out")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(sk::test::exists(d.file("new/out/z.bin")));
  sk::test::writeText(d.file("plain_file"), "");
  r = skRun({ops("add_custom.json"), "--output-dir", d.file("plain_file")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("plain_file: exists and is not a directory"), std::string::npos) << r.err;
}

TEST(SkRun, TraceIsByteIdenticalWithOneTwoAndFourWorkers) {
  TempDir d;
  std::vector<std::string> traces;
  for (const char* w : {"1", "2", "4"}) {
    std::string t = d.file(std::string("trace") + w + ".json");
    auto r = skRun({ops("rmsnorm_custom.json"), "--workers", w, "--repeat", "3", "--trace", t});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    traces.push_back(sk::test::readText(t));
  }
  EXPECT_NE(traces[0].find("\"traceEvents\""), std::string::npos);
  EXPECT_NE(traces[0].find("\"name\":\"rmsnorm_custom\""), std::string::npos);
  EXPECT_NE(traces[0].find("\"aiv7\""), std::string::npos) << "per-core tracks";
  EXPECT_NE(traces[0].find("launch rmsnorm_custom"), std::string::npos) << "host API calls";
  EXPECT_EQ(traces[0], traces[1]);
  EXPECT_EQ(traces[0], traces[2]);
}

TEST(SkRun, RepeatRunsTheKernelNTimes) {
  TempDir d;
  std::string t = d.file("t.json");
  ASSERT_EQ(skRun({ops("relu_custom.json"), "--repeat", "4", "--trace", t}).exitCode, 0);
  std::string trace = sk::test::readText(t);
  size_t count = 0;
  for (size_t p = trace.find("\"name\":\"relu_custom\",\"pid\":2"); p != std::string::npos;
       p = trace.find("\"name\":\"relu_custom\",\"pid\":2", p + 1))
    ++count;
  EXPECT_EQ(count, 4u) << "one stream span per launch";
}

TEST(SkRunExit, DeviceExceptionIsExitCodeOneAndNamesTheFault) {
  TempDir d;
  auto r = skRun({toolKernel("oob_kernel.json"), "--output-dir", d.path()});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("device error 507035"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("oob_kernel: block 7"), std::string::npos) << r.err;
  EXPECT_FALSE(sk::test::exists(d.file("y.bin"))) << "no output is written for a failed run";
}

TEST(SkRunExit, UsageErrorsAreExitCodeTwo) {
  EXPECT_EQ(skRun({}).exitCode, 2);
  EXPECT_EQ(skRun({ops("add_custom.json"), "--bogus"}).exitCode, 2);
  auto r = skRun({ops("add_custom.json"), "--arch", "dav-9999"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("unsupported NPU architecture 'dav-9999'"), std::string::npos) << r.err;
  r = skRun({"/nonexistent/k.json"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("/nonexistent/k.json"), std::string::npos) << r.err;
  EXPECT_EQ(skRun({"--help"}).exitCode, 0);
  // Bounded and signed values are refused, not clamped or left to abort the process.
  r = skRun({ops("add_custom.json"), "--workers", "100000"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--workers"), std::string::npos) << r.err;
  r = skRun({ops("add_custom.json"), "--seed", "-1"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--seed: must not be negative"), std::string::npos) << r.err;
}

TEST(SkRunExit, InputOfTheWrongSizeNamesTheParameterAndExpectedBytes) {
  TempDir d;
  std::vector<uint8_t> small(100);
  sk::test::writeBytes(d.file("x.bin"), small.data(), small.size());
  auto r = skRun({ops("add_custom.json"), "--input", "x=" + d.file("x.bin")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--input x: 100 bytes given, but x is float16[8, 2048] = 32768 bytes"), std::string::npos)
      << r.err;
  r = skRun({ops("add_custom.json"), "--input", "nope=" + d.file("x.bin")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("no input or scalar parameter named 'nope'"), std::string::npos) << r.err;
}

// The DOM of an HTML file after a real browser ran its scripts (headless Chromium).
std::string renderedDom(const std::string& html) {
  TempDir profile;
  CommandResult r = sk::test::run({SK_CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                                   "--no-first-run", "--disable-background-networking", "--disable-component-update",
                                   "--disable-sync", "--user-data-dir=" + profile.path(), "--enable-logging=stderr",
                                   "--v=0", "--dump-dom", "file://" + html});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err.find(":CONSOLE"), std::string::npos) << "the page logged to the console (an error?):\n" << r.err;
  return r.out;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(SkRunReport, RendersInARealBrowserWithOneTimelineRowPerCore) {
  TempDir d;
  std::string html = d.file("report.html");
  auto r = skRun({ops("rmsnorm_custom.json"), "--repeat", "2", "--report", html});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::string src = sk::test::readText(html);
  EXPECT_NE(src.find("<title>sk_run report: rmsnorm_custom</title>"), std::string::npos);
  EXPECT_EQ(src.find("src=\"http"), std::string::npos) << "self-contained: nothing to fetch";
  std::string dom = renderedDom(html);
  EXPECT_NE(dom.find("data-rendered=\"yes\""), std::string::npos) << "the report's script ran to the end";
  EXPECT_EQ(count(dom, "<rect"), 16u) << "8 AIV cores x 2 launches, one span each";
  EXPECT_EQ(count(dom, ">aiv7<"), 1u) << "one labelled row per core";
  EXPECT_EQ(count(dom, "<td>rmsnorm_custom</td>"), 2u) << "one task row per launch";
}

TEST(SkRunReport, ASuperKernelsReportShowsEagerReplayAndFusedInARealBrowser) {
  TempDir d;
  CommandResult c = sk::test::run({SK_COMPILE, "--ops", ops("add_custom.o") + "," + ops("add_custom.o"), "--name", "pair",
                                   "-o", d.path()});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  std::string html = d.file("report.html");
  auto r = skRun({d.file("pair.json"), "--compare-unfused", "-q", "--report", html});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  std::string dom = renderedDom(html);
  EXPECT_NE(dom.find("data-rendered=\"yes\""), std::string::npos) << "the report's script ran to the end";
  for (const char* mode : {"<th>eager</th>", "<th>graph replay</th>", "<th>fused</th>"})
    EXPECT_EQ(count(dom, mode), 2u) << mode << ": a row in the table and a column of the sub-kernels";
  EXPECT_GE(count(dom, "<td>pair__0__add_custom</td>"), 2u) << "the eager and the replayed launch in the task table";
  // One timeline per mode, eager first, each with a row per core of its own.
  std::vector<std::string> modes;
  size_t at = 0;
  while ((at = dom.find("data-mode=\"", at)) != std::string::npos) {
    at += 11;
    modes.push_back(dom.substr(at, dom.find('"', at) - at));
  }
  EXPECT_EQ(modes, (std::vector<std::string>{"eager", "replay", "fused"})) << dom;
  EXPECT_EQ(count(dom, ">aiv0<"), 3u) << "aiv0 has a row in each mode's timeline";
  for (const char* heading : {"<h3>eager: ", "<h3>graph replay: ", "<h3>fused: "})
    EXPECT_EQ(count(dom, heading), 1u) << heading;
  EXPECT_EQ(count(dom, "<td>add_custom (op 0)</td>"), 1u) << "the sub-kernel table";
  EXPECT_NE(dom.find("<p id=\"sync\">Sync inside the super kernel: "), std::string::npos);
}

// ---- kernels that break the compile contract or whose metadata is wrong ----

// A directory holding a copy of a test kernel (.o) and a metadata file edited by `edit`.
struct Staged {
  TempDir dir;
  std::string json;
};
std::unique_ptr<Staged> stage(const std::string& kernel, const std::function<void(std::string&)>& edit,
                              const std::function<void(std::vector<uint8_t>&)>& editObj = nullptr) {
  auto s = std::make_unique<Staged>();
  auto obj = sk::test::readBytes(toolKernel(kernel + ".o"));
  if (editObj) editObj(obj);
  sk::test::writeBytes(s->dir.file(kernel + ".o"), obj.data(), obj.size());
  std::string meta = sk::test::readText(sk::test::sourcePath("tests/tools/kernels/" + kernel + ".json"));
  edit(meta);
  s->json = s->dir.file(kernel + ".json");
  sk::test::writeText(s->json, meta);
  return s;
}

void replaceOnce(std::string& s, const std::string& from, const std::string& to) {
  size_t p = s.find(from);
  ASSERT_NE(p, std::string::npos) << from;
  s.replace(p, from.size(), to);
}

struct Rejection {
  std::string name;
  CommandResult result;
};

std::vector<Rejection> rejections() {
  std::vector<Rejection> out;
  out.push_back({"-fno-pic", skRun({toolKernel("nopic_kernel.json")})});
  out.push_back({"global constructor", skRun({toolKernel("ctor_kernel.json")})});
  out.push_back({"thread_local", skRun({toolKernel("tls_kernel.json")})});
  auto truncated = stage("copy_kernel", [](std::string&) {}, [](std::vector<uint8_t>& o) { o.resize(o.size() / 3); });
  out.push_back({"truncated .o", skRun({truncated->json})});
  auto noBlockDim = stage("copy_kernel", [](std::string& m) { replaceOnce(m, "\"blockDim\": 8,", ""); });
  out.push_back({"missing blockDim", skRun({noBlockDim->json})});
  auto noEntry = stage("copy_kernel", [](std::string& m) {
    replaceOnce(m, "\"kernelName\": \"copy_kernel\",", "\"kernelName\": \"absent_kernel\", \"binFileName\": \"copy_kernel\",");
  });
  out.push_back({"entry symbol absent", skRun({noEntry->json})});
  return out;
}

TEST(SkRunRejects, EachBrokenKernelGetsExitCodeTwoAndItsOwnMessage) {
  auto all = rejections();
  std::set<std::string> messages;
  for (const Rejection& r : all) {
    EXPECT_EQ(r.result.exitCode, 2) << r.name << ": " << r.result.err;
    EXPECT_NE(r.result.err.find("sk_run: error: "), std::string::npos) << r.name << ": " << r.result.err;
    messages.insert(r.result.err);
  }
  EXPECT_EQ(messages.size(), all.size()) << "every rejection says something different";
  auto has = [&](const std::string& name, std::initializer_list<const char*> parts) {
    for (const Rejection& r : all) {
      if (r.name != name) continue;
      for (const char* p : parts) EXPECT_NE(r.result.err.find(p), std::string::npos) << name << ": " << r.result.err;
    }
  };
  has("-fno-pic", {"nopic_kernel.o", "R_X86_64_32S", "-fPIC"});
  has("global constructor", {"ctor_kernel.o", ".init_array", "global constructors"});
  has("thread_local", {"tls_kernel.o", "thread_local"});
  has("truncated .o", {"copy_kernel.o"});
  has("missing blockDim", {"copy_kernel.json", "blockDim"});
  has("entry symbol absent", {"absent_kernel", "copy_kernel.o"});
}

}  // namespace
