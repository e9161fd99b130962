# Configures and builds one of the other builds of tests/targets/CMakeLists.txt
# (a ctest fixture): cmake -DSOURCE=... -DBINARY=... -DGENERATOR=... -DARGS=a|b|c -P build_target.cmake
string(REPLACE "|" ";" _args "${ARGS}")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G ${GENERATOR} ${_args}
                RESULT_VARIABLE _configured)
if(NOT _configured EQUAL 0)
  message(FATAL_ERROR "configuring ${BINARY} failed (${_configured})")
endif()
cmake_host_system_information(RESULT _cores QUERY NUMBER_OF_LOGICAL_CORES)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} -j ${_cores} RESULT_VARIABLE _built)
if(NOT _built EQUAL 0)
  message(FATAL_ERROR "building ${BINARY} failed (${_built})")
endif()
