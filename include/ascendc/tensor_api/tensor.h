// The Tensor API (AscendC::Te): sk_ascendc/tensor_api.h.
#pragma once
#include "sk_ascendc/tensor_api.h"
