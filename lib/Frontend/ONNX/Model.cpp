//===- Model.cpp - reading an ONNX model and running its graph ------------===//
//
// load() leaves the format to the ONNX library: the protobuf parser, the
// checker, shape inference and the version converter. Running the graph
// walks its nodes in order (ONNX graphs are topologically sorted), each
// node's builder making its outputs from its inputs' tensors.
//
//===----------------------------------------------------------------------===//

#include "Node.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>
#include <onnx/version_converter/convert.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <csignal>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sstream>

namespace tg::onnx {

struct Graph {
  std::string path;
  ::onnx::ModelProto proto;
  int64_t opset = 0;
  std::vector<ValueInfo> inputs, outputs;
  nn::StateDict parameters;
};

namespace {

ValueInfo valueInfo(const ::onnx::ValueInfoProto &value, const std::string &path) {
  ValueInfo info;
  info.name = value.name();
  if (!value.type().has_tensor_type())
    throw Error(path + ": graph value \"" + value.name() +
                "\" is not a tensor (sequences, maps and optionals are not supported)");
  const ::onnx::TypeProto_Tensor &tensor = value.type().tensor_type();
  info.dtype = dtypeOf(tensor.elem_type(), path + ": graph value \"" + value.name() + "\"");
  for (const ::onnx::TensorShapeProto_Dimension &dim : tensor.shape().dim()) {
    info.shape.push_back(dim.has_dim_value() ? dim.dim_value() : -1);
    info.dim_names.push_back(dim.has_dim_param() ? dim.dim_param() : "");
  }
  return info;
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

/// The ONNX library's shape inference (1.12) indexes a convolution's or
/// pool's spatial axes from its weight's rank and its attributes without
/// checking them against the input's rank, and crashes on a model where
/// they differ. Refuses such nodes first, where the ranks are known (graph
/// inputs, initializers, value_info).
void checkSpatialRanks(const ::onnx::GraphProto &graph, const std::string &path) {
  std::map<std::string, int> ranks;
  auto note = [&](const ::onnx::ValueInfoProto &value) {
    if (value.type().has_tensor_type() && value.type().tensor_type().has_shape())
      ranks[value.name()] = value.type().tensor_type().shape().dim_size();
  };
  for (const auto &value : graph.input())
    note(value);
  for (const auto &value : graph.value_info())
    note(value);
  for (const ::onnx::TensorProto &initializer : graph.initializer())
    ranks[initializer.name()] = initializer.dims_size();
  for (const ::onnx::NodeProto &node : graph.node()) {
    const std::string &op = node.op_type();
    bool convolution = op == "Conv" || op == "ConvTranspose" || op == "ConvInteger";
    bool pool = op.find("Pool") != std::string::npos && op.rfind("Global", 0) != 0;
    if ((!convolution && !pool) || node.input_size() == 0 || !ranks.count(node.input(0)))
      continue;
    int rank = ranks[node.input(0)];
    auto fail = [&](const std::string &what) {
      throw Error(path + ": node " + op + " '" + node.name() + "': " + what + " (input rank " +
                  std::to_string(rank) + ")");
    };
    if (rank < 3)
      fail("the input needs a batch, a channel and a spatial axis");
    if (convolution && node.input_size() > 1 && ranks.count(node.input(1)) &&
        ranks[node.input(1)] != rank)
      fail("the weight has rank " + std::to_string(ranks[node.input(1)]));
    for (const ::onnx::AttributeProto &attribute : node.attribute()) {
      const std::string &name = attribute.name();
      int expected = name == "pads" ? 2 * (rank - 2) : rank - 2;
      if ((name == "kernel_shape" || name == "strides" || name == "dilations" ||
           name == "pads" || name == "output_padding" || name == "output_shape") &&
          attribute.ints_size() != expected)
        fail(name + " has " + std::to_string(attribute.ints_size()) + " values, not " +
             std::to_string(expected));
    }
  }
}

/// Reads all of `fd` (until its end).
std::string readAll(int fd) {
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return bytes;
    bytes.append(buffer, size_t(got));
  }
}

/// The ONNX library's checker, shape inference and (with `convert`) version
/// conversion of `model`, run in a child process: the library (1.12)
/// crashes on some malformed models, and such a model must be an error, not
/// the end of the importing program. The child sends back the prepared
/// model, or 'E' and the library's message.
::onnx::ModelProto prepareIsolated(const ::onnx::ModelProto &model, bool convert,
                                   const std::string &path) {
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC) != 0)
    throw Error(path + ": cannot check the model: " + std::strerror(errno));
  pid_t child = ::fork();
  if (child < 0) {
    ::close(pipeFds[0]);
    ::close(pipeFds[1]);
    throw Error(path + ": cannot check the model: " + std::strerror(errno));
  }
  if (child == 0) {
    // A crash here ends this child quietly: the parent's handlers (a
    // sanitizer's, a crash reporter's) are not for it.
    for (int signal : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL})
      ::signal(signal, SIG_DFL);
    ::close(pipeFds[0]);
    std::string reply;
    try {
      ::onnx::ModelProto prepared = model;
      ::onnx::checker::check_model(prepared);
      // The converter reads the shapes inference gives.
      ::onnx::shape_inference::InferShapes(prepared);
      if (convert)
        prepared = ::onnx::version_conversion::ConvertVersion(prepared, int(kMinOpset));
      reply = "M" + prepared.SerializeAsString();
    } catch (const std::exception &e) {
      reply = std::string("E") + e.what();
    }
    for (size_t done = 0; done < reply.size();) {
      ssize_t written = ::write(pipeFds[1], reply.data() + done, reply.size() - done);
      if (written <= 0 && errno != EINTR)
        break;
      done += written > 0 ? size_t(written) : 0;
    }
    ::_exit(0);
  }
  ::close(pipeFds[1]);
  std::string reply = readAll(pipeFds[0]);
  ::close(pipeFds[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    throw Error(path + ": the ONNX library crashed checking the model (signal " +
                std::to_string(WTERMSIG(status)) + "): it is malformed");
  ::onnx::ModelProto prepared;
  if (reply.empty() || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw Error(path + ": the ONNX library's check of the model ended without an answer");
  if (reply[0] == 'E')
    throw Error(path + ": " + reply.substr(1));
  if (!prepared.ParseFromString(reply.substr(1)))
    throw Error(path + ": the checked model does not parse");
  return prepared;
}

} // namespace

Model load(const std::string &path) {
  auto graph = std::make_shared<Graph>();
  graph->path = path;
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw Error("tg::onnx::load: cannot open " + path);
  if (!graph->proto.ParseFromIstream(&file))
    throw Error(path + ": not an ONNX model (the protobuf does not parse)");

  ::onnx::ModelProto &model = graph->proto;
  for (const ::onnx::OperatorSetIdProto &opset : model.opset_import())
    if (opset.domain().empty() || opset.domain() == "ai.onnx")
      graph->opset = opset.version();
  // A graph of training ops alone imports only their domain.
  if (graph->opset == 0)
    graph->opset = kMaxOpset;
  checkSpatialRanks(model.graph(), path);
  bool convert = graph->opset < kMinOpset;
  model = prepareIsolated(model, convert, path);
  if (convert)
    graph->opset = kMinOpset;
  if (graph->opset > kMaxOpset)
    throw Error(path + ": opset " + std::to_string(graph->opset) +
                " is newer than the importer's (" + std::to_string(kMaxOpset) + ")");

  const ::onnx::GraphProto &body = model.graph();
  std::string directory = directoryOf(path);
  for (const ::onnx::TensorProto &initializer : body.initializer())
    graph->parameters.emplace(initializer.name(), tensorFromProto(initializer, directory));
  for (const ::onnx::ValueInfoProto &input : body.input())
    if (!graph->parameters.count(input.name()))
      graph->inputs.push_back(valueInfo(input, path));
  for (const ::onnx::ValueInfoProto &output : body.output())
    graph->outputs.push_back(valueInfo(output, path));

  // Every op is known before anything runs: the first unsupported one is
  // the error, with where it is.
  const OpTable &table = opTable();
  for (int i = 0; i < body.node_size(); ++i) {
    const ::onnx::NodeProto &node = body.node(i);
    bool training = node.domain() == "ai.onnx.preview.training";
    if (!node.domain().empty() && node.domain() != "ai.onnx" && !training)
      Node(path, node, graph->opset, {}, false, i)
          .unsupported("the domain " + node.domain());
    if (!table.count(node.op_type()))
      Node(path, node, graph->opset, {}, false, i).unsupported("the op");
  }
  return Model(graph);
}

const std::vector<ValueInfo> &Model::inputs() const { return graph_->inputs; }
const std::vector<ValueInfo> &Model::outputs() const { return graph_->outputs; }
const nn::StateDict &Model::parameters() const { return graph_->parameters; }
int64_t Model::opset() const { return graph_->opset; }

std::vector<Shape> Model::input_shapes(const std::map<std::string, int64_t> &dims) const {
  std::vector<Shape> shapes;
  for (const ValueInfo &input : graph_->inputs) {
    Shape shape;
    for (size_t i = 0; i < input.shape.size(); ++i) {
      auto named = dims.find(input.dim_names[i]);
      shape.push_back(input.shape[i] >= 0        ? input.shape[i]
                      : named != dims.end() ? named->second
                                            : 1);
    }
    shapes.push_back(shape);
  }
  return shapes;
}

std::vector<Tensor> Model::operator()(const std::vector<Tensor> &inputs) const {
  return run(inputs, false);
}

std::vector<Tensor> Model::trace(const std::vector<Tensor> &inputs) const {
  return run(inputs, true);
}

std::vector<Tensor> Model::run(const std::vector<Tensor> &inputs, bool tracing) const {
  const std::string &path = graph_->path;
  if (inputs.size() != graph_->inputs.size())
    throw Error(path + ": the model takes " + std::to_string(graph_->inputs.size()) +
                " inputs, not " + std::to_string(inputs.size()));
  std::unordered_map<std::string, Value> values;
  for (const auto &[name, tensor] : graph_->parameters)
    values[name] = Value{tensor, false};
  for (size_t i = 0; i < inputs.size(); ++i) {
    // The declared shape is not checked: ONNX runtimes take what they are
    // given, and the ops say when it does not fit.
    const ValueInfo &info = graph_->inputs[i];
    const Tensor &input = inputs[i];
    if (input.dtype() != info.dtype)
      throw Error(path + ": input \"" + info.name + "\" is " + name(info.dtype) + " " +
                  shapeText(info.shape) + ", given " + name(input.dtype()) + " " +
                  shapeText(input.shape()));
    values[info.name] = Value{input, true};
  }

  const ::onnx::GraphProto &body = graph_->proto.graph();
  const OpTable &table = opTable();
  for (int i = 0; i < body.node_size(); ++i) {
    const ::onnx::NodeProto &proto = body.node(i);
    std::vector<std::optional<Value>> given;
    bool fromInputs = false;
    for (const std::string &name : proto.input()) {
      if (name.empty()) {
        given.push_back(std::nullopt);
        continue;
      }
      auto found = values.find(name);
      if (found == values.end())
        Node(path, proto, graph_->opset, {}, tracing, i)
            .fail("input \"" + name + "\" is not defined before the node");
      given.push_back(found->second);
      fromInputs |= found->second.fromInputs;
    }
    Node node(path, proto, graph_->opset, std::move(given), tracing, i);
    std::vector<Tensor> outputs;
    try {
      outputs = table.at(proto.op_type())(node);
    } catch (const Error &e) {
      std::string message = e.what();
      if (message.rfind(path + ": node ", 0) == 0)
        throw;
      node.fail(message);
    }
    // Shape reads only the input's shape: what follows from it is known
    // when tracing.
    if (proto.op_type() == "Shape" || proto.op_type() == "Size")
      fromInputs = false;
    for (int o = 0; o < proto.output_size(); ++o) {
      if (proto.output(o).empty())
        continue;
      if (size_t(o) >= outputs.size())
        node.unsupported("output " + std::to_string(o) + " (\"" + proto.output(o) + "\")");
      values[proto.output(o)] = Value{outputs[o], fromInputs};
    }
  }

  std::vector<Tensor> results;
  for (const ValueInfo &output : graph_->outputs) {
    auto found = values.find(output.name);
    if (found == values.end())
      throw Error(path + ": graph output \"" + output.name + "\" is never computed");
    results.push_back(found->second.tensor);
  }
  return results;
}

//===----------------------------------------------------------------------===//
// Node
//===----------------------------------------------------------------------===//

Node::Node(const std::string &path, const ::onnx::NodeProto &proto, int64_t opset,
           std::vector<std::optional<Value>> inputs, bool tracing, size_t index)
    : path_(path), proto_(proto), opset_(opset), inputs_(std::move(inputs)), tracing_(tracing),
      index_(index) {}

const std::string &Node::op() const { return proto_.op_type(); }
size_t Node::numOutputs() const { return size_t(proto_.output_size()); }
bool Node::wants(size_t i) const {
  return i < numOutputs() && !proto_.output(int(i)).empty();
}

std::string Node::where() const {
  std::string where = path_ + ": node " + std::to_string(index_);
  if (!proto_.name().empty())
    where += " \"" + proto_.name() + "\"";
  std::string domain = proto_.domain().empty() ? "" : proto_.domain() + ".";
  return where + " (" + domain + proto_.op_type() + ", opset " + std::to_string(opset_) + ")";
}

void Node::fail(const std::string &why) const { throw Error(where() + ": " + why); }
void Node::unsupported(const std::string &what) const { fail(what + " is not supported"); }

bool Node::has(size_t i) const { return i < inputs_.size() && inputs_[i].has_value(); }

Tensor Node::input(size_t i) const {
  if (!has(i))
    fail("input " + std::to_string(i) + " is missing");
  return inputs_[i]->tensor;
}

std::vector<Tensor> Node::inputs() const {
  std::vector<Tensor> all;
  for (size_t i = 0; i < inputs_.size(); ++i)
    all.push_back(input(i));
  return all;
}

Tensor Node::readable(size_t i) const {
  Tensor value = input(i);
  if (tracing_ && inputs_[i]->fromInputs)
    fail("input " + std::to_string(i) + " sets a shape but depends on the values of the "
         "model's inputs, which tracing does not know");
  return value;
}

std::vector<double> Node::doubles(size_t i) const {
  return readable(i).cast(DType::Float64).to_vector<double>();
}

std::vector<int64_t> Node::ints(size_t i) const { return readable(i).to_vector<int64_t>(); }

const ::onnx::AttributeProto *Node::find(const char *name) const {
  for (const ::onnx::AttributeProto &attribute : proto_.attribute())
    if (attribute.name() == name)
      return &attribute;
  return nullptr;
}

bool Node::hasAttribute(const char *name) const { return find(name) != nullptr; }

int64_t Node::attribute(const char *name, int64_t otherwise) const {
  const ::onnx::AttributeProto *a = find(name);
  return a ? a->i() : otherwise;
}

double Node::attribute(const char *name, double otherwise) const {
  const ::onnx::AttributeProto *a = find(name);
  return a ? a->f() : otherwise;
}

std::string Node::attribute(const char *name, const char *otherwise) const {
  const ::onnx::AttributeProto *a = find(name);
  return a ? a->s() : otherwise;
}

std::vector<int64_t> Node::attribute(const char *name, std::vector<int64_t> otherwise) const {
  const ::onnx::AttributeProto *a = find(name);
  return a ? std::vector<int64_t>(a->ints().begin(), a->ints().end()) : otherwise;
}

std::vector<double> Node::floatsAttribute(const char *name) const {
  const ::onnx::AttributeProto *a = find(name);
  return a ? std::vector<double>(a->floats().begin(), a->floats().end()) : std::vector<double>{};
}

std::vector<std::string> Node::strings(const char *name) const {
  const ::onnx::AttributeProto *a = find(name);
  return a ? std::vector<std::string>(a->strings().begin(), a->strings().end())
           : std::vector<std::string>{};
}

Tensor Node::tensorAttribute(const char *name) const {
  const ::onnx::AttributeProto *a = find(name);
  if (!a || !a->has_t())
    unsupported(std::string("attribute ") + name + " is not a tensor");
  return tensorFromProto(a->t());
}

std::string shapeText(const Shape &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + (shape[i] < 0 ? std::string("?") : std::to_string(shape[i]));
  return text + "]";
}

int64_t normalizeAxis(int64_t axis, int64_t rank, const Node &node) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    node.fail("axis " + std::to_string(axis) + " is out of range for rank " +
                     std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

int32_t onnxType(DType dtype) {
  switch (dtype) {
  case DType::Float32: return ::onnx::TensorProto::FLOAT;
  case DType::UInt8: return ::onnx::TensorProto::UINT8;
  case DType::Int8: return ::onnx::TensorProto::INT8;
  case DType::UInt16: return ::onnx::TensorProto::UINT16;
  case DType::Int16: return ::onnx::TensorProto::INT16;
  case DType::Int32: return ::onnx::TensorProto::INT32;
  case DType::Int64: return ::onnx::TensorProto::INT64;
  case DType::Bool: return ::onnx::TensorProto::BOOL;
  case DType::Float16: return ::onnx::TensorProto::FLOAT16;
  case DType::Float64: return ::onnx::TensorProto::DOUBLE;
  case DType::UInt32: return ::onnx::TensorProto::UINT32;
  case DType::UInt64: return ::onnx::TensorProto::UINT64;
  case DType::BFloat16: return ::onnx::TensorProto::BFLOAT16;
  }
  return ::onnx::TensorProto::UNDEFINED;
}

DType dtypeOf(int32_t type, const std::string &what) {
  for (DType dtype : {DType::Bool, DType::Int8, DType::UInt8, DType::Int16, DType::UInt16,
                      DType::Int32, DType::UInt32, DType::Int64, DType::UInt64, DType::Float16,
                      DType::BFloat16, DType::Float32, DType::Float64})
    if (onnxType(dtype) == type)
      return dtype;
  std::string typeName = ::onnx::TensorProto::DataType_IsValid(type)
                             ? ::onnx::TensorProto::DataType_Name(
                                   ::onnx::TensorProto::DataType(type))
                             : std::to_string(type);
  throw Error(what + ": element type " + typeName + " is not supported");
}

namespace {

/// The elements of a typed field, stored as `dtype`.
template <typename Field>
std::string packed(const Field &field, DType dtype) {
  std::string bytes(size_t(field.size()) * itemsize(dtype), '\0');
  char *out = bytes.data();
  for (auto value : field) {
    switch (dtype) {
    case DType::Bool: case DType::Int8: case DType::UInt8: {
      uint8_t v = uint8_t(value);
      std::memcpy(out, &v, 1);
      break;
    }
    case DType::Int16: case DType::UInt16: case DType::Float16: case DType::BFloat16: {
      // int32_data holds 16-bit values (float16 and bfloat16 as their bits).
      uint16_t v = uint16_t(value);
      std::memcpy(out, &v, 2);
      break;
    }
    case DType::Int32: case DType::UInt32: {
      uint32_t v = uint32_t(value);
      std::memcpy(out, &v, 4);
      break;
    }
    case DType::Float32: {
      float v = float(value);
      std::memcpy(out, &v, 4);
      break;
    }
    case DType::Float64: {
      double v = double(value);
      std::memcpy(out, &v, 8);
      break;
    }
    case DType::Int64: case DType::UInt64: {
      uint64_t v = uint64_t(value);
      std::memcpy(out, &v, 8);
      break;
    }
    }
    out += itemsize(dtype);
  }
  return bytes;
}

} // namespace

Tensor tensorFromProto(const ::onnx::TensorProto &proto, const std::string &directory) {
  std::string what = "tensor \"" + proto.name() + "\"";
  DType dtype = dtypeOf(proto.data_type(), what);
  Shape shape(proto.dims().begin(), proto.dims().end());
  std::string bytes;
  if (proto.data_location() == ::onnx::TensorProto::EXTERNAL) {
    std::string location;
    int64_t offset = 0, length = -1;
    for (const ::onnx::StringStringEntryProto &entry : proto.external_data()) {
      if (entry.key() == "location")
        location = entry.value();
      else if (entry.key() == "offset")
        offset = std::stoll(entry.value());
      else if (entry.key() == "length")
        length = std::stoll(entry.value());
    }
    std::ifstream file(directory + "/" + location, std::ios::binary);
    if (!file)
      throw Error(what + ": cannot open its external data " + directory + "/" + location);
    file.seekg(offset);
    size_t size = length >= 0 ? size_t(length) : size_t(tg::numel(shape)) * itemsize(dtype);
    bytes.resize(size);
    file.read(bytes.data(), std::streamsize(size));
    if (!file)
      throw Error(what + ": its external data is shorter than the tensor");
  } else if (proto.has_raw_data()) {
    bytes = proto.raw_data();
  } else {
    switch (dtype) {
    case DType::Float32: bytes = packed(proto.float_data(), dtype); break;
    case DType::Float64: bytes = packed(proto.double_data(), dtype); break;
    case DType::Int64: bytes = packed(proto.int64_data(), dtype); break;
    case DType::UInt32: case DType::UInt64: bytes = packed(proto.uint64_data(), dtype); break;
    default: bytes = packed(proto.int32_data(), dtype); break;
    }
  }
  if (bytes.size() != size_t(tg::numel(shape)) * itemsize(dtype))
    throw Error(what + ": " + std::to_string(bytes.size()) + " bytes of data for " +
                std::to_string(tg::numel(shape)) + " elements of " + name(dtype));
  return Tensor::from_bytes(bytes.data(), bytes.size(), dtype, shape);
}

aot::Compiled import_to_mlir(const std::string &path, const std::string &directory,
                             const std::string &name,
                             const std::map<std::string, int64_t> &dims) {
  Model model = load(path);
  std::vector<Tensor> examples;
  std::vector<Shape> shapes = model.input_shapes(dims);
  aot::Options options;
  options.name = name;
  options.directory = directory;
  options.emit = "mlir";
  options.parameters = model.parameters();
  for (size_t i = 0; i < shapes.size(); ++i) {
    examples.push_back(Tensor::zeros(shapes[i], model.inputs()[i].dtype));
    options.input_names.push_back(model.inputs()[i].name);
  }
  for (const ValueInfo &output : model.outputs())
    options.output_names.push_back(output.name);
  return aot::compile(
      [&](const std::vector<Tensor> &inputs) { return aot::Trace(model.trace(inputs)); },
      examples, options);
}

ScratchImport::ScratchImport(const std::string &path, const std::string &name,
                             const std::map<std::string, int64_t> &dims) {
  std::string pattern = (std::filesystem::temp_directory_path() / "tg-onnx-XXXXXX").string();
  if (!mkdtemp(pattern.data()))
    throw Error("tg::onnx: cannot create a scratch directory in " + pattern);
  directory_ = pattern;
  try {
    files_ = import_to_mlir(path, directory_, name, dims);
  } catch (...) {
    std::filesystem::remove_all(directory_);
    throw;
  }
}

ScratchImport::~ScratchImport() {
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

Tensor read_tensor(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  ::onnx::TensorProto proto;
  if (!file)
    throw Error("tg::onnx::read_tensor: cannot open " + path);
  if (!proto.ParseFromIstream(&file))
    throw Error(path + ": not an ONNX tensor (the protobuf does not parse)");
  return tensorFromProto(proto, directoryOf(path));
}

const OpTable &opTable() {
  static const OpTable table = [] {
    OpTable t;
    populateElementwiseOps(t);
    populateMovementOps(t);
    populateReduceOps(t);
    populateNNOps(t);
    populateTrainingOps(t);
    populateRecurrentOps(t);
    return t;
  }();
  return table;
}

std::vector<std::string> supported_ops() {
  std::vector<std::string> ops;
  for (const auto &[name, builder] : opTable())
    ops.push_back(name);
  std::sort(ops.begin(), ops.end());
  return ops;
}

} // namespace tg::onnx
