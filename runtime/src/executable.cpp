//===- executable.cpp - loading and running executables -------------------===//

#include "buffer.h"
#include "device.h"
#include "backends.h"
#include "cpu_backend.h"
#include "executable_format.h"

#include <chrono>
#include <mutex>
#include <new>
#include <vector>

using namespace tgrt;
using ull = unsigned long long;

// Who is told about each launch (tgrt_executable_observe) and about each
// of its workers (tgrt_executable_observe_workers).
struct Observers {
  tgrt_launch_observer_fn launch = nullptr;
  void *launchUser = nullptr;
  tgrt_worker_observer_fn worker = nullptr;
  void *workerUser = nullptr;
};

struct tgrt::Executable {
  explicit Executable(Device *device) : device(device) { retainDevice(device); }
  ~Executable() {
    if (module)
      device->backend->module_unload(device->handle, module);
    releaseDevice(device);
  }

  Device *device;
  ExecutableImage image;
  void *module = nullptr;
  std::vector<void *> kernels; // the backend's handle of each kernel
  std::mutex observerMutex;
  Observers observers;
};

// Resolves the image's kernels on its device.
static tgrt_status loadKernels(Executable *executable) {
  const ExecutableImage &image = executable->image;
  Device *device = executable->device;
  const char *kind = image.binaryKind();
  if (!loadsBinaryKind(*device->backend, kind))
    return fail(TGRT_INVALID_EXECUTABLE,
                "the executable holds a %s binary, but %s loads %s binaries",
                kind, device->name.c_str(), binaryKindList(*device->backend).c_str());
  // An executable without kernels only copies; it has no binary to load.
  if (image.kernels().empty())
    return TGRT_OK;
  BackendError error;
  if (device->backend->module_load(device->handle, image.binary(),
                                   image.header().binary_size,
                                   &executable->module, error.text) != 0)
    return fail(TGRT_BACKEND_ERROR, "%s could not load the executable's %s "
                "binary: %s", device->name.c_str(), kind,
                error.reason());
  executable->kernels.resize(image.kernels().size());
  for (uint32_t k = 0; k < image.kernels().size(); ++k)
    if (device->backend->kernel_get(device->handle, executable->module,
                                    image.kernelName(k),
                                    &executable->kernels[k], error.text) != 0)
      return fail(TGRT_BACKEND_ERROR, "%s could not find kernel %u (%s): %s",
                  device->name.c_str(), k, image.kernelName(k),
                  error.reason());
  return TGRT_OK;
}

// The bytes one run allocates: every buffer but the inputs.
static uint64_t runBytes(const ExecutableImage &image) {
  uint64_t bytes = 0;
  for (const tg_buffer_desc &buffer : image.buffers())
    if (buffer.role != TG_BUFFER_INPUT)
      bytes += buffer.size_bytes;
  return bytes;
}

extern "C" tgrt_status tgrt_executable_load(tgrt_device deviceToken,
                                            const void *data,
                                            uint64_t size_bytes,
                                            tgrt_executable *executable) {
  if (!executable)
    return fail(TGRT_INVALID_ARGUMENT,
                "tgrt_executable_load: `executable` is NULL");
  *executable = nullptr;
  Device *device = lookup<Device>(deviceToken, "tgrt_executable_load", "device");
  if (!device)
    return TGRT_INVALID_ARGUMENT;
  if (!data && size_bytes > 0)
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_executable_load: `data` is NULL");
  Executable *loaded = new (std::nothrow) Executable(device);
  if (!loaded)
    return fail(TGRT_OUT_OF_MEMORY, "out of host memory loading an executable");
  tgrt_status status =
      loaded->image.load(static_cast<const uint8_t *>(data), size_bytes);
  if (status == TGRT_OK)
    status = loadKernels(loaded);
  if (status != TGRT_OK) {
    delete loaded;
    return status;
  }
  // A run takes all of these from the cache and gives the intermediates back:
  // a cache too small for them gave part back to the system after each run,
  // and the next run faulted it in again (ResNet-18's training step plans
  // 1077 MB: its channels-last copy took 85 ms instead of 10 on a 1 GiB cap).
  if (device->cacheCapIsDefault)
    device->cache.raiseCap(runBytes(loaded->image));
  *executable = tokenFor(loaded);
  return succeed();
}

extern "C" tgrt_status tgrt_executable_release(tgrt_executable token) {
  return releaseToken<Executable>(token, "tgrt_executable_release", "executable",
                                  [](Executable *executable) { delete executable; });
}

extern "C" uint32_t tgrt_executable_num_inputs(tgrt_executable token) {
  Executable *executable =
      lookup<Executable>(token, "tgrt_executable_num_inputs", "executable");
  if (!executable)
    return 0;
  succeed();
  return executable->image.header().num_inputs;
}

extern "C" uint32_t tgrt_executable_num_outputs(tgrt_executable token) {
  Executable *executable =
      lookup<Executable>(token, "tgrt_executable_num_outputs", "executable");
  if (!executable)
    return 0;
  succeed();
  return executable->image.header().num_outputs;
}

// Writes the type of `buffer` to each of dtype, rank and shape that is not
// NULL.
static tgrt_status describe(const ExecutableImage &image, uint32_t buffer,
                            uint32_t *dtype, uint32_t *rank, int64_t shape[8]) {
  const tg_buffer_desc &desc = image.buffers()[buffer];
  if (dtype)
    *dtype = desc.dtype;
  if (rank)
    *rank = desc.rank;
  if (shape)
    for (uint32_t axis = 0; axis < desc.rank && axis < 8; ++axis)
      shape[axis] = image.dim(desc, axis);
  return succeed();
}

extern "C" tgrt_status tgrt_executable_input(tgrt_executable token,
                                             uint32_t index, uint32_t *dtype,
                                             uint32_t *rank, int64_t shape[8]) {
  Executable *executable =
      lookup<Executable>(token, "tgrt_executable_input", "executable");
  if (!executable)
    return TGRT_INVALID_ARGUMENT;
  const ExecutableImage &image = executable->image;
  if (index >= image.header().num_inputs)
    return fail(TGRT_INVALID_ARGUMENT, "there is no input %u: %s has %u inputs",
                index, image.name(), image.header().num_inputs);
  return describe(image, image.input(index), dtype, rank, shape);
}

extern "C" tgrt_status tgrt_executable_output(tgrt_executable token,
                                              uint32_t index, uint32_t *dtype,
                                              uint32_t *rank,
                                              int64_t shape[8]) {
  Executable *executable =
      lookup<Executable>(token, "tgrt_executable_output", "executable");
  if (!executable)
    return TGRT_INVALID_ARGUMENT;
  const ExecutableImage &image = executable->image;
  if (index >= image.header().num_outputs)
    return fail(TGRT_INVALID_ARGUMENT,
                "there is no output %u: %s has %u outputs", index, image.name(),
                image.header().num_outputs);
  return describe(image, image.output(index), dtype, rank, shape);
}

extern "C" tgrt_status tgrt_executable_observe(tgrt_executable token,
                                               tgrt_launch_observer_fn observer,
                                               void *user) {
  Executable *executable =
      lookup<Executable>(token, "tgrt_executable_observe", "executable");
  if (!executable)
    return TGRT_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(executable->observerMutex);
  executable->observers.launch = observer;
  executable->observers.launchUser = user;
  return succeed();
}

extern "C" tgrt_status tgrt_executable_observe_workers(
    tgrt_executable token, tgrt_worker_observer_fn observer, void *user) {
  Executable *executable = lookup<Executable>(
      token, "tgrt_executable_observe_workers", "executable");
  if (!executable)
    return TGRT_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(executable->observerMutex);
  executable->observers.worker = observer;
  executable->observers.workerUser = user;
  return succeed();
}

// Resolves the arguments of a run into `buffers`, one per input.
static tgrt_status checkArguments(Executable *executable,
                                  const tgrt_buffer *inputs,
                                  uint32_t numInputs, tgrt_buffer *outputs,
                                  uint32_t numOutputs,
                                  std::vector<Buffer *> &buffers) {
  if (!executable)
    return TGRT_INVALID_ARGUMENT; // lookup() said why
  const ExecutableImage &image = executable->image;
  const tg_executable_header &header = image.header();
  if (numInputs != header.num_inputs || numOutputs != header.num_outputs)
    return fail(TGRT_INVALID_ARGUMENT,
                "%s takes %u inputs and gives %u outputs, but the call passes "
                "%u inputs and room for %u outputs", image.name(),
                header.num_inputs, header.num_outputs, numInputs, numOutputs);
  if ((!inputs && numInputs > 0) || (!outputs && numOutputs > 0))
    return fail(TGRT_INVALID_ARGUMENT, "tgrt_executable_run: `%s` is NULL",
                !inputs && numInputs > 0 ? "inputs" : "outputs");
  buffers.resize(numInputs);
  for (uint32_t i = 0; i < numInputs; ++i) {
    const tg_buffer_desc &desc = image.buffers()[image.input(i)];
    HandleTable::Found found = handles().find(inputs[i], HandleKind::Buffer);
    if (found.state != tg::HandleState::Live)
      return refuse(found, HandleKind::Buffer, "tgrt_executable_run",
                    format("inputs[%u]", i).c_str());
    Buffer *input = buffers[i] = static_cast<Buffer *>(found.object);
    if (input->device != executable->device)
      return fail(TGRT_INVALID_ARGUMENT,
                  "input %u of %s is on %s, but the executable runs on %s", i,
                  image.name(), input->device->name.c_str(),
                  executable->device->name.c_str());
    if (input->size != desc.size_bytes)
      return fail(TGRT_INVALID_ARGUMENT,
                  "input %u of %s is %llu bytes, but the executable expects "
                  "%llu (%s, rank %u)", i, image.name(),
                  ull(input->size), ull(desc.size_bytes),
                  dtypeName(desc.dtype), desc.rank);
  }
  return TGRT_OK;
}

static tgrt_status launch(Executable *executable, uint32_t stepIndex,
                          const tg_step &step, void *const *args,
                          const Observers &observers) {
  Device *device = executable->device;
  const ExecutableImage &image = executable->image;
  const tg_kernel_desc &kernel = image.kernels()[step.kernel];
  const char *name = image.kernelName(step.kernel);
  void *handle = executable->kernels[step.kernel];
  bool timed = observers.launch != nullptr;
  BackendError error;
  // With an observer each launch is timed alone: the device is drained
  // before the clock starts and again before it stops.
  if (timed && device->backend->synchronize(device->handle, error.text))
    return fail(TGRT_BACKEND_ERROR, "%s failed to synchronize before step %u: "
                "%s", device->name.c_str(), stepIndex, error.reason());
  auto start = std::chrono::steady_clock::now();
  // Only the CPU's workers are known here; its launches are synchronous.
  std::vector<ThreadPool::Span> spans;
  if (observers.worker && device->backend == cpuBackend())
    cpuLaunchTimed(device->handle, handle, &kernel, args, &spans);
  else if (device->backend->launch(device->handle, handle, &kernel, args,
                                   step.num_buffers, error.text))
    return fail(TGRT_BACKEND_ERROR, "step %u, kernel %s, failed on %s: %s",
                stepIndex, name, device->name.c_str(), error.reason());
  if (timed && device->backend->synchronize(device->handle, error.text))
    return fail(TGRT_BACKEND_ERROR, "step %u, kernel %s, failed on %s: %s",
                stepIndex, name, device->name.c_str(), error.reason());
  if (timed) {
    auto elapsed = std::chrono::steady_clock::now() - start;
    observers.launch(
        observers.launchUser, name,
        uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed)
                     .count()),
        kernel.flops, kernel.bytes);
  }
  for (uint32_t worker = 0; worker < spans.size(); ++worker)
    observers.worker(observers.workerUser, name, worker, spans[worker].start,
                     spans[worker].end - spans[worker].start);
  return TGRT_OK;
}

// Runs the plan over `slots`, one buffer per entry of the buffer table.
static tgrt_status runSteps(Executable *executable,
                            const std::vector<Buffer *> &slots) {
  Observers observers;
  {
    std::lock_guard<std::mutex> lock(executable->observerMutex);
    observers = executable->observers;
  }
  Device *device = executable->device;
  const ExecutableImage &image = executable->image;
  std::vector<void *> args;
  for (uint32_t s = 0; s < image.steps().size(); ++s) {
    const tg_step &step = image.steps()[s];
    args.resize(step.num_buffers);
    for (uint32_t a = 0; a < step.num_buffers; ++a)
      args[a] = slots[image.stepBuffer(step, a)]->memory;
    if (step.kind == TG_STEP_LAUNCH) {
      if (tgrt_status status =
              launch(executable, s, step, args.data(), observers))
        return status;
      continue;
    }
    uint64_t size = slots[image.stepBuffer(step, 0)]->size;
    BackendError error;
    if (size > 0 && device->backend->copy(device->handle, args[0], args[1],
                                          size, error.text) != 0)
      return fail(TGRT_BACKEND_ERROR,
                  "step %u, a copy of buffer %u into buffer %u, failed on %s: "
                  "%s", s, image.stepBuffer(step, 1), image.stepBuffer(step, 0),
                  device->name.c_str(), error.reason());
  }
  return TGRT_OK;
}

extern "C" tgrt_status tgrt_executable_run(tgrt_executable token,
                                           const tgrt_buffer *inputs,
                                           uint32_t num_inputs,
                                           tgrt_buffer *outputs,
                                           uint32_t num_outputs) {
  for (uint32_t o = 0; outputs && o < num_outputs; ++o)
    outputs[o] = nullptr;
  Executable *executable =
      lookup<Executable>(token, "tgrt_executable_run", "executable");
  std::vector<Buffer *> arguments;
  if (tgrt_status status = checkArguments(executable, inputs, num_inputs,
                                          outputs, num_outputs, arguments))
    return status;
  const ExecutableImage &image = executable->image;

  // Inputs are borrowed; every other slot is allocated here, and released
  // at the end unless a result's token took its reference over.
  std::vector<Buffer *> slots(image.buffers().size());
  std::vector<tgrt_buffer> slotTokens(slots.size());
  for (uint32_t i = 0; i < num_inputs; ++i) {
    slots[image.input(i)] = arguments[i];
    slotTokens[image.input(i)] = inputs[i];
  }
  tgrt_status status = TGRT_OK;
  for (uint32_t b = 0; b < slots.size() && status == TGRT_OK; ++b)
    if (image.buffers()[b].role != TG_BUFFER_INPUT)
      status = allocateBuffer(executable->device, image.buffers()[b].size_bytes,
                              &slots[b]);
  if (status == TGRT_OK)
    status = runSteps(executable, slots);
  if (status == TGRT_OK)
    for (uint32_t o = 0; o < num_outputs; ++o) {
      tgrt_buffer &result = slotTokens[image.output(o)];
      if (result)
        handles().retain(result, HandleKind::Buffer);
      else
        result = tokenFor(slots[image.output(o)]);
      outputs[o] = result;
    }
  for (uint32_t b = 0; b < slots.size(); ++b)
    if (image.buffers()[b].role != TG_BUFFER_INPUT && slots[b] && !slotTokens[b])
      releaseBuffer(slots[b]);
  return status == TGRT_OK ? succeed() : status;
}
