# s390x (z/Architecture, big-endian, IEEE binary floating point), Debian's
# cross compiler g++-s390x-linux-gnu; programs run under qemu-user. MPFR and
# GMP for the target from Debian's multiarch packages (libmpfr-dev:s390x,
# libgmp-dev:s390x, installed by tools/setup evidence).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(CMAKE_C_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER s390x-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE s390x-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/s390x-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-s390x)
# Programs are linked statically: qemu-user then needs no loader or
# libraries of the target (with the cross libc under -L, and the multiarch
# one beside it, qemu-s390x 7.2 mixed the two and every program aborted).
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
