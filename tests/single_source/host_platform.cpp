// Host code built by the C++ compiler that includes CANN's platform header by the path CANN
// installs it under ("tiling/platform/platform_ascendc.h"), found through the `platform` target
// it links (cmake_project): prints the AI core counts of the arch it runs on.
#include <cstdio>

#include "tiling/platform/platform_ascendc.h"

int main() {
  auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
  uint32_t aic = platform->GetCoreNumAic(), aiv = platform->GetCoreNumAiv();
  std::printf("host_platform: %u AIC, %u AIV\n", aic, aiv);
  return aic > 0 && aiv >= aic ? 0 : 1;
}
