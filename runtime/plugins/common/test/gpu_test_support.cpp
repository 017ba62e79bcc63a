//===- gpu_test_support.cpp - what the CUDA and HIP plug-in tests share ---===//

#include "gpu_test_support.h"

#include "fake_gpu.h"

#include <dlfcn.h>
#include <elf.h>

std::string deviceName(int index) {
  return std::string(kGpuTest.backend) + ":" + std::to_string(index);
}

std::vector<uint8_t> fakeModuleText(const std::vector<std::string> &kernels) {
  std::string text = FAKE_MODULE_HEADER;
  for (size_t k = 0; k < kernels.size(); ++k)
    text += (k ? "\n" : "") + ("kernel " + kernels[k]);
  return std::vector<uint8_t>(text.begin(), text.end());
}

std::vector<uint8_t> fakeModuleElf(const std::vector<std::string> &kernels) {
  // An ELF header with no segments or sections: all the plug-in checks.
  Elf64_Ehdr header = {};
  std::memcpy(header.e_ident, ELFMAG, SELFMAG);
  header.e_ident[EI_CLASS] = ELFCLASS64;
  header.e_ident[EI_DATA] = ELFDATA2LSB;
  header.e_ident[EI_VERSION] = EV_CURRENT;
  header.e_type = ET_EXEC;
  header.e_version = EV_CURRENT;
  header.e_ehsize = sizeof header;
  static_assert(sizeof header == FAKE_ELF_HEADER_SIZE, "the fake's layout");
  std::vector<uint8_t> image(sizeof header);
  std::memcpy(image.data(), &header, sizeof header);
  std::vector<uint8_t> text = fakeModuleText(kernels);
  image.insert(image.end(), text.begin(), text.end());
  image.push_back('\0');
  return image;
}

void setLaunchShape(std::vector<uint8_t> &blob, uint32_t kernel,
                    std::array<uint32_t, 3> grid,
                    std::array<uint32_t, 3> block) {
  uint64_t desc =
      headerOf(blob).kernels_offset + kernel * sizeof(tg_kernel_desc);
  for (int d = 0; d < 3; ++d) {
    poke(blob, desc + offsetof(tg_kernel_desc, grid) + 4 * d, grid[d]);
    poke(blob, desc + offsetof(tg_kernel_desc, block) + 4 * d, block[d]);
  }
}

std::vector<uint8_t> subtractExecutable(std::vector<uint8_t> module,
                                        int64_t count,
                                        std::array<uint32_t, 3> grid,
                                        std::array<uint32_t, 3> block) {
  BlobSpec spec;
  spec.binary_kind = kGpuTest.binaryKind;
  spec.buffers = {float32Buffer(TG_BUFFER_INPUT, {count}, "a"),
                  float32Buffer(TG_BUFFER_INPUT, {count}, "b"),
                  float32Buffer(TG_BUFFER_OUTPUT, {count}, "out")};
  spec.kernels = {{"subtract", 3}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {2, 0, 1}}};
  spec.inputs = {0, 1};
  spec.outputs = {2};
  spec.binary = std::move(module);
  std::vector<uint8_t> blob = buildBlob(spec);
  setLaunchShape(blob, 0, grid, block);
  return blob;
}

std::vector<uint8_t> bufferlessExecutable(const std::string &kernel) {
  BlobSpec spec;
  spec.binary_kind = kGpuTest.binaryKind;
  spec.kernels = {{kernel, 0}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {}}};
  spec.binary = fakeModuleElf({kernel});
  std::vector<uint8_t> blob = buildBlob(spec);
  setLaunchShape(blob, 0, {1, 1, 1}, {1, 1, 1});
  return blob;
}

std::vector<float> runSubtract(tgrt_device device,
                               const std::vector<uint8_t> &blob,
                               const std::vector<float> &a,
                               const std::vector<float> &b) {
  Executable executable = loadExecutable(device, blob);
  Buffer bufferA = floatBuffer(device, a), bufferB = floatBuffer(device, b);
  if (!executable || !bufferA || !bufferB)
    return {};
  tgrt_buffer inputs[] = {bufferA.get(), bufferB.get()};
  tgrt_buffer output = nullptr;
  EXPECT_TRUE(ok(tgrt_executable_run(executable.get(), inputs, 2, &output, 1)));
  Buffer out(output);
  return out ? readFloats(out.get()) : std::vector<float>();
}

// A function the loaded working fake driver exports; null when it is not
// loaded. The reference dlopen takes here is given back at once: the
// plug-in's keeps the library loaded.
template <class Function> Function fakeDriverFunction(const char *name) {
  void *fake = dlopen(FAKE_WORKING_DRIVER, RTLD_NOW | RTLD_NOLOAD);
  if (!fake)
    return nullptr;
  auto function = reinterpret_cast<Function>(dlsym(fake, name));
  dlclose(fake);
  return function;
}

int fakeDriverCount(const char *counter) {
  auto count = fakeDriverFunction<int (*)()>(counter);
  return count ? count() : -1;
}

int fakeDriverAllocationsOn(int device) {
  auto count =
      fakeDriverFunction<int (*)(int)>("fake_gpu_live_allocations_on");
  return count ? count(device) : -1;
}

const tg_backend *pluginTable() {
  void *plugin = dlopen(GPU_PLUGIN, RTLD_NOW | RTLD_LOCAL);
  EXPECT_NE(plugin, nullptr) << dlerror();
  if (!plugin)
    return nullptr;
  auto get = reinterpret_cast<tg_backend_get_fn>(
      dlsym(plugin, TG_BACKEND_GET_SYMBOL));
  EXPECT_NE(get, nullptr);
  // The plug-in stays loaded, as the runtime keeps it.
  return get ? get(TG_BACKEND_ABI_VERSION) : nullptr;
}
