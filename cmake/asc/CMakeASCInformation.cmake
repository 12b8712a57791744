# How CMake compiles and links ASC (docs/sk_cc.md "CANN's ASC language"): each .asc source becomes a host object
# with its kernels embedded (sk_cc --program-object); executables and shared libraries are
# linked by sk_cc, which adds libsk_acl (the ACL runtime over the simulated NPU).
set(CMAKE_INCLUDE_FLAG_ASC "-I")
set(CMAKE_INCLUDE_SYSTEM_FLAG_ASC "-isystem ")
set(CMAKE_ASC_COMPILE_OPTIONS_PIC "-fPIC")
set(CMAKE_SHARED_LIBRARY_ASC_FLAGS "-fPIC")
set(CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS "-shared")
set(CMAKE_SHARED_LIBRARY_SONAME_ASC_FLAG "-Wl,-soname,")
set(CMAKE_SHARED_LIBRARY_RUNTIME_ASC_FLAG "-Wl,-rpath,")
set(CMAKE_SHARED_LIBRARY_RUNTIME_ASC_FLAG_SEP ":")
set(CMAKE_EXECUTABLE_RUNTIME_ASC_FLAG "-Wl,-rpath,")
set(CMAKE_EXECUTABLE_RUNTIME_ASC_FLAG_SEP ":")
set(CMAKE_SHARED_LIBRARY_RPATH_LINK_ASC_FLAG "-Wl,-rpath-link,")
set(CMAKE_ASC_FLAGS_INIT "")
set(CMAKE_ASC_FLAGS_DEBUG_INIT "-O0")
set(CMAKE_ASC_FLAGS_RELEASE_INIT "-O2")
set(CMAKE_ASC_FLAGS_RELWITHDEBINFO_INIT "-O2")
set(CMAKE_ASC_FLAGS_MINSIZEREL_INIT "-Os")
include(CMakeCommonLanguageInclude)

set(CMAKE_ASC_COMPILE_OBJECT
    "<CMAKE_ASC_COMPILER> <DEFINES> <INCLUDES> <FLAGS> --program-object -c <SOURCE> -o <OBJECT>")
set(CMAKE_ASC_LINK_EXECUTABLE
    "<CMAKE_ASC_COMPILER> <FLAGS> <CMAKE_ASC_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
set(CMAKE_ASC_CREATE_SHARED_LIBRARY
    "<CMAKE_ASC_COMPILER> -shared <CMAKE_SHARED_LIBRARY_ASC_FLAGS> <LINK_FLAGS> <SONAME_FLAG><TARGET_SONAME> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
set(CMAKE_ASC_CREATE_SHARED_MODULE "${CMAKE_ASC_CREATE_SHARED_LIBRARY}")
set(CMAKE_ASC_ARCHIVE_CREATE "<CMAKE_AR> qc <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_APPEND "<CMAKE_AR> q <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_FINISH "<CMAKE_RANLIB> <TARGET>")

# The CANN libraries samples link (tiling, platform, graph, logging, the ACL runtime and what
# CATLASS's examples add: the AscendC runtime, profiling, OS abstraction, dump, error manager,
# driver): their parts SuperKernel has are in sk_cc's headers and libsk_acl, so they are empty
# here; ascendcl (also for a host target built by the C++ compiler) is libsk_acl with acl/acl.h.
foreach(_sk_asc_lib tiling_api register platform graph_base unified_dlog ascendalog graph ge_runner acl_rtc
                    runtime nnopbase opapi c_sec ascendc_runtime profapi mmpa ascend_dump error_manager ascend_hal
                    msprofiler)
  if(NOT TARGET ${_sk_asc_lib})
    add_library(${_sk_asc_lib} INTERFACE IMPORTED GLOBAL)
  endif()
endforeach()
# Host code of a sample that links the tiling or platform library includes their headers
# ("tiling/platform/platform_ascendc.h"), which CANN installs under its host include folders.
foreach(_sk_asc_lib tiling_api platform register)
  set_property(TARGET ${_sk_asc_lib} APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${SK_ASC_INCLUDE_DIR}/ascendc")
endforeach()
unset(_sk_asc_lib)
if(NOT TARGET ascendcl AND SK_ASC_ACL_LIBRARY)
  add_library(ascendcl SHARED IMPORTED GLOBAL)
  set_target_properties(ascendcl PROPERTIES IMPORTED_LOCATION "${SK_ASC_ACL_LIBRARY}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${SK_ASC_INCLUDE_DIR}"
                                            INTERFACE_LINK_OPTIONS "${SK_ASC_ACL_LINK_OPTIONS}")
endif()
set(CMAKE_ASC_INFORMATION_LOADED 1)
