//===- state.h - saving and loading tensors: safetensors --------*- C++ -*-===//
//
// tinygrad's nn.state file functions for the safetensors format: an 8-byte
// little-endian header length, a JSON header naming each tensor's dtype,
// shape and byte range (plus an optional "__metadata__" map of strings),
// then the data. Files from any conforming writer load; malformed ones are
// rejected with a tg::Error saying what is wrong.
//
// And the state of models (tg::nn::Module, nn.h): get_state_dict,
// get_parameters, load_state_dict; and the files of other programs:
// PyTorch checkpoints (torch_load), zip and tar archives.
//
//===----------------------------------------------------------------------===//
#ifndef TG_TENSOR_STATE_H
#define TG_TENSOR_STATE_H

#include "tg/Tensor/Tensor.h"

#include <map>
#include <string>
#include <vector>

namespace tg::nn {

class Module;

/// Tensors by name ("layer.weight"), as get_state_dict returns them.
using StateDict = std::map<std::string, Tensor>;

namespace state {

/// Every tensor of `model` and its children by dotted path ("l1.weight",
/// "layers.0.bias"): parameters and buffers such as running statistics.
StateDict get_state_dict(Module &model);
/// The same tensors in the order the model names them. Trainable ones
/// require gradients; an optimizer given the others (BatchNorm's running
/// statistics) realizes them with each step, as tinygrad's is_param=False.
std::vector<Tensor> get_parameters(Module &model);
/// Copies each tensor of `state_dict` into the model's tensor of that name
/// (every handle to it sees the new value) and realizes them. `strict`
/// (the default): the names must match exactly. Shapes and dtypes must
/// always match (except [] against [1]). Returns the loaded tensors.
std::vector<Tensor> load_state_dict(Module &model, const StateDict &state_dict, bool strict = true);

/// Writes `tensors` to `path` (realizing them), with `metadata` as the
/// header's "__metadata__".
void safe_save(const StateDict &tensors, const std::string &path,
               const std::map<std::string, std::string> &metadata = {});
/// Every tensor of the file, realized on the default device.
StateDict safe_load(const std::string &path);
/// The file's "__metadata__" (empty when it has none). Unlike tinygrad's,
/// which returns the whole header, this is only the metadata: safe_load
/// gives the tensors.
std::map<std::string, std::string> safe_load_metadata(const std::string &path);

/// Every member of the zip archive at `path` (stored or deflated, ZIP64 or
/// not; directories are empty members) as a uint8 tensor of its bytes.
StateDict zip_extract(const std::string &path);
/// The same for an archive in memory: a 1-D uint8 tensor of its bytes.
StateDict zip_extract(const Tensor &archive);
/// Every regular file of the tar archive at `path` (ustar, GNU long names,
/// PAX paths and sizes) as a uint8 tensor of its bytes.
StateDict tar_extract(const std::string &path);
/// The same for an archive in memory: a 1-D uint8 tensor of its bytes.
StateDict tar_extract(const Tensor &archive);
/// The tensors of a torch.save file (the zip format, PyTorch 1.5's legacy
/// one or PyTorch 0.3's tar), strides and offsets applied. Nested dicts,
/// lists and tuples are flattened to dotted names ("model.fc.weight",
/// "layers.0"); values that are not tensors (numbers, strings, None) are
/// left out.
StateDict torch_load(const std::string &path);
/// The same for a checkpoint in memory: a 1-D uint8 tensor of its bytes.
StateDict torch_load(const Tensor &checkpoint);

} // namespace state
} // namespace tg::nn

#endif // TG_TENSOR_STATE_H
