"""The negative control of the AArch64 environment path (DIV-TGT-D2): the core built for AArch64 with
its entry into the default environment seeded to behave as glibc 2.36's fesetenv(FE_DFL_ENV) does
(keeping the caller's DN, FZ16 and AHP, the defect DIV-TGT-D2 was written for) fails the unit test that
sets those bits before a division, under qemu-user; the unseeded core passes that test in the same
label (targets_aarch64_test_fp_environment).

Run by tests/tools/run_unittests.py from ctest (label targets) with
  SONNX_SOURCE               the project's source folder (copied; the copy is seeded)
  SONNX_FPCR_CONTROL_BUILD   a scratch folder for the seeded copy and its build
  SONNX_GTEST_SOURCE_DIR     GoogleTest's sources (Debian's /usr/src/googletest)"""
import os
import shutil
import subprocess
import unittest

# The entry of the FPCR path (src/core/fp_environment.cpp): the write of the default FPCR, and its check.
ANCHOR = ("    __builtin_aarch64_set_fpcr64(kFpcrDefault);\n"
          "    __builtin_aarch64_set_fpsr64(saved.fpsr & ~kFpsrFlags);\n"
          "    return __builtin_aarch64_get_fpcr64() == kFpcrDefault;\n")
# glibc's FE_DFL_ENV on AArch64: FPCR written with the caller's reserved bits kept (_FPU_RESERVED covers
# DN bit 25, AHP bit 26 and FZ16 bit 19), and fesetenv reports success.
SEED = ("    __builtin_aarch64_set_fpcr64(saved.fpcr & 0x06080000U);\n"
        "    __builtin_aarch64_set_fpsr64(saved.fpsr & ~kFpsrFlags);\n"
        "    return true;\n")
DETECTOR = "CallerEnvironment.FpcrControlsChangeNothingAndAreRestored"


def environment(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise unittest.SkipTest(f"{name} not set")
    return value


class FpcrPathControl(unittest.TestCase):
    REQUIREMENTS = "DIV-TGT-D2"

    def run_checked(self, command, **kwargs):
        completed = subprocess.run(command, capture_output=True, text=True, **kwargs)
        self.assertEqual(completed.returncode, 0, f"{' '.join(command)}:\n{completed.stdout[-3000:]}"
                                                  f"\n{completed.stderr[-3000:]}")
        return completed

    # [utest->req~div-tgt-d2~1]
    def test_a_core_that_keeps_the_callers_dn_fz16_and_ahp_fails_the_unit_test(self):
        source = environment("SONNX_SOURCE")
        scratch = environment("SONNX_FPCR_CONTROL_BUILD")
        gtest = environment("SONNX_GTEST_SOURCE_DIR")
        tree = os.path.join(scratch, "tree")
        build = os.path.join(scratch, "build")
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.copytree(source, tree, ignore=shutil.ignore_patterns(".git", "build", "build-*", "evidence",
                                                                    "node_modules"))
        path = os.path.join(tree, "src", "core", "fp_environment.cpp")
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        self.assertEqual(text.count(ANCHOR), 1, "the seed's anchor is not once in fp_environment.cpp")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text.replace(ANCHOR, SEED))
        self.run_checked(["cmake", "-S", tree, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                          "-DSONNX_CORE_TESTS_ONLY=ON", f"-DSONNX_GTEST_SOURCE_DIR={gtest}", "-DSONNX_ARCH_FLAGS=",
                          "-DCMAKE_TOOLCHAIN_FILE=" + os.path.join(tree, "cmake", "toolchains",
                                                                   "aarch64-linux-gnu.cmake")])
        self.run_checked(["cmake", "--build", build, "--target", "test_fp_environment", "-j", "2"])
        completed = subprocess.run(["qemu-aarch64", "-cpu", "max", os.path.join(build, "tests", "unit",
                                                                                "test_fp_environment"),
                                    "--gtest_filter=CallerEnvironment.*"], capture_output=True, text=True,
                                   timeout=1800)
        prefix = "[  FAILED  ] "
        failed = {line[len(prefix):].split(" ")[0] for line in completed.stdout.splitlines()
                  if line.startswith(prefix)}
        self.assertNotEqual(completed.returncode, 0, completed.stdout[-3000:])
        self.assertIn(DETECTOR, failed, completed.stdout[-3000:])
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
