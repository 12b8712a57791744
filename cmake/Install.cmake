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
