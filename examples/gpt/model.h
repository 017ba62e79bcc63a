//===- model.h - a byte-level GPT, shared by the example, tests, bench -*- C++ -*-===//
//
// tinygrad's examples/gpt2.py at a small size: token and position
// embeddings, pre-norm blocks of causal multi-head attention and a gelu
// MLP, a final layernorm, and the output projection tied to the token
// embedding. Parameter names are GPT-2's (wte, wpe, h.N.ln_1, h.N.attn.c_attn,
// ..., ln_f), so torch_reference.py's PyTorch model loads the same file.
//
// Generation keeps a key/value cache of `context` positions per layer on
// the device, and passes the position as a tensor: every generated token
// runs the same graph, so one program is compiled for all of them (tinygrad
// uses a symbolic start_pos for the same purpose).
//
//===----------------------------------------------------------------------===//
#ifndef TG_EXAMPLES_GPT_MODEL_H
#define TG_EXAMPLES_GPT_MODEL_H

#include "tg/tensor.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace gpt {

struct Config {
  int64_t vocab = 256; // bytes
  int64_t context = 64;
  int64_t layers = 4;
  int64_t heads = 4;
  int64_t dim = 128;
};

struct Attention : tg::nn::Module {
  Attention(const Config &c) : c_attn(c.dim, 3 * c.dim), c_proj(c.dim, c.dim), heads(c.heads) {}

  /// q, k, v of x [B, T, C], each [B, heads, T, C / heads].
  std::vector<tg::Tensor> project(const tg::Tensor &x) const {
    int64_t b = x.shape(0), t = x.shape(1), c = x.shape(2);
    std::vector<tg::Tensor> qkv = c_attn(x).reshape({b, t, 3, heads, c / heads}).split(1, 2);
    for (tg::Tensor &part : qkv)
      part = part.squeeze(2).transpose(1, 2);
    return qkv;
  }

  /// softmax(q·kᵀ/√d + mask)·v. The probabilities are realized (contiguous):
  /// fused into the product with v, the scheduler would compute them again
  /// for each of the head's d features.
  static tg::Tensor attend(const tg::Tensor &q, const tg::Tensor &k, const tg::Tensor &v,
                           const tg::Tensor &visible) {
    tg::Tensor scores = q.dot(k.transpose(-2, -1)).div(std::sqrt(double(q.shape(-1))));
    scores = scores.masked_fill(visible.logical_not(), -std::numeric_limits<double>::infinity());
    return scores.softmax(-1).contiguous().dot(v);
  }

  tg::Tensor merge(const tg::Tensor &y) const {
    int64_t b = y.shape(0), t = y.shape(2);
    return c_proj(y.transpose(1, 2).reshape({b, t, -1}));
  }

  /// Training: every position attends to the ones before it.
  tg::Tensor operator()(const tg::Tensor &x) const {
    std::vector<tg::Tensor> qkv = project(x);
    double t = double(x.shape(1));
    // Query i sees keys j ≤ i.
    tg::Tensor causal = tg::Tensor::arange(t).unsqueeze(-1).ge(tg::Tensor::arange(t));
    return merge(attend(qkv[0], qkv[1], qkv[2], causal));
  }

  /// Generation: x [1, 1, C] at `position` ([1] int32 on the device); its
  /// key and value are written into the caches, and it attends to the
  /// cached positions up to its own.
  tg::Tensor step(const tg::Tensor &x, const tg::Tensor &position, tg::Tensor &keys,
                  tg::Tensor &values) const {
    std::vector<tg::Tensor> qkv = project(x);
    tg::Tensor slots = tg::Tensor::arange(double(keys.shape(2)));
    tg::Tensor here = slots.eq(position).reshape({1, 1, -1, 1});
    tg::Tensor newKeys = here.where(qkv[1], keys), newValues = here.where(qkv[2], values);
    keys.assign(newKeys);
    values.assign(newValues);
    tg::Tensor seen = slots.le(position).reshape({1, 1, 1, -1});
    return merge(attend(qkv[0], newKeys, newValues, seen));
  }

  void visit(tg::nn::Visitor &v) override {
    v("c_attn", c_attn);
    v("c_proj", c_proj);
  }

  tg::nn::Linear c_attn, c_proj;
  int64_t heads;
};

struct MLP : tg::nn::Module {
  MLP(const Config &c) : c_fc(c.dim, 4 * c.dim), c_proj(4 * c.dim, c.dim) {}
  // gelu's output and the gradient at its input are realized (contiguous,
  // contiguous_backward): fused into c_proj's matmul and c_fc's weight
  // gradient instead, the scheduler would compute gelu and its derivative
  // again for every output feature of those matmuls.
  tg::Tensor operator()(const tg::Tensor &x) const {
    return c_proj(c_fc(x).contiguous_backward().gelu().contiguous());
  }
  void visit(tg::nn::Visitor &v) override {
    v("c_fc", c_fc);
    v("c_proj", c_proj);
  }
  tg::nn::Linear c_fc, c_proj;
};

struct Block : tg::nn::Module {
  Block(const Config &c) : ln_1(tg::Shape{c.dim}), attn(c), ln_2(tg::Shape{c.dim}), mlp(c) {}
  tg::Tensor operator()(const tg::Tensor &x) const {
    tg::Tensor h = x + attn(ln_1(x));
    return h + mlp(ln_2(h));
  }
  tg::Tensor step(const tg::Tensor &x, const tg::Tensor &position, tg::Tensor &keys,
                  tg::Tensor &values) const {
    tg::Tensor h = x + attn.step(ln_1(x), position, keys, values);
    return h + mlp(ln_2(h));
  }
  void visit(tg::nn::Visitor &v) override {
    v("ln_1", ln_1);
    v("attn", attn);
    v("ln_2", ln_2);
    v("mlp", mlp);
  }
  tg::nn::LayerNorm ln_1;
  Attention attn;
  tg::nn::LayerNorm ln_2;
  MLP mlp;
};

struct GPT : tg::nn::Module {
  explicit GPT(const Config &c = {})
      : config(c), wte(c.vocab, c.dim), wpe(c.context, c.dim), ln_f(tg::Shape{c.dim}) {
    for (int64_t i = 0; i < c.layers; ++i)
      h.emplace_back(c);
  }

  /// Logits [B, T, vocab] of tokens [B, T] (T ≤ context).
  tg::Tensor operator()(const tg::Tensor &tokens) const {
    tg::Tensor x = wte(tokens) + wpe(tg::Tensor::arange(double(tokens.shape(1))));
    for (const Block &block : h)
      x = block(x);
    return logits(x);
  }

  /// The output projection shares the token embedding's weights.
  tg::Tensor logits(const tg::Tensor &x) const { return ln_f(x).dot(wte.weight.T()); }

  void visit(tg::nn::Visitor &v) override {
    v("wte", wte);
    v("wpe", wpe);
    v("h", h);
    v("ln_f", ln_f);
  }

  Config config;
  tg::nn::Embedding wte, wpe;
  std::vector<Block> h;
  tg::nn::LayerNorm ln_f;
};

/// Text generation with temperature and top-k sampling, one compiled step
/// per token (see the file comment).
class Generator {
public:
  Generator(const GPT &model, double temperature, int64_t topK)
      : model_(model), temperature_(temperature), topK_(std::min(topK, model.config.vocab)) {
    const Config &c = model.config;
    for (int64_t i = 0; i < c.layers; ++i) {
      keys_.push_back(tg::Tensor::zeros({1, c.heads, c.context, c.dim / c.heads}).contiguous().realize());
      values_.push_back(tg::Tensor::zeros({1, c.heads, c.context, c.dim / c.heads}).contiguous().realize());
    }
  }

  /// Feeds `token` at the next position: the logits [vocab] of the byte
  /// after it, realized with the caches it wrote. The context is full after
  /// config.context tokens.
  tg::Tensor logits(int token) {
    tg::Tensor out = feed(token);
    realizeWithCaches(out);
    return out;
  }

  /// Feeds `token` and draws the byte after it.
  int next(int token) {
    tg::Tensor logits = feed(token).div(temperature_);
    auto [best, indices] = logits.topk(topK_);
    tg::Tensor drawn = indices.gather(0, best.softmax().multinomial(1));
    realizeWithCaches(drawn);
    return drawn.item<int>();
  }

private:
  tg::Tensor feed(int token) {
    if (fed_ == model_.config.context)
      throw tg::Error("gpt::Generator: the context of " + std::to_string(fed_) + " tokens is full");
    tg::NoGrad noGrad;
    // Buffers, not constants: the graph is the same at every position.
    tg::Tensor input = tg::Tensor::from_vector<int32_t>({token}, {1, 1});
    tg::Tensor position = tg::Tensor::from_vector<int32_t>({int32_t(fed_++)}, {1});
    tg::Tensor x = model_.wte(input) + model_.wpe(position.reshape({1, 1}));
    for (size_t i = 0; i < model_.h.size(); ++i)
      x = model_.h[i].step(x, position, keys_[i], values_[i]);
    return model_.logits(x).reshape({-1});
  }

  void realizeWithCaches(const tg::Tensor &result) {
    std::vector<tg::Tensor> pending{result};
    pending.insert(pending.end(), keys_.begin(), keys_.end());
    pending.insert(pending.end(), values_.begin(), values_.end());
    tg::Tensor::realize(pending);
  }

  const GPT &model_;
  double temperature_;
  int64_t topK_;
  std::vector<tg::Tensor> keys_, values_;
  int64_t fed_ = 0;
};

} // namespace gpt

#endif // TG_EXAMPLES_GPT_MODEL_H
