// The op_host side of matmul_api, as a CANN op's host tiling function is written: the host
// tiling library picks the multi-core split and the Matmul's base blocks for c = a x b^T (half
// in and out) on every AIC, and the tiling struct's bytes go to a file (the runtime's
// TilingData buffer), with the launch's blockDim on stdout:
//   matmul_api_host_tiling M N K OUT.bin
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "matmul_api_tiling.h"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s M N K OUT.bin\n", argv[0]);
    return 2;
  }
  int32_t m = std::atoi(argv[1]), n = std::atoi(argv[2]), k = std::atoi(argv[3]);
  auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
  matmul_tiling::MultiCoreMatmulTiling tiler(*platform);
  using matmul_tiling::CubeFormat;
  using matmul_tiling::TPosition;
  tiler.SetDim((int32_t)platform->GetCoreNumAic());
  tiler.SetAType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  tiler.SetBType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16, true);
  tiler.SetCType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  tiler.SetShape(m, n, k);
  tiler.SetOrgShape(m, n, k);
  tiler.SetBias(false);
  tiler.SetBufferSpace(-1, -1, -1);
  optiling::MatmulApiTilingData tiling;
  if (tiler.GetTiling(tiling.cubeTilingData) == -1) {
    std::fprintf(stderr, "matmul_api_host_tiling: no legal tiling for %d x %d x %d\n", m, n, k);
    return 1;
  }
  std::vector<uint8_t> bytes(tiling.GetDataSize());
  tiling.SaveToBuffer(bytes.data(), bytes.size());
  FILE* f = std::fopen(argv[4], "wb");
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "matmul_api_host_tiling: cannot write %s\n", argv[4]);
    return 1;
  }
  std::printf("%d\n", tiling.cubeTilingData.get_usedCoreNum());
  return 0;
}
