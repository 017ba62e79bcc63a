// libFuzzer: an executable blob through the runtime's format check (the
// validation tgrt_executable_load runs before a backend sees the binary).
// Every input is accepted with consistent tables or refused with a
// sentence; the accessors of an accepted one stay in bounds.
#include "executable_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tgrt::ExecutableImage image;
  if (image.load(data, size) != TGRT_OK)
    return 0;
  // Walk what the runtime reads of an accepted image.
  volatile uint64_t sink = 0;
  for (const tg_buffer_desc &buffer : image.buffers())
    for (uint32_t axis = 0; axis < buffer.rank; ++axis)
      sink += uint64_t(image.dim(buffer, axis));
  for (uint32_t k = 0; k < image.kernels().size(); ++k)
    sink += image.kernelName(k)[0];
  for (const tg_step &step : image.steps())
    for (uint32_t i = 0; i < step.num_buffers; ++i)
      sink += image.stepBuffer(step, i);
  for (uint32_t i = 0; i < image.header().num_inputs; ++i)
    sink += image.input(i);
  for (uint32_t i = 0; i < image.header().num_outputs; ++i)
    sink += image.output(i);
  sink += image.binaryKind()[0] + image.name()[0];
  return 0;
}
