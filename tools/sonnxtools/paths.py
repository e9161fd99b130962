"""The repository root and the build locations, for every command of tools/."""
import os

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TOOLS)
BUILD = os.path.join(ROOT, "build")


def build_dir(preset: str, root: str = ROOT) -> str:
    """build/<preset>: where a CMake preset builds (CMakePresets.json's binaryDir)."""
    return os.path.join(root, "build", preset)


def test_results(preset: str, root: str = ROOT) -> str:
    """The GoogleTest XML folder of a preset's suite (SONNX_TEST_RESULTS)."""
    return os.path.join(build_dir(preset, root), "test-results")


def replay_json(root: str = ROOT) -> str:
    """Where the release suite's proof replay writes its JSON (tests/why3, the ctest why3_replay)."""
    return os.path.join(build_dir("release", root), "why3", "replay.json")


def jobs() -> str:
    """Parallel jobs for builds and ctest: one per core."""
    return str(os.cpu_count() or 2)
