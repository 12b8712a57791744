# cmake --install: the tools, the public headers, the libraries and a CMake package, so an outside
# project does find_package(SuperKernel) and gets SuperKernel::<library> targets and
# sk_add_kernel() (docs/install.md).
include(CMakePackageConfigHelpers)

set(SK_EXPORTED_LIBRARIES sk_llvm sk_support sk_arch sk_subkernel sk_reuse_analysis sk_linker sk_super_kernel
    sk_sim sk_runtime sk_acl sk_jit sk_ops sk_pkg_model sk_packaging)
foreach(lib ${SK_EXPORTED_LIBRARIES})
  string(REGEX REPLACE "^sk_" "" name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${name})
endforeach()
if(SK_SANITIZE)
  # The libraries of a sanitizer build need the sanitizer runtimes (clang-19's) in whatever links them.
  target_link_options(sk_support INTERFACE "$<INSTALL_INTERFACE:-fsanitize=${SK_SANITIZE}>")
endif()
install(TARGETS ${SK_EXPORTED_LIBRARIES} EXPORT SuperKernelTargets ARCHIVE DESTINATION lib LIBRARY DESTINATION lib)
install(TARGETS sk_cc sk_compile sk_run sk_pkg_tool RUNTIME DESTINATION bin)
# What single-source programs built by an installed sk_cc link (<prefix>/lib/libsk_acl.so).
install(TARGETS sk_acl_shared LIBRARY DESTINATION lib)
install(DIRECTORY ${SK_SOURCE_DIR}/include/ DESTINATION include)
# The op library's binaries and index (sk::ops finds them through $SK_OPS_LIB_DIR once installed).
install(DIRECTORY ${CMAKE_BINARY_DIR}/oplib/ DESTINATION share/superkernel/oplib)

set(SK_CMAKE_INSTALL_DIR lib/cmake/SuperKernel)
install(EXPORT SuperKernelTargets NAMESPACE SuperKernel:: DESTINATION ${SK_CMAKE_INSTALL_DIR})
configure_package_config_file(${SK_SOURCE_DIR}/cmake/SuperKernelConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/SuperKernelConfig.cmake
                              INSTALL_DESTINATION ${SK_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/SuperKernelConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/SuperKernelConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/SuperKernelConfigVersion.cmake
              ${SK_SOURCE_DIR}/cmake/SkKernel.cmake ${SK_SOURCE_DIR}/cmake/WriteKernelMeta.cmake
        DESTINATION ${SK_CMAKE_INSTALL_DIR})

# find_package(ASC) for CANN-style CMake projects (project(... LANGUAGES ASC CXX), docs/sk_cc.md
# "CANN's ASC language"): the language files with sk_cc as the compiler, in the build tree (for
# -DCMAKE_PREFIX_PATH=<build dir>) and installed beside SuperKernel's own package.
set(SK_ASC_MODULES ${SK_SOURCE_DIR}/cmake/asc/CMakeDetermineASCCompiler.cmake ${SK_SOURCE_DIR}/cmake/asc/CMakeASCCompiler.cmake.in
    ${SK_SOURCE_DIR}/cmake/asc/CMakeASCInformation.cmake ${SK_SOURCE_DIR}/cmake/asc/CMakeTestASCCompiler.cmake)
set(SK_ASC_COMPILER "${CMAKE_BINARY_DIR}/bin/sk_cc")
set(SK_ASC_INCLUDE_DIR "${SK_SOURCE_DIR}/include")
set(SK_ASC_ACL_LIBRARY "${CMAKE_BINARY_DIR}/lib/runtime/libsk_acl.so")
set(SK_ASC_ACL_LINK_OPTIONS "")
if(SK_SANITIZE)
  set(SK_ASC_ACL_LINK_OPTIONS "-fsanitize=${SK_SANITIZE}")
endif()
configure_file(${SK_SOURCE_DIR}/cmake/asc/ASCConfig.cmake.in ${CMAKE_BINARY_DIR}/lib/cmake/ASC/ASCConfig.cmake @ONLY)
file(COPY ${SK_ASC_MODULES} DESTINATION ${CMAKE_BINARY_DIR}/lib/cmake/ASC)
# Installed: paths from the config file's own place, <prefix>/lib/cmake/ASC.
set(SK_ASC_COMPILER "\${_sk_asc_prefix}/bin/sk_cc")
set(SK_ASC_INCLUDE_DIR "\${_sk_asc_prefix}/include")
set(SK_ASC_ACL_LIBRARY "\${_sk_asc_prefix}/lib/libsk_acl.so")
configure_file(${SK_SOURCE_DIR}/cmake/asc/ASCConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/install/ASCConfig.cmake @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/install/ASCConfig.cmake ${SK_ASC_MODULES} DESTINATION lib/cmake/ASC)
# CANN's kernel-launch projects include <package>/tools/tikcpp/ascendc_kernel_cmake/ascendc.cmake
# (or compiler/...): the same file in both places, build tree and install.
foreach(_sk_kernel_cmake tools compiler)
  file(COPY ${SK_SOURCE_DIR}/cmake/asc/ascendc.cmake DESTINATION ${CMAKE_BINARY_DIR}/${_sk_kernel_cmake}/tikcpp/ascendc_kernel_cmake)
  install(FILES ${SK_SOURCE_DIR}/cmake/asc/ascendc.cmake DESTINATION ${_sk_kernel_cmake}/tikcpp/ascendc_kernel_cmake)
endforeach()
unset(_sk_kernel_cmake)
