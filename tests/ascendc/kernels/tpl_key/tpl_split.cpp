// A template kernel declared as generated ops-nn kernels are: the declaration split by
// `#ifdef __CCE_KT_TEST__` (another template for CANN's CPU test build, the real one otherwise)
// and the parameter list written as a macro. y = x * TILES as in tpl_typed.cpp; sk_cc's entry must
// take the declaration and the parameter list the compiler sees.
#include "kernel_operator.h"
#include "scale_copy.h"
#include "ascendc/host_api/tiling/template_argument.h"

ASCENDC_TPL_ARGS_DECL(TplSplit, ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT16, C_DT_FLOAT, ASCENDC_TPL_INPUT(0)),
                      ASCENDC_TPL_UINT_DECL(TILES, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_LIST, 1, 2));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT16, C_DT_FLOAT),
                                     ASCENDC_TPL_UINT_SEL(TILES, ASCENDC_TPL_UI_LIST, 1, 2)));

using namespace AscendC;

#define TPL_SPLIT_PARAMS GM_ADDR x, GM_ADDR y, \
    GM_ADDR workspace, GM_ADDR tiling

#ifdef __CCE_KT_TEST__
template <typename D_T_X>
__global__ __aicore__ void tpl_split(
#else
template <typename D_T_X, int TILES>
__global__ __aicore__ void tpl_split(
#endif
    TPL_SPLIT_PARAMS)
{
  ScaleCopy<D_T_X>(x, y, (D_T_X)(float)TILES);
}
