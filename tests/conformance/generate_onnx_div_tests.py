#!/usr/bin/env python3
"""Writes ONNX's own Div node tests as backend test folders.

Usage: generate_onnx_div_tests.py --output DIR   (writes DIR/node/test_div*/)

The cases are those of onnx.backend.test.case.node.div in the system's
python3-onnx (Debian), written by ONNX's own writer (backend-test-tools
generate-data, onnx.backend.test.cmd_tools.generate_data) with its fixed
seeds. Only the Div node tests are written: the model test cases that
generate-data also collects are left out.

ONNX 1.12's collector imports every node-test module, and some of them use
NumPy aliases that NumPy 1.24 removed (np.float, np.int, np.bool,
np.object, ...). They are restored here, in this process only, before ONNX
is imported; no system file is changed.
"""
import argparse
import os
import sys

import numpy as np

# The builtin each removed alias stood for (NumPy 1.20 deprecation notes).
_REMOVED_ALIASES = {"float": float, "int": int, "bool": bool, "object": object, "complex": complex, "str": str,
                    "long": int, "unicode": str}


def restore_numpy_aliases() -> None:
    for name, value in _REMOVED_ALIASES.items():
        if name not in np.__dict__:
            setattr(np, name, value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()

    restore_numpy_aliases()
    import onnx  # noqa: E402  (after the aliases)
    from onnx.backend.test import cmd_tools  # noqa: E402

    cmd_tools.model_test.collect_testcases = lambda *unused: []  # Div node tests only
    cmd_tools.generate_data(argparse.Namespace(output=args.output, op_type="Div"))
    node_dir = os.path.join(args.output, "node")
    names = sorted(os.listdir(node_dir)) if os.path.isdir(node_dir) else []
    if not names:
        print(f"no Div node test generated in {node_dir}", file=sys.stderr)
        return 1
    print(f"python3-onnx {onnx.__version__}, NumPy {np.__version__}: {len(names)} Div node tests in {node_dir}: "
          + ", ".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
