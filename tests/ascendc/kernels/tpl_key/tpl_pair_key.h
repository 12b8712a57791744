// The tiling-key table of tpl_pair (named, as ops-nn names its Ascend 950 tables, after the op
// with a suffix), followed by a table of yet another op: a translation unit with three.
#ifndef TPL_PAIR_KEY_H
#define TPL_PAIR_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

ASCENDC_TPL_ARGS_DECL(TplPairArch35, ASCENDC_TPL_UINT_DECL(TILES, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 2, 3));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(TILES, ASCENDC_TPL_UI_LIST, 2, 3)));

ASCENDC_TPL_ARGS_DECL(OtherOp, ASCENDC_TPL_BOOL_DECL(FLAG, 0, 1), ASCENDC_TPL_BOOL_DECL(MORE, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_BOOL_SEL(FLAG, 0, 1), ASCENDC_TPL_BOOL_SEL(MORE, 0)));
#endif
