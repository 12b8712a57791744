// The tiling-key parameters of tpl_scale (tiling templates, as CANN's op samples declare them):
// the element type, the number of tiles (range 1-2 and the values 4, 8) and a sign flag; the
// combinations the op uses.
#ifndef TPL_SCALE_KEY_H
#define TPL_SCALE_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

#define TPL_SCALE_FP16 10
#define TPL_SCALE_FP32 20

// TPL_SCALE_KEY_IN_NAMESPACE: the tables in a namespace of the op's own, as ops-nn's
// quant_batch_matmul_v3 declares them (the corpus case tpl_scale_key_in_namespace).
#ifdef TPL_SCALE_KEY_IN_NAMESPACE
namespace TplScaleKey {
#endif
ASCENDC_TPL_ARGS_DECL(TplScale,
                      ASCENDC_TPL_DTYPE_DECL(D_T, TPL_SCALE_FP16, TPL_SCALE_FP32),
                      ASCENDC_TPL_UINT_DECL(TILES, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_MIX, 1, 1, 2, 4, 8),
                      ASCENDC_TPL_BOOL_DECL(NEG, 0, 1), );
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, TPL_SCALE_FP16),
                                     ASCENDC_TPL_UINT_SEL(TILES, ASCENDC_TPL_UI_RANGE, 1, 1, 2),
                                     ASCENDC_TPL_BOOL_SEL(NEG, 0, 1),
                                     ASCENDC_TPL_TILING_STRUCT_SEL(TplScaleTiling)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, TPL_SCALE_FP32),
                                     ASCENDC_TPL_UINT_SEL(TILES, ASCENDC_TPL_UI_LIST, 4, 8),
                                     ASCENDC_TPL_BOOL_SEL(NEG, 0, 1),
                                     ASCENDC_TPL_TILING_STRUCT_SEL(TplScaleTiling)));
#ifdef TPL_SCALE_KEY_IN_NAMESPACE
}  // namespace TplScaleKey
#endif
#endif
