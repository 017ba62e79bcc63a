"""tinygrad_mlir.nn and .optim against NumPy: layers, BatchNorm's statistics,
an Adam step, safetensors files."""
import numpy as np
import pytest

from tinygrad_mlir import Tensor, dtypes, nn, optim


def test_linear_and_conv_forward():
    layer = nn.Linear(4, 3)
    x = np.random.default_rng(1).normal(size=(2, 4)).astype(np.float32)
    w, b = layer.weight.numpy(), layer.bias.numpy()
    assert np.abs(w).max() <= 0.5 and w.shape == (3, 4)
    np.testing.assert_allclose(layer(Tensor(x)).numpy(), x @ w.T + b, rtol=1e-5, atol=1e-6)
    conv = nn.Conv2d(2, 3, 3, padding=1)
    assert conv(Tensor(np.zeros((1, 2, 5, 5), np.float32))).shape == (1, 3, 5, 5)


def test_batchnorm_statistics():
    x = np.random.default_rng(2).normal(size=(4, 3, 2, 2)).astype(np.float32)
    bn = nn.BatchNorm(3)
    nn.training = True
    try:
        y = bn(Tensor(x)).numpy()
    finally:
        nn.training = False
    mean, var = x.mean((0, 2, 3)), x.var((0, 2, 3))
    expected = (x - mean[None, :, None, None]) / np.sqrt(var[None, :, None, None] + 1e-5)
    np.testing.assert_allclose(y, expected, rtol=1e-4, atol=1e-5)
    n = x.size / 3
    np.testing.assert_allclose(bn.running_mean.numpy(), 0.1 * mean, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(bn.running_var.numpy(), 0.9 + 0.1 * var * n / (n - 1), rtol=1e-5)
    assert bn.num_batches_tracked.item() == 1


def test_adam_step():
    w0 = np.array([[1.0, -2.0], [0.5, 3.0]], np.float32)
    w = Tensor(w0)
    opt = optim.Adam([w], lr=0.1)
    for _ in range(2):
        opt.zero_grad()
        (w * w).sum().backward()
        opt.step()
    # NumPy's Adam on the same gradients 2w.
    p, m, v = w0.astype(np.float64), 0.0, 0.0
    for t in (1, 2):
        g = 2 * p
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        p = p - 0.1 * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    np.testing.assert_allclose(w.numpy(), p, rtol=1e-5)


@pytest.mark.parametrize("nesterov", [False, True])
def test_sgd_momentum_and_weight_decay(nesterov):
    w0 = np.array([[1.0, -2.0], [0.5, 3.0]], np.float32)
    w = Tensor(w0)
    opt = optim.SGD([w], lr=0.1, momentum=0.9, weight_decay=0.01, nesterov=nesterov)
    for _ in range(3):
        opt.zero_grad()
        (w * w).sum().backward()
        opt.step()
    # PyTorch's SGD in NumPy on the gradients 2w.
    p, b = w0.astype(np.float64), 0.0
    for _ in range(3):
        g = 2 * p + 0.01 * p
        b = 0.9 * b + g
        p = p - 0.1 * (g + 0.9 * b if nesterov else b)
    np.testing.assert_allclose(w.numpy(), p, rtol=1e-5)


def test_state_dict_and_safetensors(tmp_path):
    class Small:
        def __init__(self):
            self.fc = nn.Linear(3, 2)
            self.bn = nn.BatchNorm(2)

    model = Small()
    state = nn.get_state_dict(model)
    assert sorted(state) == ["bn.bias", "bn.num_batches_tracked", "bn.running_mean",
                             "bn.running_var", "bn.weight", "fc.bias", "fc.weight"]
    path = str(tmp_path / "small.safetensors")
    nn.safe_save(state, path)
    loaded = nn.safe_load(path)
    assert loaded["bn.num_batches_tracked"].dtype == dtypes.int64
    other = Small()
    nn.load_state_dict(other, loaded)
    np.testing.assert_array_equal(other.fc.weight.numpy(), model.fc.weight.numpy())
