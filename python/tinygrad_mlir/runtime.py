"""Compiled models from Python, with NumPy arrays in and out.

- Executable: the runtime's executable file (tg-compile --emit=exe), run by
  libtgrt on any device.
- Library: an ahead-of-time shared library (tg-compile --emit=lib, or
  export below), called through its NAME_run_buffers, its signature read
  from the NAME.h written next to it.
- export: a Python function over Tensor traced and compiled ahead of time
  (tg_aot_compile), as tg::aot::compile does for C++.

Arrays must have the model's dtype and shape exactly: nothing is converted
behind the caller's back, so an input the model updates in place (a
training step's weights) is updated in the caller's own array.
"""
import ctypes
import os
import re

import numpy as np

from . import _lowlevel as ll
from .tensor import Tensor, TGError, _NUMPY_DTYPES, _check

_f = ll.functions


def _check_runtime(status):
    if status != ll.TGRT_OK:
        raise TGError(_f["tgrt_last_error"]().decode())


def _checked_array(array, index, dtype, shape, what):
    if not isinstance(array, np.ndarray):
        raise TypeError(f"{what} {index} must be a NumPy array, not {type(array).__name__}")
    if array.dtype != dtype or array.shape != tuple(shape):
        raise ValueError(f"{what} {index} must be {np.dtype(dtype).name} {list(shape)}, "
                         f"not {array.dtype.name} {list(array.shape)}")
    if not array.flags.c_contiguous:
        raise ValueError(f"{what} {index} must be C-contiguous")
    return array


class Executable:
    """A runtime executable loaded on a device ("CPU", "VULKAN", ...; None:
    the DEV environment variable's). Calling it runs it: one array per
    input, a list of arrays back."""

    def __init__(self, path, device=None):
        self._device, self._executable = ctypes.c_void_p(), ctypes.c_void_p()
        _check_runtime(_f["tgrt_device_open"](device.encode() if device else None,
                                              ctypes.byref(self._device)))
        with open(path, "rb") as f:
            blob = f.read()
        _check_runtime(_f["tgrt_executable_load"](self._device, blob, len(blob),
                                                  ctypes.byref(self._executable)))
        count_in = _f["tgrt_executable_num_inputs"](self._executable)
        count_out = _f["tgrt_executable_num_outputs"](self._executable)
        self.inputs = [self._signature("tgrt_executable_input", i) for i in range(count_in)]
        self.outputs = [self._signature("tgrt_executable_output", i) for i in range(count_out)]

    def _signature(self, function, index):
        dtype, rank, shape = ctypes.c_uint32(), ctypes.c_uint32(), (ctypes.c_int64 * 8)()
        _check_runtime(_f[function](self._executable, index, ctypes.byref(dtype),
                                    ctypes.byref(rank), shape))
        return np.dtype(_NUMPY_DTYPES[dtype.value]), tuple(shape[:rank.value])

    def __call__(self, *arrays):
        if len(arrays) != len(self.inputs):
            raise TypeError(f"the executable takes {len(self.inputs)} inputs, not {len(arrays)}")
        buffers = (ctypes.c_void_p * max(len(arrays), 1))()
        results = (ctypes.c_void_p * max(len(self.outputs), 1))()
        try:
            for i, (array, (dtype, shape)) in enumerate(zip(arrays, self.inputs)):
                array = _checked_array(array, i, dtype, shape, "input")
                _check_runtime(_f["tgrt_buffer_alloc"](self._device, array.nbytes,
                                                       ctypes.byref(buffers, i * 8)))
                _check_runtime(_f["tgrt_buffer_write"](buffers[i], 0, array.ctypes.data,
                                                       array.nbytes))
            _check_runtime(_f["tgrt_executable_run"](self._executable, buffers, len(arrays),
                                                     results, len(self.outputs)))
            outputs = []
            for i, (dtype, shape) in enumerate(self.outputs):
                out = np.empty(shape, dtype)
                _check_runtime(_f["tgrt_buffer_read"](results[i], 0, out.ctypes.data, out.nbytes))
                outputs.append(out)
            return outputs
        finally:
            for handle in list(buffers) + list(results):
                if handle:
                    _f["tgrt_buffer_release"](handle)

    def __del__(self):
        if getattr(self, "_executable", None) and ll.functions is not None:
            _f["tgrt_executable_release"](self._executable)
            _f["tgrt_device_release"](self._device)


_DEFINE = re.compile(r"^#define (\w+) (.*?)(?: /\*.*)?$", re.M)


class Library:
    """An ahead-of-time shared library and its header (NAME.h beside it).
    `weights` is the safetensors file of a library made with
    --weights=file. Calling it runs NAME_run_buffers: one array per input
    (updated in place where the model assigns it), a list of arrays back."""

    def __init__(self, path, header=None, weights=None):
        header = header or os.path.splitext(path)[0] + ".h"
        text = open(header).read()
        match = re.search(r"typedef struct (\w+)_context ", text)
        if not match:
            raise ValueError(f"{header} is not the header of an ahead-of-time library")
        self.name = name = match.group(1)
        defines = dict(_DEFINE.findall(text))
        prefix = name.upper()

        def tensors(kind):
            signature = []
            for i in range(int(defines[f"{prefix}_NUM_{kind}S"])):
                dtype = defines[defines[f"{prefix}_{kind}_{i}_DTYPE"]]
                shape = defines.get(f"{prefix}_{kind}_{i}_SHAPE", "").strip("{}")  # none: 0-d
                signature.append((defines[f"{prefix}_{kind}_{i}_NAME"].strip('"'),
                                  np.dtype(_NUMPY_DTYPES[int(dtype)]),
                                  tuple(int(d) for d in shape.split(",") if d.strip())))
            return signature

        self.inputs, self.outputs = tensors("INPUT"), tensors("OUTPUT")
        self._library = ctypes.CDLL(os.path.abspath(path))
        self._last_error = getattr(self._library, f"{name}_last_error")
        self._last_error.restype = ctypes.c_char_p
        self._run = getattr(self._library, f"{name}_run_buffers")
        self._run.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self._destroy = getattr(self._library, f"{name}_destroy")
        self._destroy.argtypes = [ctypes.c_void_p]
        create = getattr(self._library, f"{name}_create")
        self._context = ctypes.c_void_p()
        takes_weights = re.search(rf"int {name}_create\([^)]*,", text) is not None
        if takes_weights != (weights is not None):
            raise TypeError(f"{name}_create {'takes' if takes_weights else 'takes no'} weights file")
        args = [ctypes.byref(self._context)] + ([weights.encode()] if takes_weights else [])
        self._check(create(*args))

    def initial_value(self, index):
        """A copy of input `index`'s value from the library (with
        --weights=inputs: the parameters and the optimizer's state), or None
        for an input the caller provides."""
        function = getattr(self._library, f"{self.name}_initial_value", None)
        if function is None:
            return None
        function.restype, function.argtypes = ctypes.c_void_p, [ctypes.c_int32]
        address = function(index)
        if not address:
            return None
        _, dtype, shape = self.inputs[index]
        count = int(np.prod(shape, dtype=np.int64))
        return np.ctypeslib.as_array((ctypes.c_char * (count * dtype.itemsize)).from_address(
            address)).view(dtype).reshape(shape).copy()

    def _check(self, status):
        if status != 0:
            raise TGError(self._last_error().decode())

    def __call__(self, *arrays):
        if len(arrays) != len(self.inputs):
            raise TypeError(f"{self.name} takes {len(self.inputs)} inputs, not {len(arrays)}")
        checked = [_checked_array(a, i, dtype, shape, "input")
                   for i, (a, (_, dtype, shape)) in enumerate(zip(arrays, self.inputs))]
        outputs = [np.empty(shape, dtype) for _, dtype, shape in self.outputs]
        ins = (ctypes.c_void_p * max(len(checked), 1))(*[a.ctypes.data for a in checked])
        outs = (ctypes.c_void_p * max(len(outputs), 1))(*[o.ctypes.data for o in outputs])
        self._check(self._run(self._context, ins, outs))
        return outputs

    def __del__(self):
        if getattr(self, "_context", None):
            self._destroy(self._context)


_WEIGHTS = {"embed": ll.TG_AOT_WEIGHTS_EMBED, "file": ll.TG_AOT_WEIGHTS_FILE,
            "inputs": ll.TG_AOT_WEIGHTS_INPUTS}


def export(function, examples, name="model", directory=".", emit="lib", weights="embed",
           parameters=None, device="CPU", target=None, chip=None, portable=False):
    """Traces `function` on Tensors shaped like `examples` and compiles it
    (tg::aot::compile). It returns a Tensor or a list of them; a training
    step returns (outputs, updates), the updates being what its optimizer's
    schedule_step() gives. `parameters` names the tensors it reads besides
    its inputs (a state dict). Returns the paths of the object (or library,
    or .mlir) and of its header."""
    if weights not in _WEIGHTS:
        raise ValueError(f"weights must be one of {sorted(_WEIGHTS)}, not {weights!r}")
    failure = []

    def traced(_user, handles, count, trace):
        handles = ctypes.cast(handles, ctypes.POINTER(ctypes.c_void_p))
        inputs = [Tensor._wrap(handles[i]) for i in range(count)]
        try:
            result = function(*inputs)
            outputs, updates = result if isinstance(result, tuple) else (result, [])
            outputs = [outputs] if isinstance(outputs, Tensor) else list(outputs)
            for t in outputs:
                _check(_f["tg_trace_add_output"](trace, t._handle))
            for t in updates:
                _check(_f["tg_trace_add_update"](trace, t._handle))
            return ll.TG_OK
        except Exception as e:  # raised again once the C call returns
            failure.append(e)
            return ll.TG_ERROR
        finally:
            for t in inputs:
                t._handle = None  # the library's handles: it releases them

    callback = ll.tg_traced_function(traced)
    state = ctypes.c_void_p()
    _check(_f["tg_state_dict_new"](ctypes.byref(state)))
    try:
        for key, tensor in (parameters or {}).items():
            _check(_f["tg_state_dict_set"](state, key.encode(), tensor._handle))
        text = lambda value: value.encode() if value else None
        options = ll.tg_aot_options(
            text(name), text(directory), text(emit), _WEIGHTS[weights], state, text(device),
            text(target), text(chip), portable)
        handles = (ctypes.c_void_p * max(len(examples), 1))(*[t._handle for t in examples])
        paths = [ctypes.create_string_buffer(4096) for _ in range(2)]
        status = _f["tg_aot_compile"](callback, None, handles, len(examples), ctypes.byref(options),
                                      paths[0], paths[1], 4096)
        if failure:
            raise failure[0]
        _check(status)
        return paths[0].value.decode(), paths[1].value.decode()
    finally:
        _f["tg_state_dict_release"](state)
