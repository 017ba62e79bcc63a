// libFuzzer: a safetensors file read by the tensor library (safe_load and
// safe_load_metadata). Every input is either loaded or refused with
// tg::Error; nothing else may happen.
#include "FuzzSupport.h"

#include "tg/Tensor/state.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tg::fuzz::MemoryFile file(data, size);
  try {
    tg::nn::state::safe_load_metadata(file.path());
    tg::nn::state::safe_load(file.path());
  } catch (const tg::Error &) {
  }
  return 0;
}
