//===- AOTTest.cpp - tg::aot::compile: traced functions, ahead of time ----===//
//
// Each test traces a function with tg::aot::compile into a shared library,
// loads it with dlopen and checks it computes what the tensor library
// computes: a forward pass with embedded weights or weights from a file, and
// training steps whose parameters and optimizer state are inputs updated in
// place. And that tracing leaves the traced tensors as they were.
//
//===----------------------------------------------------------------------===//

#include "NNTestUtil.h"

#include "tg/Tensor/aot.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

using namespace tg;
using nntest::expectNear;
using nntest::patterned;

namespace {

/// A library tg::aot::compile wrote, loaded.
class Library {
public:
  Library(const aot::Compiled &compiled, std::string prefix)
      : compiled(compiled), prefix(std::move(prefix)) {
    handle = dlopen(compiled.object.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      ADD_FAILURE() << dlerror();
  }
  ~Library() {
    if (handle)
      dlclose(handle);
  }
  template <typename F> F symbol(const std::string &suffix) const {
    void *address = handle ? dlsym(handle, (prefix + suffix).c_str()) : nullptr;
    EXPECT_NE(address, nullptr) << prefix + suffix;
    return reinterpret_cast<F>(address);
  }

  const aot::Compiled &compiled;
  std::string prefix;
  void *handle = nullptr;
};

using CreateFn = int (*)(void **);
using CreateFromFileFn = int (*)(void **, const char *);
using DestroyFn = void (*)(void *);
using RunFn = int (*)(void *, void *const *, void *const *);
using InitialValueFn = const void *(*)(int32_t);
using LastErrorFn = const char *(*)();

size_t bytesOf(const aot::Signature &s) {
  int64_t n = 1;
  for (int64_t e : s.shape)
    n *= e;
  return size_t(n) * itemsize(s.dtype);
}

/// Memory for each tensor of a signature.
std::vector<std::vector<char>> buffersFor(const std::vector<aot::Signature> &tensors) {
  std::vector<std::vector<char>> buffers;
  for (const aot::Signature &s : tensors)
    buffers.emplace_back(bytesOf(s) + 1);
  return buffers;
}

std::vector<void *> pointersTo(std::vector<std::vector<char>> &buffers) {
  std::vector<void *> pointers;
  for (auto &buffer : buffers)
    pointers.push_back(buffer.data());
  return pointers;
}

std::vector<float> floatsOf(const std::vector<char> &bytes, size_t n) {
  std::vector<float> values(n);
  std::memcpy(values.data(), bytes.data(), n * sizeof(float));
  return values;
}

void copyInto(std::vector<char> &buffer, const Tensor &t) {
  std::vector<float> values = t.to_vector<float>();
  std::memcpy(buffer.data(), values.data(), values.size() * sizeof(float));
}

class AOT : public ::testing::Test {
protected:
  void SetUp() override {
    directory = std::filesystem::temp_directory_path() /
                ("tg-aot-test-" + std::to_string(getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(directory);
  }
  void TearDown() override { std::filesystem::remove_all(directory); }

  aot::Options options(const std::string &name, aot::Weights weights) const {
    aot::Options o;
    o.name = name;
    o.directory = directory.string();
    o.emit = "lib";
    o.weights = weights;
    return o;
  }

  std::filesystem::path directory;
};

struct MLP : nn::Module {
  nn::Linear l1{4, 8}, l2{8, 3};
  Tensor operator()(const Tensor &x) { return l2(l1(x).relu()); }
  void visit(nn::Visitor &v) override {
    v("l1", l1);
    v("l2", l2);
  }
};

/// A forward pass with its weights in the library: the same numbers as
/// the tensor library, and the header declares what the library exports.
TEST_F(AOT, ForwardWithEmbeddedWeights) {
  Tensor::manual_seed(3);
  MLP model;
  Tensor x = patterned({5, 4}, 1, 0.25);
  aot::Options o = options("mlp", aot::Weights::Embed);
  o.parameters = nn::state::get_state_dict(model);
  o.input_names = {"x"};
  o.output_names = {"logits"};
  aot::Compiled compiled =
      aot::compile([&](const std::vector<Tensor> &in) { return model(in[0]); }, {x}, o);
  ASSERT_EQ(compiled.inputs.size(), 1u);
  EXPECT_EQ(compiled.inputs[0].name, "x");
  ASSERT_EQ(compiled.outputs.size(), 1u);
  EXPECT_EQ(compiled.outputs[0].shape, (Shape{5, 3}));
  ASSERT_EQ(compiled.parameters.size(), 4u);
  EXPECT_EQ(compiled.parameters[0].name, "l1.bias");

  Library library(compiled, "mlp");
  void *context = nullptr;
  ASSERT_EQ(library.symbol<CreateFn>("_create")(&context), 0);
  auto in = buffersFor(compiled.inputs), out = buffersFor(compiled.outputs);
  copyInto(in[0], x);
  auto inputs = pointersTo(in), outputs = pointersTo(out);
  ASSERT_EQ(library.symbol<RunFn>("_run_buffers")(context, inputs.data(), outputs.data()), 0);
  library.symbol<DestroyFn>("_destroy")(context);
  expectNear(floatsOf(out[0], 15), model(x).to_vector<float>(), 1e-6, "logits");

  std::ifstream header(compiled.header);
  std::string text((std::istreambuf_iterator<char>(header)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("int mlp_run(mlp_context *context,\n    const float *x,\n    float *logits);"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("#define MLP_NUM_PARAMETERS 4"), std::string::npos);
}

/// The same for a GPU: the library holds the Vulkan executable and runs it
/// through libtgrt (on lavapipe here), the weights uploaded by create.
TEST_F(AOT, ForwardOnVulkanThroughTheRuntime) {
  Tensor::manual_seed(6);
  MLP model;
  Tensor x = patterned({3, 4}, 4, 0.25);
  aot::Options o = options("mlp_vulkan", aot::Weights::Embed);
  o.device = "VULKAN";
  o.parameters = nn::state::get_state_dict(model);
  aot::Compiled compiled =
      aot::compile([&](const std::vector<Tensor> &in) { return model(in[0]); }, {x}, o);
  Library library(compiled, "mlp_vulkan");
  void *context = nullptr;
  ASSERT_EQ(library.symbol<CreateFn>("_create")(&context), 0)
      << library.symbol<LastErrorFn>("_last_error")();
  auto in = buffersFor(compiled.inputs), out = buffersFor(compiled.outputs);
  copyInto(in[0], x);
  auto inputs = pointersTo(in), outputs = pointersTo(out);
  ASSERT_EQ(library.symbol<RunFn>("_run_buffers")(context, inputs.data(), outputs.data()), 0);
  library.symbol<DestroyFn>("_destroy")(context);
  expectNear(floatsOf(out[0], 9), model(x).to_vector<float>(), 1e-5, "logits");
}

/// The parameters in a safetensors file next to the library, read by
/// create; a missing file is a status, not a crash.
TEST_F(AOT, ForwardWithWeightsFromAFile) {
  Tensor::manual_seed(4);
  MLP model;
  Tensor x = patterned({2, 4}, 2, 0.5);
  aot::Options o = options("filed", aot::Weights::File);
  o.parameters = nn::state::get_state_dict(model);
  aot::Compiled compiled =
      aot::compile([&](const std::vector<Tensor> &in) { return model(in[0]); }, {x}, o);
  ASSERT_TRUE(std::filesystem::exists(compiled.weights));
  nn::StateDict saved = nn::state::safe_load(compiled.weights);
  expectNear(saved.at("l2.weight").to_vector<float>(), model.l2.weight.to_vector<float>(), 0,
             "the file's l2.weight");

  Library library(compiled, "filed");
  auto create = library.symbol<CreateFromFileFn>("_create");
  void *context = nullptr;
  EXPECT_EQ(create(&context, (directory / "missing.safetensors").c_str()), 4);
  EXPECT_NE(std::string(library.symbol<LastErrorFn>("_last_error")()).find("cannot open"),
            std::string::npos);
  ASSERT_EQ(create(&context, compiled.weights.c_str()), 0);
  auto in = buffersFor(compiled.inputs), out = buffersFor(compiled.outputs);
  copyInto(in[0], x);
  auto inputs = pointersTo(in), outputs = pointersTo(out);
  ASSERT_EQ(library.symbol<RunFn>("_run_buffers")(context, inputs.data(), outputs.data()), 0);
  library.symbol<DestroyFn>("_destroy")(context);
  expectNear(floatsOf(out[0], 6), model(x).to_vector<float>(), 1e-6, "logits");
}

/// A training step — forward, backward, Adam — with the parameters and the
/// optimizer's state as inputs the library updates in place: three steps
/// in C give the parameters three steps of the tensor library give, and
/// tracing the step did not take one.
TEST_F(AOT, TrainingStepWithParametersAsInputs) {
  Tensor::manual_seed(5);
  MLP model;
  auto optimizer = optim::Adam(nn::state::get_parameters(model), 0.01);
  Tensor x = patterned({6, 4}, 3, 0.25);
  Tensor y = Tensor::from_vector(std::vector<int32_t>{0, 1, 2, 2, 1, 0}, {6});
  auto step = [&](const std::vector<Tensor> &in) {
    optimizer.zero_grad();
    Tensor loss = model(in[0]).sparse_categorical_crossentropy(in[1]);
    loss.backward();
    return aot::Trace({loss}, optimizer.schedule_step());
  };
  std::vector<float> before = model.l1.weight.to_vector<float>();
  aot::Options o = options("train", aot::Weights::Inputs);
  o.parameters = nn::state::get_state_dict(model);
  o.input_names = {"x", "y"};
  aot::Compiled compiled = aot::compile(step, {x, y}, o);
  expectNear(model.l1.weight.to_vector<float>(), before, 0, "l1.weight after tracing");

  Library library(compiled, "train");
  void *context = nullptr;
  ASSERT_EQ(library.symbol<CreateFn>("_create")(&context), 0);
  auto initialValue = library.symbol<InitialValueFn>("_initial_value");
  auto in = buffersFor(compiled.inputs), out = buffersFor(compiled.outputs);
  copyInto(in[0], x);
  std::vector<int32_t> labels = y.to_vector<int32_t>();
  std::memcpy(in[1].data(), labels.data(), labels.size() * sizeof(int32_t));
  EXPECT_EQ(initialValue(0), nullptr);
  EXPECT_EQ(initialValue(int32_t(compiled.inputs.size())), nullptr);
  size_t weight = 0;
  for (size_t i = 2; i < compiled.inputs.size(); ++i) {
    ASSERT_NE(initialValue(int32_t(i)), nullptr) << compiled.inputs[i].name;
    std::memcpy(in[i].data(), initialValue(int32_t(i)), bytesOf(compiled.inputs[i]));
    if (compiled.inputs[i].name == "l1.weight")
      weight = i;
  }
  ASSERT_NE(weight, 0u);
  expectNear(floatsOf(in[weight], 32), before, 0, "l1.weight's initial value");

  auto inputs = pointersTo(in), outputs = pointersTo(out);
  auto run = library.symbol<RunFn>("_run_buffers");
  std::vector<float> losses;
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(run(context, inputs.data(), outputs.data()), 0);
    losses.push_back(floatsOf(out[0], 1)[0]);
  }
  library.symbol<DestroyFn>("_destroy")(context);

  std::vector<float> expectedLosses;
  for (int i = 0; i < 3; ++i) {
    aot::Trace t = step({x, y});
    std::vector<Tensor> pending = t.updates;
    pending.push_back(t.outputs[0]);
    Tensor::realize(pending);
    expectedLosses.push_back(t.outputs[0].item<float>());
  }
  expectNear(losses, expectedLosses, 1e-5, "losses");
  expectNear(floatsOf(in[weight], 32), model.l1.weight.to_vector<float>(), 1e-5,
             "l1.weight after three steps");
  EXPECT_GT(std::fabs(model.l1.weight.to_vector<float>()[0] - before[0]), 0);
}

/// A convolution traced for inference, where the tensor library keeps its
/// weights laid out channels-last from run to run: the exported program
/// still reads the weights it is given, so that other weights give other
/// outputs.
TEST_F(AOT, InferenceConvolutionReadsTheWeightsItIsGiven) {
  Tensor::manual_seed(7);
  nn::Conv2d conv(2, 4, {3});
  Tensor x = patterned({1, 2, 5, 5}, 5, 0.25);
  NoGrad noGrad;
  conv(x).realize(); // the channels-last weights kept, before the trace
  aot::Options o = options("conv", aot::Weights::Inputs);
  o.parameters = nn::state::get_state_dict(conv);
  aot::Compiled compiled =
      aot::compile([&](const std::vector<Tensor> &in) { return conv(in[0]); }, {x}, o);
  Library library(compiled, "conv");
  void *context = nullptr;
  ASSERT_EQ(library.symbol<CreateFn>("_create")(&context), 0);
  auto in = buffersFor(compiled.inputs), out = buffersFor(compiled.outputs);
  copyInto(in[0], x);
  Tensor doubled = conv.weight * 2;
  size_t weight = 0;
  for (size_t i = 1; i < compiled.inputs.size(); ++i) {
    if (compiled.inputs[i].name == "weight") {
      weight = i;
      copyInto(in[i], doubled);
    } else {
      copyInto(in[i], conv.bias);
    }
  }
  ASSERT_NE(weight, 0u) << "the program does not read the weights";
  auto inputs = pointersTo(in), outputs = pointersTo(out);
  ASSERT_EQ(library.symbol<RunFn>("_run_buffers")(context, inputs.data(), outputs.data()), 0);
  library.symbol<DestroyFn>("_destroy")(context);
  expectNear(floatsOf(out[0], 36), x.conv2d(doubled, conv.bias).to_vector<float>(), 1e-5,
             "the output with the weights doubled");
}

/// What cannot be traced or compiled says so.
TEST_F(AOT, Errors) {
  Tensor x = Tensor::ones({2});
  auto identity = [](const std::vector<Tensor> &in) { return in[0] + 1; };
  aot::Options bad = options("2fast", aot::Weights::Embed);
  EXPECT_THROW(aot::compile(identity, {x}, bad), Error);
  bad = options("fine", aot::Weights::Embed);
  bad.emit = "exe";
  EXPECT_THROW(aot::compile(identity, {x}, bad), Error);
  EXPECT_THROW(aot::compile(identity, {x, x}, options("twice", aot::Weights::Embed)), Error);
  bad = options("unknown_cpu", aot::Weights::Embed);
  bad.chip = "pentium9";
  try {
    aot::compile(identity, {x}, bad);
    ADD_FAILURE() << "code for a CPU LLVM does not know was compiled";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("no CPU \"pentium9\""), std::string::npos) << e.what();
  }
  Tensor w = Tensor::zeros({2}).realize();
  auto assigning = [&](const std::vector<Tensor> &in) { return w.assign(in[0]); };
  try {
    aot::compile(assigning, {x}, options("assigning", aot::Weights::File));
    ADD_FAILURE() << "a result that is an assign was compiled";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("return it among the updates"), std::string::npos)
        << e.what();
  }
  auto updating = [&](const std::vector<Tensor> &in) {
    return aot::Trace({in[0] * 2}, {w.assign(in[0])});
  };
  try {
    aot::compile(updating, {x}, options("updating", aot::Weights::Embed));
    ADD_FAILURE() << "a parameter updated in place was embedded";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("updated in place"), std::string::npos) << e.what();
  }
  EXPECT_EQ(w.to_vector<float>(), (std::vector<float>{0, 0}));
}

} // namespace
