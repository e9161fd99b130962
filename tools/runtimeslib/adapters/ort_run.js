// Runs Div models in onnxruntime-node (CPU): argv[2] is a JSON list of requests
// {model, type, dims, a, b, y, status}: inputs as raw little-endian files, the output written the same way,
// and a status file {ok, dims, type} (the output's own shape and type) or {ok: false, error} per request,
// written as soon as it is known.
const fs = require('fs');
const ort = require('onnxruntime-node');

const ARRAYS = {
  float16: Uint16Array, bfloat16: Uint16Array, float32: Float32Array, float64: Float64Array,
  int8: Int8Array, int16: Int16Array, int32: Int32Array, int64: BigInt64Array,
  uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array,
};

function load(path, type) {
  const bytes = fs.readFileSync(path);
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const Kind = ARRAYS[type];
  return new Kind(copy.buffer, 0, bytes.length / Kind.BYTES_PER_ELEMENT);
}

async function main() {
  const requests = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  for (const r of requests) {
    try {
      const session = await ort.InferenceSession.create(r.model, {executionProviders: ['cpu']});
      const feeds = {A: new ort.Tensor(r.type, load(r.a, r.type), r.dims),
                     B: new ort.Tensor(r.type, load(r.b, r.type), r.dims)};
      const out = (await session.run(feeds)).C;
      const data = out.data;
      fs.writeFileSync(r.y, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      fs.writeFileSync(r.status, JSON.stringify({ok: true, dims: out.dims, type: out.type}));
    } catch (e) {
      fs.writeFileSync(r.status, JSON.stringify({ok: false, error: String(e && e.message ? e.message : e)}));
    }
  }
}

main().catch((e) => { console.error(String(e)); process.exit(4); });
