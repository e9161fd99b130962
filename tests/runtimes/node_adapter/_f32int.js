// Test runtime: float32 in double, then rounded (correct); int32 through float32 (a vendor's defect).
exports.version = () => 'f32-int test runtime';
exports.divide = (A, B) => {
  const f = Math.fround;
  const Y = new A.data.constructor(A.data.length);
  for (let i = 0; i < Y.length; i++) {
    Y[i] = A.type === 'int32' ? Math.trunc(f(f(A.data[i]) / f(B.data[i]))) : A.data[i] / B.data[i];
  }
  return {type: A.type, data: Y, dims: A.dims};
};
