"""Tests of sonnx_div's tensor-file functions (DIV-PY-D1): read_tensor, write_tensor and check_files, which
read and write .npy and .pb files with the project's own readers and writers (src/io, what `sonnx-div`
uses). Expected values come from the command line run on the same files, from NumPy's own .npy files, from
TensorProtos built with onnx, or are stated by hand; never from the module itself."""
import copy
import json
import os
import subprocess

import numpy as np
import pytest
from onnx import TensorProto

import sonnx_div


def sonnx_div_exe():
    exe = os.environ.get("SONNX_DIV_EXE", "")
    assert exe, "SONNX_DIV_EXE names the built sonnx-div (ctest sets it)"
    return exe


def run_cli(directory, *words):
    return subprocess.run([sonnx_div_exe(), *words], cwd=directory, capture_output=True, text=True, check=False)


def write_proto(path, data_type, dims, **fields):
    proto = TensorProto()
    proto.data_type = data_type
    proto.dims.extend(dims)
    for name, values in fields.items():
        if name == "raw_data":
            proto.raw_data = values
        else:
            getattr(proto, name).extend(values)
    with open(path, "wb") as handle:
        handle.write(proto.SerializeToString())


def without_run(report):
    """A check report without the date and the command line, which name the run, not the judgement."""
    report = copy.deepcopy(report)
    del report["provenance"]["date"], report["provenance"]["command_line"]
    return report


class TestReadTensor:
    REQUIREMENTS = "DIV-PY-D1"

    # [utest->req~div-py-d1~2]
    def test_npy_and_pb_files_read_with_their_own_type_and_shape(self, tmp_path):
        np.save(tmp_path / "y.npy", np.float64([[1.5, -2], [0, 3]]))
        array, type_name = sonnx_div.read_tensor(str(tmp_path / "y.npy"))
        assert type_name == "FP64" and array.dtype == np.float64 and array.shape == (2, 2)
        assert array.tolist() == [[1.5, -2], [0, 3]]
        # FP16 1.0 and -2.0 as int32_data bit patterns (0x3C00, 0xC000), shape [2, 1].
        write_proto(tmp_path / "h.pb", TensorProto.FLOAT16, [2, 1], int32_data=[0x3C00, 0xC000])
        array, type_name = sonnx_div.read_tensor(tmp_path / "h.pb")        # an os.PathLike too
        assert type_name == "FP16" and array.dtype == np.float16 and array.shape == (2, 1)
        assert array.view(np.uint16).ravel().tolist() == [0x3C00, 0xC000]
        # BF16 comes back as uint16 bit patterns, INT4 as int8 values (packed -1, 7: low nibble first, 0x7F).
        write_proto(tmp_path / "b.pb", TensorProto.BFLOAT16, [1], raw_data=bytes([0x80, 0x3F]))
        array, type_name = sonnx_div.read_tensor(str(tmp_path / "b.pb"))
        assert (type_name, array.dtype, array.tolist()) == ("BF16", np.uint16, [0x3F80])
        write_proto(tmp_path / "i4.pb", 22, [2], raw_data=bytes([0x7F]))
        array, type_name = sonnx_div.read_tensor(str(tmp_path / "i4.pb"))
        assert (type_name, array.dtype, array.tolist()) == ("INT4", np.int8, [-1, 7])

    # [utest->req~div-py-d1~2]
    def test_a_file_the_reader_refuses_is_a_value_error_with_the_command_lines_message(self, tmp_path):
        np.save(tmp_path / "a.npy", np.float32([1]))
        cases = {
            # FP16 patterns must lie in 0..65535 in int32_data (DIV-IO-D3): 0x13C00 would wrap to 0x3C00.
            "wrapped.pb": lambda p: write_proto(p, TensorProto.FLOAT16, [1], int32_data=[0x13C00]),
            "garbage.pb": lambda p: open(p, "wb").write(b"not a tensor \xff\xff\xff"),
            "short.npy": lambda p: open(p, "wb").write(open(tmp_path / "a.npy", "rb").read()[:-1]),
            "int8-too-big.pb": lambda p: write_proto(p, TensorProto.INT8, [1], int32_data=[200]),
        }
        for name, make in cases.items():
            make(tmp_path / name)
            ran = run_cli(tmp_path, "check", name, "a.npy", "a.npy")
            assert ran.returncode == 2, (name, ran.stderr)
            with pytest.raises(ValueError) as caught:
                sonnx_div.read_tensor(str(tmp_path / name))
            assert ran.stderr == "sonnx-div check: %s\n" % str(caught.value).replace(str(tmp_path) + "/", ""), name
        with pytest.raises(ValueError, match="missing.pb"):
            sonnx_div.read_tensor(str(tmp_path / "missing.pb"))
        with pytest.raises(ValueError, match="y.txt"):
            sonnx_div.read_tensor(str(tmp_path / "y.txt"))

    # [utest->req~div-py-d1~2]
    def test_type_reads_npy_storage_as_the_command_lines_type_option(self, tmp_path):
        np.save(tmp_path / "b.npy", np.uint16([0x3F80]))
        assert sonnx_div.read_tensor(str(tmp_path / "b.npy"))[1] == "UINT16"
        array, type_name = sonnx_div.read_tensor(str(tmp_path / "b.npy"), type="bf16")
        assert (type_name, array.dtype, array.tolist()) == ("BF16", np.uint16, [0x3F80])
        with pytest.raises(ValueError, match="FP32"):
            sonnx_div.read_tensor(str(tmp_path / "b.npy"), type="fp32")


class TestWriteTensor:
    REQUIREMENTS = "DIV-PY-D1"

    # [utest->req~div-py-d1~2]
    def test_an_array_is_written_with_its_own_type_and_shape(self, tmp_path):
        y = np.float64([[1, 2, 3]])
        sonnx_div.write_tensor(str(tmp_path / "y.pb"), y)
        proto = TensorProto.FromString((tmp_path / "y.pb").read_bytes())
        assert proto.data_type == TensorProto.DOUBLE and list(proto.dims) == [1, 3]
        assert np.frombuffer(proto.raw_data, dtype="<f8").tolist() == [1, 2, 3]
        sonnx_div.write_tensor(str(tmp_path / "y.npy"), y)
        loaded = np.load(tmp_path / "y.npy")
        assert loaded.dtype == np.float64 and loaded.shape == (1, 3) and loaded.tolist() == [[1, 2, 3]]
        # uint16 stays UINT16 unless BF16 is named; then the bit patterns are BF16 elements.
        sonnx_div.write_tensor(str(tmp_path / "u.pb"), np.uint16([0x3F80]))
        assert TensorProto.FromString((tmp_path / "u.pb").read_bytes()).data_type == TensorProto.UINT16
        sonnx_div.write_tensor(str(tmp_path / "b.pb"), np.uint16([0x3F80]), type="bf16")
        proto = TensorProto.FromString((tmp_path / "b.pb").read_bytes())
        assert proto.data_type == TensorProto.BFLOAT16 and proto.raw_data == bytes([0x80, 0x3F])

    # [utest->req~div-py-d1~2]
    def test_what_no_element_type_holds_is_refused_and_nothing_is_left(self, tmp_path):
        for array in (np.complex64([1]), np.array([True]), np.array(["x"])):
            with pytest.raises(TypeError, match="holds no element type"):
                sonnx_div.write_tensor(str(tmp_path / "y.pb"), array)
        with pytest.raises(TypeError, match="cannot be read as BF16"):
            sonnx_div.write_tensor(str(tmp_path / "y.pb"), np.float32([1]), type="bf16")
        with pytest.raises(ValueError, match="outside the type's range"):
            sonnx_div.write_tensor(str(tmp_path / "y.pb"), np.int8([9]), type="int4")
        with pytest.raises(ValueError, match="y.txt"):
            sonnx_div.write_tensor(str(tmp_path / "y.txt"), np.float32([1]))
        assert sorted(os.listdir(tmp_path)) == []      # no file, no temporary left behind

    # [utest->req~div-py-d1~2]
    def test_writes_are_atomic_and_read_back_bit_for_bit(self, tmp_path):
        rng = np.random.default_rng(7)
        for dtype in ("<f2", "<f4", "<f8", "i1", "<i2", "<i4", "<i8", "u1", "<u2", "<u4", "<u8"):
            words = rng.integers(0, 255, size=48, dtype=np.uint8).view(dtype).reshape(2, -1)
            for suffix in (".pb", ".npy"):
                path = str(tmp_path / ("t" + suffix))
                sonnx_div.write_tensor(path, words)
                array, _ = sonnx_div.read_tensor(path)
                assert array.dtype == np.dtype(dtype) and array.shape == words.shape
                assert array.tobytes() == words.tobytes()
        os.symlink(tmp_path / "t.pb", tmp_path / "link.pb")
        with pytest.raises(ValueError, match="symbolic link"):
            sonnx_div.write_tensor(str(tmp_path / "link.pb"), np.float32([1]))


class TestCheckFiles:
    REQUIREMENTS = "DIV-PY-D1"

    CASES = {
        # name: (A, B, Y, options); Y of the right type and values, of another type, and of another shape.
        "conforming": (np.float32([1, 5]), np.float32([3, 3]), np.uint32([0x3EAAAAAB, 0x3FD55555]).view("<f4"), {}),
        "fp64-for-fp32": (np.float32([1, 5]), np.float32([3, 3]), np.float64([1, 5]) / 3, {}),
        "column": (np.float32([1, 5]), np.float32([3, 3]),
                   np.uint32([[0x3EAAAAAB], [0x3FD55555]]).view("<f4"), {}),
        "int-undefined-list": (np.int8([6, -128, 3]), np.int8([0, -1, 2]), np.int8([0, 0, 1]),
                               {"undefined": "list"}),
        "bf16": (np.uint16([0x3F80, 0x4000]), np.uint16([0x4040, 0x4040]), np.uint16([0x3EAB, 0x3F2B]),
                 {"type": "bf16"}),
        "int32-trunc-onnx": (np.int32([-7, 7]), np.int32([2, 2]), np.int32([-3, 3]), {"profile": "onnx"}),
    }

    @pytest.mark.parametrize("name", sorted(CASES))
    # [utest->req~div-py-d1~2]
    def test_check_files_gives_the_report_of_check_json(self, tmp_path, name):
        a, b, y, options = self.CASES[name]
        names = []
        for role, array in (("a", a), ("b", b), ("y", y)):
            suffix = ".npy" if name == "bf16" else ".pb"   # .npy: the BF16 storage is named by type
            sonnx_div.write_tensor(str(tmp_path / (role + suffix)), array)
            names.append(role + suffix)
        words = []
        for option, value in options.items():
            words += [{"type": "--type", "undefined": "--undefined", "profile": "--profile"}[option], value]
        ran = run_cli(tmp_path, "check", *[str(tmp_path / n) for n in names], "--json", "report.json", "-j", "1",
                      *words)
        with open(tmp_path / "report.json", encoding="utf-8") as handle:
            cli_report = json.load(handle)
        report = sonnx_div.check_files(*[str(tmp_path / n) for n in names], threads=1, **options)
        assert without_run(report) == without_run(cli_report)            # paths and SHA-256 of the files too
        assert ran.returncode == (0 if report["conforming_result"] else 1)
        assert [i["path"] for i in report["provenance"]["inputs"]] == [str(tmp_path / n) for n in names]
        assert report["provenance"]["command_line"].startswith("sonnx_div.check_files(")
        if name == "fp64-for-fp32":
            assert report["candidate_mismatch"]["y_type"] == "FP64" and report["conforming_result"] is False
        if name == "column":
            assert report["candidate_mismatch"]["y_shape"] == [2, 1] and report["conforming_result"] is False

    # [utest->req~div-py-d1~2]
    def test_a_file_the_reader_refuses_or_a_violated_precondition_raises_as_check_does(self, tmp_path):
        sonnx_div.write_tensor(str(tmp_path / "a.pb"), np.int32([7]))
        sonnx_div.write_tensor(str(tmp_path / "b.pb"), np.int32([0]))
        write_proto(tmp_path / "y.pb", TensorProto.INT32, [1], raw_data=b"\x00\x00")    # 2 bytes for 4
        paths = [str(tmp_path / n) for n in ("a.pb", "b.pb", "y.pb")]
        with pytest.raises(ValueError, match="y.pb") as caught:
            sonnx_div.check_files(*paths)
        assert not isinstance(caught.value, sonnx_div.PreconditionError)
        sonnx_div.write_tensor(paths[2], np.int32([0]))
        with pytest.raises(sonnx_div.PreconditionError) as caught:
            sonnx_div.check_files(*paths)
        assert caught.value.requirement == "DIV-INT-C3" and caught.value.report["conforming_result"] is False
        ran = run_cli(tmp_path, "check", *paths)
        assert ran.returncode == 3 and str(caught.value) in ran.stderr
        with pytest.raises(ValueError, match="accept"):
            sonnx_div.check_files(*paths, accept="sometimes")
