// libFuzzer: a file read by torch_load, zip_extract and tar_extract (a
// PyTorch checkpoint's pickle machine, its zip and tar containers). Every
// input is either read or refused with tg::Error; nothing else may happen.
#include "FuzzSupport.h"

#include "tg/Tensor/state.h"

using Loader = tg::nn::StateDict (*)(const std::string &);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tg::fuzz::MemoryFile file(data, size);
  for (Loader load : {Loader(tg::nn::state::torch_load), Loader(tg::nn::state::zip_extract),
                      Loader(tg::nn::state::tar_extract)}) {
    try {
      load(file.path());
    } catch (const tg::Error &) {
    }
  }
  return 0;
}
