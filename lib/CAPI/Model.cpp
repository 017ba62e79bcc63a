//===- Model.cpp - tg.h: layers, models, state dicts, safetensors ---------===//

#include "CAPISupport.h"

#include "tg/Tensor/nn.h"

#include <functional>
#include <memory>

struct tg_module_s {
  static constexpr tg::capi::Kind kind = tg::capi::Kind::Module;
  static constexpr const char *what = "a module handle";
  std::shared_ptr<tg::nn::Module> module;
  /// Empty for a model made in C: it has no forward of its own.
  std::function<tg::Tensor(const tg::Tensor &)> forward;
};

struct tg_state_dict_s {
  static constexpr tg::capi::Kind kind = tg::capi::Kind::StateDict;
  static constexpr const char *what = "a state dict handle";
  tg::nn::StateDict value;
};

namespace tg::capi {

nn::StateDict &stateDict(tg_state_dict handle) { return live(handle).value; }

namespace {

/// Layers under names: what a C program composes into a model.
class NamedLayers : public nn::Module {
public:
  std::vector<std::pair<std::string, std::shared_ptr<nn::Module>>> layers;
  void visit(nn::Visitor &v) override {
    for (auto &[name, layer] : layers)
      v(name, *layer);
  }
};

template <typename Layer> tg_status storeLayer(std::shared_ptr<Layer> layer, tg_module *out) {
  return storeValue(newHandle<tg_module_s>(layer, [layer](const Tensor &x) { return (*layer)(x); }),
                    out);
}

/// A per-axis list, or {fallback} for NULL.
std::vector<int64_t> listOr(const int64_t *values, size_t count, int64_t fallback) {
  if (values && !count)
    throw InvalidArgument("a list of sizes is empty");
  return values ? ints(values, count) : std::vector<int64_t>{fallback};
}

void requirePositive(int64_t value, const char *name) {
  if (value <= 0)
    throw InvalidArgument(std::string(name) + " must be positive, not " + std::to_string(value));
}

void requireConvolutionSizes(int64_t in_channels, int64_t out_channels, int64_t groups) {
  requirePositive(in_channels, "in_channels");
  requirePositive(out_channels, "out_channels");
  requirePositive(groups, "groups");
}

} // namespace
} // namespace tg::capi

using namespace tg::capi;

extern "C" {

tg_status tg_module_release(tg_module module) { return releaseHandle(module); }

tg_status tg_nn_linear(int64_t in_features, int64_t out_features, bool bias, tg_module *out) {
  return guard([&] {
    requirePositive(in_features, "in_features");
    requirePositive(out_features, "out_features");
    return storeLayer(std::make_shared<tg::nn::Linear>(in_features, out_features, bias), out);
  });
}

tg_status tg_nn_conv2d(int64_t in_channels, int64_t out_channels, const int64_t *kernel_size,
                       size_t kernel_rank, const int64_t *stride, size_t stride_count,
                       const int64_t *padding, size_t padding_count, const int64_t *dilation,
                       size_t dilation_count, int64_t groups, bool bias, tg_module *out) {
  return guard([&] {
    requireConvolutionSizes(in_channels, out_channels, groups);
    return storeLayer(std::make_shared<tg::nn::Conv2d>(
                          in_channels, out_channels, ints(kernel_size, kernel_rank),
                          listOr(stride, stride_count, 1), listOr(padding, padding_count, 0),
                          listOr(dilation, dilation_count, 1), groups, bias),
                      out);
  });
}

tg_status tg_nn_conv_transpose2d(int64_t in_channels, int64_t out_channels,
                                 const int64_t *kernel_size, size_t kernel_rank,
                                 const int64_t *stride, size_t stride_count,
                                 const int64_t *padding, size_t padding_count,
                                 const int64_t *output_padding, size_t output_padding_count,
                                 const int64_t *dilation, size_t dilation_count, int64_t groups,
                                 bool bias, tg_module *out) {
  return guard([&] {
    requireConvolutionSizes(in_channels, out_channels, groups);
    return storeLayer(std::make_shared<tg::nn::ConvTranspose2d>(
                          in_channels, out_channels, ints(kernel_size, kernel_rank),
                          listOr(stride, stride_count, 1), listOr(padding, padding_count, 0),
                          listOr(output_padding, output_padding_count, 0),
                          listOr(dilation, dilation_count, 1), groups, bias),
                      out);
  });
}

tg_status tg_nn_batchnorm(int64_t size, double eps, bool affine, bool track_running_stats,
                          double momentum, tg_module *out) {
  return guard([&] {
    requirePositive(size, "size");
    return storeLayer(
        std::make_shared<tg::nn::BatchNorm>(size, eps, affine, track_running_stats, momentum), out);
  });
}

tg_status tg_nn_layernorm(const int64_t *normalized_shape, size_t rank, double eps,
                          bool elementwise_affine, tg_module *out) {
  return guard([&] {
    tg::Shape shape = ints(normalized_shape, rank);
    for (int64_t d : shape)
      requirePositive(d, "a normalized dimension");
    return storeLayer(std::make_shared<tg::nn::LayerNorm>(shape, eps, elementwise_affine), out);
  });
}

tg_status tg_nn_groupnorm(int64_t num_groups, int64_t num_channels, double eps, bool affine,
                          tg_module *out) {
  return guard([&] {
    requirePositive(num_groups, "num_groups");
    requirePositive(num_channels, "num_channels");
    return storeLayer(std::make_shared<tg::nn::GroupNorm>(num_groups, num_channels, eps, affine),
                      out);
  });
}

tg_status tg_nn_embedding(int64_t vocab_size, int64_t embed_size, tg_module *out) {
  return guard([&] {
    requirePositive(vocab_size, "vocab_size");
    requirePositive(embed_size, "embed_size");
    return storeLayer(std::make_shared<tg::nn::Embedding>(vocab_size, embed_size), out);
  });
}

tg_status tg_nn_dropout(double p, tg_module *out) {
  return guard([&] {
    if (!(p >= 0 && p <= 1))
      throw InvalidArgument("a dropout probability must be in [0, 1], not " + std::to_string(p));
    return storeLayer(std::make_shared<tg::nn::Dropout>(p), out);
  });
}

tg_status tg_nn_model(const char *const *names, const tg_module *layers, size_t count,
                      tg_module *out) {
  return guard([&] {
    if (count && (!names || !layers))
      throw InvalidArgument("the names or the layers are NULL");
    auto model = std::make_shared<NamedLayers>();
    for (size_t i = 0; i < count; ++i) {
      std::string name = text(names[i]);
      if (name.empty() || name.find('.') != std::string::npos)
        throw InvalidArgument("a layer's name must be non-empty and without '.': '" + name + "'");
      for (auto &[other, layer] : model->layers)
        if (other == name)
          throw InvalidArgument("two layers are named '" + name + "'");
      model->layers.push_back({name, live(layers[i]).module});
    }
    return storeValue(newHandle<tg_module_s>(model, nullptr), out);
  });
}

tg_status tg_module_forward(tg_module module, tg_tensor x, tg_tensor *out) {
  return guard([&] {
    tg_module_s &layer = live(module);
    const tg::Tensor &input = tensor(x);
    if (!layer.forward)
      throw tg::Error("a model made by tg_nn_model has no forward: call its layers");
    return storeTensor(layer.forward(input), out);
  });
}

tg_status tg_module_parameters(tg_module module, tg_tensor *out, size_t capacity, size_t *count) {
  return guard([&] {
    return storeTensors(tg::nn::state::get_parameters(*live(module).module), out, capacity, count);
  });
}

tg_status tg_module_state_dict(tg_module module, tg_state_dict *out) {
  return guard([&] {
    return storeValue(
        newHandle<tg_state_dict_s>(tg::nn::state::get_state_dict(*live(module).module)), out);
  });
}

tg_status tg_module_load_state_dict(tg_module module, tg_state_dict state, bool strict) {
  return guard([&] {
    tg::nn::state::load_state_dict(*live(module).module, stateDict(state), strict);
    return TG_OK;
  });
}

tg_status tg_state_dict_new(tg_state_dict *out) {
  return guard([&] { return storeValue(newHandle<tg_state_dict_s>(), out); });
}

tg_status tg_state_dict_release(tg_state_dict state) { return releaseHandle(state); }

tg_status tg_state_dict_size(tg_state_dict state, size_t *size) {
  return guard([&] { return storeValue(stateDict(state).size(), size); });
}

tg_status tg_state_dict_name(tg_state_dict state, size_t index, char *name, size_t capacity) {
  return guard([&] {
    const tg::nn::StateDict &dict = stateDict(state);
    if (index >= dict.size())
      throw InvalidArgument("index " + std::to_string(index) + " is past the " +
                            std::to_string(dict.size()) + " entries");
    return storeText(std::next(dict.begin(), index)->first, name, capacity, "the name");
  });
}

tg_status tg_state_dict_get(tg_state_dict state, const char *name, tg_tensor *out) {
  return guard([&] {
    const tg::nn::StateDict &dict = stateDict(state);
    auto it = dict.find(text(name));
    if (it == dict.end())
      throw tg::Error(std::string("the state dict has no tensor '") + name + "'");
    return storeTensor(it->second, out);
  });
}

tg_status tg_state_dict_set(tg_state_dict state, const char *name, tg_tensor value) {
  return guard([&] {
    tg::nn::StateDict &dict = stateDict(state);
    dict[text(name)] = tensor(value);
    return TG_OK;
  });
}

tg_status tg_safe_save(tg_state_dict state, const char *path) {
  return guard([&] {
    tg::nn::state::safe_save(stateDict(state), text(path));
    return TG_OK;
  });
}

tg_status tg_safe_load(const char *path, tg_state_dict *out) {
  return guard([&] {
    if (!out)
      throw InvalidArgument("the out-pointer is NULL");
    return storeValue(newHandle<tg_state_dict_s>(tg::nn::state::safe_load(text(path))), out);
  });
}

} // extern "C"
