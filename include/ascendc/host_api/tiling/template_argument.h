// The path kernels and op_host code include (CANN's host_api layout); the definitions are in
// tiling/template_argument.h.
#include "tiling/template_argument.h"
