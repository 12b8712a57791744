// Kernels include this header of CANN's by name. It declares host-side op definitions; device code
// uses nothing from it.
