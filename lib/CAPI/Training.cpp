//===- Training.cpp - tg.h: optimizers and the ahead-of-time export -------===//

#include "CAPISupport.h"

#include "tg/Tensor/aot.h"
#include "tg/Tensor/optim.h"

#include <memory>

struct tg_optimizer_s {
  static constexpr tg::capi::Kind kind = tg::capi::Kind::Optimizer;
  static constexpr const char *what = "an optimizer handle";
  std::unique_ptr<tg::optim::Optimizer> value;
};

struct tg_trace_s {
  static constexpr tg::capi::Kind kind = tg::capi::Kind::Trace;
  static constexpr const char *what = "a trace handle";
  std::vector<tg::Tensor> outputs, updates;
};

namespace tg::capi {
namespace {

optim::Optimizer &optimizer(tg_optimizer handle) { return *live(handle).value; }

template <typename Rule> tg_status storeOptimizer(Rule rule, tg_optimizer *out) {
  return storeValue(newHandle<tg_optimizer_s>(std::make_unique<Rule>(std::move(rule))), out);
}

/// The parameters to train, which must not be empty.
std::vector<Tensor> parameters(const tg_tensor *params, size_t count) {
  if (!count)
    throw InvalidArgument("an optimizer needs parameters");
  return tensors(params, count);
}

const char *orDefault(const char *value, const char *fallback) { return value ? value : fallback; }

/// Handles that are released however the scope is left.
struct ScopedHandles {
  std::vector<tg_tensor> tensors;
  tg_trace trace = newHandle<tg_trace_s>();
  ~ScopedHandles() {
    for (tg_tensor t : tensors)
      releaseHandle(t);
    releaseHandle(trace);
  }
};

} // namespace
} // namespace tg::capi

using namespace tg::capi;

extern "C" {

tg_status tg_optimizer_release(tg_optimizer handle) { return releaseHandle(handle); }

tg_status tg_optim_sgd(const tg_tensor *params, size_t count, double lr, double momentum,
                       double weight_decay, bool nesterov, tg_optimizer *out) {
  return guard([&] {
    return storeOptimizer(
        tg::optim::SGD(parameters(params, count), lr, momentum, weight_decay, nesterov), out);
  });
}

tg_status tg_optim_adamw(const tg_tensor *params, size_t count, double lr, double b1, double b2,
                         double eps, double weight_decay, tg_optimizer *out) {
  return guard([&] {
    return storeOptimizer(
        tg::optim::AdamW(parameters(params, count), lr, b1, b2, eps, weight_decay), out);
  });
}

tg_status tg_optim_lamb(const tg_tensor *params, size_t count, double lr, double b1, double b2,
                        double eps, double weight_decay, tg_optimizer *out) {
  return guard([&] {
    return storeOptimizer(
        tg::optim::LAMB(parameters(params, count), lr, b1, b2, eps, weight_decay), out);
  });
}

tg_status tg_optimizer_zero_grad(tg_optimizer handle) {
  return guard([&] {
    optimizer(handle).zero_grad();
    return TG_OK;
  });
}

tg_status tg_optimizer_step(tg_optimizer handle) {
  return guard([&] {
    optimizer(handle).step();
    return TG_OK;
  });
}

tg_status tg_optimizer_set_lr(tg_optimizer handle, double lr) {
  return guard([&] {
    tg::optim::Optimizer &rule = optimizer(handle);
    if (!(lr >= 0))
      throw InvalidArgument("invalid learning rate " + std::to_string(lr));
    rule.lr.assign(tg::Tensor::full({1}, lr)).realize();
    return TG_OK;
  });
}

tg_status tg_optimizer_get_lr(tg_optimizer handle, double *lr) {
  return guard([&] { return storeValue(optimizer(handle).lr.item<float>(), lr); });
}

tg_status tg_trace_add_output(tg_trace trace, tg_tensor output) {
  return guard([&] {
    live(trace).outputs.push_back(tensor(output));
    return TG_OK;
  });
}

tg_status tg_trace_add_update(tg_trace trace, tg_tensor update) {
  return guard([&] {
    live(trace).updates.push_back(tensor(update));
    return TG_OK;
  });
}

tg_status tg_optimizer_trace_step(tg_optimizer handle, tg_trace trace) {
  return guard([&] {
    tg_trace_s &into = live(trace);
    for (const tg::Tensor &update : optimizer(handle).schedule_step())
      into.updates.push_back(update);
    return TG_OK;
  });
}

tg_status tg_aot_compile(tg_traced_function function, void *user_data, const tg_tensor *examples,
                         size_t example_count, const tg_aot_options *options, char *object,
                         char *header, size_t capacity) {
  return guard([&]() -> tg_status {
    if (!function)
      throw InvalidArgument("the function is NULL");
    if (!object || !header)
      throw InvalidArgument("the path buffers are NULL");
    tg::aot::Options settings;
    if (options) {
      int weights = enumValue(&options->weights);
      if (weights < TG_AOT_WEIGHTS_EMBED || weights > TG_AOT_WEIGHTS_INPUTS)
        throw InvalidArgument("unknown weights mode " + std::to_string(weights));
      settings.name = orDefault(options->name, "model");
      settings.directory = orDefault(options->directory, ".");
      settings.emit = orDefault(options->emit, "obj");
      settings.weights = static_cast<tg::aot::Weights>(weights);
      if (options->parameters)
        settings.parameters = stateDict(options->parameters);
      settings.device = orDefault(options->device, "CPU");
      settings.target = orDefault(options->target, "");
      settings.chip = orDefault(options->chip, "");
      settings.portable = options->portable;
    }
    auto traced = [&](const std::vector<tg::Tensor> &inputs) {
      ScopedHandles handles;
      for (const tg::Tensor &input : inputs)
        handles.tensors.push_back(newHandle<tg_tensor_s>(input));
      if (function(user_data, handles.tensors.data(), handles.tensors.size(), handles.trace) !=
          TG_OK)
        throw tg::Error(std::string("the traced function failed: ") + tg_last_error());
      tg_trace_s &trace = live(handles.trace);
      return tg::aot::Trace(trace.outputs, trace.updates);
    };
    tg::aot::Compiled compiled =
        tg::aot::compile(traced, tensors(examples, example_count), settings);
    if (tg_status status = storeText(compiled.object, object, capacity, "the object's path"))
      return status;
    return storeText(compiled.header, header, capacity, "the header's path");
  });
}

} // extern "C"
