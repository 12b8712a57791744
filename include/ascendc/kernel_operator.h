// SuperKernel's AscendC headers: `#include "kernel_operator.h"` as in any AscendC kernel. Written
// from the public AscendC API reference; docs/ascendc.md lists what is supported and where the
// simulated NPU differs. Compile kernels with sk_cc, which sets the arch and core-type macros.
#ifndef SK_ASCENDC_KERNEL_OPERATOR_H
#define SK_ASCENDC_KERNEL_OPERATOR_H

#include "kernel_tiling/kernel_tiling.h"
#include "sk_ascendc/adv_activation.h"
#include "sk_ascendc/adv_elementwise.h"
#include "sk_ascendc/adv_filter.h"
#include "sk_ascendc/adv_math.h"
#include "sk_ascendc/adv_norm.h"
#include "sk_ascendc/adv_quant.h"
#include "sk_ascendc/adv_random.h"
#include "sk_ascendc/adv_reduce.h"
#include "sk_ascendc/adv_sort.h"
#include "sk_ascendc/adv_transform.h"
#include "sk_ascendc/base.h"
#include "sk_ascendc/cce.h"
#include "sk_ascendc/compare.h"
#include "sk_ascendc/cube.h"
#include "sk_ascendc/data_copy.h"
#include "sk_ascendc/debug.h"
#include "sk_ascendc/flexible_scalar.h"
#include "sk_ascendc/layout.h"
#include "sk_ascendc/list_tensor.h"
#include "sk_ascendc/pipe.h"
#include "sk_ascendc/reduce.h"
#include "sk_ascendc/reg.h"
#include "sk_ascendc/scalar.h"
#include "sk_ascendc/scalar_atomic.h"
#include "sk_ascendc/sort.h"
#include "sk_ascendc/super_kernel.h"
#include "sk_ascendc/sync.h"
#include "sk_ascendc/tensor.h"
#include "sk_ascendc/tiling.h"
#include "sk_ascendc/vector.h"

#endif /* SK_ASCENDC_KERNEL_OPERATOR_H */
