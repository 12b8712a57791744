// Kernel metadata v1 (docs/metadata.md): what parseMeta accepts, its defaults, and
// that every rejection names the file and the field and says what is expected.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "sk/subkernel.h"
#include "test_util.h"

namespace sk::subkernel {
namespace {

using nlohmann::json;
using test::inputErrorText;
using testing::HasSubstr;

// A valid AIV kernel with one input; tests change one thing in it.
json minimalDoc() {
  return json::parse(R"({"version": 1, "kernelName": "add_custom", "coreType": "AIV", "blockDim": 8,
                         "params": [{"name": "x", "role": "input", "dtype": "float16", "shape": [8, 2048]}]})");
}

KernelMeta parseOk(const json& doc) {
  auto m = parseMeta(doc.dump(), "add.json");
  if (!m) {
    ADD_FAILURE() << llvm::toString(m.takeError());
    return {};
  }
  return std::move(*m);
}

// The InputError message for `doc` read from "add.json".
std::string rejection(const json& doc) { return inputErrorText(parseMeta(doc.dump(), "add.json")); }

json withParam(const json& param) {
  json doc = minimalDoc();
  doc["params"] = json::array({param});
  return doc;
}

// ---- accepted documents -------------------------------------------------------------------

TEST(Meta, FullExampleIsRead) {
  auto m = readMeta(test::sourceFile("meta/good/add_custom.json"));
  ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
  EXPECT_EQ(m->version, 1);
  EXPECT_EQ(m->kernelName, "add_custom");
  EXPECT_EQ(m->coreType, CoreType::AIV);
  EXPECT_EQ(m->taskRation, (TaskRation{0, 1}));
  EXPECT_EQ(m->blockDim, 8u);
  ASSERT_EQ(m->params.size(), 5u);
  EXPECT_EQ(m->params[0].name, "x");
  EXPECT_EQ(m->params[0].role, Role::Input);
  EXPECT_EQ(m->params[0].dtype, DType::Float16);
  EXPECT_EQ(m->params[0].shape, (std::vector<int64_t>{8, 2048}));
  EXPECT_EQ(m->params[0].bytes, 8u * 2048 * 2);
  EXPECT_EQ(m->params[2].role, Role::Output);
  EXPECT_EQ(m->params[3].role, Role::Workspace);
  EXPECT_EQ(m->params[3].bytes, 4096u);
  EXPECT_EQ(m->params[4].role, Role::Tiling);
  EXPECT_EQ(m->params[4].bytes, 16u);
  EXPECT_EQ(m->sha256, "3b1f0e5a0c6d2a4f8e7b9c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f7");
  EXPECT_THAT(m->origin, HasSubstr("add_custom.json"));
}

TEST(Meta, OptionalFieldsDefault) {
  KernelMeta m = parseOk(minimalDoc());
  EXPECT_EQ(m.taskRation, (TaskRation{0, 1}));
  EXPECT_EQ(m.binFileName, "add_custom");
  EXPECT_EQ(m.binFileSuffix, ".o");
  EXPECT_FALSE(m.earlyStartWait);
  EXPECT_FALSE(m.earlyStartSet);
  EXPECT_FALSE(m.intercoreSync);
  EXPECT_EQ(m.streamId, 0);
  EXPECT_TRUE(m.sendEvents.empty());
  EXPECT_TRUE(m.recvEvents.empty());
  EXPECT_TRUE(m.sha256.empty());
}

TEST(Meta, AicTaskRationDefaultsToOneZero) {
  json doc = minimalDoc();
  doc["coreType"] = "AIC";
  EXPECT_EQ(parseOk(doc).taskRation, (TaskRation{1, 0}));
}

TEST(Meta, MixKernelReadsRationEventsAndEarlyStart) {
  auto m = readMeta(test::sourceFile("meta/good/matmul_mix.json"));
  ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
  EXPECT_EQ(m->coreType, CoreType::MIX);
  EXPECT_EQ(m->taskRation, (TaskRation{1, 2}));
  EXPECT_TRUE(m->earlyStartWait);
  EXPECT_TRUE(m->earlyStartSet);
  EXPECT_TRUE(m->intercoreSync);
  EXPECT_EQ(m->streamId, 1);
  EXPECT_EQ(m->sendEvents, (std::vector<int64_t>{3}));
  EXPECT_EQ(m->recvEvents, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(m->params[4].bytes, 0u);      // an empty workspace
  EXPECT_TRUE(m->params[5].data.empty());  // tiling without static data
}

TEST(Meta, EmptyParamsAreAccepted) {
  json doc = minimalDoc();
  doc["params"] = json::array();
  EXPECT_TRUE(parseOk(doc).params.empty());
}

TEST(Meta, MatchingBytesOnTensorIsAccepted) {
  EXPECT_EQ(parseOk(withParam({{"name", "x"}, {"role", "input"}, {"dtype", "int64"}, {"shape", {3, 5}}, {"bytes", 120}}))
                .params[0].bytes,
            120u);
}

TEST(Meta, TensorBytesAreDtypeSizeTimesElements) {
  const std::pair<const char*, uint64_t> sizes[] = {{"float32", 4}, {"float16", 2}, {"bfloat16", 2}, {"int8", 1},
                                                    {"uint8", 1},   {"int32", 4},   {"int64", 8}};
  for (auto [dtype, size] : sizes) {
    SCOPED_TRACE(dtype);
    KernelMeta m = parseOk(withParam({{"name", "x"}, {"role", "output"}, {"dtype", dtype}, {"shape", {7, 3}}}));
    ASSERT_EQ(m.params.size(), 1u);
    EXPECT_EQ(m.params[0].bytes, 21 * size);
    EXPECT_EQ(m.params[0].dtype, parseDType(dtype));
    EXPECT_STREQ(dtypeName(m.params[0].dtype), dtype);
  }
}

// int4: two to a byte (AscendC's int4b_t), an odd count rounded up to a whole byte.
TEST(Meta, Int4TensorsTakeHalfAByteAnElement) {
  for (auto [shape, bytes] : {std::pair{json{7, 4}, 14u}, {json{7, 3}, 11u}, {json{1}, 1u}}) {
    SCOPED_TRACE(shape.dump());
    KernelMeta m = parseOk(withParam({{"name", "w"}, {"role", "input"}, {"dtype", "int4"}, {"shape", shape}}));
    EXPECT_EQ(m.params[0].bytes, bytes);
    EXPECT_EQ(m.params[0].dtype, DType::Int4);
  }
  EXPECT_THAT(rejection(withParam({{"name", "w"}, {"role", "input"}, {"dtype", "int4"}, {"shape", {7, 4}}, {"bytes", 28}})),
              HasSubstr("add.json: params[0].bytes: 28 disagrees with dtype int4 x shape [7,4] = 14 bytes"));
  // 2^63 elements: 2^62 bytes of int4, while int8 would need 2^63 (above the 64-bit signed bound).
  EXPECT_EQ(parseOk(withParam({{"name", "w"}, {"role", "input"}, {"dtype", "int4"}, {"shape", {1ll << 61, 4}}})).params[0].bytes,
            1ull << 62);
  EXPECT_THAT(rejection(withParam({{"name", "w"}, {"role", "input"}, {"dtype", "int8"}, {"shape", {1ll << 61, 4}}})),
              HasSubstr("add.json: params[0].shape: dtype int8 x shape"));
  EXPECT_THAT(rejection(withParam({{"name", "w"}, {"role", "input"}, {"dtype", "int4"}, {"shape", {1ll << 62, 4}}})),
              HasSubstr("add.json: params[0].shape: dtype int4 x shape"));
}

TEST(Meta, AnInt4ScalarIsRefusedNamingTheField) {
  EXPECT_THAT(rejection(withParam({{"name", "s"}, {"role", "scalar"}, {"dtype", "int4"}})),
              HasSubstr("add.json: params[0].dtype: int4 is half a byte: a by-value param is whole bytes"));
}

TEST(Meta, TilingDataIsDecodedFromHex) {
  KernelMeta m = parseOk(withParam({{"name", "tiling"}, {"role", "tiling"}, {"bytes", 4}, {"data", "0aFf1000"}}));
  EXPECT_EQ(m.params[0].data, (std::vector<uint8_t>{0x0a, 0xff, 0x10, 0x00}));
}

TEST(Meta, Sha256IsStoredLowerCase) {
  json doc = minimalDoc();
  doc["sha256"] = std::string(64, 'A');
  EXPECT_EQ(parseOk(doc).sha256, std::string(64, 'a'));
}

TEST(Meta, GoodExampleFilesParse) {
  std::error_code ec;
  int n = 0;
  for (llvm::sys::fs::directory_iterator it(test::sourceFile("meta/good"), ec), end; it != end && !ec;
       it.increment(ec)) {
    SCOPED_TRACE(it->path());
    auto m = readMeta(it->path());
    EXPECT_TRUE(bool(m)) << (m ? "" : llvm::toString(m.takeError()));
    ++n;
  }
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_GE(n, 3);
}

// The files the schema test rejects are rejected by the parser too, naming the file.
TEST(Meta, SchemaBadExampleFilesAreRejected) {
  std::error_code ec;
  int n = 0;
  for (llvm::sys::fs::directory_iterator it(test::sourceFile("meta/bad"), ec), end; it != end && !ec;
       it.increment(ec)) {
    SCOPED_TRACE(it->path());
    std::string msg = inputErrorText(readMeta(it->path()));
    EXPECT_THAT(msg, HasSubstr(llvm::sys::path::filename(it->path()).str() + ": "));
    ++n;
  }
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_GE(n, 5);
}

// ---- required fields and types ----------------------------------------------------------

TEST(Meta, EachMissingRequiredFieldIsNamed) {
  for (const char* field : {"version", "kernelName", "coreType", "blockDim", "params"}) {
    SCOPED_TRACE(field);
    json doc = minimalDoc();
    doc.erase(field);
    EXPECT_THAT(rejection(doc), HasSubstr(std::string("add.json: ") + field + ": missing (required)"));
  }
}

TEST(Meta, MissingBlockDimSaysWhatIsExpected) {
  json doc = minimalDoc();
  doc.erase("blockDim");
  EXPECT_EQ(rejection(doc), "add.json: blockDim: missing (required), expected an integer >= 1");
}

TEST(Meta, WrongTypesNameTheFieldAndTheExpectation) {
  struct Case {
    const char* field;
    json value;
    const char* expected;
  };
  const Case cases[] = {
      {"version", "1", "version: expected 1"},
      {"kernelName", 7, "kernelName: expected a non-empty C identifier"},
      {"kernelName", "", "kernelName: expected a non-empty C identifier"},
      // no binFileName: the default (kernelName) is no file name of at most 255 characters
      {"kernelName", std::string(256, 'k'), "binFileName: expected a file name without a directory"},
      {"coreType", "aiv", "coreType: expected one of AIV, AIC, MIX, got \"aiv\""},
      {"blockDim", "8", "blockDim: expected an integer >= 1, got \"8\""},
      {"blockDim", 0, "blockDim: expected an integer >= 1, got 0"},
      {"blockDim", -3, "blockDim: expected an integer >= 1, got -3"},
      {"blockDim", 2.5, "blockDim: expected an integer >= 1, got 2.5"},
      {"blockDim", 4294967296ull, "blockDim: expected an integer >= 1"},
      {"params", json::object(), "params: expected an array of params"},
      {"taskRation", 1, "taskRation: expected \"aic:aiv\""},
      {"binFileName", "", "binFileName: expected a file name without a directory"},
      {"binFileName", "../../victim", "binFileName: expected a file name without a directory (letters, digits, . _ + -; "
                                      "default: kernelName), got \"../../victim\""},
      {"binFileName", "..", "binFileName: expected a file name without a directory"},
      {"binFileName", "a\nb", "binFileName: expected a file name without a directory"},
      {"binFileSuffix", false, "binFileSuffix: expected a string"},
      {"binFileSuffix", "/../x.o", "binFileSuffix: expected a string such as \".o\" (letters, digits, . _ + -)"},
      {"earlyStart", true, "earlyStart: expected an object"},
      {"earlyStart", {{"wait", 1}}, "earlyStart.wait: expected true or false, got 1"},
      {"earlyStart", {{"set", "yes"}}, "earlyStart.set: expected true or false"},
      {"intercoreSync", "false", "intercoreSync: expected true or false"},
      {"streamId", -1, "streamId: expected a stream id (integer >= 0), got -1"},
      {"sendEvents", 3, "sendEvents: expected an array of event ids"},
      {"recvEvents", {1, "two"}, "recvEvents[1]: expected an event id (integer >= 0), got \"two\""},
      {"sha256", "abc123", "sha256: expected 64 hex digits"},
      {"sha256", std::string(63, 'a') + "g", "sha256: expected 64 hex digits"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.field) + " = " + c.value.dump());
    json doc = minimalDoc();
    doc[c.field] = c.value;
    EXPECT_THAT(rejection(doc), HasSubstr(std::string("add.json: ") + c.expected));
  }
}

TEST(Meta, VersionOtherThanOneIsRejected) {
  json doc = minimalDoc();
  doc["version"] = 2;
  EXPECT_THAT(rejection(doc), HasSubstr("add.json: version: expected 1 (the only metadata version this build reads), got 2"));
}

TEST(Meta, KernelNameMustBeACIdentifier) {
  for (const char* name : {"add-custom", "1add", "add custom", "add.custom"}) {
    SCOPED_TRACE(name);
    json doc = minimalDoc();
    doc["kernelName"] = name;
    EXPECT_THAT(rejection(doc), HasSubstr("add.json: kernelName: expected a non-empty C identifier (the entry symbol)"));
  }
}

TEST(Meta, MalformedJsonNamesLineAndColumn) {
  std::string msg = inputErrorText(parseMeta("{\n  \"version\": 1,\n  \"kernelName\": \n}", "add.json"));
  EXPECT_THAT(msg, HasSubstr("add.json: not valid JSON: "));
  EXPECT_THAT(msg, HasSubstr("line 4, column 1"));
  EXPECT_THAT(msg, testing::Not(HasSubstr("[json.exception")));
}

TEST(Meta, TopLevelMustBeAnObject) {
  EXPECT_THAT(inputErrorText(parseMeta("[1, 2]", "add.json")), HasSubstr("add.json: expected a JSON object"));
}

TEST(Meta, MissingFileIsNamed) {
  EXPECT_THAT(inputErrorText(readMeta("/nonexistent/add.json")),
              HasSubstr("/nonexistent/add.json: cannot read kernel metadata: "));
}

// ---- coreType / taskRation ----------------------------------------------------------------

TEST(Meta, MixWithoutTaskRationIsRejected) {
  json doc = minimalDoc();
  doc["coreType"] = "MIX";
  EXPECT_THAT(rejection(doc), HasSubstr("add.json: taskRation: missing (required), expected \"1:1\" or \"1:2\" when "
                                        "coreType is MIX"));
}

TEST(Meta, AivWithCubeRationIsAContradiction) {
  json doc = minimalDoc();
  doc["taskRation"] = "1:2";
  EXPECT_THAT(rejection(doc), HasSubstr("add.json: taskRation: \"1:2\" contradicts coreType AIV: expected \"0:1\""));
}

TEST(Meta, AicWithVectorRationIsAContradiction) {
  json doc = minimalDoc();
  doc["coreType"] = "AIC";
  doc["taskRation"] = "0:1";
  EXPECT_THAT(rejection(doc), HasSubstr("add.json: taskRation: \"0:1\" contradicts coreType AIC: expected \"1:0\""));
}

TEST(Meta, MixWithSingleSideRationIsAContradiction) {
  json doc = minimalDoc();
  doc["coreType"] = "MIX";
  doc["taskRation"] = "1:0";
  EXPECT_THAT(rejection(doc), HasSubstr("add.json: taskRation: \"1:0\" contradicts coreType MIX: expected \"1:1\" or \"1:2\""));
}

TEST(Meta, MixAcceptsOneToOne) {
  json doc = minimalDoc();
  doc["coreType"] = "MIX";
  doc["taskRation"] = "1:1";
  EXPECT_EQ(parseOk(doc).taskRation, (TaskRation{1, 1}));
}

TEST(Meta, UnknownRationIsRejected) {
  for (const char* r : {"2:1", "1:3", "0:0", "1/2", " 1:2"}) {
    SCOPED_TRACE(r);
    json doc = minimalDoc();
    doc["coreType"] = "MIX";
    doc["taskRation"] = r;
    EXPECT_THAT(rejection(doc),
                HasSubstr("add.json: taskRation: expected \"aic:aiv\", one of \"0:1\", \"1:0\", \"1:1\", \"1:2\""));
  }
}

// ---- params ---------------------------------------------------------------------------------

TEST(Meta, SixtyFourParamsAreTooMany) {
  json doc = minimalDoc();
  doc["params"] = json::array();
  for (int i = 0; i < 64; ++i) doc["params"].push_back({{"name", "w" + std::to_string(i)}, {"role", "workspace"}, {"bytes", 0}});
  EXPECT_THAT(rejection(doc), HasSubstr("add.json: params: 64 entries, expected fewer than 64"));
  doc["params"].erase(63);
  EXPECT_EQ(parseOk(doc).params.size(), 63u);
}

TEST(Meta, ParamMustBeAnObject) {
  EXPECT_THAT(rejection(withParam("x")), HasSubstr("add.json: params[0]: expected an object"));
}

TEST(Meta, ParamNameIsRequiredAndACIdentifier) {
  EXPECT_THAT(rejection(withParam({{"role", "workspace"}, {"bytes", 1}})),
              HasSubstr("add.json: params[0].name: missing (required), expected a C identifier"));
  EXPECT_THAT(rejection(withParam({{"name", ""}, {"role", "workspace"}, {"bytes", 1}})),
              HasSubstr("add.json: params[0].name: expected a C identifier (letters, digits, _), got \"\""));
  // Names become file names (sk_run --output-dir DIR/<name>.bin): no paths, no newlines.
  for (const char* bad : {"../../../victim", "a/b", "x\ny", "1x"})
    EXPECT_THAT(rejection(withParam({{"name", bad}, {"role", "workspace"}, {"bytes", 1}})),
                HasSubstr("params[0].name: expected a C identifier"))
        << bad;
}

TEST(Meta, ParamRoleIsRequiredAndKnown) {
  EXPECT_THAT(rejection(withParam({{"name", "w"}, {"bytes", 1}})),
              HasSubstr("add.json: params[0].role: missing (required), expected one of input, output, workspace, tiling"));
  EXPECT_THAT(rejection(withParam({{"name", "w"}, {"role", "scratch"}, {"bytes", 1}})),
              HasSubstr("add.json: params[0].role: expected one of input, output, workspace, tiling, scalar, got \"scratch\""));
}

TEST(Meta, DuplicateParamNamesAreRejected) {
  json doc = minimalDoc();
  doc["params"].push_back({{"name", "y"}, {"role", "input"}, {"dtype", "float16"}, {"shape", {8}}});
  doc["params"].push_back({{"name", "x"}, {"role", "output"}, {"dtype", "float16"}, {"shape", {8}}});
  EXPECT_THAT(rejection(doc), HasSubstr("add.json: params[2].name: duplicate name \"x\" (also params[0].name)"));
}

TEST(Meta, TensorNeedsDtype) {
  EXPECT_THAT(rejection(withParam({{"name", "x"}, {"role", "input"}, {"shape", {8}}})),
              HasSubstr("add.json: params[0].dtype: missing (required), expected one of float32, float16, bfloat16, "
                        "int8, uint8, int32, int64"));
}

TEST(Meta, UnknownDtypeIsRejected) {
  EXPECT_THAT(rejection(withParam({{"name", "x"}, {"role", "input"}, {"dtype", "fp16"}, {"shape", {8}}})),
              HasSubstr("add.json: params[0].dtype: expected one of float32, float16, bfloat16, int8, uint8, int32, "
                        "int64, int16, uint16, uint32, uint64, bool, int4, float8_e4m3fn, float8_e5m2, hifloat8, "
                        "float8_e8m0, float4_e2m1, float4_e1m2, got \"fp16\""));
}

// A tensor's CANN format (FORMAT_<PARAM> for sk_cc): one of ge::Format's names, written back.
TEST(Meta, TensorFormatIsACannFormatName) {
  json doc = withParam({{"name", "x"}, {"role", "input"}, {"dtype", "float16"}, {"shape", {1, 4, 8, 8}}, {"format", "NCHW"}});
  KernelMeta m = parseOk(doc);
  ASSERT_EQ(m.params.size(), 1u);
  EXPECT_EQ(m.params[0].format, "NCHW");
  EXPECT_EQ(json::parse(writeMeta(m))["params"][0]["format"], "NCHW");
  EXPECT_EQ(parseOk(minimalDoc()).params[0].format, "") << "not given: ND";
  EXPECT_FALSE(json::parse(writeMeta(parseOk(minimalDoc())))["params"][0].contains("format"));
  for (json bad : {json("nchw"), json("FORMAT_NCHW"), json(0)}) {
    SCOPED_TRACE(bad.dump());
    doc["params"][0]["format"] = bad;
    EXPECT_THAT(rejection(doc), HasSubstr("add.json: params[0].format: expected a CANN format name (NCHW, NHWC, ND, NCDHW, "
                                          "NDHWC, FRACTAL_NZ, ...: FORMAT_<name> in the kernel), got " + bad.dump()));
  }
}

// Each format name is a FORMAT_<name> the kernels' headers define (op_build_macros.h).
TEST(Meta, EveryFormatIsDefinedForKernels) {
  auto header = llvm::MemoryBuffer::getFile(test::sourceFile("../../include/ascendc/sk_ascendc/op_build_macros.h"));
  ASSERT_TRUE(bool(header));
  llvm::StringRef text = (*header)->getBuffer();
  for (const std::string& name : formatNames())
    EXPECT_TRUE(text.contains("#define FORMAT_" + name + " ")) << name;
}

TEST(Meta, TensorNeedsShape) {
  EXPECT_THAT(rejection(withParam({{"name", "z"}, {"role", "output"}, {"dtype", "float32"}})),
              HasSubstr("add.json: params[0].shape: missing (required), expected a non-empty array of positive integers"));
}

TEST(Meta, ShapeMustBeANonEmptyArrayOfPositiveIntegers) {
  for (json shape : {json::array(), json({8, 0}), json({-1}), json({"8"}), json(8), json({2.5})}) {
    SCOPED_TRACE(shape.dump());
    json doc = minimalDoc();
    doc["params"].push_back({{"name", "z"}, {"role", "output"}, {"dtype", "float32"}, {"shape", shape}});
    EXPECT_THAT(rejection(doc), HasSubstr("add.json: params[1].shape: expected a non-empty array of positive integers, "
                                          "got " + shape.dump()));
  }
}

TEST(Meta, ShapeOverflowIsRejected) {
  EXPECT_THAT(rejection(withParam({{"name", "x"}, {"role", "input"}, {"dtype", "float32"},
                                   {"shape", {1ll << 31, 1ll << 31, 4}}})),
              HasSubstr("add.json: params[0].shape: dtype float32 x shape [2147483648,2147483648,4] overflows"));
  EXPECT_THAT(rejection(withParam({{"name", "x"}, {"role", "input"}, {"dtype", "int64"}, {"shape", {1ll << 61}}})),
              HasSubstr("add.json: params[0].shape: dtype int64 x shape"));
}

TEST(Meta, TensorBytesDisagreeingWithShapeIsRejected) {
  EXPECT_THAT(rejection(withParam({{"name", "x"}, {"role", "input"}, {"dtype", "float16"}, {"shape", {8, 2048}},
                                   {"bytes", 65536}})),
              HasSubstr("add.json: params[0].bytes: 65536 disagrees with dtype float16 x shape [8,2048] = 32768 bytes"));
}

TEST(Meta, WorkspaceNeedsBytes) {
  EXPECT_THAT(rejection(withParam({{"name", "workspace"}, {"role", "workspace"}})),
              HasSubstr("add.json: params[0].bytes: missing (required), expected a byte count (integer >= 0) for a "
                        "workspace param"));
  EXPECT_THAT(rejection(withParam({{"name", "workspace"}, {"role", "workspace"}, {"bytes", -4}})),
              HasSubstr("add.json: params[0].bytes: expected a byte count (integer >= 0), got -4"));
}

TEST(Meta, TilingNeedsBytes) {
  EXPECT_THAT(rejection(withParam({{"name", "tiling"}, {"role", "tiling"}, {"data", "00"}})),
              HasSubstr("add.json: params[0].bytes: missing (required), expected a byte count (integer >= 0) for a "
                        "tiling param"));
}

TEST(Meta, TilingBeyondOneMebibyteIsRejected) {  // sk_compile aborted (bad_alloc) on 2^40
  EXPECT_THAT(rejection(withParam({{"name", "tiling"}, {"role", "tiling"}, {"bytes", 1ull << 40}})),
              HasSubstr("add.json: params[0].bytes: 1099511627776 bytes of tiling data, expected at most 1048576"));
  EXPECT_EQ(parseOk(withParam({{"name", "tiling"}, {"role", "tiling"}, {"bytes", 1u << 20}})).params[0].bytes, 1u << 20);
}

TEST(Meta, TilingDataWithOddLengthIsRejected) {
  EXPECT_THAT(rejection(withParam({{"name", "tiling"}, {"role", "tiling"}, {"bytes", 2}, {"data", "abc"}})),
              HasSubstr("add.json: params[0].data: expected a hex string of the tiling bytes (two hex digits per "
                        "byte), got an odd number of digits (3)"));
}

TEST(Meta, TilingDataWithNonHexDigitIsRejected) {
  EXPECT_THAT(rejection(withParam({{"name", "tiling"}, {"role", "tiling"}, {"bytes", 2}, {"data", "0g12"}})),
              HasSubstr("add.json: params[0].data: expected a hex string of the tiling bytes (two hex digits per "
                        "byte), got 'g' at position 1"));
  EXPECT_THAT(rejection(withParam({{"name", "tiling"}, {"role", "tiling"}, {"bytes", 2}, {"data", 1234}})),
              HasSubstr("add.json: params[0].data: expected a hex string"));
}

TEST(Meta, TilingDataLengthMustEqualBytes) {
  EXPECT_THAT(rejection(withParam({{"name", "tiling"}, {"role", "tiling"}, {"bytes", 16}, {"data", "00112233"}})),
              HasSubstr("add.json: params[0].data: 4 bytes of hex but bytes is 16: expected exactly 32 hex digits"));
}

// ---- scalar params (by-value parameters of single-source kernels) -------------------------

TEST(Meta, ScalarWithDtypeTakesItsSizeAndData) {
  KernelMeta m = parseOk(withParam({{"name", "slope"}, {"role", "scalar"}, {"dtype", "float32"}, {"data", "0000003e"}}));
  ASSERT_EQ(m.params.size(), 1u);
  EXPECT_EQ(m.params[0].role, Role::Scalar);
  EXPECT_TRUE(m.params[0].typed);
  EXPECT_EQ(m.params[0].dtype, DType::Float32);
  EXPECT_EQ(m.params[0].bytes, 4u);
  EXPECT_EQ(m.params[0].data, (std::vector<uint8_t>{0x00, 0x00, 0x00, 0x3e}));
  EXPECT_FALSE(m.params[0].isTensor());
}

TEST(Meta, ScalarStructNeedsOnlyBytesAndMayOmitData) {
  KernelMeta m = parseOk(withParam({{"name", "p"}, {"role", "scalar"}, {"bytes", 12}}));
  EXPECT_FALSE(m.params[0].typed);
  EXPECT_EQ(m.params[0].bytes, 12u);
  EXPECT_TRUE(m.params[0].data.empty());  // the value comes with the op list (or sk_run --input)
}

TEST(Meta, BadScalarsNameTheField) {
  struct Case {
    json param;
    const char* expected;
  };
  const Case cases[] = {
      {{{"name", "p"}, {"role", "scalar"}},
       "params[0].bytes: missing (required), expected the size of the value in bytes (1..65536) for a scalar param "
       "without a dtype"},
      {{{"name", "p"}, {"role", "scalar"}, {"bytes", 0}}, "params[0].bytes: 0 bytes, expected 1..65536"},
      {{{"name", "p"}, {"role", "scalar"}, {"bytes", 65537}}, "params[0].bytes: 65537 bytes, expected 1..65536"},
      {{{"name", "p"}, {"role", "scalar"}, {"bytes", "4"}}, "params[0].bytes: expected a byte count (integer >= 0)"},
      {{{"name", "p"}, {"role", "scalar"}, {"dtype", "float32"}, {"bytes", 8}},
       "params[0].bytes: 8 disagrees with dtype float32 = 4 bytes: fix the dtype or drop \"bytes\""},
      {{{"name", "p"}, {"role", "scalar"}, {"dtype", "fp32"}}, "params[0].dtype: expected one of"},
      {{{"name", "p"}, {"role", "scalar"}, {"dtype", "int32"}, {"data", "001122"}},
       "params[0].data: 3 bytes of hex but bytes is 4: expected exactly 8 hex digits"},
      {{{"name", "p"}, {"role", "scalar"}, {"dtype", "int32"}, {"data", "0011223"}},
       "params[0].data: expected a hex string of the value's bytes (two hex digits per byte), got an odd number of "
       "digits (7)"},
      {{{"name", "p"}, {"role", "scalar"}, {"dtype", "int32"}, {"data", "00x12233"}},
       "params[0].data: expected a hex string of the value's bytes (two hex digits per byte), got 'x' at position 2"},
      {{{"name", "p"}, {"role", "scalar"}, {"bytes", 4}, {"data", 7}}, "params[0].data: expected a hex string"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.param.dump());
    EXPECT_THAT(rejection(withParam(c.param)), HasSubstr(std::string("add.json: ") + c.expected));
  }
}

TEST(Meta, ScalarRoundTripKeepsDtypeAndData) {
  auto m = readMeta(test::sourceFile("meta/good/scalar_params.json"));
  ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
  json out = json::parse(writeMeta(*m));
  EXPECT_EQ(out["params"][2], json::parse(R"({"name": "slope", "role": "scalar", "dtype": "float32", "bytes": 4,
                                              "data": "0000003e"})"));
  EXPECT_EQ(out["params"][3], json::parse(R"({"name": "tiles", "role": "scalar", "dtype": "uint32", "bytes": 4})"));
  EXPECT_EQ(out["params"][4], json::parse(R"({"name": "params", "role": "scalar", "bytes": 8, "data": "000020c003000000"})"));
  auto again = parseMeta(writeMeta(*m), "again.json");
  ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
  EXPECT_TRUE(*again == *m);
}

// ---- unknown fields and writing back -----------------------------------------------------

TEST(Meta, UnknownFieldsAreKeptInRawAndIgnored) {
  json doc = minimalDoc();
  doc["opType"] = "AddCustom";
  doc["params"][0]["layout"] = "ND";
  doc["earlyStart"] = {{"wait", true}, {"note", "vendor"}};
  KernelMeta m = parseOk(doc);
  EXPECT_EQ(m.raw["opType"], "AddCustom");
  EXPECT_EQ(m.raw["params"][0]["layout"], "ND");
  EXPECT_TRUE(m.earlyStartWait);
}

TEST(Meta, WriteMetaKeepsUnknownFields) {
  json doc = minimalDoc();
  doc["opType"] = "AddCustom";
  doc["params"][0]["format"] = "ND";
  doc["earlyStart"] = {{"wait", true}, {"note", "vendor"}};
  json out = json::parse(writeMeta(parseOk(doc)));
  EXPECT_EQ(out["opType"], "AddCustom");
  EXPECT_EQ(out["params"][0]["format"], "ND");
  EXPECT_EQ(out["earlyStart"]["note"], "vendor");
}

TEST(Meta, WriteMetaWritesDefaultsExplicitly) {
  json out = json::parse(writeMeta(parseOk(minimalDoc())));
  EXPECT_EQ(out["taskRation"], "0:1");
  EXPECT_EQ(out["binFileName"], "add_custom");
  EXPECT_EQ(out["binFileSuffix"], ".o");
  EXPECT_EQ(out["earlyStart"], json({{"wait", false}, {"set", false}}));
  EXPECT_EQ(out["intercoreSync"], false);
  EXPECT_EQ(out["streamId"], 0);
  EXPECT_EQ(out["sendEvents"], json::array());
  EXPECT_EQ(out["recvEvents"], json::array());
  EXPECT_FALSE(out["params"][0].contains("bytes"));  // a tensor's bytes follow from dtype x shape
  EXPECT_FALSE(out.contains("sha256"));
  EXPECT_FALSE(out.contains("tilingKey"));  // 0, the default
}

TEST(Meta, WriteMetaWritesChangedFields) {
  KernelMeta m = parseOk(minimalDoc());
  m.blockDim = 16;
  m.params[0].shape = {16, 2048};
  m.sha256 = std::string(64, '0');
  m.tilingKey = 7;
  json out = json::parse(writeMeta(m));
  EXPECT_EQ(out["blockDim"], 16);
  EXPECT_EQ(out["params"][0]["shape"], json({16, 2048}));
  EXPECT_EQ(out["sha256"], std::string(64, '0'));
  EXPECT_EQ(out["tilingKey"], 7);
}

// Tiling keys take all 64 bits (ops-transformer's nsa_compress_attention tests 10000000000000000024);
// a negative or a fraction is refused naming the field.
TEST(Meta, TilingKeyTakesAllSixtyFourBits) {
  json doc = minimalDoc();
  doc["tilingKey"] = 10000000000000000024ull;
  KernelMeta m = parseOk(doc);
  EXPECT_EQ(m.tilingKey, 10000000000000000024ull);
  EXPECT_EQ(json::parse(writeMeta(m))["tilingKey"].get<uint64_t>(), 10000000000000000024ull);
  doc["tilingKey"] = UINT64_MAX;
  EXPECT_EQ(parseOk(doc).tilingKey, UINT64_MAX);
  for (json bad : {json(-1), json(1.5), json("7")}) {
    SCOPED_TRACE(bad.dump());
    doc["tilingKey"] = bad;
    EXPECT_THAT(rejection(doc), HasSubstr("add.json: tilingKey: expected an unsigned 64-bit integer (the value "
                                          "TILING_KEY_IS compares with), got " + bad.dump()));
  }
}

TEST(Meta, RoundTripGivesAnEqualMeta) {
  for (const char* file : {"meta/good/add_custom.json", "meta/good/matmul_mix.json", "meta/good/minimal_aic.json",
                           "meta/good/scalar_params.json"}) {
    SCOPED_TRACE(file);
    auto m = readMeta(test::sourceFile(file));
    ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
    auto again = parseMeta(writeMeta(*m), "again.json");
    ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
    EXPECT_TRUE(*again == *m);
    EXPECT_EQ(writeMeta(*again), writeMeta(*m));  // and a fixed point
  }
}

}  // namespace
}  // namespace sk::subkernel
