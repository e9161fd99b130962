"""The judge shares no code with what it judges (DIV-CLI-D19, DIV-TQ-D2; issue #34): nothing in the
judge's library (src/check) or the oracle's (src/oracle) refers to a symbol of the core's code, the
core's broadcasting included, and no file of src/check includes the command line's code or CLI11.

Read from the built archives with nm, and from the sources. Each check is shown to fail on a control
that breaks it: the conformance library, which runs the core, refers to sonnx::div; a source line
that includes CLI11 is found.

ctest passes the archives in SONNX_CHECK_ARCHIVE, SONNX_ORACLE_ARCHIVE, SONNX_CONTROL_ARCHIVE and the
source root in SONNX_SOURCE_DIR."""
import os
import re
import subprocess
import unittest

# The core's code: its entry points and everything in sonnx::core (src/core's private namespace).
CORE_SYMBOL = re.compile(r"^sonnx::(div|div_output_shape|div_broadcast_layout|int_rounding_of)\(|^sonnx::core::")
# What the judge must not include: the command line's sources, CLI11, the core's private headers.
FORBIDDEN_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](CLI/|src/cli/|\.\./cli/|operator_options\.hpp|'
                               r'check_judgement\.hpp|broadcast\.hpp|validate\.hpp|profile\.hpp|div_float\.hpp|'
                               r'div_int\.hpp)')


def undefined_symbols(archive):
    listed = subprocess.run(["nm", "-C", "--undefined-only", archive], capture_output=True, text=True, check=True)
    return {line.split(None, 1)[-1].strip() for line in listed.stdout.splitlines() if line.strip().startswith("U ")}


def core_symbols(archive):
    return sorted(s for s in undefined_symbols(archive) if CORE_SYMBOL.search(s))


def forbidden_includes(paths):
    found = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if FORBIDDEN_INCLUDE.search(line):
                    found.append(f"{path}:{number}: {line.strip()}")
    return found


def sources(directory):
    return sorted(os.path.join(current, name) for current, _, names in os.walk(directory) for name in names
                  if name.endswith((".cpp", ".hpp", ".in")))


class TestIndependence(unittest.TestCase):
    REQUIREMENTS = "DIV-CLI-D19,DIV-TQ-D2"

    # [utest->req~div-cli-d19~2]
    # [utest->req~div-tq-d2~2]
    def test_the_judge_and_the_oracle_refer_to_no_symbol_of_the_core(self):
        for variable in ("SONNX_CHECK_ARCHIVE", "SONNX_ORACLE_ARCHIVE"):
            archive = os.environ[variable]
            self.assertTrue(os.path.isfile(archive), archive)
            self.assertTrue(undefined_symbols(archive), f"{archive}: nm listed no undefined symbol at all")
            self.assertEqual(core_symbols(archive), [], archive)

    # [utest->req~div-cli-d19~2]
    # [utest->req~div-tq-d2~2]
    def test_the_symbol_check_finds_a_caller_of_the_core(self):
        found = core_symbols(os.environ["SONNX_CONTROL_ARCHIVE"])
        self.assertIn("sonnx::div(sonnx::ConstTensorView const&, sonnx::ConstTensorView const&, "
                      "sonnx::TensorView const&, sonnx::DivOptions const&, sonnx::DivReport*)", found)

    # [utest->req~div-cli-d19~2]
    # [utest->req~div-tq-d2~2]
    def test_no_file_of_the_judge_includes_the_command_line_or_the_cores_internals(self):
        root = os.environ["SONNX_SOURCE_DIR"]
        paths = sources(os.path.join(root, "src", "check")) + sources(os.path.join(root, "include", "sonnx", "check"))
        self.assertGreater(len(paths), 20)
        self.assertEqual(forbidden_includes(paths), [])

    # [utest->req~div-cli-d19~2]
    # [utest->req~div-tq-d2~2]
    def test_the_include_check_finds_cli11(self):
        control = os.path.join(os.environ.get("TMPDIR", "/tmp"), "sonnx_independence_control.cpp")
        with open(control, "w", encoding="utf-8") as handle:
            handle.write('#include <vector>\n#include <CLI/CLI.hpp>\n#include "broadcast.hpp"\n')
        try:
            self.assertEqual(len(forbidden_includes([control])), 2)
        finally:
            os.remove(control)


if __name__ == "__main__":
    unittest.main()
