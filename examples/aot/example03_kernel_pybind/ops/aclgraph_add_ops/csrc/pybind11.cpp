// op_extension._op_extension: add_custom as a Python op on superkernel tensors (what the seed's
// pybind11.asc registers as a torch op). The kernel is the one sk_cc compiled for the arch this
// extension was built for (op_extension/add_custom.o); it launches through the superkernel
// package's runtime, so eager calls and the package's scopes share one device.
#include <pybind11/pybind11.h>

#include <string>

namespace py = pybind11;

namespace {

constexpr int kBlockDim = 8;      // add_custom.json's blockDim
constexpr int kTileLength = 256;  // elements per tile (add_custom.asc's double-buffered tiles)

std::string& kernelPath() {
  static std::string path;
  return path;
}

// z = x + y on the device, x and y float16 superkernel tensors of one shape.
py::object addCustom(const py::object& x, const py::object& y) {
  py::module_ sk = py::module_::import("superkernel");
  py::module_ np = py::module_::import("numpy");
  if (!py::isinstance(x, sk.attr("Tensor")) || !py::isinstance(y, sk.attr("Tensor")))
    throw py::type_error("add_custom: x and y must be superkernel.Tensor");
  if (x.attr("dtype").cast<std::string>() != "float16" || y.attr("dtype").cast<std::string>() != "float16")
    throw py::value_error("add_custom: x and y must be float16");
  if (!x.attr("shape").equal(y.attr("shape"))) throw py::value_error("add_custom: x and y must have one shape");
  int64_t n = x.attr("nbytes").cast<int64_t>() / 2;
  if (n == 0 || n % (kBlockDim * kTileLength))
    throw py::value_error("add_custom: the element count must be a positive multiple of " +
                          std::to_string(kBlockDim * kTileLength) + " (8 blocks of 256-element tiles), not " +
                          std::to_string(n));
  if (kernelPath().empty()) throw py::value_error("add_custom: no kernel: import op_extension, not its _op_extension");
  py::object z = sk.attr("empty")(x.attr("shape"), "float16");
  py::object lengths = np.attr("array")(py::make_tuple(n, kTileLength), "uint32");
  py::object tiling = sk.attr("tensor")(lengths.attr("view")("uint8"), py::arg("dtype") = "uint8");
  py::object binary = sk.attr("Binary")(kernelPath());
  binary.attr("function")("add_custom").attr("launch")(kBlockDim, py::make_tuple(x, y, z, py::none(), tiling));
  sk.attr("synchronize")();  // the tiling buffer goes when this returns
  return z;
}

}  // namespace

PYBIND11_MODULE(_op_extension, m) {
  m.doc() = "add_custom, an AscendC op compiled by sk_cc, as a Python op";
  m.def("add_custom", &addCustom, py::arg("x"), py::arg("y"), "z = x + y (float16)");
  m.def("_set_kernel", [](const std::string& path) { kernelPath() = path; });
}
