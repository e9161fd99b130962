# One deterministic libFuzzer run, the ctest command of every fuzz target:
#   cmake -DFUZZER=<binary> -DWORK=<dir> -DSEEDS=<dir> -DFLAGS=<flag;flag;...> [-DDICT=<file>]
#         -P run_fuzzer.cmake
# Starts from an empty working corpus (WORK/corpus, deleted first, so that a
# second run is the same as the first), reads the committed seeds (SEEDS,
# never written), logs libFuzzer's output to WORK/fuzzer.log and prints its
# final statistics. Fails when libFuzzer fails (a crash, a leak, a timeout,
# an out-of-memory input: it exits non-zero and writes a reproducer) or when
# WORK/artifacts holds any reproducer (crash-, leak-, timeout-, oom-*). A
# slow-unit-* file (an input slower than -report_slow_units, a matter of
# the machine's load) is listed but fails nothing: no verdict depends on time.
foreach(var FUZZER WORK SEEDS FLAGS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzzer.cmake: -D${var}=... is missing")
  endif()
endforeach()

# Reproducible figures (executions, edges, features, new units), not only
# verdicts. libFuzzer's mutations take operands from the comparisons the
# code makes (-use_cmp), pointers among them, so the addresses must be the
# same on every run: no address-space randomization (setarch -R), and the
# same environment and arguments, which sit at the top of the stack (env -i
# with a fixed PATH; the fuzzer runs in WORK with relative paths, the same
# in every checkout, since the preset puts the build in <source>/build/fuzz).
# -reload=0 (in FLAGS) stops libFuzzer from rereading its corpus once a
# second, a time-driven input. The flags come from CMakeLists.txt.
find_program(SETARCH setarch)
find_program(ENV_PROGRAM env)
# The targets that work on files make their private directory under
# SONNX_FUZZ_TMPDIR (fuzz_private_directory.hpp): here a directory of this
# run on tmpfs (/dev/shm, or under $SONNX_FUZZ_TMPDIR when set), named by a
# hash of WORK (the same length in every checkout) and removed afterwards,
# so that a crashing run leaves nothing behind.
string(MD5 key "${WORK}")
if(DEFINED ENV{SONNX_FUZZ_TMPDIR})
  set(scratch "$ENV{SONNX_FUZZ_TMPDIR}/sonnx-fuzz-${key}")
elseif(IS_DIRECTORY /dev/shm)
  set(scratch /dev/shm/sonnx-fuzz-${key})
else()
  set(scratch ${WORK}/scratch)
endif()
set(launcher)
if(ENV_PROGRAM)
  set(launcher ${ENV_PROGRAM} -i PATH=/usr/bin:/bin SONNX_FUZZ_TMPDIR=${scratch})
endif()
if(SETARCH)
  list(APPEND launcher ${SETARCH} -R)
endif()
if(NOT SETARCH OR NOT ENV_PROGRAM)
  message(WARNING "setarch or env not found: addresses may differ from run to run, and so may the figures "
    "(the verdict does not)")
endif()

file(RELATIVE_PATH fuzzer ${WORK} ${FUZZER})
file(RELATIVE_PATH seeds ${WORK} ${SEEDS})
set(flags ${FLAGS})
if(DICT)
  file(RELATIVE_PATH dict ${WORK} ${DICT})
  list(APPEND flags -dict=${dict})
endif()

file(REMOVE_RECURSE ${WORK} ${scratch})
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts ${scratch})
execute_process(
  COMMAND ${launcher} ${fuzzer} ${flags} -artifact_prefix=artifacts/ corpus ${seeds}
  WORKING_DIRECTORY ${WORK}
  OUTPUT_FILE ${WORK}/fuzzer.log
  ERROR_FILE ${WORK}/fuzzer.log
  RESULT_VARIABLE status)
file(REMOVE_RECURSE ${scratch})

file(STRINGS ${WORK}/fuzzer.log stats REGEX "^(stat::|Done |INFO: Seed:|#[0-9]+\tDONE )")
foreach(line IN LISTS stats)
  message("${line}")
endforeach()
file(GLOB reproducers ${WORK}/artifacts/*)
list(FILTER reproducers EXCLUDE REGEX "/slow-unit-[^/]*$")
file(GLOB slow ${WORK}/artifacts/slow-unit-*)
if(slow)
  message("slow units (not a failure): ${slow}")
endif()
if(NOT status EQUAL 0 OR reproducers)
  file(READ ${WORK}/fuzzer.log log)
  string(LENGTH "${log}" length)
  if(length GREATER 20000)
    math(EXPR start "${length} - 20000")
    string(SUBSTRING "${log}" ${start} -1 log)
  endif()
  message("${log}")
  message(FATAL_ERROR "${FUZZER}: exit status ${status}; reproducers: ${reproducers}")
endif()
