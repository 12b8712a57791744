// The AscendC kernel corpus (tests/ascendc/kernels): kernels written in the idioms of public
// AscendC op repositories, each compiled unchanged by sk_cc, run by sk_run on generated inputs
// and compared with a host reference; and fusions of them by sk_compile.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace sk::corpus {

// A kernel's parameters as host values: every tensor param as doubles in its dtype (inputs
// generated, outputs to be filled by the reference), the tiling bytes from the metadata.
struct Tensors {
  std::map<std::string, std::vector<double>> values;
  std::map<std::string, std::vector<int64_t>> shapes;
  std::vector<uint8_t> tiling;
  std::vector<double>& operator[](const std::string& name) { return values.at(name); }
  const std::vector<double>& operator[](const std::string& name) const { return values.at(name); }
  template <typename T> T tilingField(size_t offset) const;  // little-endian field of the tiling bytes
};

struct Case {
  std::string name;                 // the test's name
  std::string dir;                  // tests/ascendc/kernels/<dir>
  std::string source;               // the op_kernel source in dir, compiled unchanged
  std::string meta;                 // its metadata in dir
  std::vector<std::string> includes;  // -include files in dir (the op's tiling header)
  // Fills the outputs of `t` from its inputs; `t` holds every param of the metadata.
  std::function<void(Tensors& t)> reference;
  double atol = 0, rtol = 0;        // 0, 0: bit-exact in the output dtype
  // Input values (default: uniform in [-2, 2], integers in [-8, 8]).
  std::function<double(std::mt19937& rng, const std::string& param)> input = nullptr;
  // An op_host tiling program (tests/ascendc/host) run as `prog M N K OUT.bin` with the shape of
  // the first input and output; sk_tiling puts its bytes and blockDim into the metadata.
  std::string hostTiling = "";
  std::string arch = "";  // sk_cc --npu-arch and sk_run --arch (default: theirs, dav-2201)
};

// A program of corpus kernels fused by sk_compile: tensors of the same name connect them.
// bind[i] renames params of cases[i] to graph tensor names (sk_compile's op-list "bind"), so a
// kernel whose input is `x` can read another kernel's `z`; params not named keep their names.
struct Fusion {
  std::string name;
  std::vector<std::string> cases;   // Case::name, in launch order
  std::vector<std::map<std::string, std::string>> bind = {};  // per case (may be shorter)
  // The graph name of param `p` of cases[i].
  std::string tensorOf(size_t i, const std::string& p) const {
    if (i < bind.size())
      if (auto it = bind[i].find(p); it != bind[i].end()) return it->second;
    return p;
  }
};

const std::vector<Case>& cases();
// Kernels of the cube API areas added later: img2col (cases_img2col.cpp), the Matmul API's
// UB/TSCM positions, batches and partial sums (cases_matmul_api.cpp).
std::vector<Case> img2colCases();
std::vector<Case> matmulApiCases();
std::vector<Case> advCases();  // the high-level APIs (cases_adv.cpp)
const std::vector<Fusion>& fusions();

// GoogleTest prints a parameter by these (its default is a hex dump of the object).
inline void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }
inline void PrintTo(const Fusion& f, std::ostream* os) { *os << f.name; }

// Host rounding of a value to a dtype ("float16", "bfloat16", "float32", "int32", ...).
double roundTo(const std::string& dtype, double v);

template <typename T> T Tensors::tilingField(size_t offset) const {
  T v{};
  for (size_t i = 0; i < sizeof(T) && offset + i < tiling.size(); ++i) ((uint8_t*)&v)[i] = tiling[offset + i];
  return v;
}

}  // namespace sk::corpus
