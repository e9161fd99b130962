# Script behind the package_* tests: installs this build into a scratch
# prefix, then configures, builds and runs one consumer project against it.
#   -DCONSUMER=<dir>            the project tests/package/<dir>; its program has the same name
#   -DCORE_ONLY=ON              the consumer's cache must show that the package looked for
#                               none of the accuracy component's dependencies
#   -DDROP_ACCURACY=ON          remove the accuracy export from the prefix first, as an
#                               install from a SONNX_BUILD_TOOLS=OFF build lacks it
#   -DEXPECT_NOT_FOUND=<regex>  the consumer's configure must fail with a message matching it
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${prefix}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install failed")
endif()
if(DROP_ACCURACY)
  file(GLOB_RECURSE dropped ${prefix}/sonnx_div_accuracy_targets*.cmake ${prefix}/SonnxAccuracyDependencies.cmake)
  if(NOT dropped)
    message(FATAL_ERROR "no accuracy export in ${prefix} to drop")
  endif()
  file(REMOVE ${dropped})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/package/${CONSUMER} -B ${WORK_DIR}/build
                -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX}
                "-DCMAKE_CXX_FLAGS=${FLAGS}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}${err}")
if(DEFINED EXPECT_NOT_FOUND)
  if(rc EQUAL 0)
    message(FATAL_ERROR "consumer configure succeeded; expected it to fail with: ${EXPECT_NOT_FOUND}")
  endif()
  if(NOT err MATCHES "${EXPECT_NOT_FOUND}")
    message(FATAL_ERROR "consumer configure failed without the expected message: ${EXPECT_NOT_FOUND}")
  endif()
  return()
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer configure failed")
endif()
if(CORE_ONLY)
  # find_package(sonnx_div) without the accuracy component must not look for
  # Boost, Threads, MPFI, MPFR or GMP: each search would leave a cache entry.
  file(STRINGS ${WORK_DIR}/build/CMakeCache.txt found
       REGEX "^(Boost_DIR|SONNX_(MPFI|MPFR|GMP)_[A-Z_]+|CMAKE_HAVE_LIBC_PTHREAD)[:=]")
  if(found)
    message(FATAL_ERROR "the core-only consumer looked for accuracy dependencies: ${found}")
  endif()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer build failed")
endif()
execute_process(COMMAND ${WORK_DIR}/build/${CONSUMER} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer run failed")
endif()
