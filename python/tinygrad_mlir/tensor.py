"""A tinygrad-style Tensor over the C ABI.

Every method of tg::Tensor that tg.h has is a method here, found in the
manifest (the generated _lowlevel module): `x.sum(axis=1)` calls
tg_tensor_sum with the C++ defaults for what is not given, and an
overloaded method picks the C function whose parameters fit the arguments
(`x.add(y)` with a Tensor, `x.add(2.0)` with a number). Operators, indexing
by integers and slices, and NumPy in and out sit on top.
"""
import ctypes
import re

import numpy as np

from . import _lowlevel as ll


class TGError(RuntimeError):
    """A call of the C ABI failed: the message is tg_last_error()."""


_NUMPY_DTYPES = {
    ll.TG_DTYPE_BOOL: np.bool_, ll.TG_DTYPE_INT8: np.int8, ll.TG_DTYPE_UINT8: np.uint8,
    ll.TG_DTYPE_INT16: np.int16, ll.TG_DTYPE_UINT16: np.uint16, ll.TG_DTYPE_INT32: np.int32,
    ll.TG_DTYPE_UINT32: np.uint32, ll.TG_DTYPE_INT64: np.int64, ll.TG_DTYPE_UINT64: np.uint64,
    ll.TG_DTYPE_FLOAT16: np.float16, ll.TG_DTYPE_FLOAT32: np.float32,
    ll.TG_DTYPE_FLOAT64: np.float64,
}


class DType:
    def __init__(self, code, name):
        self.code, self.name = code, name

    def __repr__(self):
        return f"dtypes.{self.name}"

    def __eq__(self, other):
        return isinstance(other, DType) and other.code == self.code

    def __hash__(self):
        return self.code


class dtypes:
    """tinygrad's dtypes: dtypes.float32, dtypes.int32, ..."""


for _name, _code in ll.tg_dtype.items():
    setattr(dtypes, _name[len("TG_DTYPE_"):].lower(), DType(_code, _name[len("TG_DTYPE_"):].lower()))
dtypes.float = dtypes.float32
dtypes.default_float, dtypes.default_int = dtypes.float32, dtypes.int32
_BY_CODE = {d.code: d for d in vars(dtypes).values() if isinstance(d, DType)}


def _check(status):
    if status != ll.TG_OK:
        raise TGError(ll.functions["tg_last_error"]().decode())


def _dtype_of_numpy(array):
    for code, np_type in _NUMPY_DTYPES.items():
        if array.dtype == np_type:
            return code
    raise TypeError(f"no tinygrad-mlir dtype for numpy's {array.dtype}")


# The C++ default arguments, as the C functions' doc comments give them.
_DEFAULTS = re.compile(r"\[defaults: (.*)\]")
_CONSTANTS = {"false": False, "true": True, "std::nullopt": None, "Tensor()": None,
              "kDefaultFloat": dtypes.float32, "kDefaultInt": dtypes.int32, "{}": None}


def _default_value(text):
    if text in _CONSTANTS:
        return _CONSTANTS[text]
    if text.startswith('"'):
        return text.strip('"')
    if text.startswith("{"):
        return [int(v) for v in text.strip("{}").split(",") if v.strip()]
    return eval(text, {"__builtins__": {}})  # arithmetic such as 1.0 / 6


class _Signature:
    """A C op function: its Python parameters (name, kind) after `self`, the
    C++ defaults, and the kind of its result."""

    def __init__(self, function, method):
        self.function = function
        params = list(function.params)[1 if method else 0:]
        defaults = {}
        match = _DEFAULTS.search(function.__doc__ or "")
        if match:
            for item in match.group(1).split("; "):
                name, value = item.split("=", 1)
                defaults[name] = _default_value(value)
        self.defaults = defaults
        # The result: the trailing out-parameters.
        names = [n for n, _ in params]
        if names[-3:] == ["out", "out_capacity", "out_len"]:
            self.result, params = "tensors", params[:-3]
        elif names and names[-1] == "out":
            self.result, params = params[-1][1], params[:-1]
        else:
            self.result = None
        self.params = []
        i = 0
        while i < len(params):
            name, c_type = params[i]
            if i + 1 < len(params) and params[i + 1][0] == name + "_len":
                kind = "tensors" if c_type == "const tg_tensor *" else "ints"
                i += 1
            else:
                kind = c_type
            self.params.append((name, kind))
            i += 1

    def bind(self, args, kwargs):
        """C arguments for Python ones, or None when they do not fit."""
        if len(args) > len(self.params):
            return None
        values = {}
        for (name, _), value in zip(self.params, args):
            values[name] = value
        for name, value in kwargs.items():
            if name not in dict(self.params) or name in values:
                return None
            values[name] = value
        c_args, keep = [], []
        for name, kind in self.params:
            if name in values:
                value = values[name]
            elif name in self.defaults:
                value = self.defaults[name]
            else:
                return None
            converted = _convert(value, kind, keep)
            if converted is _NO:
                return None
            c_args += converted
        return c_args, keep


_NO = object()


def _convert(value, kind, keep):
    """The C arguments for `value` as a parameter of `kind`, or _NO."""
    if kind == "tg_tensor":
        if value is None:
            return [None]
        return [value._handle] if isinstance(value, Tensor) else _NO
    if kind == "double":
        return [float(value)] if isinstance(value, (int, float)) and not isinstance(value, bool) else _NO
    if kind in ("int64_t", "uint64_t"):
        return [int(value)] if isinstance(value, (int, np.integer)) and not isinstance(value, bool) else _NO
    if kind in ("bool", "_Bool"):
        return [bool(value)] if isinstance(value, (bool, np.bool_)) else _NO
    if kind in ("tg_dtype", "tg_rounding"):
        if isinstance(value, DType):
            return [value.code]
        return [int(value)] if kind == "tg_rounding" and isinstance(value, int) else _NO
    if kind == "const tg_dtype *":
        if value is None:
            return [None]
        if not isinstance(value, DType):
            return _NO
        cell = ctypes.c_int(value.code)
        keep.append(cell)
        return [ctypes.cast(ctypes.pointer(cell), ctypes.c_void_p)]
    if kind in ("const double *", "const int64_t *"):
        if value is None:
            return [None]
        cell = ctypes.c_double(value) if kind == "const double *" else ctypes.c_int64(value)
        keep.append(cell)
        return [ctypes.pointer(cell)]
    if kind == "const char *":
        return [value.encode()] if isinstance(value, str) else _NO
    if kind == "ints":
        if value is None:
            return [None, 0]
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, (list, tuple)):
            return _NO
        array = (ctypes.c_int64 * max(len(value), 1))(*value)
        keep.append(array)
        return [array, len(value)]
    if kind == "tensors":
        if not isinstance(value, (list, tuple)) or not all(isinstance(t, Tensor) for t in value):
            return _NO
        array = (ctypes.c_void_p * max(len(value), 1))(*[t._handle for t in value])
        keep.append(array)
        return [array, len(value)]
    return _NO


_SIGNATURES = {}


def _overloads(c_base, method):
    """The C functions named c_base or c_base_<tags>, first declared first."""
    if (c_base, method) not in _SIGNATURES:
        found = [_Signature(f, method) for name, f in ll.functions.items()
                 if name == c_base or (name.startswith(c_base + "_") and
                                       re.fullmatch(r"(_[a-z]+)+_?", name[len(c_base):]))]
        _SIGNATURES[(c_base, method)] = found
    return _SIGNATURES[(c_base, method)]


def _call(c_base, method, self_handle, args, kwargs):
    overloads = _overloads(c_base, method)
    if not overloads:
        raise AttributeError(c_base)
    for signature in overloads:
        bound = signature.bind(args, kwargs)
        if bound is None:
            continue
        c_args, keep = bound
        if method:
            c_args = [self_handle] + c_args
        return _result(signature, c_args)
    raise TypeError(f"{c_base}: no C function takes {args!r} {kwargs!r} "
                    f"(there are {[s.function.name for s in overloads]})")


def _result(signature, c_args):
    function = signature.function
    if signature.result is None:
        _check(function(*c_args))
        return None
    if signature.result == "tensors":
        capacity = 64
        while True:
            handles = (ctypes.c_void_p * capacity)()
            count = ctypes.c_size_t()
            status = function(*c_args, handles, capacity, ctypes.byref(count))
            if status == ll.TG_BUFFER_TOO_SMALL and count.value > capacity:
                capacity = count.value
                continue
            _check(status)
            return [Tensor._wrap(handles[i]) for i in range(count.value)]
    if signature.result == "tg_tensor *":
        handle = ctypes.c_void_p()
        _check(function(*c_args, ctypes.byref(handle)))
        return Tensor._wrap(handle.value)
    cells = {"bool *": ctypes.c_bool, "_Bool *": ctypes.c_bool, "int64_t *": ctypes.c_int64, "size_t *": ctypes.c_size_t,
             "tg_dtype *": ctypes.c_int}
    cell = cells[signature.result]()
    _check(function(*c_args, ctypes.byref(cell)))
    value = cell.value
    return _BY_CODE[value] if signature.result == "tg_dtype *" else value


class Tensor:
    """A lazy tensor, as tg::Tensor (and tinygrad's Tensor)."""

    def __init__(self, data, dtype=None):
        array = np.asarray(data)
        if dtype is not None:
            array = array.astype(_NUMPY_DTYPES[dtype.code])
        elif array.dtype == np.float64 and not isinstance(data, np.ndarray):
            array = array.astype(np.float32)  # Python floats: the default float
        elif array.dtype == np.int64 and not isinstance(data, np.ndarray):
            array = array.astype(np.int32)
        array = np.array(array, order="C", copy=False)  # (ascontiguousarray makes 0-d 1-d)
        shape = (ctypes.c_int64 * max(array.ndim, 1))(*array.shape)
        handle = ctypes.c_void_p()
        _check(ll.functions["tg_tensor_from_data"](
            array.ctypes.data_as(ctypes.c_void_p), array.nbytes, _dtype_of_numpy(array), shape,
            array.ndim, ctypes.byref(handle)))
        self._handle = handle.value

    @classmethod
    def _wrap(cls, handle):
        tensor = cls.__new__(cls)
        tensor._handle = handle
        return tensor

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is not None and ll is not None and ll.functions is not None:
            ll.functions["tg_tensor_release"](handle)

    # Data out.
    @property
    def shape(self):
        rank = ctypes.c_size_t()
        _check(ll.functions["tg_tensor_rank"](self._handle, ctypes.byref(rank)))
        dims = (ctypes.c_int64 * max(rank.value, 1))()
        _check(ll.functions["tg_tensor_get_shape"](self._handle, dims, rank.value))
        return tuple(dims[i] for i in range(rank.value))

    @property
    def dtype(self):
        code = ctypes.c_int()
        _check(ll.functions["tg_tensor_get_dtype"](self._handle, ctypes.byref(code)))
        return _BY_CODE[code.value]

    @property
    def device(self):
        name = ctypes.create_string_buffer(64)
        _check(ll.functions["tg_tensor_get_device"](self._handle, name, 64))
        return name.value.decode()

    def numpy(self):
        array = np.empty(self.shape, dtype=_NUMPY_DTYPES[self.dtype.code])
        _check(ll.functions["tg_tensor_read"](
            self._handle, array.ctypes.data_as(ctypes.c_void_p), array.nbytes))
        return array

    def tolist(self):
        return self.numpy().tolist()

    def item(self):
        return self.numpy().item()

    def __repr__(self):
        return f"<Tensor {self.shape} {self.dtype} on {self.device}>"

    # tinygrad's attributes for what tg.h has as functions.
    @property
    def grad(self):
        return _call("tg_tensor_grad", True, self._handle, (), {})

    @property
    def requires_grad(self):
        return _call("tg_tensor_requires_grad", True, self._handle, (), {})

    @requires_grad.setter
    def requires_grad(self, value):
        _call("tg_tensor_requires_grad_", True, self._handle, (bool(value),), {})

    @property
    def ndim(self):
        return len(self.shape)

    # Every other method: the C function of the same name.
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if not _overloads("tg_tensor_" + name, True):
            raise AttributeError(f"Tensor has no method {name} (tg.h has no tg_tensor_{name})")
        return lambda *args, **kwargs: _call("tg_tensor_" + name, True, self._handle, args, kwargs)

    # Operators.
    def _binary(self, name, other, swap=False):
        if not isinstance(other, Tensor):
            if swap:
                other = Tensor(other, dtype=self.dtype)
            else:
                return _call("tg_tensor_" + name, True, self._handle, (float(other),), {})
        a, b = (other, self) if swap else (self, other)
        return _call("tg_tensor_" + name, True, a._handle, (b,), {})

    def __add__(self, o): return self._binary("add", o)
    def __radd__(self, o): return self._binary("add", o, swap=True)
    def __sub__(self, o): return self._binary("sub", o)
    def __rsub__(self, o): return self._binary("sub", o, swap=True)
    def __mul__(self, o): return self._binary("mul", o)
    def __rmul__(self, o): return self._binary("mul", o, swap=True)
    def __truediv__(self, o): return self._binary("div", o)
    def __rtruediv__(self, o): return self._binary("div", o, swap=True)
    def __pow__(self, o): return self._binary("pow", o)
    def __matmul__(self, o): return self.dot(o)
    def __neg__(self): return self.neg()
    def __lt__(self, o): return self._binary("lt", o)
    def __gt__(self, o): return self._binary("gt", o)
    def __le__(self, o): return self._binary("le", o)
    def __ge__(self, o): return self._binary("ge", o)

    def eq(self, o): return self._binary("eq", o)

    def __getitem__(self, index):
        if not isinstance(index, tuple):
            index = (index,)
        shape, bounds, squeeze, flips = self.shape, [], [], []
        for axis, i in enumerate(index):
            n = shape[axis]
            if isinstance(i, int):
                i = i + n if i < 0 else i
                if not 0 <= i < n:
                    raise IndexError(f"index {i} out of range for axis {axis} of size {n}")
                bounds += [i, i + 1]
                squeeze.append(axis)
            elif isinstance(i, slice):
                start, stop, step = i.indices(n)
                if step not in (1, -1):
                    raise IndexError("slices with steps other than 1 and -1 are not supported")
                if step == -1:
                    start, stop = stop + 1, start + 1
                    flips.append(axis)
                bounds += [start, max(start, stop)]
            else:
                raise IndexError(f"cannot index with {i!r}")
        for axis in range(len(index), len(shape)):
            bounds += [0, shape[axis]]
        result = self.shrink(bounds)
        if flips:
            result = result.flip(flips)
        if squeeze:
            kept = [d for a, d in enumerate(result.shape) if a not in squeeze]
            result = result.reshape(kept)
        return result

    # Creation: the static C functions (tg_NAME).
    @staticmethod
    def _static(name, *args, **kwargs):
        return _call("tg_" + name, False, None, args, kwargs)

    @staticmethod
    def zeros(*shape, **kwargs): return Tensor._static("zeros", _shape(shape), **kwargs)
    @staticmethod
    def ones(*shape, **kwargs): return Tensor._static("ones", _shape(shape), **kwargs)
    @staticmethod
    def full(shape, value, **kwargs): return Tensor._static("full", list(shape), float(value), **kwargs)
    @staticmethod
    def rand(*shape, **kwargs): return Tensor._static("rand", _shape(shape), **kwargs)
    @staticmethod
    def randn(*shape, **kwargs): return Tensor._static("randn", _shape(shape), **kwargs)
    @staticmethod
    def uniform(shape, low=0.0, high=1.0, **kwargs):
        return Tensor._static("uniform", list(shape), float(low), float(high), **kwargs)
    @staticmethod
    def realize_all(tensors): return Tensor._static("realize", list(tensors))
    @staticmethod
    def arange(*args, **kwargs): return Tensor._static("arange", *[float(a) for a in args], **kwargs)
    @staticmethod
    def eye(n, **kwargs): return Tensor._static("eye", n, **kwargs)
    @staticmethod
    def manual_seed(seed): return Tensor._static("manual_seed", seed)
    @staticmethod
    def cat(tensors, dim=0): return Tensor._static("cat", list(tensors), dim)
    @staticmethod
    def stack(tensors, dim=0): return Tensor._static("stack", list(tensors), dim)


def _shape(shape):
    return list(shape[0]) if len(shape) == 1 and isinstance(shape[0], (list, tuple)) else list(shape)
