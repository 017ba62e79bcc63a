"""Compiled models from Python (tinygrad_mlir.runtime): runtime executables
and ahead-of-time libraries run with NumPy arrays, and Python functions
exported ahead of time, checked against NumPy and against the same
computation run lazily."""
import os
import subprocess

import numpy as np
import pytest

from tinygrad_mlir import Tensor, TGError, nn, optim
from tinygrad_mlir import _lowlevel as ll
from tinygrad_mlir.runtime import Executable, Library, export

TG_COMPILE = os.path.join(os.environ.get("TG_BIN_DIR", os.path.join(ll.LIBRARY_DIR, "..", "bin")),
                          "tg-compile")

SOFTMAX = """
func.func @softmax(%x: tensor<2x4xf32> {tg.name = "logits"}) -> (tensor<2x4xf32> {tg.name = "probabilities"}) {
  %m = tg.reduce max %x [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %me = tg.expand %m : tensor<2x1xf32> to tensor<2x4xf32>
  %d = tg.sub %x, %me : tensor<2x4xf32>
  %e = tg.exp2 %d : tensor<2x4xf32>
  %s = tg.reduce add %e [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %se = tg.expand %s : tensor<2x1xf32> to tensor<2x4xf32>
  %r = tg.fdiv %e, %se : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
"""
LOGITS = np.array([[1, 2, 3, 4], [0, 0, 0, 1]], np.float32)


def softmax2(x):
    e = np.exp2(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.fixture
def softmax_mlir(tmp_path):
    path = tmp_path / "softmax.mlir"
    path.write_text(SOFTMAX)
    return path


def tg_compile(*args):
    # In a sanitizer build the interpreter runs with the sanitizers' runtime
    # preloaded; tg-compile carries its own, and two do not mix.
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    subprocess.run([TG_COMPILE, *map(str, args)], check=True, env=env)


def test_executable(softmax_mlir, tmp_path):
    tg_compile(softmax_mlir, "--emit=exe", f"-o={tmp_path / 'softmax.tgx'}")
    run = Executable(str(tmp_path / "softmax.tgx"), "CPU")
    assert run.inputs == [(np.dtype(np.float32), (2, 4))]
    (probabilities,) = run(LOGITS)
    np.testing.assert_allclose(probabilities, softmax2(LOGITS), rtol=1e-6)
    with pytest.raises(ValueError, match=r"input 0 must be float32 \[2, 4\], not float32 \[4, 2\]"):
        run(LOGITS.T.copy())
    with pytest.raises(TypeError, match="takes 1 inputs, not 2"):
        run(LOGITS, LOGITS)
    with pytest.raises(TGError):
        Executable(str(softmax_mlir), "CPU")  # not an executable


def test_library(softmax_mlir, tmp_path):
    tg_compile(softmax_mlir, "--emit=lib", "--name=softmax", f"-o={tmp_path / 'softmax.so'}")
    run = Library(str(tmp_path / "softmax.so"))
    assert run.name == "softmax"
    assert run.inputs == [("logits", np.dtype(np.float32), (2, 4))]
    assert run.outputs == [("probabilities", np.dtype(np.float32), (2, 4))]
    np.testing.assert_allclose(run(LOGITS)[0], softmax2(LOGITS), rtol=1e-6)
    with pytest.raises(ValueError, match="must be float32"):
        run(LOGITS.astype(np.float64))
    with pytest.raises(ValueError, match="C-contiguous"):
        run(np.asfortranarray(LOGITS))


def test_export_inference(tmp_path):
    Tensor.manual_seed(3)
    layer = nn.Linear(4, 3)
    x = np.arange(8, dtype=np.float32).reshape(2, 4) / 7
    library, header = export(lambda t: layer(t).relu(), [Tensor(x)], name="dense",
                             directory=str(tmp_path), parameters={"weight": layer.weight,
                                                                  "bias": layer.bias})
    assert library.endswith("dense.so") and header.endswith("dense.h")
    run = Library(library)
    np.testing.assert_allclose(run(x)[0], layer(Tensor(x)).relu().numpy(), rtol=1e-5, atol=1e-6)

    def broken(t):
        raise KeyError("no such layer")

    with pytest.raises(KeyError, match="no such layer"):
        export(broken, [Tensor(x)], name="broken", directory=str(tmp_path))
    with pytest.raises(ValueError, match="weights must be one of"):
        export(lambda t: t, [Tensor(x)], weights="cloud")


def test_export_training_step_updates_weights_in_place(tmp_path):
    """A step exported with its weights as inputs updates the caller's
    arrays as the lazy step updates the model."""
    Tensor.manual_seed(5)
    layer = nn.Linear(3, 2)
    opt = optim.SGD(nn.get_parameters(layer), lr=0.5, momentum=0.9)
    x = np.array([[1, 2, 0.5], [-1, 0, 2]], np.float32)
    y = np.array([[1, 0], [0, 1]], np.float32)
    weight0, bias0 = layer.weight.numpy(), layer.bias.numpy()

    def step(xs, ys):
        opt.zero_grad()
        loss = ((layer(xs) - ys) ** 2).mean()
        loss.backward()
        return [loss], opt.schedule_step()

    library, _ = export(step, [Tensor(x), Tensor(y)], name="step", directory=str(tmp_path),
                        weights="inputs", parameters={"weight": layer.weight, "bias": layer.bias})
    run = Library(library)
    names = [name for name, _, _ in run.inputs]
    assert names[:2] == ["input0", "input1"] and set(names[2:]) >= {"weight", "bias"}
    # The weights, the momentum and the learning rate as they were traced.
    assert run.initial_value(0) is None
    arrays = [x, y] + [run.initial_value(i) for i in range(2, len(run.inputs))]
    state = dict(zip(names[2:], arrays[2:]))
    np.testing.assert_array_equal(state["weight"], weight0)
    (loss,) = run(*arrays)

    # The same step, lazily, from the same weights.
    layer.weight.assign(Tensor(weight0)).realize()
    layer.bias.assign(Tensor(bias0)).realize()
    expected_loss = ((layer(Tensor(x)) - Tensor(y)) ** 2).mean().numpy()
    opt.zero_grad()
    ((layer(Tensor(x)) - Tensor(y)) ** 2).mean().backward()
    opt.step()
    np.testing.assert_allclose(loss, expected_loss, rtol=1e-5)
    np.testing.assert_allclose(state["weight"], layer.weight.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(state["bias"], layer.bias.numpy(), rtol=1e-5, atol=1e-6)
