// A template kernel selecting 64 combinations (six bool parameters), more than sk_cc instantiates
// together: the object holds the metadata's key's combination only. out[i] = parameter i's value.
#include "kernel_operator.h"
#include "ascendc/host_api/tiling/template_argument.h"

ASCENDC_TPL_ARGS_DECL(TplMany, ASCENDC_TPL_BOOL_DECL(B0, 0, 1), ASCENDC_TPL_BOOL_DECL(B1, 0, 1), ASCENDC_TPL_BOOL_DECL(B2, 0, 1),
                      ASCENDC_TPL_BOOL_DECL(B3, 0, 1), ASCENDC_TPL_BOOL_DECL(B4, 0, 1), ASCENDC_TPL_BOOL_DECL(B5, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_BOOL_SEL(B0, 0, 1), ASCENDC_TPL_BOOL_SEL(B1, 0, 1), ASCENDC_TPL_BOOL_SEL(B2, 0, 1),
                                     ASCENDC_TPL_BOOL_SEL(B3, 0, 1), ASCENDC_TPL_BOOL_SEL(B4, 0, 1), ASCENDC_TPL_BOOL_SEL(B5, 0, 1)));

template <bool B0, bool B1, bool B2, bool B3, bool B4, bool B5>
__global__ __aicore__ void tpl_many(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 6);
  const bool values[6] = {B0, B1, B2, B3, B4, B5};
  for (int32_t i = 0; i < 6; ++i) o.SetValue(i, values[i]);
}
