# CANN's kernel-launch CMake entry: samples include ${ASCENDC_CMAKE_DIR}/ascendc.cmake, where
# ASCENDC_CMAKE_DIR is <ASCEND_CANN_PACKAGE_PATH>/tools/tikcpp/ascendc_kernel_cmake (or compiler/...).
# With ASCEND_CANN_PACKAGE_PATH set to SuperKernel's build or install directory, this file is
# found there: it enables the ASC language with sk_cc and brings ascendc_library (ASCConfig.cmake).
include("${CMAKE_CURRENT_LIST_DIR}/../../../lib/cmake/ASC/ASCConfig.cmake")
enable_language(ASC)
