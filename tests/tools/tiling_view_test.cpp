// The device view sk_cc makes of an op_host tiling header (sk::devcc::tilingDataView): what it
// keeps (tiling data blocks, registrations, namespace-scope integral constants and integer
// #defines), what it drops (includes, host functions and classes, other constants), the #line
// directives that point back at the header; and the renaming of entries named like C library
// functions (sk::devcc::renameEntry, isCLibraryName, templateKernelEntry).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "llvm/Support/FileSystem.h"
#include "sk/device_compiler.h"
#include "test_support.h"

namespace {

using sk::devcc::isCLibraryName;
using sk::devcc::conditionalBetween;
using sk::devcc::kernelDeclarations;
using sk::devcc::renameEntry;
using sk::devcc::templateKernelEntry;
using sk::devcc::withDeclarationMarkers;
using sk::devcc::withoutKernelQualifier;
using sk::devcc::withTilingDefaultsFirst;
using sk::devcc::tilingDataView;

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// An op_host header as op projects write them. Line numbers matter to the #line test.
const char* const kOpHostHeader = R"(/*
 * op_host/demo_tiling.h
 * BEGIN_TILING_DATA_DEF in a comment is no tiling data.
 */
#ifndef DEMO_TILING_H
#define DEMO_TILING_H
#include <string>
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"
#include "register/op_def_registry.h"

#define DEMO_TILE_ROWS 16  // rows per tile
#define DEMO_UB_BYTES (192 * 1024)
#define DEMO_LOG(fmt, ...) printf(fmt, ##__VA_ARGS__)
#define DEMO_OP_NAME "Demo"

namespace optiling {
constexpr uint32_t MAX_DIMS = 8;
static const int32_t DEMO_ALIGN = 32; static constexpr uint64_t DEMO_BIG = 1ULL << 40;
constexpr size_t DEMO_HALF_BYTES = sizeof(uint16_t);
constexpr float DEMO_RATIO = 0.5f;
const std::string DEMO_NAME = "Demo";

BEGIN_TILING_DATA_DEF(DemoTilingData)
TILING_DATA_FIELD_DEF(uint32_t, dimNum);
TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_DIMS, shape);
TILING_DATA_FIELD_DEF(float, scale);  // a float field is kept: it is tiling data
END_TILING_DATA_DEF

REGISTER_TILING_DATA_CLASS(Demo,
                           DemoTilingData)
REGISTER_TILING_DATA_CLASS(Demo_2, DemoTilingData);

class DemoTilingHelper {
 public:
  explicit DemoTilingHelper(gert::TilingContext* context) : context_(context) {}
  ge::graphStatus DoTiling();

 private:
  static constexpr uint32_t HELPER_CORES = 48;
  gert::TilingContext* context_ = nullptr;
};

inline ge::graphStatus DemoTilingHelper::DoTiling() {
  constexpr uint32_t LOCAL_ROWS = 4;
  const gert::Shape& shape = context_->GetInputShape(0)->GetStorageShape();
  return shape.GetDimNum() > MAX_DIMS ? ge::GRAPH_FAILED : ge::GRAPH_SUCCESS;
}

static ge::graphStatus TilingDemo(gert::TilingContext* context) {
  DemoTilingHelper helper(context);
  return helper.DoTiling();
}

namespace inner {
constexpr int16_t INNER_LIMIT = 7;
}  // namespace inner
}  // namespace optiling
#endif  // DEMO_TILING_H
)";

std::string view() {
  std::optional<std::string> v = tilingDataView(kOpHostHeader, "/op/demo_tiling.h");
  EXPECT_TRUE(v.has_value());
  return v.value_or("");
}

TEST(TilingView, KeepsTheTilingDataItsRegistrationsAndTheConstantsTheyUse) {
  std::string v = view();
  EXPECT_TRUE(contains(v, "BEGIN_TILING_DATA_DEF(DemoTilingData)")) << v;
  EXPECT_TRUE(contains(v, "TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_DIMS, shape);")) << v;
  EXPECT_TRUE(contains(v, "TILING_DATA_FIELD_DEF(float, scale);")) << v;
  EXPECT_TRUE(contains(v, "END_TILING_DATA_DEF")) << v;
  // A registration over two lines, and one with its own ';'.
  EXPECT_TRUE(contains(v, "REGISTER_TILING_DATA_CLASS(Demo,\n                           DemoTilingData)")) << v;
  EXPECT_TRUE(contains(v, "REGISTER_TILING_DATA_CLASS(Demo_2, DemoTilingData)")) << v;
  // Integral constants at namespace scope (two on one line, static, sizeof), nested namespaces too.
  for (const char* c : {"constexpr uint32_t MAX_DIMS = 8;", "static const int32_t DEMO_ALIGN = 32;",
                        "static constexpr uint64_t DEMO_BIG = 1ULL << 40;", "constexpr size_t DEMO_HALF_BYTES = sizeof(uint16_t);",
                        "constexpr int16_t INNER_LIMIT = 7;"})
    EXPECT_TRUE(contains(v, c)) << c << "\n" << v;
  // Object-like #defines with an integer value.
  EXPECT_TRUE(contains(v, "#define DEMO_TILE_ROWS 16")) << v;
  EXPECT_TRUE(contains(v, "#define DEMO_UB_BYTES (192 * 1024)")) << v;
  // What the op build's generated header gives: the tiling macros, the API tiling structs, namespace optiling.
  EXPECT_TRUE(contains(v, "#include \"register/tilingdata_base.h\"")) << v;
  EXPECT_TRUE(contains(v, "#include \"kernel_tiling/kernel_tiling.h\"")) << v;
  EXPECT_TRUE(contains(v, "namespace optiling {")) << v;
  // The structs and registrations are named unqualified in the kernel, the constants are not.
  EXPECT_TRUE(contains(v, "}  // namespace sk_view\nusing sk_view::DemoTilingData;\nusing sk_view::__sk_tiling_registered;\n"))
      << v;
  EXPECT_FALSE(contains(v, "using sk_view::MAX_DIMS")) << v;
}

TEST(TilingView, DropsIncludesHostCodeAndEveryOtherConstant) {
  std::string v = view();
  for (const char* gone : {"tiling/tiling_api.h", "register/op_def_registry.h", "<string>", "gert::", "ge::graphStatus",
                           "DemoTilingHelper", "TilingDemo", "HELPER_CORES", "LOCAL_ROWS", "DEMO_RATIO", "DEMO_NAME",
                           "DEMO_LOG", "DEMO_OP_NAME", "DEMO_TILING_H", "rows per tile",
                           "in a comment", "namespace inner"})
    EXPECT_FALSE(contains(v, gone)) << gone << " should not be in the view:\n" << v;
}

TEST(TilingView, EveryChunkIsUnderALineDirectiveOfItsOriginalLine) {
  std::string v = view();
  std::vector<std::string> original = linesOf(kOpHostHeader), out = linesOf(v);
  size_t directives = 0;
  for (size_t i = 0; i + 1 < out.size(); ++i) {
    const std::string& l = out[i];
    if (l.rfind("#line ", 0) != 0) continue;
    ++directives;
    EXPECT_TRUE(contains(l, "\"/op/demo_tiling.h\"")) << l;
    size_t line = std::stoul(l.substr(6));
    ASSERT_GE(line, 1u);
    ASSERT_LE(line, original.size()) << l;
    // The chunk's first line (comments blanked, trailing blanks trimmed) is on that original line.
    std::string first = out[i + 1];
    first.erase(first.find_last_not_of(" ;") + 1);
    EXPECT_FALSE(first.empty()) << l;
    EXPECT_TRUE(contains(original[line - 1], first)) << l << ": '" << first << "' is not on line " << line << ": '"
                                                      << original[line - 1] << "'";
  }
  // 2 defines, 5 constants, the block, 2 registrations.
  EXPECT_EQ(directives, 10u) << v;
  // Spot checks against the header above.
  EXPECT_TRUE(contains(v, "#line 24 \"/op/demo_tiling.h\"\nBEGIN_TILING_DATA_DEF(DemoTilingData)")) << v;
  EXPECT_TRUE(contains(v, "#line 30 \"/op/demo_tiling.h\"\nREGISTER_TILING_DATA_CLASS(Demo,")) << v;
  EXPECT_TRUE(contains(v, "#line 12 \"/op/demo_tiling.h\"\n#define DEMO_TILE_ROWS 16")) << v;
  EXPECT_TRUE(contains(v, "#line 19 \"/op/demo_tiling.h\"\nstatic constexpr uint64_t DEMO_BIG")) << v;
}

TEST(TilingView, AChunkEndsWithOneSemicolonWhetherTheHeaderWroteItOrNot) {
  std::string v = view();
  // END_TILING_DATA_DEF has none in the header; the registration on line 32 has one.
  EXPECT_TRUE(contains(v, "END_TILING_DATA_DEF;\n")) << v;
  EXPECT_TRUE(contains(v, "REGISTER_TILING_DATA_CLASS(Demo_2, DemoTilingData);\n")) << v;
  EXPECT_FALSE(contains(v, "DemoTilingData);;")) << v;
}

TEST(TilingView, HeadersWithoutTilingDataAreNotViewed) {
  // A plain struct header (included as it is), a mention in a comment only, and an unterminated
  // block (left to clang to report on the original).
  EXPECT_FALSE(tilingDataView("#pragma once\nstruct AddTiling { uint32_t n; };\n", "a.h").has_value());
  EXPECT_FALSE(tilingDataView("// BEGIN_TILING_DATA_DEF(X)\nstruct X { int n; };\n", "b.h").has_value());
  EXPECT_FALSE(tilingDataView("/* BEGIN_TILING_DATA_DEF(X) */\n", "c.h").has_value());
  EXPECT_FALSE(tilingDataView("BEGIN_TILING_DATA_DEF(X)\nTILING_DATA_FIELD_DEF(int, n);\n", "d.h").has_value());
  EXPECT_TRUE(tilingDataView("BEGIN_TILING_DATA_DEF(X)\nEND_TILING_DATA_DEF;\n", "e.h").has_value());
}

// batch_mat_mul_v3's case: an op's tiling header (outer) including another op's (inner, which
// includes outer back: a cycle). Returns outer's text.
const char* const kInnerTiling =
    "#include \"../../outer/op_host/outer_tiling.h\"\n"
    "BEGIN_TILING_DATA_DEF(InnerTiling)\nTILING_DATA_FIELD_DEF(uint32_t, m);\nEND_TILING_DATA_DEF;\n";
std::string writeNestedTilingHeaders(const sk::test::TempDir& d) {
  llvm::sys::fs::create_directories(d.file("inner/op_host"));
  llvm::sys::fs::create_directories(d.file("outer/op_host"));
  sk::test::writeText(d.file("inner/op_host/inner_tiling.h"), kInnerTiling);
  std::string outer = "#include \"register/tilingdata_base.h\"\n#include \"../../inner/op_host/inner_tiling.h\"\n"
                      "BEGIN_TILING_DATA_DEF(OuterTiling)\nTILING_DATA_FIELD_DEF_STRUCT(InnerTiling, inner);\n"
                      "END_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(Outer, OuterTiling)\n";
  sk::test::writeText(d.file("outer/op_host/outer_tiling.h"), outer);
  return outer;
}

TEST(TilingView, ATilingHeaderOfAnotherOpItIncludesIsViewedInPlaceOnce) {
  // batch_mat_mul_v3's header nests mat_mul_v3's structs: the include (relative to the header)
  // becomes that header's view before the structs using it; an include cycle ends; a quoted
  // include that is not a tiling header (or not there) is dropped as before.
  sk::test::TempDir d;
  std::string outer = writeNestedTilingHeaders(d);
  std::optional<std::string> v = tilingDataView(outer, d.file("outer/op_host/outer_tiling.h"));
  ASSERT_TRUE(v.has_value());
  size_t inner = v->find("BEGIN_TILING_DATA_DEF(InnerTiling)"), outerAt = v->find("BEGIN_TILING_DATA_DEF(OuterTiling)");
  ASSERT_NE(inner, std::string::npos) << *v;
  EXPECT_LT(inner, outerAt) << *v;
  EXPECT_EQ(v->find("BEGIN_TILING_DATA_DEF(OuterTiling)", outerAt + 1), std::string::npos) << "viewed once: " << *v;
  EXPECT_TRUE(contains(*v, "inner_tiling.h\"\n")) << "#line of the included header: " << *v;
  EXPECT_FALSE(contains(*v, "#include \"../../")) << *v;
}

TEST(TilingView, ATilingHeaderFoundThroughAnIncludeDirectoryIsViewed) {
  // ops-transformer's batch_mat_mul_v3_tiling.h includes "mat_mul_v3/op_host/op_tiling/..." found
  // through an -I directory, as the op build finds it; not beside the header.
  sk::test::TempDir d;
  writeNestedTilingHeaders(d);
  std::string outer = "#include \"op_host/inner_tiling.h\"\nBEGIN_TILING_DATA_DEF(OuterTiling)\n"
                      "TILING_DATA_FIELD_DEF_STRUCT(InnerTiling, inner);\nEND_TILING_DATA_DEF;\n";
  std::optional<std::string> v = tilingDataView(outer, d.file("outer/op_host/outer_tiling.h"), {d.file("none"), d.file("inner")});
  ASSERT_TRUE(v.has_value());
  EXPECT_LT(v->find("BEGIN_TILING_DATA_DEF(InnerTiling)"), v->find("BEGIN_TILING_DATA_DEF(OuterTiling)")) << *v;
  v = tilingDataView(outer, d.file("outer/op_host/outer_tiling.h"));
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(contains(*v, "InnerTiling)")) << "without the directory: " << *v;
}

TEST(TilingView, AHeaderWhoseTilingDataIsInAHeaderItIncludesIsViewed) {
  // ops-math's circular_pad_tiling.h: no tiling data of its own, host code, and the include of
  // circular_pad_common_tiling.h, which has it. A header that includes only non-tiling headers
  // is still not a view (it is included as it is).
  sk::test::TempDir d;
  writeNestedTilingHeaders(d);
  sk::test::writeText(d.file("inner/op_host/plain.h"), "struct Plain { int n; };\n");
  std::string wrapper = "#include \"../../inner/op_host/inner_tiling.h\"\n#include \"tiling/tiling_api.h\"\n"
                        "constexpr uint32_t kWrapperMax = 8;\nnamespace optiling { class WrapperTiling { void Do(); }; }\n";
  std::optional<std::string> v = tilingDataView(wrapper, d.file("outer/op_host/wrapper_tiling.h"));
  ASSERT_TRUE(v.has_value());
  EXPECT_TRUE(contains(*v, "BEGIN_TILING_DATA_DEF(InnerTiling)")) << *v;
  EXPECT_TRUE(contains(*v, "BEGIN_TILING_DATA_DEF(OuterTiling)")) << "inner includes outer: " << *v;
  EXPECT_TRUE(contains(*v, "constexpr uint32_t kWrapperMax = 8;")) << *v;
  EXPECT_FALSE(contains(*v, "WrapperTiling")) << *v;
  EXPECT_FALSE(contains(*v, "tiling_api.h")) << *v;
  EXPECT_FALSE(tilingDataView("#include \"../../inner/op_host/plain.h\"\nstruct Wrap { Plain p; };\n",
                              d.file("outer/op_host/wrap.h"))
                   .has_value());
}

TEST(TilingView, ConstantsFromAHeaderItIncludesAreViewedWhenUsed) {
  // ops-nn's repeat_interleave_tiling_normal.h sizes an array with a constant of the header it
  // includes: that constant comes along, with the constants it is made of; the others do not,
  // nor those only the header's host code uses (two of ops-nn's conv helpers define one name).
  sk::test::TempDir d;
  sk::test::writeText(d.file("consts.h"), "#pragma once\n#include <cstdint>\n#define DIM_BASE 1\nconstexpr uint32_t kUnused = 4;\n"
                                          "constexpr uint32_t kDims = 2 + DIM_BASE;\nconstexpr uint32_t kHostSize = 9;\n"
                                          "void HostOnly();\n");
  std::string header = "#include \"register/tilingdata_base.h\"\n#include \"consts.h\"\nnamespace optiling {\n"
                       "BEGIN_TILING_DATA_DEF(DimsTiling)\nTILING_DATA_FIELD_DEF_ARR(int64_t, kDims, dims);\n"
                       "END_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(Dims, DimsTiling)\n"
                       "inline uint32_t HostSize() { return kHostSize; }\n}\n";
  std::optional<std::string> v = tilingDataView(header, d.file("dims_tiling.h"));
  ASSERT_TRUE(v.has_value());
  size_t base = v->find("#define DIM_BASE 1"), dims = v->find("constexpr uint32_t kDims = 2 + DIM_BASE;");
  ASSERT_NE(base, std::string::npos) << *v;
  ASSERT_NE(dims, std::string::npos) << *v;
  EXPECT_LT(base, dims) << *v;
  EXPECT_LT(dims, v->find("BEGIN_TILING_DATA_DEF(DimsTiling)")) << *v;
  EXPECT_FALSE(contains(*v, "kUnused")) << *v;
  EXPECT_FALSE(contains(*v, "kHostSize")) << "used by host code only: " << *v;
  EXPECT_FALSE(contains(*v, "HostOnly")) << *v;
  EXPECT_TRUE(contains(*v, "consts.h\"\n")) << "#line of the included header: " << *v;
}

TEST(TilingView, AHeaderViewedOnItsOwnAndNestedInAnotherIsDefinedOnce) {
  // `sk_cc -include inner_tiling.h -include outer_tiling.h`: inner's own view and its view nested
  // in outer's (reached by another spelling of its path) are under one guard.
  sk::test::TempDir d;
  std::string outer = writeNestedTilingHeaders(d);
  std::optional<std::string> innerView = tilingDataView(kInnerTiling, d.file("outer/../inner/op_host/inner_tiling.h"));
  std::optional<std::string> outerView = tilingDataView(outer, d.file("outer/op_host/outer_tiling.h"));
  ASSERT_TRUE(innerView && outerView);
  std::vector<std::string> lines = linesOf(*innerView);
  auto guard = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("#ifndef SK_TILING_VIEW_", 0) == 0; });
  ASSERT_NE(guard, lines.end()) << *innerView;
  size_t nested = outerView->find(*guard + "\n");
  ASSERT_NE(nested, std::string::npos) << "inner's guard around its view in outer's: " << *outerView;
  EXPECT_LT(nested, outerView->find("BEGIN_TILING_DATA_DEF(InnerTiling)")) << *outerView;
  EXPECT_EQ(std::count(lines.begin(), lines.end(), *guard), 1) << *innerView;
}

TEST(TilingView, AStringThatLooksLikeCodeIsNotCode) {
  std::optional<std::string> v = tilingDataView(
      "const std::string kDoc = \"constexpr int FAKE = 1; REGISTER_TILING_DATA_CLASS(Fake, Fake)\";\n"
      "BEGIN_TILING_DATA_DEF(T)\nTILING_DATA_FIELD_DEF(uint32_t, n);\nEND_TILING_DATA_DEF;\n",
      "s.h");
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(contains(*v, "FAKE")) << *v;
  EXPECT_FALSE(contains(*v, "REGISTER_TILING_DATA_CLASS(Fake")) << *v;
  EXPECT_TRUE(contains(*v, "TILING_DATA_FIELD_DEF(uint32_t, n);")) << *v;
}

TEST(TilingView, PointerConstantsAreNotIntegralConstants) {
  // The string #define is dropped, so keeping the pointer would leave it naming nothing.
  std::optional<std::string> v = tilingDataView(
      "#define OP_NAME \"Pow\"\nconst char* const kOpName = OP_NAME;\nstatic const uint32_t* kNoDims = nullptr;\n"
      "constexpr uint32_t kTwice = 2 * 4;\nBEGIN_TILING_DATA_DEF(T)\nTILING_DATA_FIELD_DEF(uint32_t, n);\nEND_TILING_DATA_DEF;\n",
      "p.h");
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(contains(*v, "kOpName")) << *v;
  EXPECT_FALSE(contains(*v, "kNoDims")) << *v;
  EXPECT_TRUE(contains(*v, "constexpr uint32_t kTwice = 2 * 4;")) << *v;
}

// ---- entries named like C library functions ---------------------------------------------------

TEST(CLibraryName, NamesTheFunctionsOfMathAndStdlibHeaders) {
  for (const char* n : {"sqrt", "exp", "log", "log2", "log10", "tanh", "sin", "cos", "erf", "pow", "abs", "trunc", "round",
                        "floor", "fmod", "exit", "rand", "sqrtf", "logf", "expf", "tanhl", "powf"})
    EXPECT_TRUE(isCLibraryName(n)) << n;
  for (const char* n : {"add_custom", "sqrt_custom", "Sqrt", "is_finite", "softmax", "", "tanh_grad", "my_log"})
    EXPECT_FALSE(isCLibraryName(n)) << n;
}

TEST(RenameEntry, RenamesTheGlobalFunctionsDefinitionAndDeclarationsOnly) {
  std::string in =
      "#include <cmath>\n"
      "// sqrt(x) of every element; the entry is extern \"C\" sqrt\n"
      "extern \"C\" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y);\n"
      "__aicore__ inline float Ref(float v) { return sqrt(v) + std::sqrt(v) + sqrtf(v); }\n"
      "const char* kName = \"sqrt(\";\n"
      "extern \"C\" __global__ __aicore__ void\n"
      "sqrt (GM_ADDR x, GM_ADDR y) {\n"
      "  float s = sqrt(2.0f);\n"
      "  my_sqrt(x); sqrt_custom(y);\n"
      "}\n"
      "void Launch(uint32_t n, void* stream, uint8_t* x, uint8_t* y) { sqrt(x, y); }\n";
  std::string out = renameEntry(in, "sqrt", "sqrt__sk_entry");
  std::string want =
      "#include <cmath>\n"
      "// sqrt(x) of every element; the entry is extern \"C\" sqrt\n"
      "extern \"C\" __global__ __aicore__ void sqrt__sk_entry(GM_ADDR x, GM_ADDR y);\n"
      "__aicore__ inline float Ref(float v) { return sqrt(v) + std::sqrt(v) + sqrtf(v); }\n"
      "const char* kName = \"sqrt(\";\n"
      "extern \"C\" __global__ __aicore__ void\n"
      "sqrt__sk_entry (GM_ADDR x, GM_ADDR y) {\n"
      "  float s = sqrt(2.0f);\n"
      "  my_sqrt(x); sqrt_custom(y);\n"
      "}\n"
      "void Launch(uint32_t n, void* stream, uint8_t* x, uint8_t* y) { sqrt(x, y); }\n";
  EXPECT_EQ(out, want);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n')) << "lines are kept";
}

TEST(RenameEntry, LeavesASourceWithoutThatEntryAsItIs) {
  std::string in = "extern \"C\" __global__ __aicore__ void add_custom(GM_ADDR x) { float r = sqrt(1.0f); }\n";
  EXPECT_EQ(renameEntry(in, "sqrt", "sqrt__sk_entry"), in);
  EXPECT_EQ(renameEntry(in, "add", "add__sk_entry"), in) << "a prefix of the entry's name is not its name";
}

// A kernel written as a template over its tiling-key parameters: the entry sk_cc appends takes
// the kernel's parameters and calls the instantiation of the launch's key (Enter: the metadata's
// key's only, when the kernel selects more combinations than are compiled together).
TEST(TemplateKernelEntry, AppendsAnEntryForATemplateKernel) {
  std::string in =
      "template <int D_T_X, int TILE_NUM> // the tiling key's parameters\n"
      "__global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y /* out */, GM_ADDR workspace, GM_ADDR tiling)\n"
      "{\n  KernelAdd<D_T_X> op;\n}\n";
  std::optional<std::string> out = templateKernelEntry(in, "add_custom", "add_custom__sk_entry", 266);
  ASSERT_TRUE(out.has_value());
  EXPECT_TRUE(contains(*out, "void add_custom__sk_entry(GM_ADDR x, GM_ADDR y /* out */, GM_ADDR workspace, GM_ADDR tiling)")) << *out;
  EXPECT_TRUE(contains(*out, "add_custom<decltype(skTplV)::value...>(x, y, workspace, tiling);")) << *out;
  // SK_TPL_SCOPE: empty, or the namespace the tables are in (sk_cc's second attempt)
  EXPECT_TRUE(contains(*out, "Enter<SK_TPL_DECL_TABLE, SK_TPL_SEL_TABLE, 266ull>(\n      ::sk_tiling_key(),"))
      << *out;
  EXPECT_TRUE(contains(*out, "this object was compiled for tiling key 266")) << *out;
  EXPECT_FALSE(contains(*out, "if (::sk_tiling_key() != 266ull)")) << "the object serves every key it can";
  // compiled for the key alone (TILING_KEY_IS in a constant expression too): other keys refused first
  out = templateKernelEntry(in, "add_custom", "add_custom__sk_entry", 266, true);
  ASSERT_TRUE(out.has_value());
  EXPECT_TRUE(contains(*out, "if (::sk_tiling_key() != 266ull)")) << *out;
  EXPECT_TRUE(contains(*out, "#line 1 \"<sk_cc: add_custom is a template kernel")) << "errors in it say what it is";
}

TEST(TemplateKernelEntry, FoundUnderACommentAboveTheTemplate) {
  // ops-transformer's flash_attention_score_grad: a comment between the macros before it and
  // `template <...>` is no part of the kernel's head.
  const std::string in = "#define X 1\n// implementation of kernel function\n/* more */\n"
                         "template <uint8_t UB0>\n__global__ __aicore__ void fag(GM_ADDR q, GM_ADDR tiling)\n{\n}\n";
  std::optional<std::string> out = templateKernelEntry(in, "fag", "fag__sk_entry", 0);
  ASSERT_TRUE(out.has_value()) << "the template kernel under the comment was not found";
  EXPECT_TRUE(contains(*out, "void fag__sk_entry(GM_ADDR q, GM_ADDR tiling)")) << *out;
}

TEST(TemplateKernelEntry, FoundAfterAMacroWhoseBodyEndsInWhileZero) {
  // ops-nn's matmul kernels: a `#define ... } while (0)` right before the template kernel; the
  // directive ends the statement, so the kernel's head is `template <...> __global__ ...`.
  const std::string in =
      "#define CHECK_OK(x) \\\n  do {                \\\n    (void)(x);        \\\n  } while (0)\n\n"
      "template <int MODE>\n__global__ __aicore__ void mm(GM_ADDR a, GM_ADDR tiling)\n{\n}\n";
  std::optional<std::string> out = templateKernelEntry(in, "mm", "mm__sk_entry", 0);
  ASSERT_TRUE(out.has_value()) << "the template kernel after the macro was not found";
  EXPECT_TRUE(contains(*out, "void mm__sk_entry(GM_ADDR a, GM_ADDR tiling)")) << *out;
  EXPECT_EQ(renameEntry("#define K_ATTR } while (0)\n__global__ __aicore__ void mm(GM_ADDR a) {}\n", "mm", "e"),
            "#define K_ATTR } while (0)\n__global__ __aicore__ void e(GM_ADDR a) {}\n");
}

TEST(TemplateKernelEntry, NothingForAPlainKernelOrAnotherTemplate) {
  EXPECT_FALSE(templateKernelEntry("extern \"C\" __global__ __aicore__ void add_custom(GM_ADDR x) {}\n", "add_custom", "e", 0));
  EXPECT_FALSE(templateKernelEntry("template <int N> __aicore__ inline void add_custom(GM_ADDR x) {}\n"
                                   "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) { add_custom<1>(x); }\n",
                                   "add_custom", "e", 0))
      << "a template that is not a __global__ kernel";
}

TEST(TemplateKernelEntry, TakesTheParameterListTheCompilerSees) {
  // ops-nn's generated kernels: a directive line inside the list (the declaration split by
  // #ifdef), and a list written as one macro the source defines.
  const std::string split = "#ifdef __CCE_KT_TEST__\nextern \"C\" __global__ __aicore__ void k(\n#else\n"
                            "template <int M>\n__global__ __aicore__ void k(\n#endif\n    GM_ADDR x, GM_ADDR tiling)\n{\n}\n";
  std::optional<std::string> out = templateKernelEntry(split, "k", "e", 0);
  ASSERT_TRUE(out.has_value());
  EXPECT_FALSE(contains(*out, "#endif")) << *out;
  EXPECT_TRUE(contains(*out, "k<decltype(skTplV)::value...>(x, tiling);")) << *out;
  const std::string macro = "#define K_PARAMS GM_ADDR x, \\\n    GM_ADDR tiling\n"
                            "template <int M>\n__global__ __aicore__ void k(K_PARAMS)\n{\n}\n";
  out = templateKernelEntry(macro, "k", "e", 0);
  ASSERT_TRUE(out.has_value());
  EXPECT_TRUE(contains(*out, "void e(GM_ADDR x,") && contains(*out, " GM_ADDR tiling) {")) << *out;
  EXPECT_TRUE(contains(*out, "(x, tiling);")) << *out;
  out = templateKernelEntry("template <int M>\n__global__ __aicore__ void k(OTHER_PARAMS)\n{\n}\n", "k", "e", 0);
  ASSERT_TRUE(out.has_value());
  EXPECT_TRUE(contains(*out, "void e(OTHER_PARAMS)")) << "a macro defined elsewhere stays as written: " << *out;
}

// A kernel declared twice under #if: each declaration marked for the preprocessor, and the one
// it drops hidden from the entry generators.
TEST(KernelDeclarations, MarkedForThePreprocessorAndHiddenWhenDropped) {
  const std::string in = "#ifdef T\ntemplate <typename D>\n__global__ __aicore__ void k(GM_ADDR x)\n{\n}\n#else\n"
                         "extern \"C\" __global__ __aicore__ void k(GM_ADDR x)\n{\n}\n#endif\nvoid g() { k(0); }\n";
  std::vector<size_t> at = kernelDeclarations(in, "k");
  ASSERT_EQ(at.size(), 2u) << "a call is no declaration";
  EXPECT_TRUE(conditionalBetween(in, at[0], at[1])) << "the #else between them";
  EXPECT_FALSE(conditionalBetween(in, at[1], in.find("#endif"))) << "none up to the #endif";
  EXPECT_TRUE(conditionalBetween(in, at[1], in.find("#endif") + 1)) << "the #endif itself";
  EXPECT_EQ(withDeclarationMarkers(in, at, "m"),
            "#ifdef T\ntemplate <typename D>\nm0_\n__global__ __aicore__ void k(GM_ADDR x)\n{\n}\n#else\n"
            "m1_\nextern \"C\" __global__ __aicore__ void k(GM_ADDR x)\n{\n}\n#endif\nvoid g() { k(0); }\n");
  std::string hidden = withoutKernelQualifier(in, {at[0]});
  EXPECT_EQ(hidden.size(), in.size()) << "offsets and lines kept";
  EXPECT_FALSE(templateKernelEntry(hidden, "k", "e", 0)) << "the dropped template is no kernel";
  EXPECT_EQ(kernelDeclarations(hidden, "k"), std::vector<size_t>{at[1]});
}

// REGISTER_TILING_DEFAULT below a GET_TILING_DATA of its block moves to the block's start, on the
// `{`'s line; one above it, at file scope or in another block stays.
TEST(TilingDefaults, MovedAboveTheGetTilingDataOfTheirBlock) {
  const std::string in = "REGISTER_TILING_DEFAULT(A);\nvoid k(int t) {\n  GET_TILING_DATA(d, t);\n"
                         "  if (t) { REGISTER_TILING_DEFAULT(C); }\n  REGISTER_TILING_DEFAULT (B) ;\n}\n"
                         "void g(int t) {\n  REGISTER_TILING_DEFAULT(D);\n  GET_TILING_DATA(d, t);\n"
                         "  // REGISTER_TILING_DEFAULT(E);\n}\n";
  EXPECT_EQ(withTilingDefaultsFirst(in),
            std::string("REGISTER_TILING_DEFAULT(A);\nvoid k(int t) {REGISTER_TILING_DEFAULT (B);\n  GET_TILING_DATA(d, t);\n"
            "  if (t) { REGISTER_TILING_DEFAULT(C); }\n") +
                std::string(31, ' ') + "\n}\nvoid g(int t) {\n  REGISTER_TILING_DEFAULT(D);\n  GET_TILING_DATA(d, t);\n"
            "  // REGISTER_TILING_DEFAULT(E);\n}\n");
  const std::string same = "void k(int t) {\n  GET_TILING_DATA_WITH_STRUCT(S, d, t);\n  REGISTER_TILING_DEFAULT(S);\n}\n";
  EXPECT_EQ(withTilingDefaultsFirst(same), same) << "a GET_TILING_DATA that names its struct needs no default";
}

}  // namespace
