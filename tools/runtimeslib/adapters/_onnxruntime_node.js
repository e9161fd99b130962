// ONNX Runtime for Node.js (onnxruntime-node), CPU execution provider: runs the set's model.onnx.
const ort = require('onnxruntime-node');
const tensor = (t) => new ort.Tensor(t.type, t.data, t.dims);

exports.version = () => 'onnxruntime-node ' + require('onnxruntime-node/package.json').version;
exports.runModel = async (model, {A, B}) => {
  const session = await ort.InferenceSession.create(model, {executionProviders: ['cpu']});
  return (await session.run({A: tensor(A), B: tensor(B)})).C;
};
