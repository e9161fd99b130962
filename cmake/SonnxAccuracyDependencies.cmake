# What sonnx::accuracy needs beyond sonnx::core: Boost.Multiprecision
# (headers), Threads, and the C libraries MPFI, MPFR and GMP.
#
# Used both by the build (src/accuracy/CMakeLists.txt) and by the installed
# package config (sonnx_divConfig.cmake, component `accuracy`), so that the
# exported target names the imported targets sonnx_deps::mpfi, ::mpfr and
# ::gmp and never a library path of the build machine: each consumer finds
# its own copies.
#
# Input:  SONNX_ACCURACY_DEPENDENCIES_REQUIRED  TRUE: stop with an error when
#         something is missing (the build); otherwise stay quiet and report.
# Output: SONNX_ACCURACY_DEPENDENCIES_FOUND     TRUE when all were found
#         SONNX_ACCURACY_DEPENDENCIES_MISSING   what was not found (a list)

set(SONNX_ACCURACY_DEPENDENCIES_MISSING "")
if(SONNX_ACCURACY_DEPENDENCIES_REQUIRED)
  set(_sonnx_required REQUIRED)
else()
  set(_sonnx_required QUIET)
endif()

# Boost.Multiprecision's mpfi/mpfr/gmp backends: headers only.
find_package(Boost ${_sonnx_required})
if(NOT TARGET Boost::headers)
  list(APPEND SONNX_ACCURACY_DEPENDENCIES_MISSING "Boost (headers: set Boost_DIR or CMAKE_PREFIX_PATH)")
endif()
find_package(Threads ${_sonnx_required})
if(NOT TARGET Threads::Threads)
  list(APPEND SONNX_ACCURACY_DEPENDENCIES_MISSING "Threads")
endif()

# sonnx_deps::<name>: library and header of one C library as an imported
# target. <dependency> is the library it links against (MPFI needs MPFR, MPFR
# needs GMP): the order matters when they are static archives.
function(_sonnx_accuracy_import name header dependency)
  string(TOUPPER ${name} upper)
  if(TARGET sonnx_deps::${name})
    return()
  endif()
  find_library(SONNX_${upper}_LIBRARY NAMES ${name} DOC "The ${name} library (for sonnx::accuracy)")
  find_path(SONNX_${upper}_INCLUDE_DIR NAMES ${header} DOC "Where ${header} is (for sonnx::accuracy)")
  mark_as_advanced(SONNX_${upper}_LIBRARY SONNX_${upper}_INCLUDE_DIR)
  if(NOT SONNX_${upper}_LIBRARY OR NOT SONNX_${upper}_INCLUDE_DIR)
    set(what "")
    if(NOT SONNX_${upper}_LIBRARY)
      list(APPEND what "library lib${name}: set SONNX_${upper}_LIBRARY")
    endif()
    if(NOT SONNX_${upper}_INCLUDE_DIR)
      list(APPEND what "header ${header}: set SONNX_${upper}_INCLUDE_DIR")
    endif()
    list(JOIN what " and " what)
    set(SONNX_ACCURACY_DEPENDENCIES_MISSING ${SONNX_ACCURACY_DEPENDENCIES_MISSING}
        "${upper} (${what})" PARENT_SCOPE)
    return()
  endif()
  add_library(sonnx_deps::${name} UNKNOWN IMPORTED)
  set_target_properties(sonnx_deps::${name} PROPERTIES
    IMPORTED_LOCATION "${SONNX_${upper}_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${SONNX_${upper}_INCLUDE_DIR}")
  if(dependency)
    set_property(TARGET sonnx_deps::${name} APPEND PROPERTY INTERFACE_LINK_LIBRARIES sonnx_deps::${dependency})
  endif()
endfunction()

# GMP first: each target's dependency must exist when it is linked.
_sonnx_accuracy_import(gmp gmp.h "")
_sonnx_accuracy_import(mpfr mpfr.h gmp)
_sonnx_accuracy_import(mpfi mpfi.h mpfr)

if(SONNX_ACCURACY_DEPENDENCIES_MISSING)
  set(SONNX_ACCURACY_DEPENDENCIES_FOUND FALSE)
  if(SONNX_ACCURACY_DEPENDENCIES_REQUIRED)
    list(JOIN SONNX_ACCURACY_DEPENDENCIES_MISSING "; " _sonnx_missing)
    message(FATAL_ERROR "sonnx::accuracy: not found: ${_sonnx_missing}")
  endif()
else()
  set(SONNX_ACCURACY_DEPENDENCIES_FOUND TRUE)
endif()
unset(_sonnx_required)
unset(_sonnx_missing)
