# Install rules: another CMake project uses `find_package(sonnx_div)` and links
# `sonnx::core`, which needs nothing beyond the C++ standard library.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS sonnx_core EXPORT sonnx_div_targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES
  include/sonnx/status.hpp include/sonnx/element_type.hpp
  include/sonnx/tensor.hpp include/sonnx/div_options.hpp include/sonnx/div.hpp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sonnx)
install(EXPORT sonnx_div_targets NAMESPACE sonnx::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/sonnx_div)
configure_package_config_file(cmake/sonnx_divConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/sonnx_div)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/sonnx_divConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/sonnx_div)
