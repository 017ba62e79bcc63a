//===- LinAlg.cpp - linear algebra built from matmuls ---------------------===//

#include "TensorOps.h"

namespace tg {

namespace {

/// x[..., :, column]: the column of every matrix of a batch.
Tensor columnOf(const Tensor &x, int64_t column) {
  std::vector<std::pair<int64_t, int64_t>> bounds;
  for (int64_t size : x.shape())
    bounds.push_back({0, size});
  bounds.back() = {column, column + 1};
  return x.shrink(bounds).squeeze(-1);
}

Shape batchShape(const Tensor &x, std::initializer_list<int64_t> matrix) {
  Shape shape(x.shape().begin(), x.shape().end() - 2);
  shape.insert(shape.end(), matrix);
  return shape;
}

void requireMatrices(const Tensor &x, const char *op) {
  if (x.ndim() < 2)
    throw Error(std::string("tg::Tensor::") + op + ": needs at least two axes, not " + shapeText(x.shape()));
}

} // namespace

Tensor Tensor::newton_schulz(int64_t steps, const std::vector<double> &params, double eps) const {
  requireDefined("newton_schulz");
  requireMatrices(*this, "newton_schulz");
  if (steps > 0 && params.empty())
    throw Error("tg::Tensor::newton_schulz: no polynomial coefficients");
  if (shape(-2) > shape(-1))
    return transpose(-2, -1).newton_schulz(steps, params, eps).transpose(-2, -1);
  Tensor g = div(square().sum({-2, -1}, true).sqrt().add(eps));
  for (int64_t step = 0; step < steps; ++step) {
    // The polynomial's terms share G·Gᵀ; each is the previous times it.
    Tensor gram = g.dot(g.transpose(-2, -1)), power = g, next = g.mul(params[0]);
    for (size_t i = 1; i < params.size(); ++i) {
      power = gram.dot(power);
      next = next.add(power.mul(params[i]));
    }
    g = next;
  }
  return g;
}

std::pair<Tensor, Tensor> Tensor::qr() const {
  requireDefined("qr");
  requireMatrices(*this, "qr");
  int64_t m = shape(-2), n = shape(-1);
  Tensor r = *this, q = eye(m, m, dtype()).expand(batchShape(*this, {m, m}));
  Tensor row = arange(double(m)), zero = scalar(0, dtype()), one = scalar(1, dtype());
  for (int64_t i = 0; i < std::min(m, n); ++i) {
    // The Householder reflector I - w·vᵀ that zeros column i below row i;
    // v has zeros above row i and w = tau·v.
    Tensor atI = row.eq(double(i));
    Tensor x = row.ge(double(i)).where(columnOf(r, i), zero);
    Tensor norm = x.square().sum(-1, true).sqrt();
    Tensor x0 = atI.where(x, zero).sum(-1, true);
    Tensor sign = x0.ne(0).where(x0.sign(), one), active = norm.ne(0);
    Tensor u0 = x0.add(sign.mul(norm));
    Tensor v = atI.where(u0, x).div(active.where(u0, one)).unsqueeze(-1);
    Tensor w = active.where(sign.mul(u0).div(active.where(norm, one)), zero).unsqueeze(-1).mul(v);
    r = r.sub(w.dot(v.transpose(-2, -1).dot(r)));
    q = q.sub(q.dot(v).dot(w.transpose(-2, -1)));
  }
  return {q, r};
}

namespace {

/// The pairs of columns one Jacobi round rotates, as tinygrad's round-robin
/// schedule: `order[k]` and `order[h + k]` for k < h.
std::vector<int64_t> nextRound(std::vector<int64_t> order) {
  int64_t num = int64_t(order.size());
  if (num % 2 == 1) {
    for (int64_t &c : order)
      c = (c - 1 + num) % num;
  } else {
    for (int64_t k = 1; k < num; ++k)
      order[k] = (order[k] - 2 + (num - 1)) % (num - 1) + 1;
  }
  return order;
}

/// One round's constants: the [num, 2h] selector of the paired columns, and
/// the [h, num, num] patterns a pair's rotation adds to the identity — its
/// cosine's (eᵢeᵢᵀ + eⱼeⱼᵀ) and its sine's (eᵢeⱼᵀ − eⱼeᵢᵀ).
struct RoundConstants {
  Tensor select, cosinePattern, sinePattern;
};

RoundConstants roundConstants(const std::vector<int64_t> &order, DType dtype) {
  int64_t num = int64_t(order.size()), h = num / 2;
  std::vector<double> select(num * 2 * h, 0), cosine(h * num * num, 0), sine(h * num * num, 0);
  for (int64_t b = 0; b < 2 * h; ++b)
    select[order[b] * 2 * h + b] = 1;
  for (int64_t k = 0; k < h; ++k) {
    int64_t i = order[k], j = order[h + k];
    double *c = &cosine[k * num * num], *s = &sine[k * num * num];
    c[i * num + i] = c[j * num + j] = 1;
    s[i * num + j] = 1;
    s[j * num + i] = -1;
  }
  return {Tensor::from_vector(select, {num, 2 * h}, dtype),
          Tensor::from_vector(cosine, {h, num, num}, dtype),
          Tensor::from_vector(sine, {h, num, num}, dtype)};
}

/// pad's pairs for padding the last two axes of `x` by `extra` after them.
std::vector<std::pair<int64_t, int64_t>> padMatrixEnd(const Tensor &x, int64_t extra) {
  std::vector<std::pair<int64_t, int64_t>> pairs(x.ndim(), {0, 0});
  pairs[x.ndim() - 2] = pairs[x.ndim() - 1] = {0, extra};
  return pairs;
}

} // namespace

std::tuple<Tensor, Tensor, Tensor> Tensor::svd(bool full_matrices) const {
  requireDefined("svd");
  requireMatrices(*this, "svd");
  int64_t m = shape(-2), n = shape(-1);
  bool tall = m >= n;
  auto [q, r] = (tall ? *this : transpose(-2, -1)).qr();
  int64_t num = std::min(m, n), qNum = std::max(m, n), h = num / 2;
  std::vector<std::pair<int64_t, int64_t>> square;
  for (int64_t size : r.shape())
    square.push_back({0, size});
  square[r.ndim() - 2] = square[r.ndim() - 1] = {0, num};
  Tensor u = r.shrink(square).contiguous();
  Tensor eyeNum = eye(num, num, dtype()).expand(batchShape(*this, {num, num}));
  Tensor v = eyeNum.contiguous();
  Tensor zero = scalar(0, dtype()), one = scalar(1, dtype());
  // Classical Jacobi converges in about four sweeps of num - 1 rounds.
  std::vector<int64_t> order(num);
  for (int64_t k = 0; k < num; ++k)
    order[k] = k < h ? k : num - 1 - (k - h);
  for (int64_t round = 0; h > 0 && round < 4 * num; ++round, order = nextRound(order)) {
    RoundConstants constants = roundConstants(order, dtype());
    Tensor pairs = u.dot(constants.select);
    std::vector<Tensor> sides = pairs.split(h, -1);
    Tensor gamma = sides[0].mul(sides[1]).sum(-2, true);
    std::vector<Tensor> norms = pairs.square().sum(-2, true).split(h, -1);
    Tensor rotates = gamma.ne(0);
    Tensor tau = norms[1].sub(norms[0]).div(rotates.where(gamma, one).mul(2.0));
    Tensor t = tau.ne(0).where(tau.sign(), one).div(tau.abs().add(tau.square().add(1.0).sqrt()));
    t = rotates.where(t, zero);
    Tensor c = t.square().add(1.0).sqrt().reciprocal(), sine = c.mul(t);
    Shape perPair = batchShape(*this, {h, 1, 1});
    Tensor rotation = eyeNum.add(c.sub(1.0).reshape(perPair).mul(constants.cosinePattern)
                                     .add(sine.reshape(perPair).mul(constants.sinePattern))
                                     .sum(-3));
    u = u.dot(rotation);
    v = v.dot(rotation);
  }
  auto [singular, indices] = u.square().sum(-2).sqrt().sort(-1, true);
  Tensor columns = indices.unsqueeze(-2).expand(batchShape(*this, {num, num}));
  u = u.gather(-1, columns).div(singular.ne(0).where(singular, one).unsqueeze(-2));
  v = v.gather(-1, columns);
  // U's num columns completed to qNum by the identity, rotated back by Q.
  Tensor eyeQ = eye(qNum, qNum, dtype()).expand(batchShape(*this, {qNum, qNum}));
  Tensor full = q.dot(u.pad(padMatrixEnd(u, qNum - num)).add(eyeQ).sub(eyeNum.pad(padMatrixEnd(eyeNum, qNum - num))));
  if (!full_matrices) {
    std::vector<std::pair<int64_t, int64_t>> keep;
    for (int64_t size : full.shape())
      keep.push_back({0, size});
    keep.back() = {0, num};
    full = full.shrink(keep);
  }
  if (tall)
    return {full, singular, v.transpose(-2, -1)};
  return {v, singular, full.transpose(-2, -1)};
}

} // namespace tg
