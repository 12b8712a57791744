// sk_cc end to end: what a compiled AscendC kernel sees (workspace, op-build macros, tiling key,
// core type), MIX dispatch, assertions as device exceptions, and every bad input: exit 2, a
// message naming what to change, and no output file.
#include <gtest/gtest.h>

#include <cstring>

#include <nlohmann/json.hpp>

#include "llvm/Support/FileSystem.h"
#include "sk/device_compiler.h"
#include "sk/file_io.h"
#include "test_support.h"

using sk::test::CommandResult;
using sk::test::TempDir;

namespace {

std::string src(const std::string& f) { return std::string(SK_SOURCE_DIR) + "/tests/tools/kernels/ascendc/" + f; }

CommandResult skCc(std::vector<std::string> args, const std::vector<std::string>& env = {}) {
  args.insert(args.begin(), SK_CC);
  return sk::test::run(args, env);
}

// Compiles kernels/ascendc/<name>.cpp with its metadata into d and runs it; returns sk_run's result.
CommandResult compileAndRun(const TempDir& d, const std::string& name, std::vector<std::string> runArgs = {}) {
  sk::test::writeText(d.file(name + ".json"), sk::test::readText(src(name + ".json")));
  CommandResult c = skCc({"--meta", d.file(name + ".json"), "-c", src(name + ".cpp"), "-o", d.file(name + ".o")});
  EXPECT_EQ(c.exitCode, 0) << c.err;
  runArgs.insert(runArgs.begin(), {SK_RUN, d.file(name + ".json"), "-q", "--output-dir", d.file("out")});
  return sk::test::run(runArgs);
}

std::vector<int32_t> readInts(const std::string& path) {
  auto b = sk::test::readBytes(path);
  std::vector<int32_t> v(b.size() / 4);
  std::memcpy(v.data(), b.data(), v.size() * 4);
  return v;
}

TEST(SkCc, AKernelSeesTheWorkspaceTheOpBuildMacrosAndItsTilingKey) {
  TempDir d;
  CommandResult r = compileAndRun(d, "probe");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<int32_t> out = readInts(d.file("out/out.bin"));
  ASSERT_EQ(out.size(), 16u);
  for (int b = 0; b < 2; ++b) {
    const int32_t* w = &out[8 * b];
    EXPECT_EQ(w[0], 1) << "GetSysWorkSpacePtr() is the workspace parameter";
    EXPECT_EQ(w[1], 0) << "GetUserWorkspace() starts RESERVED_WORKSPACE after it";
    EXPECT_EQ(w[2], 2) << "g_coreType is AscendC::AIV";
    EXPECT_EQ(w[3], 220 * 10000 + 2201);
    EXPECT_EQ(w[4], 7) << "TILING_KEY_VAR is the metadata's tilingKey";
    EXPECT_EQ(w[5], 1) << "DTYPE_X, ORIG_DTYPE_X and FORMAT_X come from the metadata";
    EXPECT_EQ(w[6], 1) << "TILING_KEY_IS(7)";
    EXPECT_EQ(w[7], 1) << "compiled for the vector core only";
  }
}

// Kernel-launch builds define HAVE_WORKSPACE (and HAVE_TILING) as CANN's CMake modules do: the
// last param (the one before the tiling) is the system workspace and the kernel gets the user's
// part after it.
TEST(SkCc, WithHaveWorkspaceTheKernelGetsTheUserPartOfTheWorkspace) {
  TempDir d;
  sk::test::writeText(d.file("k.cpp"),
                      "#include \"kernel_operator.h\"\n"
                      "extern \"C\" __global__ __aicore__ void k(GM_ADDR out, GM_ADDR workspace, GM_ADDR tiling) {\n"
                      "  AscendC::GlobalTensor<int64_t> o;\n"
                      "  o.SetGlobalBuffer((__gm__ int64_t*)out, 1);\n"
                      "  o.SetValue(0, workspace - AscendC::GetSysWorkSpacePtr());\n"
                      "}\n");
  sk::test::writeText(d.file("k.json"), R"({"version": 1, "kernelName": "k", "coreType": "AIV", "blockDim": 1, "params": [
      {"name": "out", "role": "output", "dtype": "int64", "shape": [1]},
      {"name": "workspace", "role": "workspace", "bytes": 64},
      {"name": "tiling", "role": "tiling", "bytes": 8}]})");
  for (bool have : {false, true}) {
    std::vector<std::string> args = {"--meta", d.file("k.json"), "-c", d.file("k.cpp"), "-o", d.file("k.o")};
    if (have) args.insert(args.begin(), {"-D", "HAVE_WORKSPACE", "-DHAVE_TILING"});
    CommandResult c = skCc(args);
    ASSERT_EQ(c.exitCode, 0) << c.err;
    CommandResult r = sk::test::run({SK_RUN, d.file("k.json"), "-q", "--output-dir", d.file("out")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    auto bytes = sk::test::readBytes(d.file("out/out.bin"));
    ASSERT_EQ(bytes.size(), 8u);
    int64_t offset;
    std::memcpy(&offset, bytes.data(), 8);
    EXPECT_EQ(offset, have ? (int64_t)16 * 1024 * 1024 : 0) << (have ? "HAVE_WORKSPACE" : "no HAVE_WORKSPACE");
  }
}

TEST(SkCc, AMixKernelRunsItsCubeCodeOnTheAicAndItsVectorCodeOnTheAivs) {
  TempDir d;
  CommandResult r = compileAndRun(d, "mix_probe");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<int32_t> out = readInts(d.file("out/out.bin"));
  ASSERT_EQ(out.size(), 12u);
  for (int b = 0; b < 4; ++b) {
    EXPECT_EQ(out[3 * b], 101) << "block " << b << ": the AIC, compiled with g_coreType AIC";
    EXPECT_EQ(out[3 * b + 1], 202) << "block " << b << ": AIV 0";
    EXPECT_EQ(out[3 * b + 2], 202) << "block " << b << ": AIV 1";
  }
  // The vector queue both core types set up is bookkeeping on the AIC: touching it faults there.
  std::string meta = sk::test::readText(d.file("mix_probe.json"));
  meta.replace(meta.find("\"blockDim\""), 0, "\"tilingKey\": 2, \"binFileName\": \"mix_probe\", ");
  sk::test::writeText(d.file("touch.json"), meta);
  CommandResult touched = sk::test::run({SK_RUN, d.file("touch.json"), "-q"});
  EXPECT_NE(touched.exitCode, 0);
  EXPECT_NE(touched.err.find("aic"), std::string::npos) << touched.err;
}

// A source that needs the tiling key as a constant (`if constexpr (TILING_KEY_IS(1))`) is
// compiled for the metadata's key, as CANN compiles one object per key; launched with another
// key, that object is a device exception naming both.
// A tiling key past 2^63 (ops-transformer's): read from the metadata and compared in all 64 bits;
// one object serves both keys.
TEST(SkCc, TilingKeysPastTwoToTheSixtyThree) {
  TempDir d;
  CommandResult r = compileAndRun(d, "big_key");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const uint64_t key = 10000000000000000024ull;
  EXPECT_EQ(readInts(d.file("out/out.bin")), (std::vector<int32_t>{1, (int32_t)(uint32_t)key, (int32_t)(uint32_t)(key >> 32)}));
  std::string meta = sk::test::readText(d.file("big_key.json"));
  meta.replace(meta.find("10000000000000000024"), 20, "10000000000000000001");
  sk::test::writeText(d.file("big_key.json"), meta);
  r = sk::test::run({SK_RUN, d.file("big_key.json"), "-q", "--output-dir", d.file("out")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(readInts(d.file("out/out.bin"))[0], 2);
}

TEST(SkCc, TilingKeyInAConstantExpressionCompilesOneObjectPerKey) {
  TempDir d;
  for (int key : {2, 1, 5}) {
    std::string meta = sk::test::readText(src("keyed_paths.json"));
    meta.replace(meta.find("\"tilingKey\": 2"), 14, "\"tilingKey\": " + std::to_string(key));
    sk::test::writeText(d.file("keyed_paths.json"), meta);
    CommandResult c = skCc({"--meta", d.file("keyed_paths.json"), "-c", src("keyed_paths.cpp"), "-o", d.file("keyed_paths.o")});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_EQ(c.err.find("error"), std::string::npos) << "the first attempt's errors are not shown\n" << c.err;
    CommandResult r = sk::test::run({SK_RUN, d.file("keyed_paths.json"), "-q", "--output-dir", d.file("out")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::vector<int32_t> out = readInts(d.file("out/out.bin"));
    ASSERT_EQ(out.size(), 14u);
    int32_t path = key <= 2 ? 10 * key : 0;
    for (int b = 0; b < 4; ++b) {
      EXPECT_EQ(out[3 * b], 100 + path) << "key " << key << ", block " << b << ": the AIC";
      EXPECT_EQ(out[3 * b + 1], 200 + path) << "key " << key << ", block " << b << ": AIV 0";
      EXPECT_EQ(out[3 * b + 2], 200 + path) << "key " << key << ", block " << b << ": AIV 1";
    }
    EXPECT_EQ(out[12], key == 2 || key == 3 ? 1 : 0) << "TILING_KEY_LIST(2, 3) with key " << key;
    EXPECT_EQ(out[13], key) << "TILING_KEY_VAR";
  }
  // the key-5 object launched as key 1
  std::string meta = sk::test::readText(d.file("keyed_paths.json"));
  meta.replace(meta.find("\"tilingKey\": 5"), 14, "\"tilingKey\": 1");
  sk::test::writeText(d.file("keyed_paths.json"), meta);
  CommandResult r = sk::test::run({SK_RUN, d.file("keyed_paths.json"), "-q", "--output-dir", d.file("out")});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("keyed_paths: this object was compiled for tiling key 5"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("is launched with key 1"), std::string::npos) << r.err;
}

TEST(SkCc, TilingKeyInAnIfDirectiveCompilesOneObjectPerKey) {
  TempDir d;
  for (int key : {1, 2, 7}) {
    std::string meta = sk::test::readText(src("keyed_preprocessor.json"));
    meta.replace(meta.find("\"tilingKey\": 1"), 14, "\"tilingKey\": " + std::to_string(key));
    sk::test::writeText(d.file("keyed_preprocessor.json"), meta);
    CommandResult c = skCc({"--meta", d.file("keyed_preprocessor.json"), "-c", src("keyed_preprocessor.cpp"), "-o",
                            d.file("keyed_preprocessor.o")});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_EQ(c.err.find("error"), std::string::npos) << "the first attempt's errors are not shown\n" << c.err;
    CommandResult r = sk::test::run({SK_RUN, d.file("keyed_preprocessor.json"), "-q", "--output-dir", d.file("out")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(readInts(d.file("out/out.bin")), std::vector<int32_t>{key <= 2 ? 10 + key : 10}) << "key " << key;
  }
}

// A template kernel (ASCENDC_TPL_SEL) is compiled for every combination it selects, as CANN
// builds them all: tpl_scale's object (3) serves every key, and a key none has is a device
// exception naming it. tpl_many selects 512, more than sk_cc compiles together: its object holds
// the metadata's key only; a key none has stops the compile, another key at launch is a device
// exception.
TEST(SkCc, TemplateKernelsServeEveryCombinationOrTheMetadatasKeyWhenThereAreMany) {
  TempDir d;
  auto withKey = [&](const std::string& from, const std::string& to, const std::string& key) {
    std::string m = sk::test::readText(from);
    size_t at = m.find("\"tilingKey\": ");
    m.replace(at, m.find_first_of(",}", at) - at, "\"tilingKey\": " + key);
    sk::test::writeText(to, m);
  };
  const std::string scale = std::string(SK_SOURCE_DIR) + "/tests/ascendc/kernels/tpl_key/";
  CommandResult c = skCc({"--meta", scale + "tpl_scale_fp16.json", "-c", scale + "tpl_scale.cpp", "-o", d.file("tpl_scale.o")});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  withKey(scale + "tpl_scale_fp16.json", d.file("tpl_scale.json"), "267");
  CommandResult r = sk::test::run({SK_RUN, d.file("tpl_scale.json"), "-q", "--output-dir", d.file("out")});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("tpl_scale: tiling key 267 is none of its ASCENDC_TPL_SEL combinations"), std::string::npos) << r.err;

  withKey(src("tpl_many.json"), d.file("tpl_many.json"), "512");
  c = skCc({"--meta", d.file("tpl_many.json"), "-c", src("tpl_many.cpp"), "-o", d.file("tpl_many.o")});
  EXPECT_NE(c.exitCode, 0);
  EXPECT_NE(c.err.find("more than 256 combinations is compiled for the metadata's tilingKey only, and this key is none of them"),
            std::string::npos)
      << c.err;
  EXPECT_FALSE(llvm::sys::fs::exists(d.file("tpl_many.o")));
  withKey(src("tpl_many.json"), d.file("tpl_many.json"), "297");  // B0, B3, B5, B8
  c = skCc({"--meta", d.file("tpl_many.json"), "-c", src("tpl_many.cpp"), "-o", d.file("tpl_many.o")});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  r = sk::test::run({SK_RUN, d.file("tpl_many.json"), "-q", "--output-dir", d.file("out")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(readInts(d.file("out/out.bin")), (std::vector<int32_t>{1, 0, 0, 1, 0, 1, 0, 0, 1}));
  withKey(src("tpl_many.json"), d.file("tpl_many.json"), "298");
  r = sk::test::run({SK_RUN, d.file("tpl_many.json"), "-q", "--output-dir", d.file("out")});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("tpl_many: this object was compiled for tiling key 297"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("is launched with key 298"), std::string::npos) << r.err;
}

// A translation unit with the tiling-key tables of several ops, none named after the kernel's op:
// sk_cc cannot tell which is the kernel's, and says so naming them (exit 2, no object).
TEST(SkCc, TablesOfSeveralOpsNoneTheKernelsAreNamedInTheError) {
  TempDir d;
  const std::string dir = std::string(SK_SOURCE_DIR) + "/tests/ascendc/kernels/tpl_key/";
  std::string meta = sk::test::readText(dir + "tpl_pair.json");
  meta.replace(meta.find("\"tpl_pair\""), 10, "\"tpl_lone\"");
  sk::test::writeText(d.file("tpl_lone.json"), meta);
  sk::test::writeText(d.file("tpl_lone.cpp"), sk::test::readText(dir + "tpl_pair.cpp") +
                                                  "template <int T> __global__ __aicore__ void tpl_lone(GM_ADDR x, GM_ADDR y, "
                                                  "GM_ADDR w, GM_ADDR t) {}\n");
  CommandResult c = skCc({"--meta", d.file("tpl_lone.json"), "-I", dir, "-c", d.file("tpl_lone.cpp"), "-o", d.file("tpl_lone.o")});
  EXPECT_EQ(c.exitCode, 2) << c.err;
  EXPECT_NE(c.err.find(d.file("tpl_lone.cpp") + ": tiling-template tables of 3 ops (ASCENDC_TPL_ARGS_DECL TplScale, "
                       "TplPairArch35, OtherOp) and none is the op's, TplLone (the CamelCase of the metadata's kernelName)"),
            std::string::npos)
      << c.err;
  EXPECT_FALSE(llvm::sys::fs::exists(d.file("tpl_lone.o")));
}

// Without --meta no instantiation of a template kernel is made: the object is valid but holds no
// entry, and sk_cc says so (tpl_scale's template line is also a preprocessor choice).
TEST(SkCc, ATemplateKernelCompiledWithoutMetadataIsNamedInAWarning) {
  TempDir d;
  const std::string scale = std::string(SK_SOURCE_DIR) + "/tests/ascendc/kernels/tpl_key/tpl_scale.cpp";
  CommandResult c = skCc({"-c", scale, "-o", d.file("tpl_scale.o")});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  EXPECT_NE(c.err.find("warning: " + scale + ": kernel 'tpl_scale' is a template; without --meta the object holds none"),
            std::string::npos)
      << c.err;
  c = skCc({"-c", src("failing_assert.cpp"), "-o", d.file("failing_assert.o")});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  EXPECT_EQ(c.err.find("warning"), std::string::npos) << "not a template kernel: " << c.err;
}

// sk_cc force-includes AscendC's qualifiers into every source; a kernel in SuperKernel's dialect
// (sk/kernel.h) replaces __global__ and GM_ADDR with its own, without a redefinition warning.
TEST(SkCc, ADialectKernelCompilesWithoutWarnings) {
  TempDir d;
  CommandResult c = skCc({"-c", std::string(SK_SOURCE_DIR) + "/ops/dialect/add/add_custom.cpp", "-o", d.file("add.o")});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  EXPECT_EQ(c.err.find("warning"), std::string::npos) << c.err;
}

TEST(SkCc, AFailedAssertIsADeviceExceptionNamingFileLineAndMessage) {
  TempDir d;
  CommandResult r = compileAndRun(d, "failing_assert");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("failing_assert.cpp:8: assertion `block != 1' failed: block 1 must not get here"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("failing_assert: block 1 on aiv1"), std::string::npos) << r.err;
}

// cube_misuse with tiling key `key` (and, for the MIX cases, another core type).
CommandResult runCubeMisuse(const TempDir& d, int key, const std::string& coreType = "AIC") {
  std::string meta = sk::test::readText(src("cube_misuse.json"));
  meta.replace(meta.find("\"tilingKey\": 1"), 14, "\"tilingKey\": " + std::to_string(key));
  if (coreType != "AIC") meta.replace(meta.find("\"AIC\""), 5, "\"" + coreType + "\", \"taskRation\": \"1:2\"");
  sk::test::writeText(d.file("cube_misuse.json"), meta);
  CommandResult c = skCc({"--meta", d.file("cube_misuse.json"), "-c", src("cube_misuse.cpp"), "-o", d.file("cube_misuse.o")});
  EXPECT_EQ(c.exitCode, 0) << c.err;
  return sk::test::run({SK_RUN, d.file("cube_misuse.json"), "-q", "--output-dir", d.file("out")});
}

TEST(SkCc, AMisalignedOrMisplacedCubeOperandIsADeviceExceptionNamingIt) {
  TempDir d;
  CommandResult r = runCubeMisuse(d, 1);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("Mmad: fm (A) at L0A offset 256 is not 512-byte aligned"), std::string::npos) << r.err;
  r = runCubeMisuse(d, 2);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("lies in L1; it must be in L0A"), std::string::npos) << r.err;
  r = runCubeMisuse(d, 3);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("quantPre NoQuant keeps the source type"), std::string::npos) << r.err;
}

// matmul_misuse with tiling key `key`: the Matmul API's misuses.
TEST(SkCc, AMisusedMatmulIsADeviceExceptionNamingIt) {
  TempDir d;
  const std::vector<std::pair<int, std::string>> faults = {
      {1, "Matmul::SetTail(0, 32, 32): each is -1 (keep) or a positive size"},
      {2, "Matmul::Iterate(enPartialSum): no Iterate before left a sum in L0C to add to"},
      {3, "Matmul::Iterate(enPartialSum): the single-core C (32 x 32) must be one base block (16 x 32)"},
      {4, "Matmul::IterateBatch: batchA 3 and batchB 2 must divide one another"},
      {5, "Matmul::IterateBatch into GM: enSequentialWrite must be false"},
      {6, "Matmul::SetTensorA(TSCM): a transposed TSCM input is not simulated"},
  };
  for (const auto& [key, message] : faults) {
    std::string meta = sk::test::readText(src("matmul_misuse.json"));
    meta.replace(meta.find("\"tilingKey\": 1"), 14, "\"tilingKey\": " + std::to_string(key));
    sk::test::writeText(d.file("matmul_misuse.json"), meta);
    CommandResult c = skCc({"--meta", d.file("matmul_misuse.json"), "-c", src("matmul_misuse.cpp"), "-o", d.file("matmul_misuse.o")});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    CommandResult r = sk::test::run({SK_RUN, d.file("matmul_misuse.json"), "-q", "--output-dir", d.file("out")});
    EXPECT_EQ(r.exitCode, 1) << "key " << key;
    EXPECT_NE(r.err.find(message), std::string::npos) << "key " << key << ": " << r.err;
  }
}

// img2col_misuse with tiling key `key`.
CommandResult runImg2colMisuse(const TempDir& d, int key, const std::string& arch = "dav-2201") {
  std::string meta = sk::test::readText(src("img2col_misuse.json"));
  meta.replace(meta.find("\"tilingKey\": 1"), 14, "\"tilingKey\": " + std::to_string(key));
  sk::test::writeText(d.file("img2col_misuse.json"), meta);
  CommandResult c = skCc({"--npu-arch=" + arch, "--meta", d.file("img2col_misuse.json"), "-c", src("img2col_misuse.cpp"), "-o",
                          d.file("img2col_misuse.o")});
  EXPECT_EQ(c.exitCode, 0) << c.err;
  return sk::test::run({SK_RUN, d.file("img2col_misuse.json"), "-q", "--arch", arch, "--output-dir", d.file("out")});
}

TEST(SkCc, AMisused3dLoadIsADeviceExceptionNamingIt) {
  TempDir d;
  const std::vector<std::pair<int, std::string>> faults = {
      {1, "LoadData (LoadData3DParamsV2): channelSize 24 is not a multiple of C0 = 16"},
      {2, "SetLoadDataRepeat's repeatTime 2 is not simulated"},
      {3, "kStartPt 8 must be a multiple of C0 = 16"},
      {5, "the feature map starts at L1 byte 2048; SetLoadDataBoundary(1024) must lie within L1"},
      {6, "leaves the 16 x 32 img2col matrix"},
      {7, "LoadData (LoadData3DParamsV2): dst"},
      {8, "kExtension 24 must be a multiple of C0 = 16 for this destination (L0A): it is the matrix's K axis"},
  };
  for (const auto& [key, text] : faults) {
    CommandResult r = runImg2colMisuse(d, key);
    EXPECT_EQ(r.exitCode, 1) << "key " << key;
    EXPECT_NE(r.err.find(text), std::string::npos) << "key " << key << ": " << r.err;
  }
  EXPECT_NE(runImg2colMisuse(d, 7).err.find("lies in L1; it must be in L0A or L0B"), std::string::npos);
  CommandResult r = runImg2colMisuse(d, 4);
  EXPECT_EQ(r.exitCode, 0) << "a boundary the map does not cross is harmless: " << r.err;
  r = runImg2colMisuse(d, 11);
  EXPECT_EQ(r.exitCode, 0) << "rows on to the end of the matrix's last 16-row fractal (CATLASS's mExtension): " << r.err;
  // Ascend 950's LoadDataWithStride.
  r = runImg2colMisuse(d, 9, "dav-3510");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("LoadDataWithStride: set a dstStride with SetLoadDataRepeatWithStride first"), std::string::npos) << r.err;
  r = runImg2colMisuse(d, 10, "dav-3510");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("SetLoadDataRepeatWithStride's dstStride 1 is less than the 2 fractals of each block of the destination"),
            std::string::npos)
      << r.err;
}

TEST(SkCc, CrossCoreFlagsNeedAMixKernelAndAWaitWithoutASetIsReportedNotHung) {
  TempDir d;
  CommandResult r = runCubeMisuse(d, 4);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("mode 2 syncs an AIC with its AIVs, but this kernel runs AIC cores only"), std::string::npos) << r.err;
  r = runCubeMisuse(d, 5, "MIX");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("CrossCoreWaitFlag(3)"), std::string::npos) << r.err;
  r = runCubeMisuse(d, 4, "MIX");
  EXPECT_EQ(r.exitCode, 0) << "a set nobody waits for is harmless: " << r.err;
}

TEST(SkCc, TheDiagnosticsOfClangAreShownWithTheirOriginalFileAndLine) {
  TempDir d;
  std::string text = sk::test::readText(src("probe.cpp"));
  text.replace(text.find("o.SetValue(7, 1);"), 17, "o.SetValue(7, undeclared_name);");
  sk::test::writeText(d.file("probe.cpp"), text);
  CommandResult r = skCc({"--meta", src("probe.json"), "-c", d.file("probe.cpp"), "-o", d.file("probe.o")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(d.file("probe.cpp") + ":16:"), std::string::npos) << "the file holds a <<<>>> launch: " << r.err;
  EXPECT_NE(r.err.find("undeclared_name"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("clang-19 reported errors"), std::string::npos) << r.err;
  EXPECT_FALSE(sk::test::exists(d.file("probe.o")));
}

// SK_BIND (CANN's bind map of SuperKernel-callable copies) compiles as CANN's does, and is
// checked: a mask out of 0..7 or a copy that does not exist is a compile error.
TEST(SkCc, SkBindIsAcceptedAndCheckedAsCannDoes) {
  TempDir d;
  std::string op = std::string(SK_SOURCE_DIR) + "/examples/aot/example03_kernel_pybind/ops/aclgraph_add_ops/";
  std::string text = sk::test::readText(op + "csrc/add_custom.asc");
  auto compile = [&](const std::string& source) {
    sk::test::writeText(d.file("k.asc"), source);
    return skCc({"--meta", op + "add_custom.json", "-include", op + "csrc/add_custom_tiling.h", "-c", d.file("k.asc"),
                 "-o", d.file("k.o")});
  };
  CommandResult ok = compile(text);
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
  size_t bind = text.find("SK_BIND(add_custom, 4,");
  ASSERT_NE(bind, std::string::npos);
  std::string badMask = text;
  badMask.replace(bind, 22, "SK_BIND(add_custom, 9,");
  CommandResult r = compile(badMask);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("SK_BIND(add_custom): the mask is 0..7"), std::string::npos) << r.err;
  std::string badCopy = text;
  badCopy.replace(badCopy.find("add_custom_sk<1>)"), 17, "add_custom_sk_v2<1>)");
  r = compile(badCopy);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("add_custom_sk_v2"), std::string::npos) << r.err;
}

struct BadInput {
  const char* name;
  std::vector<std::string> args;  // $D = the temp dir, $S = the kernels' source dir
  std::string message;
  std::vector<std::string> env = {};
};

class SkCcBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(SkCcBadInput, ExitsWith2NamingTheProblemAndWritesNothing) {
  TempDir d;
  sk::test::writeText(d.file("probe.json"), sk::test::readText(src("probe.json")));
  std::string wrongName = sk::test::readText(src("probe.json"));
  wrongName.replace(wrongName.find("\"probe\""), 7, "\"probe_v2\"");
  sk::test::writeText(d.file("renamed.json"), wrongName);
  std::string fewer = sk::test::readText(src("failing_assert.json"));
  fewer.replace(fewer.find("failing_assert"), 14, "probe");
  sk::test::writeText(d.file("fewer.json"), fewer);
  auto byval = nlohmann::json::parse(sk::test::readText(std::string(SK_SOURCE_DIR) + "/tests/ascendc/kernels/scale_byval/scale_small.json"));
  nlohmann::json asInput = byval, tooBig = byval;
  asInput["params"][2] = {{"name", "tiling"}, {"role", "input"}, {"dtype", "uint8"}, {"shape", {12}}};
  tooBig["params"][2]["bytes"] = 16;
  tooBig["params"][2]["data"] = tooBig["params"][2]["data"].get<std::string>() + "00000000";
  sk::test::writeText(d.file("byval_input.json"), asInput.dump());
  sk::test::writeText(d.file("byval_16.json"), tooBig.dump());
  sk::test::writeText(d.file("noparams.cpp"), "#include \"kernel_operator.h\"\n"
                                              "extern \"C\" __global__ __aicore__ void k() {}\n");
  sk::test::writeText(d.file("tls.cpp"), "extern \"C\" __attribute__((annotate(\"sk.global\"))) void tls(unsigned char* x) {\n"
                                         "  static thread_local int n; n++; x[0] = (unsigned char)n; }\n");
  auto expand = [&](std::string a) {
    std::string byvalSource = std::string(SK_SOURCE_DIR) + "/tests/ascendc/kernels/scale_byval/scale_byval.cpp";
    for (auto [key, value] : {std::pair{"$D", d.path()}, std::pair{"$S", src("")}, std::pair{"$B", byvalSource}})
      for (size_t at; (at = a.find(key)) != std::string::npos;) a.replace(at, 2, value);
    return a;
  };
  std::vector<std::string> args;
  for (const std::string& a : GetParam().args) args.push_back(expand(a));
  CommandResult r = skCc(args, GetParam().env);
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find(expand(GetParam().message)), std::string::npos) << r.err;
  EXPECT_FALSE(sk::test::exists(d.file("k.o")));
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, SkCcBadInput,
    ::testing::Values(
        BadInput{"MissingSource", {"-c", "$D/none.cpp", "-o", "$D/k.o"}, "none.cpp: no such source file"},
        BadInput{"NoSource", {"-o", "$D/k.o"}, "no source: give -c SRC"},
        BadInput{"NoOutput", {"-c", "$Sprobe.cpp"}, "no output: give -o K.o"},
        BadInput{"WrongExtension", {"-c", "$D/probe.json", "-o", "$D/k.o"}, "expected a .cpp or .asc source"},
        BadInput{"UnknownArch", {"--npu-arch=dav-9999", "-c", "$Sprobe.cpp", "-o", "$D/k.o"}, "--npu-arch=dav-9999: unknown arch"},
        BadInput{"UnknownOption", {"--fast", "-c", "$Sprobe.cpp", "-o", "$D/k.o"}, "unknown option --fast"},
        BadInput{"BadOptLevel", {"-O7", "-c", "$Sprobe.cpp", "-o", "$D/k.o"}, "-O7: use -O0, -O1, -O2, -O3 or -Os"},
        BadInput{"MissingInclude", {"-include", "$D/none.h", "-c", "$Sprobe.cpp", "-o", "$D/k.o"}, "-include $D/none.h: no such file in the working directory or any -I directory"},
        BadInput{"MissingOutputDir", {"-c", "$Sprobe.cpp", "-o", "$D/no/k.o"}, "does not exist"},
        BadInput{"MissingMeta", {"--meta", "$D/none.json", "-c", "$Sprobe.cpp", "-o", "$D/k.o"}, "none.json"},
        BadInput{"EmbedMetaWithoutMeta", {"--embed-meta", "-c", "$Sprobe.cpp", "-o", "$D/k.o"},
                 "--embed-meta needs --meta K.json"},
        BadInput{"KernelNotInSource", {"--meta", "$D/renamed.json", "-c", "$Sprobe.cpp", "-o", "$D/k.o"},
                 "no __global__ kernel named 'probe_v2' (kernelName in $D/renamed.json); the source defines: probe"},
        BadInput{"ParamCountDiffers", {"--meta", "$D/fewer.json", "-c", "$Sprobe.cpp", "-o", "$D/k.o"},
                 "kernel probe takes 4 parameters but $D/fewer.json lists 1 params"},
        BadInput{"ContractBroken", {"-c", "$D/tls.cpp", "-o", "$D/k.o"}, "thread"},
        // A by-value entry parameter (a tiling struct, kernel-launch style) needs a tiling or scalar param of its size.
        BadInput{"ByValueWithoutMeta", {"-c", "$B", "-o", "$D/k.o"},
                 "kernel scale_small: parameter 3 is passed by value (a struct or a number); entries take GM addresses "
                 "(GM_ADDR): compile with --meta, giving it a `tiling` or `scalar` param (its bytes)"},
        BadInput{"ByValueAsAnInput", {"--meta", "$D/byval_input.json", "-c", "$B", "-o", "$D/k.o"},
                 "parameter 3 is passed by value, but $D/byval_input.json params[2] 'tiling' is input"},
        BadInput{"ByValueOfTheWrongSize", {"--meta", "$D/byval_16.json", "-c", "$B", "-o", "$D/k.o"},
                 "parameter 3 is a value of 12 bytes, but $D/byval_16.json params[2] 'tiling' has 16"},
        BadInput{"RelocatableDeviceCode", {"-dc", "-c", "$Sprobe.cpp", "-o", "$D/k.o"},
                 "-dc: relocatable device code (a kernel calling a device function defined in another source) is not supported"},
        BadInput{"Simt", {"--enable-simt", "-c", "$Sprobe.cpp", "-o", "$D/k.o"}, "--enable-simt: SIMT kernels"},
        BadInput{"ProgramObjectWithoutC", {"--program-object", "$Sprobe.cpp", "-o", "$D/k.o"},
                 "--program-object compiles one source of a program: give -c PROG.asc -o PROG.o"},
        BadInput{"ProgramObjectWithMeta", {"--program-object", "--meta", "$D/probe.json", "-c", "$Sprobe.cpp", "-o", "$D/k.o"},
                 "--program-object makes a host object: leave out --meta, --embed-meta and --emit-meta"},
        BadInput{"LinkInputWithC", {"-c", "$Sprobe.cpp", "-lm", "-o", "$D/k.o"},
                 "-lm: -c compiles one source; link inputs belong to a program link (leave out -c)"},
        BadInput{"HaveWorkspaceNamesAnotherParam", {"-DHAVE_WORKSPACE", "--meta", "$D/probe.json", "-c", "$Sprobe.cpp", "-o", "$D/k.o"},
                 "kernel probe: HAVE_WORKSPACE makes parameter 3 the workspace, the metadata's workspace is parameter 2"},
        BadInput{"HaveWorkspaceWithoutParams", {"-DHAVE_WORKSPACE", "-DHAVE_TILING", "-c", "$D/noparams.cpp", "-o", "$D/k.o"},
                 "kernel k has 0 parameter(s), HAVE_WORKSPACE with HAVE_TILING needs the workspace before the last (the tiling)"},
        BadInput{"MatmulChannelSplit", {"-c", "$Smatmul_channel_split.cpp", "-o", "$D/k.o"},
                 "Matmul: MatmulConfig.isEnableChannelSplit writes a float C in NZ"},
        BadInput{"NoClang", {"-c", "$Sprobe.cpp", "-o", "$D/k.o"}, "apt-get install clang-19", {"SK_CC_CLANG=/nonexistent/clang-19"}}),
    [](const ::testing::TestParamInfo<BadInput>& i) { return std::string(i.param.name); });

TEST(SkCc, AForcedIncludeIsFoundInTheWorkingDirectoryOrAnIncludeDirectory) {
  TempDir d;
  sk::test::writeText(d.file("op_tiling.h"), "#define SK_FORCED_TILING 1\n");
  sk::test::writeText(d.file("k.cpp"),
                      "#include \"kernel_operator.h\"\n"
                      "#ifndef SK_FORCED_TILING\n#error the forced include was not read\n#endif\n"
                      "extern \"C\" __global__ __aicore__ void k(GM_ADDR out) {}\n");
  CommandResult r = skCc({"-I", d.path(), "-include", "op_tiling.h", "-c", d.file("k.cpp"), "-o", d.file("k.o")});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  r = skCc({"-include", "op_tiling.h", "-c", d.file("k.cpp"), "-o", d.file("k2.o")});
  EXPECT_EQ(r.exitCode, 2) << "without -I the header is nowhere";
  EXPECT_NE(r.err.find("-include op_tiling.h: no such file"), std::string::npos) << r.err;
}

TEST(SkCc, AnOpTilingHeaderMayRegisterDozensOfPerKeyStructs) {
  // 40 per-key structs (more than a rank band holds) and the op's own: GET_TILING_DATA takes the
  // op's, GET_TILING_DATA_WITH_STRUCT the one it names.
  TempDir d;
  std::string header = "#include \"register/tilingdata_base.h\"\nnamespace optiling {\n";
  for (int i = 0; i < 40; ++i) {
    std::string n = "KeyTiling" + std::to_string(i);
    header += "BEGIN_TILING_DATA_DEF(" + n + ")\nTILING_DATA_FIELD_DEF(uint32_t, key" + std::to_string(i) +
              ");\nEND_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(ManyKeys_" + std::to_string(i) + ", " + n + ")\n";
  }
  header += "BEGIN_TILING_DATA_DEF(ManyKeysTilingData)\nTILING_DATA_FIELD_DEF(uint32_t, count);\nEND_TILING_DATA_DEF;\n"
            "REGISTER_TILING_DATA_CLASS(ManyKeys, ManyKeysTilingData)\n}\n";
  sk::test::writeText(d.file("many_keys_tiling.h"), header);
  sk::test::writeText(d.file("k.cpp"),
                      "#include \"kernel_operator.h\"\n"
                      "extern \"C\" __global__ __aicore__ void many_keys(GM_ADDR out, GM_ADDR tiling) {\n"
                      "  GET_TILING_DATA(t, tiling);\n"
                      "  static_assert(sizeof(t.count) == 4, \"GET_TILING_DATA took another struct than the op's\");\n"
                      "  GET_TILING_DATA_WITH_STRUCT(KeyTiling33, k33, tiling);\n"
                      "  static_assert(sizeof(k33.key33) == 4);\n"
                      "}\n");
  CommandResult r = skCc({"-I", d.path(), "-include", "many_keys_tiling.h", "-c", d.file("k.cpp"), "-o", d.file("k.o")});
  EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(SkCc, AKernelsOwnMaxTemplateWinsOverTheCompilersUnqualifiedOne) {
  TempDir d;
  sk::test::writeText(d.file("k.cpp"),
                      "#include \"kernel_operator.h\"\n"
                      "template <typename T, typename U> __aicore__ constexpr T max(T a, U b) { return a > (T)b ? a + 1000 : (T)b + 1000; }\n"
                      "static_assert(max(16, 3u) == 1016, \"the kernel's own max\");\n"
                      "static_assert(min(7, 3u) == 3u && min(2.5f, 4) == 2.5f, \"the compiler's min, mixed types\");\n"
                      "extern \"C\" __global__ __aicore__ void k(GM_ADDR out) {}\n");
  CommandResult r = skCc({"-c", d.file("k.cpp"), "-o", d.file("k.o")});
  EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(SkCc, TheLowerCaseNamesOfCannsOwnKernelsCompile) {
  // What ops-nn style kernels use beside the AscendC API: `half` before any header (a compiler
  // type), the 2D load's address mode `inc`, the instruction-cache PRELOAD, DataCopy's default
  // constants, the cross-core sync message.
  TempDir d;
  sk::test::writeText(d.file("k.cpp"),
                      "constexpr half kOne = 1;\n"
                      "#include \"kernel_operator.h\"\n"
                      "using namespace AscendC;\n"
                      "static_assert(GetffstMsg(0x2, SYNC_AIV_FLAG) == (1 | 2 << 4 | 12 << 8));\n"
                      "static_assert(DEFAULT_DATA_COPY_NBURST == 1 && DEFAULT_DATA_COPY_STRIDE == 0 && "
                      "ONE_FOURTH_DEFAULT_REPEAT_STRIDE == 2);\n"
                      "extern \"C\" __global__ __aicore__ void k(GM_ADDR out) {\n"
                      "  PRELOAD(4);\n"
                      "  InitDump(false, out, 1024);\n"
                      "  set_mask_count();\n"
                      "  set_vector_mask(0, 128);\n"
                      "  vconv_s42f16((__ubuf__ half*)nullptr, (__ubuf__ int4b_t*)nullptr, 0, 1, 1, 8, 2);\n"
                      "  LoadData2dParams p = {0, 1, 1, 0, 0, false, inc};\n"
                      "  (void)p;\n"
                      "}\n");
  CommandResult r = skCc({"-c", d.file("k.cpp"), "-o", d.file("k.o")});
  EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(SkCc, TheFlagsOfCannBuildFilesAreAcceptedWithoutEffect) {
  TempDir d;
  sk::test::writeText(d.file("k.cpp"), "#include \"kernel_operator.h\"\n"
                                       "extern \"C\" __global__ __aicore__ void k(GM_ADDR out) {}\n");
  for (const char* flag : {"-fPIC", "-g", "--cce-res-usage", "--cce-simd-vf-fusion=false", "--cce-simd-vf-fusion=true",
                           "--sanitizer"}) {
    CommandResult r = skCc({flag, "-c", d.file("k.cpp"), "-o", d.file("k.o")});
    EXPECT_EQ(r.exitCode, 0) << flag << ": " << r.err;
  }
  CommandResult r = skCc({"--cce-simd-vf-fusion", "-c", d.file("k.cpp"), "-o", d.file("k2.o")});
  EXPECT_EQ(r.exitCode, 2) << "without a value it is not CANN's flag";
  // CATLASS's: host-pass options, backend options, printing, warnings
  r = skCc({"-Xhost-start", "-fstack-protector-strong", "-Xhost-end", "-mllvm", "-cce-aicore-record-overflow=true",
            "--cce-enable-print", "-Wno-macro-redefined", "-Wno-unused-value", "-c", d.file("k.cpp"), "-o", d.file("k3.o")});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  r = skCc({"-Xhost-start", "-fstack-protector-strong", "-c", d.file("k.cpp"), "-o", d.file("k4.o")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("-Xhost-start without -Xhost-end"), std::string::npos) << r.err;
  r = skCc({"-c", d.file("k.cpp"), "-o", d.file("k5.o"), "-mllvm"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("-mllvm needs a value"), std::string::npos) << r.err;
}

// --emit-meta names each kernel's files after its entry symbol; a template kernel's symbol longer
// than a file name may be (policies nested as template libraries nest them) is cut and hashed:
// the metadata keeps the whole symbol as kernelName, binFileName is the file's, and it runs.
TEST(SkCc, EmittedKernelsWithSymbolsLongerThanAFileNameGetAShortenedFileName) {
  TempDir d;
  std::string policy = "ATileSchedulingPolicyWhoseNameIsLongerThanMostButNotUnusualInTemplateLibraries";
  sk::test::writeText(d.file("long.asc"),
                      "#include \"acl/acl.h\"\n#include \"kernel_operator.h\"\n"
                      "template <int N> struct " + policy + " {};\n"
                      "template <typename A, typename B, typename C> struct Policies {};\n"
                      "template <typename P> __global__ __vector__ void fill(GM_ADDR out) {\n"
                      "  AscendC::GlobalTensor<int32_t> g;\n  g.SetGlobalBuffer((__gm__ int32_t*)out, 8);\n  g.SetValue(0, 7);\n}\n"
                      "int main() {\n  aclrtStream s = nullptr;\n"
                      "  fill<Policies<" + policy + "<1>, " + policy + "<2>, " + policy + "<3>>><<<1, nullptr, s>>>(nullptr);\n}\n");
  CommandResult r = skCc({"-c", d.file("long.asc"), "--emit-meta", d.file("kernels")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> metas;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(d.file("kernels"), ec), end; it != end && !ec; it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".json")) metas.push_back(it->path());
  ASSERT_EQ(metas.size(), 1u);
  auto meta = nlohmann::json::parse(sk::test::readText(metas[0]));
  std::string kernelName = meta["kernelName"], binFileName = meta["binFileName"];
  EXPECT_GT(kernelName.size(), 255u) << kernelName;
  EXPECT_LE(binFileName.size(), 200u);
  EXPECT_EQ(kernelName.compare(0, 100, binFileName, 0, 100), 0) << "the head of the symbol names the files";
  EXPECT_TRUE(llvm::sys::fs::exists(d.file("kernels/" + binFileName + ".o")));
  CommandResult run = sk::test::run({SK_RUN, metas[0], "-q"});
  EXPECT_EQ(run.exitCode, 0) << run.err;
}

// Warning options reach clang: -Werror=NAME turns that warning into a compile error.
TEST(SkCc, WarningOptionsArePassedToClang) {
  TempDir d;
  sk::test::writeText(d.file("k.cpp"), "#include \"kernel_operator.h\"\n#define K_BLOCKS 4\n#define K_BLOCKS 8\n"
                                       "extern \"C\" __global__ __aicore__ void k(GM_ADDR out) {}\n");
  EXPECT_EQ(skCc({"-Wno-macro-redefined", "-c", d.file("k.cpp"), "-o", d.file("k.o")}).exitCode, 0);
  CommandResult r = skCc({"-Werror=macro-redefined", "-c", d.file("k.cpp"), "-o", d.file("k2.o")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("K_BLOCKS"), std::string::npos) << r.err;
  EXPECT_FALSE(llvm::sys::fs::exists(d.file("k2.o")));
}

// -isystem and -iquote (CMake's include forms) add directories after SuperKernel's AscendC
// headers, as -I does: their headers are found, and a vendor tree's copy of an AscendC header
// under the same name does not shadow ours.
TEST(SkCc, IsystemAndIquoteDirectoriesComeAfterTheAscendcHeaders) {
  TempDir d;
  for (std::string flag : {"-isystem", "-iquote"}) {
    std::string dir = d.file("inc" + flag);
    ASSERT_FALSE(llvm::sys::fs::create_directories(dir));
    sk::test::writeText(dir + "/kernel_operator.h", "#error the vendor tree's header was taken\n");
    sk::test::writeText(dir + "/vendor_constants.h", "constexpr int kVendorBlocks = 4;\n");
    sk::test::writeText(d.file("k.cpp"), "#include \"kernel_operator.h\"\n#include \"vendor_constants.h\"\n"
                                         "static_assert(kVendorBlocks == 4);\n"
                                         "extern \"C\" __global__ __aicore__ void k(GM_ADDR out) {}\n");
    CommandResult r = skCc({flag, dir, "-c", d.file("k.cpp"), "-o", d.file("k.o")});
    EXPECT_EQ(r.exitCode, 0) << flag << ": " << r.err;
    r = skCc({flag + dir, "-c", d.file("k.cpp"), "-o", d.file("k1.o")});  // the joined form
    EXPECT_EQ(r.exitCode, 0) << flag << dir << ": " << r.err;
    r = skCc({"-c", d.file("k.cpp"), "-o", d.file("k2.o"), flag});
    EXPECT_EQ(r.exitCode, 2) << flag << " without a directory";
    EXPECT_NE(r.err.find(std::string(flag) + " needs a value"), std::string::npos) << r.err;
  }
}

// The calibration kernel (bench/calibration/add_cases.cpp) at 768 x 8192 half on 48 cores;
// returns sk_run's device time (virtual) in us (on `archFile`, default dav-2201).
double addCaseDeviceUs(const TempDir& d, uint32_t tilingKey, const std::string& archFile = "") {
  std::string name = "add_key" + std::to_string(tilingKey);
  char meta[1024];
  // tiling: rows 768, cols 8192, dataCopyLen 16384, conflictFree 0 (little-endian uint32s)
  std::snprintf(meta, sizeof meta,
                R"({"version": 1, "kernelName": "add_cases", "binFileName": "%s", "coreType": "AIV", "blockDim": 48,
                    "tilingKey": %u, "params": [
                    {"name": "x", "role": "input", "dtype": "float16", "shape": [768, 8192]},
                    {"name": "y", "role": "input", "dtype": "float16", "shape": [768, 8192]},
                    {"name": "z", "role": "output", "dtype": "float16", "shape": [768, 8192]},
                    {"name": "workspace", "role": "workspace", "bytes": 0},
                    {"name": "tiling", "role": "tiling", "bytes": 16, "data": "00030000002000000040000000000000"}]})",
                name.c_str(), tilingKey);
  sk::test::writeText(d.file(name + ".json"), meta);
  std::string dir = std::string(SK_SOURCE_DIR) + "/bench/calibration";
  CommandResult c = skCc({"--meta", d.file(name + ".json"), "-I", dir, "-include", "add_cases_tiling.h", "-c",
                          dir + "/add_cases.cpp", "-o", d.file(name + ".o")});
  EXPECT_EQ(c.exitCode, 0) << c.err;
  std::vector<std::string> run = {SK_RUN, d.file(name + ".json"), "-q"};
  if (!archFile.empty()) run.insert(run.end(), {"--arch", archFile});
  CommandResult r = sk::test::run(run);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  size_t at = r.out.find("device time (virtual): ");
  EXPECT_NE(at, std::string::npos) << r.out;
  return at == std::string::npos ? 0 : std::stod(r.out.substr(at + 23));
}

TEST(CostModel, DoubleBufferingAGmBoundAddIsFasterThanSingleBuffering) {
  // Single buffering waits for each Add before the next load and for each store before the
  // next Add; ping-pong buffers overlap MTE2, V and MTE3 under the shared HBM bandwidth.
  TempDir d;
  double single = addCaseDeviceUs(d, 1), twice = addCaseDeviceUs(d, 2);
  EXPECT_GT(single, 0.0);
  EXPECT_LT(twice, single) << single << " us single-buffered vs " << twice << " us double-buffered";
}

TEST(CostModel, EachScalarAccessOfLocalMemoryCostsTheArchsLocalAccessCycles) {
  // Case 0 adds element by element with GetValue, GetValue, SetValue: three scalar UB accesses
  // per element, each charged scalarLocalAccessCycles on top of the scalar unit's instructions.
  TempDir d;
  std::string text = llvm::cantFail(sk::readFile(std::string(SK_SOURCE_DIR) + "/arch/dav-2201.json", 1 << 20, "arch"));
  size_t at = text.find("\"scalarLocalAccessCycles\": {\"value\": ");
  ASSERT_NE(at, std::string::npos);
  at += std::strlen("\"scalarLocalAccessCycles\": {\"value\": ");
  size_t end = text.find(',', at);
  auto archWith = [&](const char* cycles) {
    std::string t = text;
    t.replace(at, end - at, cycles);
    std::string path = d.file(std::string("arch_") + cycles + ".json");
    sk::test::writeText(path, t);
    return path;
  };
  double none = addCaseDeviceUs(d, 0, archWith("0")), ten = addCaseDeviceUs(d, 0, archWith("10"));
  // 768 rows of 8192 over 48 cores: 16 x 8192 elements per core, 3 accesses each, 1.8 GHz.
  double expectedUs = 16.0 * 8192 * 3 * 10 / 1800.0;
  EXPECT_NEAR((ten - none) / expectedUs, 1.0, 0.02) << none << " us vs " << ten << " us";
}

TEST(SkCc, AKernelCallingAHostFunctionOffTheAllowListFailsAtCompileTime) {
  // It used to compile, fuse and package, and fail only when sk_run loaded it after install.
  TempDir d;
  // (puts is no example: kernel code's stdio output is the device printf's.)
  sk::test::writeText(d.file("k.cpp"), "#include \"kernel_operator.h\"\nextern \"C\" char* getenv(const char*);\n"
                                       "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) { x[0] = *getenv(\"HOME\"); }\n");
  sk::test::writeText(d.file("k.json"), R"({"version": 1, "kernelName": "k", "coreType": "AIV", "blockDim": 1,
                                             "params": [{"name": "x", "role": "input", "dtype": "float32", "shape": [8]}]})");
  CommandResult r = skCc({"--meta", d.file("k.json"), "-c", d.file("k.cpp"), "-o", d.file("k.o")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("undefined symbol 'getenv' is neither an sk_* intrinsic nor on the allow-list"), std::string::npos)
      << r.err;
  EXPECT_FALSE(llvm::sys::fs::exists(d.file("k.o"))) << "nothing written";
}

TEST(SkCc, HelpAndVersion) {
  CommandResult h = skCc({"--help"});
  EXPECT_EQ(h.exitCode, 0);
  EXPECT_NE(h.out.find("usage: sk_cc [--npu-arch=dav-2201|dav-3510] [--meta K.json [--embed-meta]]"), std::string::npos) << h.out;
  EXPECT_NE(h.out.find("--embed-meta     also embed the metadata"), std::string::npos) << h.out;
  CommandResult v = skCc({"--version"});
  EXPECT_EQ(v.exitCode, 0);
  EXPECT_NE(v.out.find("sk_cc "), std::string::npos);
}

// ---- the launch rewrite (library level) ----

TEST(RemoveLaunches, ALaunchBecomesANoOpOfTheSameLines) {
  std::string in = "void f() {\n  ns::k<T, 2><<<n, nullptr,\n    s>>>(a,\n b(c));\n  g();\n}\n";
  std::string out = sk::devcc::removeLaunches(in);
  EXPECT_EQ(out, "void f() {\n  ((void)0)\n\n;\n  g();\n}\n");
}

TEST(RemoveLaunches, CommentsStringsAndShiftsAreLeftAlone) {
  std::string in = "// k<<<1, 2>>>(x);\nconst char* s = \"k<<<1>>>(x)\"; int y = a << 2 >> 1; /* q<<<a>>>(b) */\n";
  EXPECT_EQ(sk::devcc::removeLaunches(in), in);
}

TEST(OpType, IsTheCamelCaseOfTheKernelName) {
  EXPECT_EQ(sk::devcc::opTypeOf("add_custom"), "AddCustom");
  EXPECT_EQ(sk::devcc::opTypeOf("rms_norm_v2"), "RmsNormV2");
  EXPECT_EQ(sk::devcc::opTypeOf("Softmax"), "Softmax");
}

}  // namespace
