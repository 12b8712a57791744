# sk_cc is checked by running it (a try_compile would need a whole program and the runtime).
execute_process(COMMAND "${CMAKE_ASC_COMPILER}" --version RESULT_VARIABLE _sk_asc_rc OUTPUT_VARIABLE _sk_asc_version
                ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT _sk_asc_rc EQUAL 0)
  message(FATAL_ERROR "The ASC compiler ${CMAKE_ASC_COMPILER} does not run (sk_cc --version exited ${_sk_asc_rc})")
endif()
message(STATUS "The ASC compiler: ${_sk_asc_version}")
set(CMAKE_ASC_COMPILER_WORKS TRUE CACHE INTERNAL "")
unset(_sk_asc_rc)
unset(_sk_asc_version)
