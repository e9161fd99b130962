"""The stack analysis (DIV-STACK-D1, tests/stack/stack_analysis.py) on the core's build, and its negative
controls: the core built with a seeded large local array, or a seeded recursion, fails it; so do a call out
of the core that no row justifies, a call through a pointer, a frame gcc cannot bound, a row that matches
nothing, and a function of the API without a budget.

Run by tests/tools/run_unittests.py from ctest (label stack) with
  SONNX_STACK_OBJECTS   the folder of the core's objects (.ci, .su beside them)
  SONNX_COMPILE_COMMANDS  the build's compile_commands.json (to compile the seeded copies)
  SONNX_STACK_OUT       where the page goes (stack.md, stack.json, stack_bounds.txt)
  SONNX_STACK_TARGET    x86-64 (default), aarch64 or s390x"""
import os
import re
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import stack_analysis  # noqa: E402
from callgraph import Graph, read_ci  # noqa: E402
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


class StackAnalysis(unittest.TestCase):
    REQUIREMENTS = "DIV-STACK-D1"

    @classmethod
    def setUpClass(cls):
        cls.objects = environment("SONNX_STACK_OBJECTS")
        cls.target = os.environ.get("SONNX_STACK_TARGET", "x86-64")
        cls.scratch = tempfile.mkdtemp(prefix="sonnx-stack-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def kinds(self, analysis):
        return sorted({p.kind for p in analysis.problems})

    # The analysis of the build itself: every public function bounded and within its budget; the page.
    # [utest->req~div-stack-d1~1]
    def test_the_core_is_within_its_budgets(self):
        out = environment("SONNX_STACK_OUT")
        analysis = stack_analysis.run([self.objects], SPEC, out, self.target)
        self.assertEqual([p.line() for p in analysis.problems], [])
        self.assertEqual(len(analysis.entries), 14)
        self.assertTrue(all(e.bound is not None and e.bound <= e.budget for e in analysis.entries))
        div = next(e for e in analysis.entries if e.name == "sonnx::div")
        self.assertEqual(div.path[0][0], "sonnx::div")
        self.assertIn("| `sonnx::div` |", read(os.path.join(out, "stack.md")))
        self.assertRegex(read(os.path.join(out, "stack_bounds.txt")), r"(?m)^sonnx::div \d+$")
        print(f"stack ({self.target}): " + ", ".join(f"{e.name} {e.bound}" for e in analysis.entries))

    def seeded(self, source: str, edit, name: str):
        original = read(os.path.join(ROOT, source))
        text = edit(original)
        self.assertNotEqual(text, original, "the seed did not apply")
        out = os.path.join(self.scratch, name)
        obj = compile_seeded(environment("SONNX_COMPILE_COMMANDS"), source, text, out)
        return stack_analysis.run([objects_with(self.objects, obj, out)], SPEC, None, self.target)

    # [utest->req~div-stack-d1~1]
    def test_a_seeded_large_local_array_fails(self):
        def seed(text):
            return re.sub(r"(\nStatus div\(const ConstTensorView& a,[^{]*\{\n)",
                          r"\1    volatile unsigned char seeded[65536];\n    seeded[0] = 0U;\n"
                          r"    seeded[65535] = seeded[0];\n", text, count=1)
        analysis = self.seeded("src/core/div.cpp", seed, "array")
        self.assertEqual(self.kinds(analysis), ["over-budget"])
        self.assertTrue(any(p.detail.startswith("sonnx::div:") for p in analysis.problems))

    # [utest->req~div-stack-d1~1]
    def test_a_seeded_recursion_fails(self):
        def seed(text):
            recursion = ("\n// seeded: a recursion gcc cannot turn into a loop\n"
                         "std::uint64_t seeded_depth(std::uint64_t n) noexcept {\n"
                         "    return (n < 2U) ? n : (seeded_depth(n - 1U) + seeded_depth(n - 2U));\n}\n")
            text = text.replace("namespace sonnx {\n", "namespace sonnx {\n" + recursion, 1)
            return text.replace("bool same_shape(const Shape& lhs, const Shape& rhs) noexcept {\n",
                                "bool same_shape(const Shape& lhs, const Shape& rhs) noexcept {\n"
                                "    if (seeded_depth(lhs.rank) == 12345U) { return false; }\n", 1)
        analysis = self.seeded("src/core/tensor.cpp", seed, "recursion")
        self.assertIn("recursion", self.kinds(analysis))
        self.assertTrue(any("seeded_depth" in p.detail for p in analysis.problems if p.kind == "recursion"))

    def spec_without(self, pattern: str, extra_row: str = "") -> str:
        text = read(SPEC)
        lines = [line for line in text.splitlines() if not re.match(pattern, line)]
        if extra_row:
            index = next(i for i, line in enumerate(lines) if line.startswith("| STK-01 |"))
            lines.insert(index, extra_row)
        path = os.path.join(self.scratch, f"spec-{abs(hash(pattern + extra_row))}.md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        return path

    # [utest->req~div-stack-d1~1]
    def test_a_call_out_of_the_core_without_a_row_fails(self):
        spec = self.spec_without(r"^\| STK-01 \|")
        analysis = stack_analysis.run([self.objects], spec, None, self.target)
        self.assertEqual(self.kinds(analysis), ["unknown"])
        self.assertTrue(all("memcpy" in p.detail for p in analysis.problems))

    # [utest->req~div-stack-d1~1]
    def test_a_row_that_matches_no_call_fails(self):
        spec = self.spec_without(r"^$^", "| STK-99 | `qsort` | 256 | x86-64, aarch64, s390x | seeded |")
        analysis = stack_analysis.run([self.objects], spec, None, self.target)
        self.assertEqual([p.line() for p in analysis.problems],
                         ["FAIL stale: STK-99: no call of the core goes to qsort"])

    # [utest->req~div-stack-d1~1]
    def test_a_function_of_the_api_without_a_budget_fails(self):
        spec = self.spec_without(r"^\| `sonnx::same_shape` \|")
        analysis = stack_analysis.run([self.objects], spec, None, self.target)
        self.assertEqual(self.kinds(analysis), ["unlisted-entry"])

    def graph_of(self, text: str) -> Graph:
        path = os.path.join(self.scratch, "fixture.ci")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        graph = Graph()
        read_ci(path, graph)
        return graph

    # gcc's own text for a call through a pointer and for an alloca frame (g++ 12, -fcallgraph-info=su).
    # [utest->req~div-stack-d1~1]
    def test_a_call_through_a_pointer_and_an_unbounded_frame_fail(self):
        graph = self.graph_of(
            'graph: { title: "f.cpp"\n'
            'node: { title: "_ZN5sonnx10same_shapeERKNS_5ShapeES2_" label: "bool sonnx::same_shape(const Shape&, '
            'const Shape&)\\nf.cpp:3:6\\n8 bytes (static)" }\n'
            'node: { title: "__indirect_call" label: "Indirect Call Placeholder" shape : ellipse }\n'
            'edge: { sourcename: "_ZN5sonnx10same_shapeERKNS_5ShapeES2_" targetname: "__indirect_call" '
            'label: "f.cpp:4:12" }\n'
            'node: { title: "_Z3dyni" label: "int dyn(int)\\nf.cpp:8:5\\n32 bytes (dynamic)" }\n}\n')
        analysis = stack_analysis.analyse(graph, {"sonnx::same_shape": 512}, {}, {}, self.target)
        self.assertEqual(self.kinds(analysis), ["dynamic", "indirect"])


if __name__ == "__main__":
    unittest.main()
