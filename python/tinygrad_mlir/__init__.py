"""tinygrad-mlir from Python: a tinygrad-style Tensor over the C ABI (tg.h),
whose functions come from the generated _lowlevel module (tg_manifest.json)."""
from . import nn, optim, runtime
from .tensor import Tensor, TGError, dtypes

__all__ = ["Tensor", "TGError", "dtypes", "nn", "optim", "runtime"]
