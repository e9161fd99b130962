# AArch64 (little-endian, NEON), Debian's cross compiler g++-aarch64-linux-gnu;
# programs run under qemu-user. Libraries for the target (MPFR and GMP, which
# the unit tests' reference uses) come from Debian's multiarch packages
# (libmpfr-dev:arm64, libgmp-dev:arm64, installed by tools/setup evidence).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# The target's own libraries only: never the host's.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
# -cpu max: every feature qemu emulates (FPCR's FZ, DN, FZ16, AHP, RMode;
# qemu 7.2 has no FEAT_AFP, so FPCR.AH, FIZ and NEP read as zero).
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -cpu max)
# Programs are linked statically: qemu-user then needs no loader or
# libraries of the target (with the cross libc under -L, and the multiarch
# one beside it, qemu-s390x 7.2 mixed the two and every program aborted).
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
