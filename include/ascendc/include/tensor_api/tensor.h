// The Tensor API by the path cann-samples include it with.
#pragma once
#include "sk_ascendc/tensor_api.h"
