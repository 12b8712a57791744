// A template kernel selecting 512 combinations (nine bool parameters): sk_cc instantiates the
// metadata's key's only. out[i] = parameter i's value.
#include "kernel_operator.h"
#include "ascendc/host_api/tiling/template_argument.h"

#define TPL_MANY_DECL(x) ASCENDC_TPL_BOOL_DECL(x, 0, 1)
#define TPL_MANY_SEL(x) ASCENDC_TPL_BOOL_SEL(x, 0, 1)
ASCENDC_TPL_ARGS_DECL(TplMany, TPL_MANY_DECL(B0), TPL_MANY_DECL(B1), TPL_MANY_DECL(B2), TPL_MANY_DECL(B3), TPL_MANY_DECL(B4),
                      TPL_MANY_DECL(B5), TPL_MANY_DECL(B6), TPL_MANY_DECL(B7), TPL_MANY_DECL(B8));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(TPL_MANY_SEL(B0), TPL_MANY_SEL(B1), TPL_MANY_SEL(B2), TPL_MANY_SEL(B3), TPL_MANY_SEL(B4),
                                     TPL_MANY_SEL(B5), TPL_MANY_SEL(B6), TPL_MANY_SEL(B7), TPL_MANY_SEL(B8)));

template <bool B0, bool B1, bool B2, bool B3, bool B4, bool B5, bool B6, bool B7, bool B8>
__global__ __aicore__ void tpl_many(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 9);
  const bool values[9] = {B0, B1, B2, B3, B4, B5, B6, B7, B8};
  for (int32_t i = 0; i < 9; ++i) o.SetValue(i, values[i]);
}
