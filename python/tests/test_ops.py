"""tinygrad's test_ops, a slice: each op against NumPy, and gradients
against NumPy's derivatives, through the C ABI."""
import numpy as np
import pytest

from tinygrad_mlir import Tensor, TGError, dtypes

RNG = np.random.default_rng(0)


def data(*shape, low=-2.0, high=2.0):
    return RNG.uniform(low, high, size=shape).astype(np.float32)


def close(tensor, expected, atol=1e-5, rtol=1e-5):
    np.testing.assert_allclose(tensor.numpy(), expected, atol=atol, rtol=rtol)


UNARY = [
    ("neg", np.negative, None),
    ("exp", np.exp, None),
    ("log", np.log, (0.1, 3)),
    ("sqrt", np.sqrt, (0.1, 3)),
    ("sin", np.sin, None),
    ("cos", np.cos, None),
    ("tanh", np.tanh, None),
    ("relu", lambda x: np.maximum(x, 0), None),
    ("sigmoid", lambda x: 1 / (1 + np.exp(-x)), None),
    ("abs", np.abs, None),
    ("square", np.square, None),
    ("reciprocal", np.reciprocal, (0.5, 3)),
    ("floor", np.floor, None),
    ("ceil", np.ceil, None),
    ("softplus", lambda x: np.log1p(np.exp(x)), None),
    ("silu", lambda x: x / (1 + np.exp(-x)), None),
]


@pytest.mark.parametrize("name,reference,domain", UNARY, ids=[u[0] for u in UNARY])
def test_unary(name, reference, domain):
    x = data(3, 4) if domain is None else data(3, 4, low=domain[0], high=domain[1])
    close(getattr(Tensor(x), name)(), reference(x), atol=1e-5, rtol=1e-4)


BINARY = [
    ("add", np.add), ("sub", np.subtract), ("mul", np.multiply), ("div", np.divide),
    ("maximum", np.maximum), ("minimum", np.minimum),
]


@pytest.mark.parametrize("name,reference", BINARY, ids=[b[0] for b in BINARY])
def test_binary_broadcasting(name, reference):
    a, b = data(2, 3, 4), data(3, 1, low=0.5, high=2)
    close(getattr(Tensor(a), name)(Tensor(b)), reference(a, b), rtol=1e-5)
    close(getattr(Tensor(a), name)(1.5), reference(a, np.float32(1.5)), rtol=1e-5)


def test_operators_and_scalars():
    a, b = data(4), data(4, low=0.5, high=2)
    x, y = Tensor(a), Tensor(b)
    close(x + y * 2 - 1, a + b * 2 - 1)
    close(2 - x, 2 - a)
    close(1 / y, 1 / b, rtol=1e-6)
    close(x ** 2, a ** 2, rtol=1e-5)
    close(-x, -a)
    np.testing.assert_array_equal((x < y).numpy(), a < b)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 2)])
@pytest.mark.parametrize("name,reference", [("sum", np.sum), ("max", np.max), ("mean", np.mean)])
def test_reductions(axis, name, reference):
    a = data(2, 3, 4)
    axes = list(axis) if isinstance(axis, tuple) else axis
    close(getattr(Tensor(a), name)(axes), reference(a, axis=axis), rtol=1e-5)
    close(getattr(Tensor(a), name)(axes, keepdim=True), reference(a, axis=axis, keepdims=True),
          rtol=1e-5)


def test_softmax_and_argmax():
    a = data(3, 5)
    e = np.exp(a - a.max(1, keepdims=True))
    close(Tensor(a).softmax(1), e / e.sum(1, keepdims=True), rtol=1e-5)
    np.testing.assert_array_equal(Tensor(a).argmax(1).numpy(), a.argmax(1))


def test_matmul_and_movement():
    a, b = data(3, 4), data(4, 5)
    close(Tensor(a) @ Tensor(b), a @ b, rtol=1e-5)
    close(Tensor(a).reshape([2, 6]), a.reshape(2, 6))
    close(Tensor(a).permute([1, 0]), a.T)
    close(Tensor(a).transpose(), a.T)
    close(Tensor(a).flip([1]), a[:, ::-1])
    # Pads as (before, after) pairs per axis, flattened.
    close(Tensor(a).pad([1, 0, 0, 2]), np.pad(a, ((1, 0), (0, 2))))
    close(Tensor(a[None]).expand([2, 3, 4]), np.broadcast_to(a, (2, 3, 4)))
    close(Tensor.cat([Tensor(a), Tensor(a)], 1), np.concatenate([a, a], 1))
    close(Tensor.stack([Tensor(a), Tensor(a)], 0), np.stack([a, a]))
    parts = Tensor(a).split(2, 1)
    assert [p.shape for p in parts] == [(3, 2), (3, 2)]


def test_indexing():
    a = data(4, 5)
    x = Tensor(a)
    close(x[1], a[1])
    close(x[-1, 2:4], a[-1, 2:4])
    close(x[:, ::-1], a[:, ::-1])
    close(x[1:3], a[1:3])
    with pytest.raises(IndexError):
        x[7]


def test_conv2d_and_pool():
    x, w, b = data(1, 2, 6, 6), data(3, 2, 3, 3), data(3)
    y = Tensor(x).conv2d(Tensor(w), Tensor(b), padding=[1]).numpy()
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    expected = np.zeros((1, 3, 6, 6), np.float32)
    for o in range(3):
        for i in range(6):
            for j in range(6):
                expected[0, o, i, j] = (padded[0, :, i:i + 3, j:j + 3] * w[o]).sum() + b[o]
    np.testing.assert_allclose(y, expected, atol=1e-4)
    pooled = Tensor(x).max_pool2d([2]).numpy()
    np.testing.assert_allclose(pooled, x.reshape(1, 2, 3, 2, 3, 2).max((3, 5)))


def test_creation_and_dtypes():
    assert Tensor.zeros(2, 3).shape == (2, 3)
    np.testing.assert_array_equal(Tensor.ones(2, dtype=dtypes.int32).numpy(), [1, 1])
    np.testing.assert_array_equal(Tensor.arange(5).numpy(), np.arange(5))
    np.testing.assert_array_equal(Tensor.eye(3).numpy(), np.eye(3))
    assert Tensor([1, 2]).dtype == dtypes.int32
    assert Tensor([1.5]).dtype == dtypes.float32
    assert Tensor(np.zeros(3, np.float64)).dtype == dtypes.float64
    x = Tensor([1.5, -2.5]).cast(dtypes.int32)
    assert x.dtype == dtypes.int32 and x.tolist() == [1, -2]
    Tensor.manual_seed(1)
    r = Tensor.rand(1000).numpy()
    assert 0 <= r.min() and r.max() < 1 and abs(r.mean() - 0.5) < 0.05


def test_gradients():
    a, b = data(3, 4), data(4, 2)
    x, w = Tensor(a), Tensor(b)
    x.requires_grad = True
    w.requires_grad = True
    loss = (x @ w).relu().sum()
    loss.backward()
    mask = (a @ b > 0).astype(np.float32)
    close(x.grad, mask @ b.T, rtol=1e-5)
    close(w.grad, a.T @ mask, rtol=1e-5)

    y = Tensor(a)
    y.requires_grad = True
    (y.exp() * y).mean().backward()
    close(y.grad, (np.exp(a) * (1 + a)) / a.size, rtol=1e-5)


def test_errors_are_exceptions():
    with pytest.raises(TGError, match="broadcast"):
        (Tensor(data(2, 3)) + Tensor(data(4))).numpy()
    with pytest.raises(TGError, match="reshape"):
        Tensor(data(2, 3)).reshape([4])
    with pytest.raises(TypeError):
        Tensor(data(2)).add("text")
    with pytest.raises(AttributeError):
        Tensor(data(2)).no_such_op()
