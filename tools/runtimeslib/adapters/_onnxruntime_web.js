// ONNX Runtime Web (onnxruntime-web), WebAssembly execution provider, one thread: runs the set's model.onnx.
const ort = require('onnxruntime-web');
ort.env.wasm.numThreads = 1;
const tensor = (t) => new ort.Tensor(t.type, t.data, t.dims);

exports.version = () => 'onnxruntime-web ' + ort.env.versions.web;
exports.runModel = async (model, {A, B}) => {
  const session = await ort.InferenceSession.create(model, {executionProviders: ['wasm']});
  return (await session.run({A: tensor(A), B: tensor(B)})).C;
};
