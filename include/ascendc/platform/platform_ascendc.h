// Host code includes CANN's platform header by this path too; here it is tiling/platform/platform_ascendc.h.
#include "tiling/platform/platform_ascendc.h"
