"""The coupling analysis (DIV-COUP-D1, DIV-COUP-D2; tests/coupling/coupling.py) on the core's build, and its
negative controls: the core built with a seeded global variable, or with a seeded function-local static,
fails it; a justification row that matches nothing fails it; the interfaces hold calls the code makes.

Run by tests/tools/run_unittests.py from ctest (label coupling) with
  SONNX_STACK_OBJECTS     the folder of the core's objects (.o, .ci beside them)
  SONNX_COMPILE_COMMANDS  the build's compile_commands.json (to compile the seeded copies)
  SONNX_COUPLING_OUT      where the page goes (coupling.md, coupling.json)
  SONNX_STACK_TARGET      x86-64 (default), aarch64 or s390x"""
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "stack"))
import coupling  # noqa: E402
from seeding import compile_seeded, objects_with  # noqa: E402

SPEC = os.path.join(ROOT, "spec", "stack-and-coupling.md")


def environment(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise unittest.SkipTest(f"{name} not set")
    return value


def read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


class CouplingAnalysis(unittest.TestCase):
    REQUIREMENTS = "DIV-COUP-D1,DIV-COUP-D2"

    @classmethod
    def setUpClass(cls):
        cls.objects = environment("SONNX_STACK_OBJECTS")
        cls.target = os.environ.get("SONNX_STACK_TARGET", "x86-64")
        cls.scratch = tempfile.mkdtemp(prefix="sonnx-coupling-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def seeded(self, source: str, old: str, new: str, name: str):
        original = read(os.path.join(ROOT, source))
        self.assertEqual(original.count(old), 1, f"the seed's anchor is not once in {source}")
        out = os.path.join(self.scratch, name)
        obj = compile_seeded(environment("SONNX_COMPILE_COMMANDS"), source, original.replace(old, new), out)
        return coupling.run(objects_with(self.objects, obj, out), SPEC, None, self.target)

    # The build itself: no writable data, and the page. The interfaces are checked against calls read in
    # the sources by hand (div.cpp calls validate_operands; validate.cpp calls profile_shapes, which
    # writes its BroadcastShapes; div.cpp reads the flags from fp_environment.cpp).
    # [utest->req~div-coup-d1~1]
    # [utest->req~div-coup-d2~1]
    def test_the_core_has_no_writable_data_and_its_interfaces_are_listed(self):
        out = environment("SONNX_COUPLING_OUT")
        result = coupling.run(self.objects, SPEC, out, self.target)
        self.assertEqual([p.line() for p in result.problems], [])
        self.assertEqual(result.writable, [])
        pairs = {(i.caller, i.callee): i for i in result.interfaces}
        self.assertIn("sonnx::core::validate_operands", pairs[("div.cpp", "validate.cpp")].functions)
        self.assertIn("sonnx::core::profile_shapes", pairs[("validate.cpp", "profile.cpp")].functions)
        self.assertIn("sonnx::core::raised_fp_flags", pairs[("div.cpp", "fp_environment.cpp")].functions)
        self.assertNotIn(("div.cpp", "div.cpp"), pairs)
        page = read(os.path.join(out, "coupling.md"))
        self.assertIn("| `validate.cpp` | `profile.cpp` | `sonnx::core::profile_shapes` |", page)
        self.assertRegex(page, r"`sonnx::core::profile_shapes` \| [^|]*`const sonnx::Shape&`[^|]*\| "
                               r"`BroadcastShapes&`, `sonnx::RequirementId&` \|")

    # [utest->req~div-coup-d2~1]
    def test_a_seeded_global_variable_fails(self):
        result = self.seeded("src/core/tensor.cpp", "bool same_shape(const Shape& lhs, const Shape& rhs) noexcept {\n",
                             "std::uint64_t seeded_calls = 0U;\n"
                             "bool same_shape(const Shape& lhs, const Shape& rhs) noexcept {\n    ++seeded_calls;\n",
                             "global")
        self.assertEqual(sorted({p.kind for p in result.problems}), ["writable-data"])
        self.assertTrue(any("sonnx::seeded_calls" in p.detail and "tensor.cpp" in p.detail for p in result.problems),
                        [p.line() for p in result.problems])

    # [utest->req~div-coup-d2~1]
    def test_a_seeded_function_local_static_fails(self):
        result = self.seeded("src/core/tensor.cpp", "bool same_shape(const Shape& lhs, const Shape& rhs) noexcept {\n",
                             "bool same_shape(const Shape& lhs, const Shape& rhs) noexcept {\n"
                             "    static std::uint32_t seeded_count = 0U;\n"
                             "    if (++seeded_count == 7U) { return false; }\n", "local")
        self.assertEqual(sorted({p.kind for p in result.problems}), ["writable-data"])
        self.assertTrue(any("seeded_count" in p.detail for p in result.problems), [p.line() for p in result.problems])

    # [utest->req~div-coup-d2~1]
    def test_a_row_that_matches_nothing_fails(self):
        text = read(SPEC).replace("| id | symbol | targets | why |\n|---|---|---|---|\n",
                                  "| id | symbol | targets | why |\n|---|---|---|---|\n"
                                  "| DAT-99 | `sonnx::seeded` | x86-64, aarch64, s390x | seeded |\n")
        self.assertIn("DAT-99", text)
        spec = os.path.join(self.scratch, "spec.md")
        with open(spec, "w", encoding="utf-8") as handle:
            handle.write(text)
        result = coupling.run(self.objects, spec, None, self.target)
        self.assertEqual([p.line() for p in result.problems],
                         ["FAIL stale: DAT-99: no object of the core defines sonnx::seeded in writable data"])

    # The data of an interface from the signature gcc gives.
    # [utest->req~div-coup-d1~1]
    def test_parameters_are_read_or_written_as_their_types_say(self):
        result, parameters = coupling.split_parameters(
            "sonnx::Status sonnx::core::f(const std::pair<int, int>&, Shape&, const void*, void*, uint64_t, "
            "const char* const)")
        self.assertEqual(result, "sonnx::Status")
        self.assertEqual([coupling.access_of(p) for p in parameters],
                         ["read", "written", "read", "written", "read", "read"])


if __name__ == "__main__":
    unittest.main()
