//===- blob_builder.cpp - writing executables by hand for the tests -------===//

#include "blob_builder.h"

BlobBuffer float32Buffer(uint32_t role, std::vector<int64_t> shape,
                         std::string name) {
  uint64_t elements = 1;
  for (int64_t extent : shape)
    elements *= static_cast<uint64_t>(extent);
  return BlobBuffer{elements * 4, TG_DTYPE_FLOAT32, role, std::move(shape),
                    std::move(name)};
}

namespace {

// Appends the variable-length parts and hands out their final offsets, given
// where each area will start.
struct Areas {
  uint64_t indicesBase, shapesBase, stringsBase;
  std::vector<uint32_t> indices;
  std::vector<int64_t> shapes;
  std::string strings;

  uint64_t addIndices(const std::vector<uint32_t> &ids) {
    uint64_t offset = indicesBase + 4 * indices.size();
    indices.insert(indices.end(), ids.begin(), ids.end());
    return offset;
  }
  uint64_t addShape(const std::vector<int64_t> &shape) {
    uint64_t offset = shapesBase + 8 * shapes.size();
    shapes.insert(shapes.end(), shape.begin(), shape.end());
    return offset;
  }
  uint64_t addString(const std::string &text) {
    uint64_t offset = stringsBase + strings.size();
    strings.append(text).push_back('\0');
    return offset;
  }
};

uint64_t align8(uint64_t offset) { return (offset + 7) / 8 * 8; }

} // namespace

std::vector<uint8_t> buildBlob(const BlobSpec &spec) {
  tg_executable_header header = {};
  std::memcpy(header.magic, TG_EXECUTABLE_MAGIC, TG_EXECUTABLE_MAGIC_SIZE);
  header.version = TG_EXECUTABLE_VERSION;
  header.header_size = sizeof(header);
  header.num_buffers = spec.buffers.size();
  header.num_kernels = spec.kernels.size();
  header.num_steps = spec.steps.size();
  header.num_inputs = spec.inputs.size();
  header.num_outputs = spec.outputs.size();
  header.buffers_offset = sizeof(header);
  header.kernels_offset =
      header.buffers_offset + spec.buffers.size() * sizeof(tg_buffer_desc);
  header.steps_offset =
      header.kernels_offset + spec.kernels.size() * sizeof(tg_kernel_desc);

  uint64_t numIndices = spec.inputs.size() + spec.outputs.size();
  for (const BlobStep &step : spec.steps)
    numIndices += step.buffers.size();
  std::vector<std::vector<int64_t>> argBytes;
  for (uint32_t k = 0; k < spec.kernels.size(); ++k) {
    std::vector<int64_t> sizes(spec.kernels[k].arg_bytes.begin(),
                               spec.kernels[k].arg_bytes.end());
    for (const BlobStep &step : spec.steps)
      if (sizes.empty() && step.kind == TG_STEP_LAUNCH && step.kernel == k)
        for (uint32_t id : step.buffers)
          sizes.push_back(id < spec.buffers.size()
                              ? int64_t(spec.buffers[id].size_bytes) : 0);
    argBytes.push_back(sizes);
  }
  uint64_t numDims = 0;
  for (const BlobBuffer &buffer : spec.buffers)
    numDims += buffer.shape.size();
  for (const std::vector<int64_t> &sizes : argBytes)
    numDims += sizes.size();
  Areas areas;
  areas.indicesBase = header.steps_offset + spec.steps.size() * sizeof(tg_step);
  areas.shapesBase = align8(areas.indicesBase + 4 * numIndices);
  areas.stringsBase = areas.shapesBase + 8 * numDims;

  header.inputs_offset = areas.addIndices(spec.inputs);
  header.outputs_offset = areas.addIndices(spec.outputs);
  header.name_offset = areas.addString(spec.name);
  header.binary_kind_offset = areas.addString(spec.binary_kind);
  std::vector<tg_buffer_desc> buffers;
  for (const BlobBuffer &buffer : spec.buffers) {
    tg_buffer_desc desc = {};
    desc.size_bytes = buffer.size_bytes;
    desc.dtype = buffer.dtype;
    desc.role = buffer.role;
    desc.rank = buffer.shape.size();
    desc.shape_offset = areas.addShape(buffer.shape);
    desc.name_offset =
        buffer.name.empty() ? 0 : uint32_t(areas.addString(buffer.name));
    buffers.push_back(desc);
  }
  std::vector<tg_kernel_desc> kernels;
  for (uint32_t k = 0; k < spec.kernels.size(); ++k) {
    const BlobKernel &kernel = spec.kernels[k];
    tg_kernel_desc desc = {};
    desc.arg_bytes_offset = areas.addShape(argBytes[k]);
    desc.symbol_offset = areas.addString(kernel.symbol);
    desc.num_buffers = kernel.num_buffers;
    desc.parallel_size = kernel.parallel_size;
    desc.flops = kernel.flops;
    desc.bytes = kernel.bytes;
    kernels.push_back(desc);
  }
  std::vector<tg_step> steps;
  for (const BlobStep &step : spec.steps) {
    tg_step desc = {};
    desc.kind = step.kind;
    desc.kernel = step.kernel;
    desc.num_buffers = step.buffers.size();
    desc.buffers_offset = areas.addIndices(step.buffers);
    steps.push_back(desc);
  }
  header.binary_offset = align8(areas.stringsBase + areas.strings.size());
  header.binary_size = spec.binary.size();
  header.total_size = header.binary_offset + header.binary_size;

  std::vector<uint8_t> blob(header.total_size);
  auto put = [&](uint64_t offset, const void *data, size_t size) {
    if (size)
      std::memcpy(blob.data() + offset, data, size);
  };
  put(0, &header, sizeof(header));
  put(header.buffers_offset, buffers.data(), buffers.size() * sizeof(buffers[0]));
  put(header.kernels_offset, kernels.data(), kernels.size() * sizeof(kernels[0]));
  put(header.steps_offset, steps.data(), steps.size() * sizeof(steps[0]));
  put(areas.indicesBase, areas.indices.data(), 4 * areas.indices.size());
  put(areas.shapesBase, areas.shapes.data(), 8 * areas.shapes.size());
  put(areas.stringsBase, areas.strings.data(), areas.strings.size());
  put(header.binary_offset, spec.binary.data(), spec.binary.size());
  return blob;
}
