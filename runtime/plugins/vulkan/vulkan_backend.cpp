//===- vulkan_backend.cpp - the Vulkan backend plug-in --------------------===//
//
// Runs the compute kernels of a SPIR-V module on a Vulkan device. The plug-in
// is built against the Vulkan headers alone: it opens the loader
// (libvulkan.so.1) with dlopen and looks every function up through
// vkGetInstanceProcAddr / vkGetDeviceProcAddr, so a machine without Vulkan
// gets a sentence from device_count rather than a plug-in that fails to load.
//
// Launches and copies are recorded into one command buffer and submitted
// when the host needs their results (synchronize, read, write, free), with a
// memory barrier between consecutive commands so each sees what the previous
// ones wrote.
//
//===----------------------------------------------------------------------===//

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include "tg_backend.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace {

// The loader's file name; TGRT_VULKAN_LIBRARY overrides it, which is how the
// tests see what a machine without the loader gets.
constexpr const char *kLoaderLibrary = "libvulkan.so.1";
// Vulkan forbids empty buffers: a zero-byte allocation gets this many bytes.
constexpr VkDeviceSize kSmallestBuffer = 16;
// Host transfers to memory the host cannot map go through a staging buffer
// of this size, chunk by chunk.
constexpr VkDeviceSize kStagingBytes = 4ull << 20;
// A batch this long is submitted without waiting for the host to ask, which
// bounds the descriptor sets held by unsubmitted work.
constexpr uint32_t kMaxBatchedCommands = 1024;
// Descriptor pools grow by pools of at least this capacity.
constexpr uint32_t kPoolSets = 256;
constexpr uint32_t kPoolDescriptors = 2048;

const char *resultName(VkResult result) {
  switch (result) {
#define TG_RESULT_NAME(name)                                                   \
  case name:                                                                   \
    return #name;
    TG_RESULT_NAME(VK_SUCCESS)
    TG_RESULT_NAME(VK_NOT_READY)
    TG_RESULT_NAME(VK_TIMEOUT)
    TG_RESULT_NAME(VK_INCOMPLETE)
    TG_RESULT_NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
    TG_RESULT_NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    TG_RESULT_NAME(VK_ERROR_INITIALIZATION_FAILED)
    TG_RESULT_NAME(VK_ERROR_DEVICE_LOST)
    TG_RESULT_NAME(VK_ERROR_MEMORY_MAP_FAILED)
    TG_RESULT_NAME(VK_ERROR_LAYER_NOT_PRESENT)
    TG_RESULT_NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
    TG_RESULT_NAME(VK_ERROR_FEATURE_NOT_PRESENT)
    TG_RESULT_NAME(VK_ERROR_INCOMPATIBLE_DRIVER)
    TG_RESULT_NAME(VK_ERROR_TOO_MANY_OBJECTS)
    TG_RESULT_NAME(VK_ERROR_FORMAT_NOT_SUPPORTED)
    TG_RESULT_NAME(VK_ERROR_FRAGMENTED_POOL)
    TG_RESULT_NAME(VK_ERROR_UNKNOWN)
    TG_RESULT_NAME(VK_ERROR_OUT_OF_POOL_MEMORY)
    TG_RESULT_NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    TG_RESULT_NAME(VK_ERROR_FRAGMENTATION)
    TG_RESULT_NAME(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    TG_RESULT_NAME(VK_PIPELINE_COMPILE_REQUIRED)
    TG_RESULT_NAME(VK_ERROR_INVALID_SHADER_NV)
#undef TG_RESULT_NAME
  default:
    return "an unknown VkResult";
  }
}

// Writes "<call> failed: VK_..." and returns false, so that checks read
// `if (!succeeded(...)) return 1;`.
bool succeeded(VkResult result, const char *call, char *error) {
  if (result >= 0)
    return true;
  tg_backend_error(error, "%s failed: %s (%d)", call, resultName(result),
           static_cast<int>(result));
  return false;
}

// ---- the loader ------------------------------------------------------------

#define TG_INSTANCE_FUNCTIONS(X)                                               \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkGetPhysicalDeviceFeatures)                                               \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)

#define TG_DEVICE_FUNCTIONS(X)                                                 \
  X(vkDestroyDevice)                                                           \
  X(vkGetDeviceQueue)                                                          \
  X(vkDeviceWaitIdle)                                                          \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkDestroyDescriptorSetLayout)                                              \
  X(vkCreatePipelineLayout)                                                    \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkCreateComputePipelines)                                                  \
  X(vkDestroyPipeline)                                                         \
  X(vkCreateDescriptorPool)                                                    \
  X(vkDestroyDescriptorPool)                                                   \
  X(vkResetDescriptorPool)                                                     \
  X(vkAllocateDescriptorSets)                                                  \
  X(vkUpdateDescriptorSets)                                                    \
  X(vkCreateCommandPool)                                                       \
  X(vkDestroyCommandPool)                                                      \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkResetCommandBuffer)                                                      \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdBindDescriptorSets)                                                   \
  X(vkCmdDispatch)                                                             \
  X(vkCmdCopyBuffer)                                                           \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkCreateFence)                                                             \
  X(vkDestroyFence)                                                            \
  X(vkResetFences)                                                             \
  X(vkWaitForFences)                                                           \
  X(vkQueueSubmit)

// A Vulkan instance with the loader it came from and the functions this file
// calls. Each device owns one, so nothing is global.
struct Instance {
  void *library = nullptr;
  VkInstance handle = VK_NULL_HANDLE;
  uint32_t apiVersion = VK_API_VERSION_1_0;
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
  // Core in 1.1; null on an older instance.
  PFN_vkGetPhysicalDeviceFeatures2 vkGetPhysicalDeviceFeatures2 = nullptr;
#define TG_DECLARE(name) PFN_##name name = nullptr;
  TG_INSTANCE_FUNCTIONS(TG_DECLARE)
  TG_DEVICE_FUNCTIONS(TG_DECLARE)
#undef TG_DECLARE

  Instance() = default;
  Instance(const Instance &) = delete;
  Instance &operator=(const Instance &) = delete;
  ~Instance() {
    // vkDestroyInstance is missing only from a loader that open() refused.
    if (handle && vkDestroyInstance)
      vkDestroyInstance(handle, nullptr);
    if (library)
      dlclose(library);
  }

  bool open(char *error);
  bool loadDeviceFunctions(VkDevice device, char *error);
};

bool Instance::open(char *error) {
  const char *name = std::getenv("TGRT_VULKAN_LIBRARY");
  if (!name || !*name)
    name = kLoaderLibrary;
  library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    tg_backend_error(error, "%s is not installed (dlopen: %s); install the Vulkan "
             "loader (libvulkan1) and a driver", name, dlerror());
    return false;
  }
  vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      dlsym(library, "vkGetInstanceProcAddr"));
  if (!vkGetInstanceProcAddr) {
    tg_backend_error(error, "%s exports no vkGetInstanceProcAddr: it is not a Vulkan "
             "loader", name);
    return false;
  }
  auto createInstance = reinterpret_cast<PFN_vkCreateInstance>(
      vkGetInstanceProcAddr(VK_NULL_HANDLE, "vkCreateInstance"));
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      vkGetInstanceProcAddr(VK_NULL_HANDLE, "vkEnumerateInstanceVersion"));
  if (!createInstance) {
    tg_backend_error(error, "the Vulkan loader %s has no vkCreateInstance", name);
    return false;
  }
  // A 1.0 loader has no vkEnumerateInstanceVersion; asking such a loader for
  // a newer version fails, so ask for what it has, up to 1.2.
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (enumerateVersion && enumerateVersion(&loaderVersion) != VK_SUCCESS)
    loaderVersion = VK_API_VERSION_1_0;
  apiVersion = std::min<uint32_t>(loaderVersion, VK_API_VERSION_1_2);

  VkApplicationInfo application = {};
  application.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  application.pApplicationName = "tinygrad-mlir";
  application.pEngineName = "tgrt";
  application.apiVersion = apiVersion;
  VkInstanceCreateInfo create = {};
  create.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  create.pApplicationInfo = &application;
  VkResult result = createInstance(&create, nullptr, &handle);
  if (result == VK_ERROR_INCOMPATIBLE_DRIVER) {
    tg_backend_error(error, "no Vulkan driver is installed (vkCreateInstance: "
             "VK_ERROR_INCOMPATIBLE_DRIVER); install one, such as Mesa's "
             "(mesa-vulkan-drivers)");
    return false;
  }
  if (!succeeded(result, "vkCreateInstance", error))
    return false;

  bool complete = true;
#define TG_LOAD(name)                                                          \
  name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(handle, #name));   \
  complete &= name != nullptr;
  TG_INSTANCE_FUNCTIONS(TG_LOAD)
#undef TG_LOAD
  if (!complete) {
    tg_backend_error(error, "the Vulkan loader %s lacks a Vulkan 1.0 instance function",
             name);
    return false;
  }
  if (apiVersion >= VK_API_VERSION_1_1)
    vkGetPhysicalDeviceFeatures2 =
        reinterpret_cast<PFN_vkGetPhysicalDeviceFeatures2>(
            vkGetInstanceProcAddr(handle, "vkGetPhysicalDeviceFeatures2"));
  return true;
}

bool Instance::loadDeviceFunctions(VkDevice device, char *error) {
#define TG_LOAD(name)                                                          \
  name = reinterpret_cast<PFN_##name>(vkGetDeviceProcAddr(device, #name));     \
  if (!name) {                                                                 \
    tg_backend_error(error, "the Vulkan driver does not provide " #name);             \
    return false;                                                              \
  }
  TG_DEVICE_FUNCTIONS(TG_LOAD)
#undef TG_LOAD
  return true;
}

struct ComputeDevice {
  VkPhysicalDevice physical;
  uint32_t queueFamily;
};

// The physical devices with a compute queue, in the loader's order: device
// index i of this backend is entry i.
bool computeDevices(Instance &vk, std::vector<ComputeDevice> *found,
                    uint32_t *physicalCount, char *error) {
  uint32_t count = 0;
  if (!succeeded(vk.vkEnumeratePhysicalDevices(vk.handle, &count, nullptr),
                 "vkEnumeratePhysicalDevices", error))
    return false;
  std::vector<VkPhysicalDevice> physical(count);
  // VK_INCOMPLETE (a device vanished in between) still lists `count` valid
  // entries.
  if (!succeeded(vk.vkEnumeratePhysicalDevices(vk.handle, &count,
                                               physical.data()),
                 "vkEnumeratePhysicalDevices", error))
    return false;
  *physicalCount = count;
  found->clear();
  for (uint32_t d = 0; d < count; ++d) {
    uint32_t families = 0;
    vk.vkGetPhysicalDeviceQueueFamilyProperties(physical[d], &families,
                                                nullptr);
    std::vector<VkQueueFamilyProperties> properties(families);
    vk.vkGetPhysicalDeviceQueueFamilyProperties(physical[d], &families,
                                                properties.data());
    for (uint32_t f = 0; f < families; ++f)
      if ((properties[f].queueFlags & VK_QUEUE_COMPUTE_BIT) &&
          properties[f].queueCount > 0) {
        found->push_back({physical[d], f});
        break;
      }
  }
  return true;
}

// ---- device state ----------------------------------------------------------

struct Memory {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;  // as asked for; the VkBuffer has at least
                          // kSmallestBuffer bytes
  char *mapped = nullptr; // set when the host reads and writes it directly
};

// The descriptor set and pipeline layouts of kernels taking `numBuffers`
// storage buffers at bindings 0..numBuffers-1 of set 0.
struct Layout {
  uint32_t numBuffers;
  VkDescriptorSetLayout set;
  VkPipelineLayout pipeline;
};

struct DescriptorPool {
  VkDescriptorPool pool;
  uint32_t sets, descriptors;         // capacity
  uint32_t usedSets, usedDescriptors; // by the current batch
};

struct Module;

struct Kernel {
  Module *module;
  std::string symbol;
  // One per argument count it was launched with; in practice one.
  std::vector<std::pair<uint32_t, VkPipeline>> pipelines;
};

struct Module {
  VkShaderModule shader = VK_NULL_HANDLE;
  std::vector<std::string> entryPoints; // the GLCompute ones
  std::vector<std::unique_ptr<Kernel>> kernels;
};

struct Device {
  Instance vk;
  VkPhysicalDeviceLimits limits = {};
  VkPhysicalDeviceMemoryProperties memoryProperties = {};
  // Set by TGRT_VULKAN_FORCE_STAGING: transfer through a staging buffer even
  // when the device memory is host visible, as on a discrete GPU.
  bool forceStaging = false;
  VkDevice handle = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;

  // Serializes every call: the runtime may use a device from many threads.
  std::mutex mutex;
  // Commands recorded into `commands` and not yet submitted; 0 when it is
  // not being recorded.
  uint32_t batched = 0;
  std::vector<DescriptorPool> pools;
  std::vector<Layout> layouts;
  Memory *staging = nullptr;       // created on first need
  Memory *emptyArgument = nullptr; // bound for a zero-byte (null) buffer
  // Why queued work failed when it ran for free or module_unload.
  std::string unreportedFailure;

  ~Device();
};

void destroyMemory(Device &device, Memory *memory) {
  if (!memory)
    return;
  Instance &vk = device.vk;
  if (memory->buffer)
    vk.vkDestroyBuffer(device.handle, memory->buffer, nullptr);
  if (memory->memory)
    vk.vkFreeMemory(device.handle, memory->memory, nullptr);
  delete memory;
}

Device::~Device() {
  if (handle) {
    // Nothing is in flight once finish() has run, but a lost device may
    // still hold work; waiting makes destruction safe either way.
    vk.vkDeviceWaitIdle(handle);
    destroyMemory(*this, staging);
    destroyMemory(*this, emptyArgument);
    for (const Layout &layout : layouts) {
      vk.vkDestroyPipelineLayout(handle, layout.pipeline, nullptr);
      vk.vkDestroyDescriptorSetLayout(handle, layout.set, nullptr);
    }
    for (const DescriptorPool &pool : pools)
      vk.vkDestroyDescriptorPool(handle, pool.pool, nullptr);
    if (fence)
      vk.vkDestroyFence(handle, fence, nullptr);
    if (commandPool)
      vk.vkDestroyCommandPool(handle, commandPool, nullptr);
    vk.vkDestroyDevice(handle, nullptr);
  }
}

// The first memory type allowed by `typeBits` that has all of `flags`.
bool findMemoryType(const Device &device, uint32_t typeBits,
                    VkMemoryPropertyFlags flags, uint32_t *type) {
  const VkPhysicalDeviceMemoryProperties &properties = device.memoryProperties;
  for (uint32_t t = 0; t < properties.memoryTypeCount; ++t)
    if ((typeBits & (1u << t)) &&
        (properties.memoryTypes[t].propertyFlags & flags) == flags) {
      *type = t;
      return true;
    }
  return false;
}

// A storage buffer of `size` bytes (at least kSmallestBuffer). The staging
// buffer is host memory the host maps. A device buffer is mapped too when the
// device has memory that is both device local and host visible (lavapipe,
// integrated GPUs, resizable BAR), and is plain device-local memory when it
// has none or that runs out.
Memory *createMemory(Device &device, VkDeviceSize size, bool staging,
                     char *error) {
  Instance &vk = device.vk;
  Memory *memory = new (std::nothrow) Memory;
  if (!memory) {
    tg_backend_error(error, "out of host memory allocating a Vulkan buffer");
    return nullptr;
  }
  memory->size = size;
  VkBufferCreateInfo create = {};
  create.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  create.size = std::max(size, kSmallestBuffer);
  create.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                 VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  create.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  if (!succeeded(vk.vkCreateBuffer(device.handle, &create, nullptr,
                                   &memory->buffer),
                 "vkCreateBuffer", error)) {
    destroyMemory(device, memory);
    return nullptr;
  }
  VkMemoryRequirements requirements;
  vk.vkGetBufferMemoryRequirements(device.handle, memory->buffer,
                                   &requirements);

  constexpr VkMemoryPropertyFlags kHostShared =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  struct Choice {
    VkMemoryPropertyFlags flags;
    bool mapped;
  };
  std::vector<Choice> choices;
  if (staging) {
    choices.push_back(
        {kHostShared | VK_MEMORY_PROPERTY_HOST_CACHED_BIT, true});
    choices.push_back({kHostShared, true});
  } else {
    if (!device.forceStaging)
      choices.push_back(
          {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | kHostShared, true});
    choices.push_back({VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, false});
    choices.push_back({0, false});
  }
  VkResult result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
  for (const Choice &choice : choices) {
    uint32_t type;
    if (!findMemoryType(device, requirements.memoryTypeBits, choice.flags,
                        &type))
      continue;
    VkMemoryAllocateInfo allocate = {};
    allocate.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = type;
    result = vk.vkAllocateMemory(device.handle, &allocate, nullptr,
                                 &memory->memory);
    if (result == VK_SUCCESS) {
      if (choice.mapped) {
        void *host = nullptr;
        result = vk.vkMapMemory(device.handle, memory->memory, 0,
                                VK_WHOLE_SIZE, 0, &host);
        memory->mapped = static_cast<char *>(host);
      }
      break;
    }
    if (result != VK_ERROR_OUT_OF_DEVICE_MEMORY)
      break;
  }
  if (result == VK_SUCCESS)
    result = vk.vkBindBufferMemory(device.handle, memory->buffer,
                                   memory->memory, 0);
  if (result != VK_SUCCESS) {
    tg_backend_error(error, "allocating %llu bytes of Vulkan memory failed: %s",
             static_cast<unsigned long long>(size), resultName(result));
    destroyMemory(device, memory);
    return nullptr;
  }
  return memory;
}

// ---- batching --------------------------------------------------------------

constexpr VkPipelineStageFlags kDeviceStages =
    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;

void recordBarrier(Device &device, VkPipelineStageFlags dstStages,
                   VkAccessFlags dstAccess) {
  VkMemoryBarrier barrier = {};
  barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  barrier.srcAccessMask =
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  barrier.dstAccessMask = dstAccess;
  device.vk.vkCmdPipelineBarrier(device.commands, kDeviceStages, dstStages, 0,
                                 1, &barrier, 0, nullptr, 0, nullptr);
}

// Gets the command buffer ready for one more command, ordered after every
// command submitted before it (reads after writes, writes after reads and
// writes). A barrier's first scope reaches back across earlier submissions
// too, so the first command of a batch gets one as well.
bool beginCommand(Device &device, char *error) {
  if (device.batched == 0) {
    VkCommandBufferBeginInfo begin = {};
    begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    if (!succeeded(device.vk.vkBeginCommandBuffer(device.commands, &begin),
                   "vkBeginCommandBuffer", error))
      return false;
  }
  recordBarrier(device, kDeviceStages,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                    VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
  return true;
}

void resetDescriptorPools(Device &device) {
  for (DescriptorPool &pool : device.pools) {
    if (pool.usedSets > 0)
      device.vk.vkResetDescriptorPool(device.handle, pool.pool, 0);
    pool.usedSets = pool.usedDescriptors = 0;
  }
}

// Submits the batch and waits for it; afterwards the device is idle and the
// host sees everything the batch wrote.
bool submitAndWait(Device &device, char *error) {
  Instance &vk = device.vk;
  recordBarrier(device, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
  device.batched = 0;
  VkResult result = vk.vkEndCommandBuffer(device.commands);
  const char *call = "vkEndCommandBuffer";
  if (result == VK_SUCCESS) {
    VkSubmitInfo submit = {};
    submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &device.commands;
    result = vk.vkQueueSubmit(device.queue, 1, &submit, device.fence);
    call = "vkQueueSubmit";
  }
  if (result == VK_SUCCESS) {
    result = vk.vkWaitForFences(device.handle, 1, &device.fence, VK_TRUE,
                                UINT64_MAX);
    call = "vkWaitForFences";
    if (result == VK_SUCCESS)
      result = vk.vkResetFences(device.handle, 1, &device.fence);
  } else {
    vk.vkResetCommandBuffer(device.commands, 0);
  }
  resetDescriptorPools(device);
  if (result != VK_SUCCESS) {
    tg_backend_error(error, "running the queued Vulkan work failed: %s returned %s",
             call, resultName(result));
    return false;
  }
  return true;
}

// Runs the queued work, if any, and reports a failure that no earlier call
// could.
bool finish(Device &device, char *error) {
  if (device.batched > 0 && !submitAndWait(device, error))
    return false;
  if (device.unreportedFailure.empty())
    return true;
  tg_backend_error(error, "%s", device.unreportedFailure.c_str());
  device.unreportedFailure.clear();
  return false;
}

// finish() where the ABI has no way to return an error (free,
// module_unload): the failure waits for the next call that has one.
void finishQuietly(Device &device, const char *releasing) {
  char error[TG_BACKEND_ERROR_SIZE];
  if (!finish(device, error) && device.unreportedFailure.empty())
    device.unreportedFailure = std::string("the Vulkan work queued before ") +
                               releasing + " was released failed: " + error;
}

// Called after a command is recorded.
bool commandRecorded(Device &device, char *error) {
  ++device.batched;
  return device.batched < kMaxBatchedCommands || finish(device, error);
}

bool recordCopy(Device &device, const Memory &src, VkDeviceSize srcOffset,
                const Memory &dst, VkDeviceSize dstOffset, VkDeviceSize size,
                char *error) {
  if (!beginCommand(device, error))
    return false;
  VkBufferCopy region = {srcOffset, dstOffset, size};
  device.vk.vkCmdCopyBuffer(device.commands, src.buffer, dst.buffer, 1,
                            &region);
  return commandRecorded(device, error);
}

bool ensureStaging(Device &device, char *error) {
  if (!device.staging)
    device.staging = createMemory(device, kStagingBytes, true, error);
  return device.staging != nullptr;
}

// ---- the table's functions -------------------------------------------------

int deviceCount(int32_t *count, char *error) {
  *count = 0;
  Instance vk;
  if (!vk.open(error))
    return 1;
  std::vector<ComputeDevice> devices;
  uint32_t physicalCount = 0;
  if (!computeDevices(vk, &devices, &physicalCount, error))
    return 1;
  if (devices.empty())
    return tg_backend_error(error, "no Vulkan device with a compute queue; the loader "
                    "found %u device%s (is a driver such as Mesa's "
                    "mesa-vulkan-drivers installed?)", physicalCount,
                    physicalCount == 1 ? "" : "s");
  *count = static_cast<int32_t>(devices.size());
  return 0;
}

// The optional features kernels need for their element types: 64-bit and
// 16-bit integers, doubles, halfs, and 8/16-bit values in storage buffers.
// Each is enabled when the device has it.
struct Features {
  VkPhysicalDeviceFeatures2 core = {};
  VkPhysicalDevice16BitStorageFeatures storage16 = {};
  VkPhysicalDeviceVulkan12Features vulkan12 = {};

  // Links the structures the device's version knows about.
  explicit Features(uint32_t version) {
    core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
    vulkan12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
    if (version >= VK_API_VERSION_1_1)
      core.pNext = &storage16;
    if (version >= VK_API_VERSION_1_2)
      storage16.pNext = &vulkan12;
  }
};

void enableWantedFeatures(const Features &supported, Features *enabled) {
  const VkPhysicalDeviceFeatures &has = supported.core.features;
  VkPhysicalDeviceFeatures &wants = enabled->core.features;
  wants.shaderInt64 = has.shaderInt64;
  wants.shaderFloat64 = has.shaderFloat64;
  wants.shaderInt16 = has.shaderInt16;
  enabled->storage16.storageBuffer16BitAccess =
      supported.storage16.storageBuffer16BitAccess;
  enabled->vulkan12.storageBuffer8BitAccess =
      supported.vulkan12.storageBuffer8BitAccess;
  enabled->vulkan12.shaderInt8 = supported.vulkan12.shaderInt8;
  enabled->vulkan12.shaderFloat16 = supported.vulkan12.shaderFloat16;
}

void deviceClose(void *opaque) {
  Device *device = static_cast<Device *>(opaque);
  char ignored[TG_BACKEND_ERROR_SIZE];
  if (device->handle)
    finish(*device, ignored);
  delete device;
}

bool createDevice(Device &device, const ComputeDevice &chosen, char *error) {
  Instance &vk = device.vk;
  VkPhysicalDeviceProperties properties;
  vk.vkGetPhysicalDeviceProperties(chosen.physical, &properties);
  device.limits = properties.limits;
  vk.vkGetPhysicalDeviceMemoryProperties(chosen.physical,
                                         &device.memoryProperties);

  // What both the instance and the device speak.
  uint32_t version = std::min(vk.apiVersion, properties.apiVersion);
  if (!vk.vkGetPhysicalDeviceFeatures2)
    version = VK_API_VERSION_1_0;
  Features supported(version), enabled(version);
  if (version >= VK_API_VERSION_1_1)
    vk.vkGetPhysicalDeviceFeatures2(chosen.physical, &supported.core);
  else
    vk.vkGetPhysicalDeviceFeatures(chosen.physical, &supported.core.features);
  enableWantedFeatures(supported, &enabled);

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queue = {};
  queue.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  queue.queueFamilyIndex = chosen.queueFamily;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkDeviceCreateInfo create = {};
  create.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  create.queueCreateInfoCount = 1;
  create.pQueueCreateInfos = &queue;
  if (version >= VK_API_VERSION_1_1)
    create.pNext = &enabled.core;
  else
    create.pEnabledFeatures = &enabled.core.features;
  if (!succeeded(vk.vkCreateDevice(chosen.physical, &create, nullptr,
                                   &device.handle),
                 "vkCreateDevice", error))
    return false;
  if (!vk.loadDeviceFunctions(device.handle, error)) {
    // vkDestroyDevice is looked up first: present unless it is the one
    // missing, and then nothing can destroy the device.
    if (vk.vkDestroyDevice)
      vk.vkDestroyDevice(device.handle, nullptr);
    device.handle = VK_NULL_HANDLE;
    return false;
  }
  vk.vkGetDeviceQueue(device.handle, chosen.queueFamily, 0, &device.queue);

  VkCommandPoolCreateInfo pool = {};
  pool.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool.queueFamilyIndex = chosen.queueFamily;
  if (!succeeded(vk.vkCreateCommandPool(device.handle, &pool, nullptr,
                                        &device.commandPool),
                 "vkCreateCommandPool", error))
    return false;
  VkCommandBufferAllocateInfo allocate = {};
  allocate.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  allocate.commandPool = device.commandPool;
  allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocate.commandBufferCount = 1;
  if (!succeeded(vk.vkAllocateCommandBuffers(device.handle, &allocate,
                                             &device.commands),
                 "vkAllocateCommandBuffers", error))
    return false;
  VkFenceCreateInfo fence = {};
  fence.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  return succeeded(vk.vkCreateFence(device.handle, &fence, nullptr,
                                    &device.fence),
                   "vkCreateFence", error);
}

int deviceOpen(int32_t index, void **opaque, char *error) {
  Device *device = new (std::nothrow) Device;
  if (!device)
    return tg_backend_error(error, "out of host memory opening a Vulkan device");
  const char *staging = std::getenv("TGRT_VULKAN_FORCE_STAGING");
  device->forceStaging = staging && *staging && std::strcmp(staging, "0") != 0;
  std::vector<ComputeDevice> devices;
  uint32_t physicalCount = 0;
  bool opened = device->vk.open(error) &&
                computeDevices(device->vk, &devices, &physicalCount, error);
  if (opened && (index < 0 || static_cast<size_t>(index) >= devices.size())) {
    tg_backend_error(error, "there is no Vulkan device %d with a compute queue (there "
             "are %zu)", index, devices.size());
    opened = false;
  }
  if (!opened || !createDevice(*device, devices[index], error)) {
    deviceClose(device);
    return 1;
  }
  *opaque = device;
  return 0;
}

int allocate(void *opaque, uint64_t size, void **memory, char *error) {
  Device &device = *static_cast<Device *>(opaque);
  std::lock_guard<std::mutex> lock(device.mutex);
  Memory *created = createMemory(device, size, false, error);
  if (!created)
    return 1;
  *memory = created;
  return 0;
}

void freeMemory(void *opaque, void *memory) {
  Device &device = *static_cast<Device *>(opaque);
  std::lock_guard<std::mutex> lock(device.mutex);
  // Queued work may use the buffer.
  finishQuietly(device, "a buffer");
  destroyMemory(device, static_cast<Memory *>(memory));
}

bool checkRange(const Memory &memory, uint64_t offset, uint64_t size,
                const char *what, char *error) {
  if (offset <= memory.size && size <= memory.size - offset)
    return true;
  tg_backend_error(error, "%s of %llu bytes at offset %llu runs past the end of a "
           "%llu-byte Vulkan buffer", what,
           static_cast<unsigned long long>(size),
           static_cast<unsigned long long>(offset),
           static_cast<unsigned long long>(memory.size));
  return false;
}

int writeFromHost(void *opaque, void *memory, uint64_t offset,
                  const void *host, uint64_t size, char *error) {
  Device &device = *static_cast<Device *>(opaque);
  Memory &dst = *static_cast<Memory *>(memory);
  std::lock_guard<std::mutex> lock(device.mutex);
  // Queued launches may still read what this overwrites.
  if (!checkRange(dst, offset, size, "a write", error) ||
      !finish(device, error))
    return 1;
  const char *bytes = static_cast<const char *>(host);
  if (dst.mapped) {
    std::memcpy(dst.mapped + offset, bytes, size);
    return 0;
  }
  if (!ensureStaging(device, error))
    return 1;
  for (uint64_t done = 0; done < size; done += kStagingBytes) {
    uint64_t chunk = std::min<uint64_t>(kStagingBytes, size - done);
    std::memcpy(device.staging->mapped, bytes + done, chunk);
    if (!recordCopy(device, *device.staging, 0, dst, offset + done, chunk,
                    error) ||
        !finish(device, error))
      return 1;
  }
  return 0;
}

int readToHost(void *opaque, const void *memory, uint64_t offset, void *host,
               uint64_t size, char *error) {
  Device &device = *static_cast<Device *>(opaque);
  const Memory &src = *static_cast<const Memory *>(memory);
  std::lock_guard<std::mutex> lock(device.mutex);
  if (!checkRange(src, offset, size, "a read", error))
    return 1;
  char *bytes = static_cast<char *>(host);
  if (src.mapped) {
    if (!finish(device, error))
      return 1;
    std::memcpy(bytes, src.mapped + offset, size);
    return 0;
  }
  if (!ensureStaging(device, error))
    return 1;
  // The first chunk's copy joins the queued work, behind a barrier.
  for (uint64_t done = 0; done < size; done += kStagingBytes) {
    uint64_t chunk = std::min<uint64_t>(kStagingBytes, size - done);
    if (!recordCopy(device, src, offset + done, *device.staging, 0, chunk,
                    error) ||
        !finish(device, error))
      return 1;
    std::memcpy(bytes + done, device.staging->mapped, chunk);
  }
  return 0;
}

int copyOnDevice(void *opaque, void *dst, const void *src, uint64_t size,
                 char *error) {
  Device &device = *static_cast<Device *>(opaque);
  const Memory &from = *static_cast<const Memory *>(src);
  const Memory &to = *static_cast<const Memory *>(dst);
  std::lock_guard<std::mutex> lock(device.mutex);
  if (size == 0)
    return 0;
  if (!checkRange(from, 0, size, "a copy", error) ||
      !checkRange(to, 0, size, "a copy", error) ||
      !recordCopy(device, from, 0, to, 0, size, error))
    return 1;
  return 0;
}

// ---- modules and kernels ---------------------------------------------------

constexpr uint32_t kSpirvMagic = 0x07230203;
constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kExecutionModelGLCompute = 5;

// Checks that `words` is a SPIR-V module whose instructions fit it, and
// collects the names of its GLCompute entry points. Drivers trust the
// module's structure; this is what they would otherwise crash on.
bool parseSpirv(const std::vector<uint32_t> &words,
                std::vector<std::string> *entryPoints, char *error) {
  constexpr size_t kHeaderWords = 5;
  for (size_t at = kHeaderWords; at < words.size();) {
    uint32_t wordCount = words[at] >> 16;
    uint32_t opcode = words[at] & 0xffff;
    if (wordCount == 0 || wordCount > words.size() - at) {
      tg_backend_error(error, "the SPIR-V module is malformed: the instruction at "
               "word %zu (opcode %u) claims %u words, but %zu remain", at,
               opcode, wordCount, words.size() - at);
      return false;
    }
    // OpEntryPoint: execution model, function id, NUL-terminated name.
    if (opcode == kOpEntryPoint && wordCount > 3 &&
        words[at + 1] == kExecutionModelGLCompute) {
      const char *name = reinterpret_cast<const char *>(&words[at + 3]);
      size_t room = 4 * (wordCount - 3);
      size_t length = strnlen(name, room);
      if (length == room) {
        tg_backend_error(error, "the SPIR-V module is malformed: the entry point "
                 "name at word %zu is not NUL-terminated", at + 3);
        return false;
      }
      entryPoints->emplace_back(name, length);
    }
    at += wordCount;
  }
  if (entryPoints->empty()) {
    tg_backend_error(error, "the SPIR-V module has no GLCompute entry point");
    return false;
  }
  return true;
}

void moduleUnload(void *opaque, void *module) {
  Device &device = *static_cast<Device *>(opaque);
  Module *loaded = static_cast<Module *>(module);
  std::lock_guard<std::mutex> lock(device.mutex);
  // Queued launches may use its pipelines.
  finishQuietly(device, "a module");
  for (const std::unique_ptr<Kernel> &kernel : loaded->kernels)
    for (const auto &pipeline : kernel->pipelines)
      device.vk.vkDestroyPipeline(device.handle, pipeline.second, nullptr);
  if (loaded->shader)
    device.vk.vkDestroyShaderModule(device.handle, loaded->shader, nullptr);
  delete loaded;
}

int moduleLoad(void *opaque, const void *binary, uint64_t size, void **module,
               char *error) {
  Device &device = *static_cast<Device *>(opaque);
  uint32_t magic = 0;
  if (size >= 4)
    std::memcpy(&magic, binary, 4);
  if (magic != kSpirvMagic)
    return tg_backend_error(error, "the binary is not SPIR-V: it starts with 0x%08x, "
                    "not the SPIR-V magic number 0x%08x (little-endian)",
                    magic, kSpirvMagic);
  if (size % 4 != 0 || size < 20)
    return tg_backend_error(error, "the SPIR-V module is malformed: %llu bytes is "
                    "not a whole number of 32-bit words past the 5-word "
                    "header", static_cast<unsigned long long>(size));
  // Copied: the binary inside an executable need not be 4-byte aligned.
  std::vector<uint32_t> words(size / 4);
  std::memcpy(words.data(), binary, size);
  Module *loaded = new (std::nothrow) Module;
  if (!loaded)
    return tg_backend_error(error, "out of host memory loading a SPIR-V module");
  if (!parseSpirv(words, &loaded->entryPoints, error)) {
    delete loaded;
    return 1;
  }
  std::lock_guard<std::mutex> lock(device.mutex);
  VkShaderModuleCreateInfo create = {};
  create.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  create.codeSize = size;
  create.pCode = words.data();
  if (!succeeded(device.vk.vkCreateShaderModule(device.handle, &create,
                                                nullptr, &loaded->shader),
                 "vkCreateShaderModule", error)) {
    delete loaded;
    return 1;
  }
  *module = loaded;
  return 0;
}

int kernelGet(void *opaque, void *module, const char *symbol, void **kernel,
              char *error) {
  Device &device = *static_cast<Device *>(opaque);
  Module &loaded = *static_cast<Module *>(module);
  std::lock_guard<std::mutex> lock(device.mutex);
  for (const std::unique_ptr<Kernel> &existing : loaded.kernels)
    if (existing->symbol == symbol) {
      *kernel = existing.get();
      return 0;
    }
  if (std::find(loaded.entryPoints.begin(), loaded.entryPoints.end(),
                symbol) == loaded.entryPoints.end()) {
    std::string names;
    for (const std::string &name : loaded.entryPoints)
      names += (names.empty() ? "'" : ", '") + name + "'";
    return tg_backend_error(error, "the SPIR-V module has no GLCompute entry point "
                    "named '%s' (it has %s)", symbol, names.c_str());
  }
  std::unique_ptr<Kernel> created(new (std::nothrow) Kernel);
  if (!created)
    return tg_backend_error(error, "out of host memory for a Vulkan kernel");
  created->module = &loaded;
  created->symbol = symbol;
  *kernel = created.get();
  loaded.kernels.push_back(std::move(created));
  return 0;
}

bool layoutFor(Device &device, uint32_t numBuffers, Layout *found,
               char *error) {
  for (const Layout &layout : device.layouts)
    if (layout.numBuffers == numBuffers) {
      *found = layout;
      return true;
    }
  Instance &vk = device.vk;
  std::vector<VkDescriptorSetLayoutBinding> bindings(numBuffers);
  for (uint32_t b = 0; b < numBuffers; ++b) {
    bindings[b] = {};
    bindings[b].binding = b;
    bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bindings[b].descriptorCount = 1;
    bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  Layout layout = {numBuffers, VK_NULL_HANDLE, VK_NULL_HANDLE};
  VkDescriptorSetLayoutCreateInfo setInfo = {};
  setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  setInfo.bindingCount = numBuffers;
  setInfo.pBindings = bindings.data();
  if (!succeeded(vk.vkCreateDescriptorSetLayout(device.handle, &setInfo,
                                                nullptr, &layout.set),
                 "vkCreateDescriptorSetLayout", error))
    return false;
  VkPipelineLayoutCreateInfo pipelineInfo = {};
  pipelineInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  pipelineInfo.setLayoutCount = 1;
  pipelineInfo.pSetLayouts = &layout.set;
  if (!succeeded(vk.vkCreatePipelineLayout(device.handle, &pipelineInfo,
                                           nullptr, &layout.pipeline),
                 "vkCreatePipelineLayout", error)) {
    vk.vkDestroyDescriptorSetLayout(device.handle, layout.set, nullptr);
    return false;
  }
  device.layouts.push_back(layout);
  *found = layout;
  return true;
}

bool pipelineFor(Device &device, Kernel &kernel, const Layout &layout,
                 VkPipeline *pipeline, char *error) {
  for (const auto &existing : kernel.pipelines)
    if (existing.first == layout.numBuffers) {
      *pipeline = existing.second;
      return true;
    }
  VkComputePipelineCreateInfo create = {};
  create.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  create.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  create.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  create.stage.module = kernel.module->shader;
  create.stage.pName = kernel.symbol.c_str();
  create.layout = layout.pipeline;
  VkResult result = device.vk.vkCreateComputePipelines(
      device.handle, VK_NULL_HANDLE, 1, &create, nullptr, pipeline);
  if (result != VK_SUCCESS) {
    tg_backend_error(error, "the compute pipeline of kernel '%s' (%u storage "
             "buffers at set 0) could not be built: vkCreateComputePipelines "
             "returned %s", kernel.symbol.c_str(), layout.numBuffers,
             resultName(result));
    return false;
  }
  kernel.pipelines.emplace_back(layout.numBuffers, *pipeline);
  return true;
}

bool allocateDescriptorSet(Device &device, const Layout &layout,
                           VkDescriptorSet *set, char *error) {
  uint32_t needed = layout.numBuffers;
  DescriptorPool *chosen = nullptr;
  for (DescriptorPool &pool : device.pools)
    if (pool.usedSets < pool.sets &&
        pool.descriptors - pool.usedDescriptors >= needed) {
      chosen = &pool;
      break;
    }
  if (!chosen) {
    DescriptorPool pool = {VK_NULL_HANDLE, kPoolSets,
                           std::max(kPoolDescriptors, needed), 0, 0};
    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 pool.descriptors};
    VkDescriptorPoolCreateInfo create = {};
    create.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    create.maxSets = pool.sets;
    create.poolSizeCount = 1;
    create.pPoolSizes = &size;
    if (!succeeded(device.vk.vkCreateDescriptorPool(device.handle, &create,
                                                    nullptr, &pool.pool),
                   "vkCreateDescriptorPool", error))
      return false;
    device.pools.push_back(pool);
    chosen = &device.pools.back();
  }
  VkDescriptorSetAllocateInfo allocate = {};
  allocate.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
  allocate.descriptorPool = chosen->pool;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &layout.set;
  if (!succeeded(device.vk.vkAllocateDescriptorSets(device.handle, &allocate,
                                                    set),
                 "vkAllocateDescriptorSets", error))
    return false;
  ++chosen->usedSets;
  chosen->usedDescriptors += needed;
  return true;
}

// Whether the device can run the launch at all: Vulkan leaves exceeding its
// limits undefined, so it is refused here with the limit named.
bool checkLimits(const Device &device, const tg_kernel_desc &desc,
                 void *const *buffers, uint32_t numBuffers, char *error) {
  const VkPhysicalDeviceLimits &limits = device.limits;
  for (int axis = 0; axis < 3; ++axis)
    if (desc.grid[axis] > limits.maxComputeWorkGroupCount[axis]) {
      tg_backend_error(error, "a grid of %u workgroups along axis %d exceeds this "
               "device's maxComputeWorkGroupCount of %u", desc.grid[axis],
               axis, limits.maxComputeWorkGroupCount[axis]);
      return false;
    }
  uint32_t maxBuffers = std::min(limits.maxPerStageDescriptorStorageBuffers,
                                 limits.maxDescriptorSetStorageBuffers);
  if (numBuffers > maxBuffers) {
    tg_backend_error(error, "%u buffer arguments exceed this device's limit of %u "
             "storage buffers per kernel", numBuffers, maxBuffers);
    return false;
  }
  for (uint32_t b = 0; b < numBuffers; ++b) {
    const Memory *memory = static_cast<const Memory *>(buffers[b]);
    if (memory && memory->size > limits.maxStorageBufferRange) {
      tg_backend_error(error, "buffer argument %u is %llu bytes, more than this "
               "device's maxStorageBufferRange of %u bytes", b,
               static_cast<unsigned long long>(memory->size),
               limits.maxStorageBufferRange);
      return false;
    }
  }
  return true;
}

int launch(void *opaque, void *kernelHandle, const tg_kernel_desc *desc,
           void *const *buffers, uint32_t numBuffers, char *error) {
  Device &device = *static_cast<Device *>(opaque);
  Kernel &kernel = *static_cast<Kernel *>(kernelHandle);
  std::lock_guard<std::mutex> lock(device.mutex);
  if (desc->grid[0] == 0 || desc->grid[1] == 0 || desc->grid[2] == 0)
    return 0;
  if (!checkLimits(device, *desc, buffers, numBuffers, error))
    return 1;
  // A zero-byte buffer has no memory (the runtime passes NULL); the kernel
  // must not touch it, but its binding still needs a valid buffer.
  bool hasEmpty = std::find(buffers, buffers + numBuffers, nullptr) !=
                  buffers + numBuffers;
  if (hasEmpty && !device.emptyArgument) {
    device.emptyArgument = createMemory(device, 0, false, error);
    if (!device.emptyArgument)
      return 1;
  }

  Layout layout;
  VkPipeline pipeline;
  VkDescriptorSet set;
  if (!layoutFor(device, numBuffers, &layout, error) ||
      !pipelineFor(device, kernel, layout, &pipeline, error) ||
      !allocateDescriptorSet(device, layout, &set, error))
    return 1;
  std::vector<VkDescriptorBufferInfo> infos(numBuffers);
  std::vector<VkWriteDescriptorSet> writes(numBuffers);
  for (uint32_t b = 0; b < numBuffers; ++b) {
    // The binding covers what was asked for: a kernel that takes the
    // length of a runtime array gets the buffer's, not the allocation's.
    const Memory *memory = static_cast<const Memory *>(buffers[b]);
    if (!memory)
      memory = device.emptyArgument;
    infos[b] = {memory->buffer, 0,
                memory->size > 0 ? memory->size : VK_WHOLE_SIZE};
    writes[b] = {};
    writes[b].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    writes[b].dstSet = set;
    writes[b].dstBinding = b;
    writes[b].descriptorCount = 1;
    writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[b].pBufferInfo = &infos[b];
  }
  Instance &vk = device.vk;
  vk.vkUpdateDescriptorSets(device.handle, numBuffers, writes.data(), 0,
                            nullptr);
  if (!beginCommand(device, error))
    return 1;
  vk.vkCmdBindPipeline(device.commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                       pipeline);
  vk.vkCmdBindDescriptorSets(device.commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                             layout.pipeline, 0, 1, &set, 0, nullptr);
  vk.vkCmdDispatch(device.commands, desc->grid[0], desc->grid[1],
                   desc->grid[2]);
  return commandRecorded(device, error) ? 0 : 1;
}

int synchronize(void *opaque, char *error) {
  Device &device = *static_cast<Device *>(opaque);
  std::lock_guard<std::mutex> lock(device.mutex);
  return finish(device, error) ? 0 : 1;
}

const char *const kVulkanBinaryKinds[] = {"spirv", nullptr};

const tg_backend kVulkanBackend = {
    TG_BACKEND_ABI_VERSION, "VULKAN", kVulkanBinaryKinds,
    deviceCount, deviceOpen, deviceClose,
    allocate, freeMemory, writeFromHost, readToHost, copyOnDevice,
    moduleLoad, moduleUnload, kernelGet, launch, synchronize,
};

} // namespace

extern "C" __attribute__((visibility("default"))) const tg_backend *
tg_backend_get(uint32_t abi_version) {
  return abi_version == TG_BACKEND_ABI_VERSION ? &kVulkanBackend : nullptr;
}
