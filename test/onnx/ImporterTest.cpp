//===- ImporterTest.cpp - tg::onnx on models built here -------------------===//
//
// The backend suite checks the ops' numbers (Conformance.cpp); these tests
// check the importer itself on small models written with the ONNX protobuf
// API: what it reports about a model, its errors, tracing, and import_to_mlir.
//
//===----------------------------------------------------------------------===//

#include "tg/Frontend/ONNX/ONNX.h"

#include <onnx/onnx_pb.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using tg::Tensor;

/// A graph input or output of float32 and `dims` (-1 is an open dim named
/// "batch", -2 one without a name).
void declare(onnx::ValueInfoProto *value, const std::string &name, std::vector<int64_t> dims,
             int32_t type = onnx::TensorProto::FLOAT) {
  value->set_name(name);
  onnx::TypeProto_Tensor *tensor = value->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(type);
  for (int64_t d : dims) {
    onnx::TensorShapeProto_Dimension *dim = tensor->mutable_shape()->add_dim();
    if (d == -1)
      dim->set_dim_param("batch");
    else if (d < 0)
      continue;
    else
      dim->set_dim_value(d);
  }
}

onnx::NodeProto *addNode(onnx::GraphProto *graph, const std::string &op,
                         std::vector<std::string> inputs, std::vector<std::string> outputs,
                         const std::string &name = "") {
  onnx::NodeProto *node = graph->add_node();
  node->set_op_type(op);
  node->set_name(name);
  for (const std::string &i : inputs)
    node->add_input(i);
  for (const std::string &o : outputs)
    node->add_output(o);
  return node;
}

class Importer : public ::testing::Test {
protected:
  void SetUp() override {
    directory = fs::temp_directory_path() /
                ("tg-onnx-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(directory);
    fs::create_directories(directory);
    model.set_ir_version(8);
    onnx::OperatorSetIdProto *opset = model.add_opset_import();
    opset->set_domain("");
    opset->set_version(13);
    model.mutable_graph()->set_name("test");
  }
  void TearDown() override { fs::remove_all(directory); }

  std::string save() {
    std::string path = (directory / "model.onnx").string();
    std::ofstream file(path, std::ios::binary);
    model.SerializeToOstream(&file);
    return path;
  }

  fs::path directory;
  onnx::ModelProto model;
};

/// y = x · W + b with W and b initializers, the batch open.
TEST_F(Importer, DescribesAndRunsAGemm) {
  onnx::GraphProto *graph = model.mutable_graph();
  declare(graph->add_input(), "x", {-1, 2});
  declare(graph->add_output(), "y", {-1, 3});
  onnx::TensorProto *w = graph->add_initializer();
  w->set_name("W");
  w->set_data_type(onnx::TensorProto::FLOAT);
  w->add_dims(2);
  w->add_dims(3);
  for (float v : {1.f, 2.f, 3.f, 4.f, 5.f, 6.f})
    w->add_float_data(v);
  onnx::TensorProto *b = graph->add_initializer();
  b->set_name("b");
  b->set_data_type(onnx::TensorProto::FLOAT);
  b->add_dims(3);
  for (float v : {0.5f, -1.f, 0.f})
    b->add_float_data(v);
  addNode(graph, "Gemm", {"x", "W", "b"}, {"y"});

  tg::onnx::Model m = tg::onnx::load(save());
  ASSERT_EQ(m.inputs().size(), 1u);
  EXPECT_EQ(m.inputs()[0].name, "x");
  EXPECT_EQ(m.inputs()[0].shape, (std::vector<int64_t>{-1, 2}));
  EXPECT_EQ(m.inputs()[0].dim_names[0], "batch");
  EXPECT_EQ(m.outputs()[0].name, "y");
  EXPECT_EQ(m.parameters().size(), 2u);
  EXPECT_EQ(m.opset(), 13);
  EXPECT_EQ(m.input_shapes(), (std::vector<tg::Shape>{{1, 2}}));
  EXPECT_EQ(m.input_shapes({{"batch", 4}}), (std::vector<tg::Shape>{{4, 2}}));

  // [1, 1] · W + b = [5.5, 6, 9]; [2, -1] · W + b = [-1.5, -2, 0].
  Tensor x = Tensor::from_vector<float>({1, 1, 2, -1}, {2, 2});
  std::vector<Tensor> y = m({x});
  ASSERT_EQ(y.size(), 1u);
  EXPECT_EQ(y[0].to_vector<float>(), (std::vector<float>{5.5f, 6, 9, -1.5f, -2, 0}));

  tg::aot::Compiled imported = tg::onnx::import_to_mlir(save(), directory.string(), "gemm",
                                                        {{"batch", 2}});
  std::ifstream mlir(imported.object);
  std::string text((std::istreambuf_iterator<char>(mlir)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("func.func @gemm(%arg0: tensor<2x2xf32> {tg.name = \"x\"}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("{tg.name = \"W\"}"), std::string::npos) << text;
  EXPECT_NE(text.find("{tg.name = \"y\"}"), std::string::npos) << text;
  tg::nn::StateDict weights = tg::nn::state::safe_load(imported.weights);
  ASSERT_EQ(weights.count("W"), 1u);
  EXPECT_EQ(weights.at("W").to_vector<float>(), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

/// A shape read from the values of an input works when the model is
/// called, and is an error naming the node when it is traced; a shape read
/// from Shape is known either way.
TEST_F(Importer, TracingRefusesShapesFromInputValues) {
  onnx::GraphProto *graph = model.mutable_graph();
  declare(graph->add_input(), "x", {2, 3});
  declare(graph->add_input(), "shape", {2}, onnx::TensorProto::INT64);
  declare(graph->add_output(), "y", {3, 2});
  declare(graph->add_output(), "z", {2, 3});
  addNode(graph, "Reshape", {"x", "shape"}, {"y"}, "by_values");
  addNode(graph, "Shape", {"x"}, {"s"});
  addNode(graph, "Reshape", {"y", "s"}, {"z"}, "by_shape");
  tg::onnx::Model m = tg::onnx::load(save());
  Tensor x = Tensor::from_vector<float>({0, 1, 2, 3, 4, 5}, {2, 3});
  Tensor shape = Tensor::from_vector<int64_t>({3, 2}, {2});
  std::vector<Tensor> out = m({x, shape});
  EXPECT_EQ(out[0].shape(), (tg::Shape{3, 2}));
  EXPECT_EQ(out[1].shape(), (tg::Shape{2, 3}));
  EXPECT_EQ(out[1].to_vector<float>(), x.to_vector<float>());
  try {
    m.trace({x, shape});
    ADD_FAILURE() << "a shape from an input's values was traced";
  } catch (const tg::Error &e) {
    EXPECT_NE(std::string(e.what()).find("node 0 \"by_values\" (Reshape, opset 13): input 1 sets "
                                         "a shape but depends on the values of the model's inputs"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(Importer, ErrorsNameTheModelAndTheNode) {
  onnx::GraphProto *graph = model.mutable_graph();
  declare(graph->add_input(), "x", {4});
  declare(graph->add_output(), "y", {-1});
  addNode(graph, "Unique", {"x"}, {"y"}, "unique_values");
  std::string path = save();
  try {
    tg::onnx::load(path);
    ADD_FAILURE() << "a model with an unsupported op loaded";
  } catch (const tg::Error &e) {
    EXPECT_EQ(std::string(e.what()),
              path + ": node 0 \"unique_values\" (Unique, opset 13): the op is not supported");
  }

  std::ofstream(directory / "text.onnx") << "not a model";
  try {
    tg::onnx::load((directory / "text.onnx").string());
    ADD_FAILURE() << "text loaded as a model";
  } catch (const tg::Error &e) {
    EXPECT_NE(std::string(e.what()).find("not an ONNX model"), std::string::npos) << e.what();
  }
  EXPECT_THROW(tg::onnx::load((directory / "missing.onnx").string()), tg::Error);
}

/// An op's own error (shapes that do not fit) names the node too, as does
/// an input of the wrong element type.
TEST_F(Importer, RunTimeErrorsNameTheNode) {
  onnx::GraphProto *graph = model.mutable_graph();
  // Open shapes: shape inference would reject [2, 3] by [4, 5] at load.
  declare(graph->add_input(), "a", {-2, -2});
  declare(graph->add_input(), "b", {-2, -2});
  declare(graph->add_output(), "c", {-2, -2});
  addNode(graph, "MatMul", {"a", "b"}, {"c"}, "product");
  tg::onnx::Model m = tg::onnx::load(save());
  try {
    m({Tensor::ones({2, 3}), Tensor::ones({4, 5})});
    ADD_FAILURE() << "a [2, 3] by [4, 5] product ran";
  } catch (const tg::Error &e) {
    EXPECT_NE(std::string(e.what()).find("node 0 \"product\" (MatMul, opset 13): "),
              std::string::npos)
        << e.what();
  }
  try {
    m({Tensor::ones({2, 3}, tg::DType::Int32), Tensor::ones({3, 5})});
    ADD_FAILURE() << "an int32 input ran as float32";
  } catch (const tg::Error &e) {
    EXPECT_NE(std::string(e.what()).find("input \"a\" is float32"), std::string::npos)
        << e.what();
  }
}

} // namespace
