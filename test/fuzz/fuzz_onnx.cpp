// libFuzzer: an ONNX model through the importer: read, checked, its shapes
// inferred and converted by the ONNX library, then traced node by node into
// the tensor library's lazy graph (nothing is compiled). A model the
// importer cannot take is a tg::Error naming why.
#include "FuzzSupport.h"

#include "tg/Frontend/ONNX/ONNX.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tg::fuzz::MemoryFile file(data, size);
  try {
    tg::onnx::Model model = tg::onnx::load(file.path());
    std::vector<tg::Tensor> inputs;
    std::vector<tg::Shape> shapes = model.input_shapes();
    for (size_t i = 0; i < shapes.size(); ++i)
      inputs.push_back(tg::Tensor::zeros(shapes[i], model.inputs()[i].dtype));
    model.trace(inputs);
  } catch (const tg::Error &) {
  }
  return 0;
}
