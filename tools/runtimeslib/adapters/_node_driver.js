// The shared Node.js driver of tools/runtimes (runtimeslib/node.py runs it):
//   node _node_driver.js ADAPTER.js REQUESTS.json     (or ADAPTER.js --version: prints version())
// ADAPTER.js is a runtime's JavaScript adapter, a CommonJS module exporting one of
//   divide(A, B)            -> Y   the runtime's own divide on two tensors
//   runModel(modelPath, {A, B}) -> Y   the runtime runs the set's model.onnx (opset, attributes, shapes)
// and optionally version() -> text. A tensor is {type, data, dims}: type an ONNX Runtime type name
// (float16, bfloat16, float32, float64, int8 ... uint64; float16 and bfloat16 as Uint16Array bit patterns),
// data a typed array, dims an array of numbers. Either function may be async.
// REQUESTS.json is a list of {a, b, y, status, type, a_dims, b_dims, model}: the operands as raw little-endian
// files, where to write the output (raw) and a status file, {ok: true, type, dims} (the output's own type and
// dims) or {ok: false, error}, written as soon as each request is done. A runtime that kills the process (a
// signal, a WebAssembly abort that exits) is not caught: the harness sees how node ended.
'use strict';
const fs = require('fs');
const path = require('path');

const ARRAYS = {
  float16: Uint16Array, bfloat16: Uint16Array, float32: Float32Array, float64: Float64Array,
  int8: Int8Array, int16: Int16Array, int32: Int32Array, int64: BigInt64Array,
  uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array,
};

function load(file, type) {
  const bytes = fs.readFileSync(file);
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const Kind = ARRAYS[type];
  return new Kind(copy.buffer, 0, bytes.length / Kind.BYTES_PER_ELEMENT);
}

function bytesOf(data) {
  if (!ArrayBuffer.isView(data)) {
    throw new Error('the adapter returned data that is not a typed array: ' + Object.prototype.toString.call(data));
  }
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

// [impl->req~div-rt-d4~1]
async function main() {
  const adapter = require(path.resolve(process.argv[2]));
  if (process.argv[3] === '--version') {   // node _node_driver.js ADAPTER.js --version: the runtime's version
    console.log(adapter.version ? String(await adapter.version()) : '');
    return;
  }
  const requests = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
  for (const r of requests) {
    try {
      const A = {type: r.type, data: load(r.a, r.type), dims: r.a_dims};
      const B = {type: r.type, data: load(r.b, r.type), dims: r.b_dims};
      const Y = adapter.runModel ? await adapter.runModel(r.model, {A, B}) : await adapter.divide(A, B);
      fs.writeFileSync(r.y, bytesOf(Y.data));
      fs.writeFileSync(r.status, JSON.stringify({ok: true, dims: Array.from(Y.dims, Number), type: Y.type}));
    } catch (e) {
      fs.writeFileSync(r.status, JSON.stringify({ok: false, error: String(e && e.message ? e.message : e)}));
    }
  }
}

main().then(() => process.exit(0), (e) => { console.error(String(e && e.stack ? e.stack : e)); process.exit(4); });
