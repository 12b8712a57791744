// CANN's graph header as op_host tiling sources include it for ge::Shape (the shape type the
// high-level API tiling functions take): here ge::Shape is AscendC::TensorShape, from the host
// tiling library.
#ifndef SK_ASCENDC_GRAPH_TENSOR_H
#define SK_ASCENDC_GRAPH_TENSOR_H
#include "tiling/tiling_api.h"
#endif /* SK_ASCENDC_GRAPH_TENSOR_H */
