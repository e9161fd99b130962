# Warning and floating-point flags shared by every target of the project.
# IEEE semantics are never relaxed: no fast-math, no FP contraction.
set(SONNX_WARNING_FLAGS -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow)
if(SONNX_WERROR)
  list(APPEND SONNX_WARNING_FLAGS -Werror)
endif()
set(SONNX_FP_FLAGS -ffp-contract=off -fno-fast-math)

separate_arguments(_sonnx_arch UNIX_COMMAND "${SONNX_ARCH_FLAGS}")
add_compile_options(${_sonnx_arch} ${SONNX_FP_FLAGS})

if(SONNX_SANITIZE)
  add_compile_options(-fsanitize=${SONNX_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${SONNX_SANITIZE})
endif()
# Atomic counter updates: the campaign tests run the core on several threads,
# and racing counters give gcov inconsistent counts that gcovr rejects.
if(SONNX_COVERAGE)
  add_compile_options(--coverage -fprofile-update=atomic -O0 -fno-inline)
  add_link_options(--coverage -fprofile-update=atomic)
endif()
if(SONNX_MCDC)
  add_compile_options(-fprofile-instr-generate -fcoverage-mapping -fcoverage-mcdc -fprofile-update=atomic)
  add_link_options(-fprofile-instr-generate -fcoverage-mapping)
endif()

# Strict warnings for the project's own targets.
function(sonnx_strict target)
  target_compile_options(${target} PRIVATE ${SONNX_WARNING_FLAGS})
endfunction()
