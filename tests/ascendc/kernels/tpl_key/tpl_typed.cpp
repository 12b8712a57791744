// A template kernel whose element type is a tiling-key parameter declared with
// ASCENDC_TPL_DATATYPE_DECL, as CANN's tiling-template guide and ops-nn's activation ops write it:
// `template <typename D_T_X, ...>`. y = x * TILES; sk_cc's entry passes the type of the key's
// C_DT_ code for D_T_X and the value for TILES.
#include "kernel_operator.h"
#include "scale_copy.h"
#include "ascendc/host_api/tiling/template_argument.h"

ASCENDC_TPL_ARGS_DECL(TplTyped, ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT16, C_DT_FLOAT, ASCENDC_TPL_INPUT(0)),
                      ASCENDC_TPL_UINT_DECL(TILES, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_LIST, 1, 2));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT16, C_DT_FLOAT),
                                     ASCENDC_TPL_UINT_SEL(TILES, ASCENDC_TPL_UI_LIST, 1, 2)));

using namespace AscendC;

template <typename D_T_X, int TILES>
__global__ __aicore__ void tpl_typed(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  ScaleCopy<D_T_X>(x, y, (D_T_X)(float)TILES);
}
