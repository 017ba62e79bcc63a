'use strict';
/* node.matmul: a matmul of known matrices through the generated bindings and
 * the Tensor class, and the error paths: a shape mismatch throws the
 * library's message, a released tensor throws instead of crashing. */
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadPackage } = require('./common');

const tg = loadPackage();
const { Tensor, TGError, dtypes, lowlevel: ll } = tg;

test('the manifest is declared: every non-inline function, enums, docs', () => {
  assert.ok(Object.keys(ll.functions).length > 200);
  assert.deepEqual(ll.skipped, []);
  assert.equal(ll.TG_OK, 0);
  assert.equal(ll.tg_status.TG_BUFFER_TOO_SMALL, 3);
  assert.equal(ll.TG_DTYPE_FLOAT32, 12);
  assert.equal(ll.tg_tensor_matmul.doc, 'tg::Tensor::matmul.');
  assert.deepEqual(ll.tg_tensor_matmul.params, [['self', 'tg_tensor'], ['w', 'tg_tensor'], ['out', 'tg_tensor *']]);
  assert.match(ll.tg_tensor_sum.doc, /\[defaults: axes=\{\}; keepdim=false\]/);
});

test('matmul of known matrices, element-wise', () => {
  // [2, 3] @ [3, 4]
  const a = Tensor.fromArray(new Float32Array([1, 2, 3, 4, 5, 6]), [2, 3]);
  const b = Tensor.fromArray(new Float32Array([
    1, 0, -1, 2,
    0.5, 1, 0, -2,
    2, -1, 3, 0.25]), [3, 4]);
  const c = a.matmul(b);
  assert.deepEqual(c.shape, [2, 4]);
  assert.equal(c.dtype, dtypes.float32);
  const expected = [
    1 * 1 + 2 * 0.5 + 3 * 2, 1 * 0 + 2 * 1 + 3 * -1, 1 * -1 + 2 * 0 + 3 * 3, 1 * 2 + 2 * -2 + 3 * 0.25,
    4 * 1 + 5 * 0.5 + 6 * 2, 4 * 0 + 5 * 1 + 6 * -1, 4 * -1 + 5 * 0 + 6 * 3, 4 * 2 + 5 * -2 + 6 * 0.25];
  const got = c.toArray();
  assert.ok(got instanceof Float32Array);
  assert.equal(got.length, expected.length);
  expected.forEach((value, i) => assert.ok(Math.abs(got[i] - value) < 1e-5, `element ${i}: ${got[i]} != ${value}`));
  for (const t of [a, b, c])
    t.release();
});

test('integer tensors, the generic methods and their C++ defaults', () => {
  const a = Tensor.fromArray(new Int32Array([1, 2, 3, 4, 5, 6]), [2, 3]);
  const eye = Tensor.eye(3, { dtype: dtypes.int32 });
  assert.deepEqual(a.matmul(eye).tolist(), [[1, 2, 3], [4, 5, 6]]);
  assert.equal(a.sum().item(), 21);
  assert.deepEqual(a.sum([1]).tolist(), [6, 15]);
  assert.deepEqual(a.sum({ axes: [0], keepdim: true }).tolist(), [[5, 7, 9]]);
  assert.deepEqual(a.argmax(1).tolist(), [2, 2]);
  const f = a.cast(dtypes.float32).div(2).sub(1);
  assert.deepEqual(Array.from(f.toArray()), [-0.5, 0, 0.5, 1, 1.5, 2]);
  assert.deepEqual(a.reshape([3, 2]).flatten().shape, [6]);
  assert.deepEqual(Tensor.arange(4).tolist(), [0, 1, 2, 3]);
  assert.deepEqual(Array.from(Tensor.fromArray(new Uint8Array([0, 128, 255]), [3]).toArray()), [0, 128, 255]);
});

test('a shape mismatch throws the library\'s message', () => {
  const a = Tensor.fromArray(new Float32Array(6), [2, 3]);
  assert.throws(() => a.matmul(a), (e) => {
    assert.ok(e instanceof TGError && e instanceof Error);
    assert.equal(e.status, ll.TG_ERROR);
    assert.match(e.message, /cannot multiply \[2, 3\] and \[2, 3\]/);
    return true;
  });
  // The same through the generated function: a status, then tg_last_error.
  const out = [null];
  assert.equal(ll.tg_tensor_matmul(a.handle, a.handle, out), ll.TG_ERROR);
  assert.match(ll.tg_last_error(), /cannot multiply/);
  assert.equal(out[0], null);
});

test('a released tensor gives an error, not a crash', () => {
  const a = Tensor.fromArray(new Float32Array([1, 2, 3, 4]), [2, 2]);
  const b = Tensor.fromArray(new Float32Array([1, 2, 3, 4]), [2, 2]);
  const stale = a.handle;
  a.release();
  a.release(); // a second release does nothing
  assert.throws(() => a.matmul(b), { name: 'TGError', message: /released/ });
  assert.throws(() => b.matmul(a), { name: 'TGError', message: /released/ });
  assert.throws(() => a.toArray(), /released/);
  // The C library refuses a released handle too (tg.h: TG_INVALID_ARGUMENT).
  const out = [null];
  assert.equal(ll.tg_tensor_matmul(stale, b.handle, out), ll.TG_INVALID_ARGUMENT);
  assert.match(ll.tg_last_error(), /released/);
  assert.equal(ll.tg_tensor_matmul(null, b.handle, out), ll.TG_INVALID_ARGUMENT);
  assert.match(ll.tg_last_error(), /NULL/);
  assert.deepEqual(b.matmul(b).tolist(), [[7, 10], [15, 22]]);
});

test('arguments no C function takes are a TypeError', () => {
  const a = Tensor.fromArray(new Float32Array(4), [4]);
  assert.throws(() => a.sum('x'), { name: 'TypeError', message: /tg_tensor_sum: no C function takes/ });
});

test('the garbage collector releases a dropped tensor (FinalizationRegistry)', { skip: !global.gc && 'run node with --expose-gc' }, async () => {
  let handle = null;
  (() => { handle = Tensor.fromArray(new Float32Array([1, 2]), [2]).handle; })();
  const rank = [0];
  assert.equal(ll.tg_tensor_rank(handle, rank), ll.TG_OK);
  // Finalizers run after a collection, in a later task.
  for (let i = 0; i < 100 && ll.tg_tensor_rank(handle, rank) === ll.TG_OK; i++) {
    global.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(ll.tg_tensor_rank(handle, rank), ll.TG_INVALID_ARGUMENT);
  assert.match(ll.tg_last_error(), /released/);
});
