'use strict';
/* tinygrad-mlir from Node.js: a tinygrad-style Tensor over the C ABI (tg.h),
 * whose functions come from the generated lowlevel module (tg_manifest.json),
 * as python/tinygrad_mlir/tensor.py does it for Python.
 *
 * Every method of tg::Tensor that tg.h has is a method here, found in the
 * manifest: `x.sum([1], true)` or `x.sum({axes: [1], keepdim: true})` calls
 * tg_tensor_sum with the C++ defaults for what is not given, and an
 * overloaded method picks the C function whose parameters fit the arguments
 * (`x.add(y)` with a Tensor, `x.add(2)` with a number). A trailing plain
 * object gives arguments by their C names. A failed call throws a TGError
 * with tg_last_error()'s message.
 *
 * Handles (tensors, layers, state dicts) are released by release(), or when
 * the garbage collector drops their JS object (a FinalizationRegistry).
 */
const ll = require('./lowlevel');

/** A call of the C ABI failed: the message is tg_last_error(). */
class TGError extends Error {
  constructor(message, status, functionName) {
    super(message);
    this.name = 'TGError';
    this.status = status;
    this.functionName = functionName;
  }
}

function check(status, functionName) {
  if (status !== ll.TG_OK)
    throw new TGError(ll.tg_last_error(), status, functionName);
}

/*===-- dtypes -------------------------------------------------------------===*/

class DType {
  constructor(code, name) {
    this.code = code;
    this.name = name;
    Object.freeze(this);
  }
  toString() { return `dtypes.${this.name}`; }
}

/** tinygrad's dtypes: dtypes.float32, dtypes.int32, ... */
const dtypes = {};
const BY_CODE = {};
for (const [name, code] of Object.entries(ll.tg_dtype)) {
  const short = name.slice('TG_DTYPE_'.length).toLowerCase();
  dtypes[short] = BY_CODE[code] = new DType(code, short);
}
dtypes.float = dtypes.float32;
dtypes.default_float = dtypes.float32;
dtypes.default_int = dtypes.int32;

// Typed arrays by dtype (bool as bytes, half floats as their bits).
const ARRAYS = {
  bool: Uint8Array, int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
  float16: Uint16Array, bfloat16: Uint16Array, float32: Float32Array, float64: Float64Array,
};
const DTYPE_OF_ARRAY = new Map([
  [Int8Array, dtypes.int8], [Uint8Array, dtypes.uint8], [Uint8ClampedArray, dtypes.uint8],
  [Int16Array, dtypes.int16], [Uint16Array, dtypes.uint16], [Int32Array, dtypes.int32],
  [Uint32Array, dtypes.uint32], [BigInt64Array, dtypes.int64], [BigUint64Array, dtypes.uint64],
  [Float32Array, dtypes.float32], [Float64Array, dtypes.float64],
]);

function dtypeOf(value) {
  if (value instanceof DType)
    return value;
  if (typeof value === 'string' && dtypes[value] instanceof DType)
    return dtypes[value];
  return null;
}

/*===-- Handles ------------------------------------------------------------===*/

/** An owned C handle, released by release() or by the garbage collector. */
class Handle {
  constructor(handle, releaseName, what) {
    this._handle = handle;
    this._what = what;
    this._release = releaseName;
    Handle.registry.register(this, { handle, release: releaseName }, this);
  }

  /** The C handle (a BigInt); throws once released. */
  get handle() {
    if (this._handle === null)
      throw new TGError(`${this._what} was released`, ll.TG_INVALID_ARGUMENT, null);
    return this._handle;
  }

  get released() { return this._handle === null; }

  /** Releases the C handle now; a second call does nothing. */
  release() {
    if (this._handle === null)
      return;
    Handle.registry.unregister(this);
    ll[this._release](this._handle);
    this._handle = null;
  }
}
Handle.registry = new FinalizationRegistry(({ handle, release }) => ll[release](handle));

/*===-- Generic dispatch over the manifest's functions ---------------------===*/

// The C++ default arguments, as the C functions' doc comments give them.
const DEFAULTS = /\[defaults: (.*)\]/;
const CONSTANTS = {
  'false': false, 'true': true, 'std::nullopt': null, 'Tensor()': null, '{}': null,
  'kDefaultFloat': dtypes.float32, 'kDefaultInt': dtypes.int32,
};

function defaultValue(text) {
  if (text in CONSTANTS)
    return CONSTANTS[text];
  if (text.startsWith('"'))
    return text.replace(/^"|"$/g, '');
  if (text.startsWith('{'))
    return text.replace(/[{}]/g, '').split(',').filter((v) => v.trim()).map((v) => Number(v));
  if (/^[-+*/().\deE ]+$/.test(text))
    return Function(`"use strict"; return (${text});`)(); // arithmetic such as 1.0 / 6
  throw new Error(`a C++ default the Node.js client does not know: ${text}`);
}

/** A C op function: its JS parameters [name, kind] after `self`, the C++
 * defaults, and the kind of its result. */
class Signature {
  constructor(fn, method) {
    this.fn = fn;
    let params = fn.params.slice(method ? 1 : 0);
    this.defaults = {};
    const match = DEFAULTS.exec(fn.doc || '');
    if (match) {
      for (const item of match[1].split('; ')) {
        const at = item.indexOf('=');
        this.defaults[item.slice(0, at)] = defaultValue(item.slice(at + 1));
      }
    }
    const names = params.map(([name]) => name);
    if (names.slice(-3).join() === 'out,out_capacity,out_len') {
      this.result = 'tensors';
      params = params.slice(0, -3);
    } else if (names.length && names[names.length - 1] === 'out') {
      this.result = params[params.length - 1][1];
      params = params.slice(0, -1);
    } else {
      this.result = null;
    }
    this.params = [];
    for (let i = 0; i < params.length; i++) {
      const [name, cType] = params[i];
      if (i + 1 < params.length && params[i + 1][0] === `${name}_len`) {
        this.params.push([name, cType === 'const tg_tensor *' ? 'tensors' : 'ints']);
        i++;
      } else {
        this.params.push([name, cType]);
      }
    }
  }

  /** The C arguments for JS ones, or null when they do not fit. */
  bind(args, named) {
    if (args.length > this.params.length)
      return null;
    const values = new Map();
    this.params.forEach(([name], i) => { if (i < args.length) values.set(name, args[i]); });
    for (const [name, value] of Object.entries(named)) {
      if (!this.params.some(([n]) => n === name) || values.has(name))
        return null;
      values.set(name, value);
    }
    const cArgs = [];
    for (const [name, kind] of this.params) {
      let value;
      if (values.has(name) && values.get(name) !== undefined)
        value = values.get(name);
      else if (name in this.defaults)
        value = this.defaults[name];
      else
        return null;
      const converted = convert(value, kind);
      if (converted === null)
        return null;
      cArgs.push(...converted);
    }
    return cArgs;
  }
}

const isInteger = (v) => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
const isIntegerList = (v) => (Array.isArray(v) && v.every(isInteger)) ||
  v instanceof Int32Array || v instanceof BigInt64Array;

/** The C arguments for `value` as a parameter of `kind`, or null. */
function convert(value, kind) {
  switch (kind) {
    case 'tg_tensor':
      if (value === null)
        return [null];
      return value instanceof Tensor ? [value.handle] : null;
    case 'double':
    case 'float':
      return typeof value === 'number' ? [value] : null;
    case 'int64_t':
    case 'uint64_t':
    case 'uint32_t':
      return isInteger(value) ? [value] : null;
    case 'bool':
    case '_Bool':
      return typeof value === 'boolean' ? [value] : null;
    case 'tg_dtype': {
      const dtype = dtypeOf(value);
      return dtype ? [dtype.code] : null;
    }
    case 'tg_rounding':
      if (value === 'trunc' || value === 'floor')
        return [value === 'trunc' ? ll.TG_ROUND_TRUNC : ll.TG_ROUND_FLOOR];
      return isInteger(value) ? [Number(value)] : null;
    case 'const tg_dtype *': {
      if (value === null)
        return [null];
      const dtype = dtypeOf(value);
      return dtype ? [[dtype.code]] : null;
    }
    case 'const double *':
      if (value === null)
        return [null];
      return typeof value === 'number' ? [[value]] : null;
    case 'const int64_t *':
      if (value === null)
        return [null];
      return isInteger(value) ? [[value]] : null;
    case 'const char *':
      return typeof value === 'string' ? [value] : null;
    case 'ints':
      if (value === null)
        return [null, 0];
      if (isInteger(value))
        return [[value], 1];
      return isIntegerList(value) ? [Array.from(value), value.length] : null;
    case 'tensors':
      if (!Array.isArray(value) || !value.every((t) => t instanceof Tensor))
        return null;
      return [value.map((t) => t.handle), value.length];
    default:
      return null;
  }
}

const SIGNATURES = new Map();

/** The C functions named cBase or cBase_<tags>, first declared first. */
function overloads(cBase, method) {
  const key = `${cBase}/${method}`;
  if (!SIGNATURES.has(key)) {
    const found = [];
    for (const [name, fn] of Object.entries(ll.functions)) {
      if (name === cBase || (name.startsWith(`${cBase}_`) && /^(_[a-z]+)+_?$/.test(name.slice(cBase.length))))
        found.push(new Signature(fn, method));
    }
    SIGNATURES.set(key, found);
  }
  return SIGNATURES.get(key);
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

function describe(value) {
  if (value instanceof Tensor)
    return 'Tensor';
  if (value instanceof DType)
    return String(value);
  try {
    return JSON.stringify(value, (k, v) => (typeof v === 'bigint' ? `${v}n` : v));
  } catch (e) {
    return String(value);
  }
}

/** Calls the overload of cBase that takes `args` (a trailing plain object:
 * arguments by name). */
function call(cBase, self, args) {
  const method = self !== undefined;
  const found = overloads(cBase, method);
  if (!found.length)
    throw new TypeError(`the C ABI has no ${cBase}`);
  let named = {};
  if (args.length && isPlainObject(args[args.length - 1])) {
    named = args[args.length - 1];
    args = args.slice(0, -1);
  }
  for (const signature of found) {
    const cArgs = signature.bind(args, named);
    if (cArgs === null)
      continue;
    if (method)
      cArgs.unshift(self.handle);
    return result(signature, cArgs);
  }
  throw new TypeError(`${cBase}: no C function takes (${args.map(describe).join(', ')}` +
    `${Object.keys(named).length ? `, ${describe(named)}` : ''}) (there are ` +
    `${found.map((s) => `${s.fn.cName}(${s.params.map(([n, k]) => `${n}: ${k}`).join(', ')})`).join(', ')})`);
}

function result(signature, cArgs) {
  const fn = signature.fn;
  if (signature.result === null) {
    const status = fn(...cArgs);
    if (fn.returns === 'tg_status')
      check(status, fn.cName);
    return fn.returns === 'tg_status' ? undefined : status;
  }
  if (signature.result === 'tensors') {
    let capacity = 64;
    for (;;) {
      const handles = new Array(capacity).fill(null);
      const count = [0];
      const status = fn(...cArgs, handles, capacity, count);
      if (status === ll.TG_BUFFER_TOO_SMALL && count[0] > capacity) {
        capacity = Number(count[0]);
        continue;
      }
      check(status, fn.cName);
      return handles.slice(0, Number(count[0])).map((h) => new Tensor(h));
    }
  }
  const cell = [signature.result === '_Bool *' || signature.result === 'bool *' ? false : (signature.result === 'tg_tensor *' ? null : 0)];
  check(fn(...cArgs, cell), fn.cName);
  if (signature.result === 'tg_tensor *')
    return new Tensor(cell[0]);
  if (signature.result === 'tg_dtype *')
    return BY_CODE[cell[0]];
  return cell[0];
}

/*===-- Tensor -------------------------------------------------------------===*/

/** A lazy tensor, as tg::Tensor (and tinygrad's Tensor). */
class Tensor extends Handle {
  /** Wraps a tg_tensor handle this object then owns. */
  constructor(handle) {
    if (handle === null || handle === undefined)
      throw new TypeError('Tensor: a NULL handle (use Tensor.fromArray)');
    super(handle, 'tg_tensor_release', 'the tensor');
  }

  /** A tensor holding a copy of `data` (a typed array, or an Array of
   * numbers: float32), of `shape` (default: [data.length]); `dtype`
   * overrides the typed array's (dtypes.bool for a Uint8Array, ...). */
  static fromArray(data, shape, dtype) {
    let type = dtypeOf(dtype);
    if (Array.isArray(data))
      data = new (ARRAYS[(type || dtypes.float32).name])(data);
    if (!ArrayBuffer.isView(data))
      throw new TypeError('Tensor.fromArray takes a typed array or an Array of numbers');
    if (!type)
      type = DTYPE_OF_ARRAY.get(data.constructor);
    if (!type)
      throw new TypeError(`no tinygrad-mlir dtype for a ${data.constructor.name}`);
    shape = shape === undefined ? [data.length] : Array.from(shape);
    const out = [null];
    check(ll.tg_tensor_from_data(data, data.byteLength, type.code, shape, shape.length, out),
      'tg_tensor_from_data');
    return new Tensor(out[0]);
  }

  get shape() {
    const rank = [0];
    check(ll.tg_tensor_rank(this.handle, rank), 'tg_tensor_rank');
    const dims = new BigInt64Array(Math.max(Number(rank[0]), 1));
    check(ll.tg_tensor_get_shape(this.handle, dims, rank[0]), 'tg_tensor_get_shape');
    return Array.from(dims.subarray(0, Number(rank[0])), Number);
  }

  get dtype() {
    const code = [0];
    check(ll.tg_tensor_get_dtype(this.handle, code), 'tg_tensor_get_dtype');
    return BY_CODE[code[0]];
  }

  get device() {
    const name = Buffer.alloc(64);
    check(ll.tg_tensor_get_device(this.handle, name, name.length), 'tg_tensor_get_device');
    return name.toString('utf8', 0, name.indexOf(0));
  }

  /** Its elements, row-major, as a typed array of its dtype (realizing it). */
  toArray() {
    const numel = this.shape.reduce((a, b) => a * b, 1);
    const array = new (ARRAYS[this.dtype.name])(numel);
    check(ll.tg_tensor_read(this.handle, array, array.byteLength), 'tg_tensor_read');
    return array;
  }

  /** Nested Arrays of numbers, as tinygrad's tolist(). */
  tolist() {
    const flat = Array.from(this.toArray(), (v) => (typeof v === 'bigint' ? Number(v) : v));
    const nest = (shape, offset) => {
      if (!shape.length)
        return flat[offset];
      const step = shape.slice(1).reduce((a, b) => a * b, 1);
      return Array.from({ length: shape[0] }, (_, i) => nest(shape.slice(1), offset + i * step));
    };
    return nest(this.shape, 0);
  }

  item() { return this.toArray()[0]; }

  matmul(w) { return call('tg_tensor_matmul', this, [w]); }

  toString() { return `<Tensor [${this.shape}] ${this.dtype} on ${this.device}>`; }
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return this.released ? '<Tensor released>' : this.toString();
  }

  /** A static op by its C name without "tg_" (Tensor.op('zeros', [2, 3])). */
  static op(name, ...args) { return call(`tg_${name}`, undefined, args); }
}

// Every other tg_tensor_NAME of the manifest is the method NAME, and every
// static op of tg_ops.h (tg_zeros, tg_arange, ...) a static method.
for (const [cName, fn] of Object.entries(ll.functions)) {
  if (cName.startsWith('tg_tensor_')) {
    const name = cName.slice('tg_tensor_'.length);
    if (!(name in Tensor.prototype)) {
      const method = { [name](...args) { return call(cName, this, args); } }[name];
      Object.defineProperty(Tensor.prototype, name, { value: method, writable: true, configurable: true });
    }
  } else if (fn.header === 'tg_ops.h') {
    const name = cName.slice('tg_'.length);
    if (!Object.prototype.hasOwnProperty.call(Tensor, name)) {
      const op = { [name](...args) { return call(cName, undefined, args); } }[name];
      Object.defineProperty(Tensor, name, { value: op, writable: true, configurable: true });
    }
  }
}

/*===-- Layers, models and state dicts (tg::nn) ----------------------------===*/

/** A tg_module: a layer, or a model of named layers. */
class Module extends Handle {
  constructor(handle, layers) {
    super(handle, 'tg_module_release', 'the module');
    this.layers = layers || {};
  }

  /** The layer applied to x. */
  forward(x) {
    const out = [null];
    check(ll.tg_module_forward(this.handle, x.handle, out), 'tg_module_forward');
    return new Tensor(out[0]);
  }

  /** The tensors to train and the buffers (handles to the model's own). */
  parameters() {
    const count = [0];
    let status = ll.tg_module_parameters(this.handle, [null], 0, count);
    if (status !== ll.TG_BUFFER_TOO_SMALL)
      check(status, 'tg_module_parameters');
    const handles = new Array(Number(count[0])).fill(null);
    check(ll.tg_module_parameters(this.handle, handles, handles.length, count), 'tg_module_parameters');
    return handles.map((h) => new Tensor(h));
  }

  stateDict() {
    const out = [null];
    check(ll.tg_module_state_dict(this.handle, out), 'tg_module_state_dict');
    return new StateDict(out[0]);
  }

  /** Copies each tensor of `state` into the model's of that name. */
  loadStateDict(state, strict = true) {
    check(ll.tg_module_load_state_dict(this.handle, state.handle, strict), 'tg_module_load_state_dict');
  }
}

/** Tensors by name: a model's state, or a safetensors file's. */
class StateDict extends Handle {
  constructor(handle) {
    if (handle === undefined) {
      const out = [null];
      check(ll.tg_state_dict_new(out), 'tg_state_dict_new');
      handle = out[0];
    }
    super(handle, 'tg_state_dict_release', 'the state dict');
  }

  /** Every tensor of a safetensors file. */
  static load(path) {
    const out = [null];
    check(ll.tg_safe_load(path, out), 'tg_safe_load');
    return new StateDict(out[0]);
  }

  save(path) { check(ll.tg_safe_save(this.handle, path), 'tg_safe_save'); }

  get size() {
    const size = [0];
    check(ll.tg_state_dict_size(this.handle, size), 'tg_state_dict_size');
    return Number(size[0]);
  }

  /** The names, sorted. */
  names() {
    const names = [];
    const buffer = Buffer.alloc(1024);
    for (let i = 0; i < this.size; i++) {
      check(ll.tg_state_dict_name(this.handle, i, buffer, buffer.length), 'tg_state_dict_name');
      names.push(buffer.toString('utf8', 0, buffer.indexOf(0)));
    }
    return names;
  }

  get(name) {
    const out = [null];
    check(ll.tg_state_dict_get(this.handle, name, out), 'tg_state_dict_get');
    return new Tensor(out[0]);
  }

  set(name, tensor) { check(ll.tg_state_dict_set(this.handle, name, tensor.handle), 'tg_state_dict_set'); }
}

function moduleFrom(functionName, ...args) {
  const out = [null];
  check(ll[functionName](...args, out), functionName);
  return new Module(out[0]);
}

const ints = (v) => (v === null || v === undefined ? [null, 0] : (Array.isArray(v) ? [v, v.length] : [[v], 1]));

const nn = {
  Module,
  StateDict,
  Linear: (inFeatures, outFeatures, { bias = true } = {}) =>
    moduleFrom('tg_nn_linear', inFeatures, outFeatures, bias),
  Conv2d: (inChannels, outChannels, kernelSize, { stride = null, padding = null, dilation = null, groups = 1, bias = true } = {}) =>
    moduleFrom('tg_nn_conv2d', inChannels, outChannels, ...ints(kernelSize), ...ints(stride),
      ...ints(padding), ...ints(dilation), groups, bias),
  BatchNorm: (size, { eps = 1e-5, affine = true, trackRunningStats = true, momentum = 0.1 } = {}) =>
    moduleFrom('tg_nn_batchnorm', size, eps, affine, trackRunningStats, momentum),
  LayerNorm: (normalizedShape, { eps = 1e-5, elementwiseAffine = true } = {}) =>
    moduleFrom('tg_nn_layernorm', ...ints(normalizedShape), eps, elementwiseAffine),
  Embedding: (vocabSize, embedSize) => moduleFrom('tg_nn_embedding', vocabSize, embedSize),
  Dropout: (p = 0.5) => moduleFrom('tg_nn_dropout', p),
  /** A model of named layers ({c1: layer, ...}): their tensors become
   * "c1.weight", ...; `model.layers.c1` calls one. */
  Model: (layers) => {
    const names = Object.keys(layers);
    const out = [null];
    check(ll.tg_nn_model(names, names.map((n) => layers[n].handle), names.length, out), 'tg_nn_model');
    return new Module(out[0], { ...layers });
  },
  safeLoad: (path) => StateDict.load(path),
};

/** Whether dropout and batch normalization train (false at start). */
function setTraining(training) { ll.tg_set_training(Boolean(training)); }
function getTraining() { return ll.tg_get_training(); }
/** While set, gradients are not recorded. */
function setNoGrad(noGrad) { ll.tg_set_no_grad(Boolean(noGrad)); }

module.exports = {
  Tensor, TGError, DType, dtypes, nn, Module, StateDict, setTraining, getTraining, setNoGrad,
  lowlevel: ll,
};
