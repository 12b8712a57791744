# sk_add_kernel(NAME SOURCES a.cpp [b.cpp ...] [META meta.json] [FLAGS ...] [ARCH dav-2201|dav-3510] [DEPENDS headers...]
#               [OUTPUT_DIR dir] [TARGET t] [CLANG])
#
# Compiles kernel sources with sk_cc (docs/sk_cc.md) into <dir>/NAME.o and writes <dir>/NAME.json:
# the META file with "sha256" of the object filled in. FLAGS are sk_cc options (-D, -I, -include,
# -O, -std=). Several sources are compiled one by one and linked with ld.lld-19 -r.
# CLANG: compile with clang-19 and the compile contract flags directly, FLAGS passed to clang
# (for test objects that break the contract on purpose). DEPENDS: files the sources include that
# are not among the AscendC and dialect headers (a change rebuilds the kernel).
# Creates the target TARGET (default NAME; ALL) and sets NAME_OBJECT / NAME_JSON in the parent scope.
find_program(SK_LLD NAMES ld.lld-19 HINTS /usr/lib/llvm-19/bin REQUIRED)
find_program(SK_DEVICE_CC NAMES clang-19 HINTS /usr/lib/llvm-19/bin REQUIRED)
# In the source tree: include/ and cmake/ of the checkout; installed: set by SuperKernelConfig.cmake.
if(NOT SK_KERNEL_INCLUDE_DIR)
  set(SK_KERNEL_INCLUDE_DIR ${CMAKE_CURRENT_LIST_DIR}/../include)
endif()
if(NOT SK_KERNEL_CMAKE_DIR)
  set(SK_KERNEL_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})
endif()
set(SK_KERNEL_CLANG_FLAGS -O2 -fPIC -fno-exceptions -fno-rtti -std=c++17 CACHE STRING
    "clang-19 flags of sk_add_kernel(... CLANG)")

function(sk_add_kernel NAME)
  cmake_parse_arguments(K "CLANG" "META;OUTPUT_DIR;TARGET;ARCH" "SOURCES;FLAGS;DEPENDS" ${ARGN})
  if(NOT K_TARGET)
    set(K_TARGET ${NAME})
  endif()
  if(NOT K_SOURCES)
    message(FATAL_ERROR "sk_add_kernel(${NAME}): SOURCES is required")
  endif()
  if(NOT K_OUTPUT_DIR)
    set(K_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  # sk_cc: the installed tool (SuperKernelConfig.cmake sets SK_CC_EXECUTABLE), else the target of
  # SuperKernel's own build (resolved when the build files are generated).
  if(SK_CC_EXECUTABLE)
    set(cc ${SK_CC_EXECUTABLE})
  else()
    set(cc sk_cc)
  endif()
  file(GLOB_RECURSE headers ${SK_KERNEL_INCLUDE_DIR}/sk/*.h ${SK_KERNEL_INCLUDE_DIR}/ascendc/*.h)
  get_filename_component(meta "${K_META}" ABSOLUTE)
  list(LENGTH K_SOURCES n)
  set(obj ${K_OUTPUT_DIR}/${NAME}.o)
  set(parts "")
  foreach(src ${K_SOURCES})
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(stem ${src} NAME_WE)
    if(n EQUAL 1)
      set(out ${obj})
    else()
      set(out ${CMAKE_CURRENT_BINARY_DIR}/${K_TARGET}.dir/${stem}.o)
    endif()
    if(K_CLANG)
      set(compile ${SK_DEVICE_CC} -c ${SK_KERNEL_CLANG_FLAGS} ${K_FLAGS} -I${SK_KERNEL_INCLUDE_DIR} ${abs} -o ${out})
      set(tool "")
    else()
      set(compile ${cc} ${K_FLAGS} -c ${abs} -o ${out})
      if(K_ARCH)
        list(INSERT compile 1 --npu-arch=${K_ARCH})
      endif()
      if(K_META AND n EQUAL 1)
        list(INSERT compile 1 --meta ${meta})
      endif()
      set(tool ${cc})
    endif()
    add_custom_command(
      OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${K_OUTPUT_DIR} ${CMAKE_CURRENT_BINARY_DIR}/${K_TARGET}.dir
      COMMAND ${compile}
      DEPENDS ${abs} ${headers} ${tool} ${meta} ${K_DEPENDS}
      COMMENT "Compiling kernel ${NAME}: ${src}"
      VERBATIM)
    list(APPEND parts ${out})
  endforeach()
  if(NOT n EQUAL 1)
    add_custom_command(OUTPUT ${obj} COMMAND ${SK_LLD} -r ${parts} -o ${obj} DEPENDS ${parts}
                       COMMENT "Linking kernel ${NAME}" VERBATIM)
  endif()
  set(outputs ${obj})
  if(K_META)
    set(json ${K_OUTPUT_DIR}/${NAME}.json)
    add_custom_command(
      OUTPUT ${json}
      COMMAND ${CMAKE_COMMAND} -DMETA=${meta} -DOBJ=${obj} -DOUT=${json} -P ${SK_KERNEL_CMAKE_DIR}/WriteKernelMeta.cmake
      DEPENDS ${meta} ${obj} ${SK_KERNEL_CMAKE_DIR}/WriteKernelMeta.cmake
      COMMENT "Writing kernel metadata ${NAME}.json"
      VERBATIM)
    list(APPEND outputs ${json})
    set(${NAME}_JSON ${json} PARENT_SCOPE)
  endif()
  add_custom_target(${K_TARGET} ALL DEPENDS ${outputs})
  set(${NAME}_OBJECT ${obj} PARENT_SCOPE)
endfunction()
