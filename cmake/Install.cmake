# Install rules: another CMake project uses `find_package(sonnx_div)` and links
# `sonnx::core`, which needs nothing beyond the C++ standard library; with
# `find_package(sonnx_div COMPONENTS accuracy)` it also gets `sonnx::accuracy`
# (the unit-verification scenarios: Boost, MPFI, MPFR, GMP, Threads).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(SONNX_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/sonnx_div)

install(TARGETS sonnx_core EXPORT sonnx_div_targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES
  include/sonnx/status.hpp include/sonnx/element_type.hpp
  include/sonnx/tensor.hpp include/sonnx/div_options.hpp include/sonnx/div.hpp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sonnx)
install(EXPORT sonnx_div_targets NAMESPACE sonnx::
  DESTINATION ${SONNX_INSTALL_CMAKEDIR})

# The accuracy component: its own export set, so that a core-only consumer
# never loads a target that names Boost or MPFI. Absent when the build has
# no sonnx_accuracy (SONNX_BUILD_TOOLS=OFF); the config file then says so
# when the component is requested.
if(TARGET sonnx_accuracy)
  # sonnx::parallel, the worker pool the scenarios run on: linked privately,
  # but a static library's consumers link its archive too.
  install(TARGETS sonnx_accuracy sonnx_parallel EXPORT sonnx_div_accuracy_targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  # The whole directory, so headers added later are installed too.
  install(DIRECTORY include/sonnx/accuracy/
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sonnx/accuracy
    FILES_MATCHING PATTERN "*.hpp")
  install(EXPORT sonnx_div_accuracy_targets NAMESPACE sonnx::
    DESTINATION ${SONNX_INSTALL_CMAKEDIR})
  # Finds Boost, Threads, MPFI, MPFR, GMP on the consumer's machine.
  install(FILES cmake/SonnxAccuracyDependencies.cmake
    DESTINATION ${SONNX_INSTALL_CMAKEDIR})
endif()

configure_package_config_file(cmake/sonnx_divConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfig.cmake
  INSTALL_DESTINATION ${SONNX_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfigVersion.cmake
  DESTINATION ${SONNX_INSTALL_CMAKEDIR})

# The man page of the command, beside it: `man sonnx-div` after the install
# (docs/CMakeLists.txt configures it with the project's version).
if(TARGET sonnx-div)
  install(FILES ${SONNX_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
