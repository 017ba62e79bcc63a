//===- device_test.cpp - errors, device names and backend plug-ins --------===//

#include "test_support.h"

#include <cstdio>
#include <dlfcn.h>
#include <fstream>
#include <set>
#include <thread>
#include <unistd.h>

namespace {

TEST(Status, EveryStatusHasItsOwnName) {
  std::set<std::string> names;
  for (tgrt_status status :
       {TGRT_OK, TGRT_INVALID_ARGUMENT, TGRT_NOT_FOUND, TGRT_UNAVAILABLE,
        TGRT_OUT_OF_MEMORY, TGRT_INVALID_EXECUTABLE, TGRT_BACKEND_ERROR})
    names.insert(tgrt_status_string(status));
  EXPECT_EQ(names.size(), 7u);
  EXPECT_STREQ(tgrt_status_string(TGRT_INVALID_ARGUMENT), "invalid argument");
  EXPECT_STREQ(tgrt_status_string(static_cast<tgrt_status>(99)),
               "unknown status");
}

TEST(Status, LastErrorIsClearedBySuccessAndPerThread) {
  tgrt_device device;
  EXPECT_NE(tgrt_device_open("METAL", &device), TGRT_OK);
  std::string mine = tgrt_last_error();
  EXPECT_FALSE(mine.empty());
  std::string other = "unset";
  std::thread([&] { other = tgrt_last_error(); }).join();
  EXPECT_EQ(other, "");
  EXPECT_EQ(tgrt_last_error(), mine);

  Device cpu = openDevice("CPU");
  EXPECT_STREQ(tgrt_last_error(), "");
}

TEST(Device, CpuOpensByAnyCaseAndIndexAsOneDevice) {
  Device a = openDevice("CPU"), b = openDevice("cpu"), c = openDevice("CPU:0");
  ASSERT_TRUE(a && b && c);
  EXPECT_STREQ(tgrt_device_name(a.get()), "CPU:0");
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(a.get(), c.get());
  EXPECT_TRUE(ok(tgrt_device_synchronize(a.get())));
}

TEST(Device, NullOrEmptyNameMeansDevElseCpu) {
  EXPECT_STREQ(tgrt_device_name(openDevice(nullptr).get()), "CPU:0");
  EXPECT_STREQ(tgrt_device_name(openDevice("").get()), "CPU:0");
  {
    ScopedEnv dev("DEV", "cpu:0");
    EXPECT_STREQ(tgrt_device_name(openDevice(nullptr).get()), "CPU:0");
  }
  ScopedEnv dev("DEV", "METAL");
  tgrt_device device;
  EXPECT_TRUE(failsWith(tgrt_device_open("", &device), TGRT_NOT_FOUND,
                        "the METAL backend is not installed"));
  EXPECT_EQ(device, nullptr);
  // An explicit name wins over DEV.
  EXPECT_STREQ(tgrt_device_name(openDevice("CPU").get()), "CPU:0");
}

TEST(Device, UnknownNameListsTheBackendsFound) {
  tgrt_device device;
  EXPECT_TRUE(failsWith(tgrt_device_open("METAL:0", &device), TGRT_NOT_FOUND,
                        "the METAL backend is not installed: there is no "
                        "libtgrt-backend-metal.so in "));
  EXPECT_NE(std::string(tgrt_last_error()).find("(the backends found are CPU, CUDA, HIP, VULKAN)"),
            std::string::npos)
      << tgrt_last_error();
  EXPECT_TRUE(failsWith(tgrt_device_open(":0", &device), TGRT_NOT_FOUND,
                        "the  backend is not installed"));
}

TEST(Device, MalformedIndexIsRejected) {
  tgrt_device device;
  for (const char *name : {"CPU:", "CPU:x", "CPU:-1", "CPU:0x1", "CPU:99999999999"})
    EXPECT_TRUE(failsWith(tgrt_device_open(name, &device),
                          TGRT_INVALID_ARGUMENT,
                          "after ':' comes a device number"))
        << name;
}

TEST(Device, IndexBeyondTheBackendsDevicesIsNotFound) {
  tgrt_device device;
  EXPECT_TRUE(failsWith(tgrt_device_open("CPU:1", &device), TGRT_NOT_FOUND,
                        "there is no CPU:1: the CPU backend has 1 device "
                        "(CPU:0 to CPU:0)"));
}

TEST(Device, NullHandlesAreRejected) {
  EXPECT_TRUE(failsWith(tgrt_device_open("CPU", nullptr),
                        TGRT_INVALID_ARGUMENT, "`device` is NULL"));
  tgrt_device_release(nullptr);
  EXPECT_STREQ(tgrt_device_name(nullptr), "");
  EXPECT_STRNE(tgrt_last_error(), "");
  EXPECT_TRUE(failsWith(tgrt_device_synchronize(nullptr),
                        TGRT_INVALID_ARGUMENT, "`device` is NULL"));
  EXPECT_TRUE(failsWith(tgrt_list_backends(nullptr, nullptr),
                        TGRT_INVALID_ARGUMENT, "`report` is NULL"));
}

TEST(Device, BadKnobsFailTheOpenWithTheValue) {
  tgrt_device device;
  {
    ScopedEnv threads("THREADS", "many");
    EXPECT_TRUE(failsWith(tgrt_device_open("CPU", &device), TGRT_BACKEND_ERROR,
                          "CPU:0 does not open: THREADS=\"many\" is not a "
                          "thread count"));
  }
  {
    ScopedEnv threads("NUM_CPU_THREADS", "0");
    EXPECT_TRUE(failsWith(tgrt_device_open("CPU", &device), TGRT_BACKEND_ERROR,
                          "NUM_CPU_THREADS=\"0\""));
  }
  ScopedEnv cap("LRU_CACHE_CAP", "64MB");
  EXPECT_TRUE(failsWith(tgrt_device_open("CPU", &device),
                        TGRT_INVALID_ARGUMENT,
                        "LRU_CACHE_CAP=\"64MB\" is not a size"));
}

// The fake plug-ins of fake_backend.c, one directory per behaviour.
std::string plugins(const char *which) {
  return std::string(TGRT_TEST_PLUGINS) + "/" + which;
}

/// A copy of libtgrt in a directory of its own, loaded beside the linked one:
/// "next to libtgrt" is then a directory without plug-ins, whatever the build
/// installed next to the real libtgrt. RTLD_DEEPBIND keeps the copy's calls
/// inside the copy.
class LonelyLibtgrt {
public:
  LonelyLibtgrt() {
    char pattern[] = "/tmp/tgrt-lonely-XXXXXX";
    directory = mkdtemp(pattern);
    std::string copy = directory + "/libtgrt.so";
    std::vector<uint8_t> bytes = readFile(TGRT_LIBRARY_DIR "/libtgrt.so");
    std::ofstream(copy, std::ios::binary)
        .write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    handle = dlopen(copy.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  }
  // The copy stays loaded: its CPU device's worker threads run its code.
  ~LonelyLibtgrt() {
    std::remove((directory + "/libtgrt.so").c_str());
    rmdir(directory.c_str());
  }
  template <typename Function> Function *get(const char *name) {
    return reinterpret_cast<Function *>(dlsym(handle, name));
  }
  std::string directory;
  void *handle = nullptr;
};

TEST(Plugin, MissingPluginSaysWhereItLooked) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer cannot load a library with RTLD_DEEPBIND";
#endif
#endif
  LonelyLibtgrt lonely;
  ASSERT_NE(lonely.handle, nullptr) << dlerror();
  auto *open = lonely.get<decltype(tgrt_device_open)>("tgrt_device_open");
  auto *lastError = lonely.get<decltype(tgrt_last_error)>("tgrt_last_error");
  ASSERT_TRUE(open && lastError);

  std::string path = plugins("working") + "::" + plugins("bad_abi");
  ScopedEnv env("TGRT_BACKEND_PATH", path.c_str());
  tgrt_device device;
  EXPECT_EQ(open("VULKAN", &device), TGRT_NOT_FOUND);
  EXPECT_EQ(std::string(lastError()),
            "the VULKAN backend is not installed: there is no "
            "libtgrt-backend-vulkan.so in " + plugins("working") +
                " (TGRT_BACKEND_PATH), " + plugins("bad_abi") +
                " (TGRT_BACKEND_PATH), " + lonely.directory +
                " (next to libtgrt) (the backends found are CPU, CUDA, HIP)");
  // The other backends keep working.
  EXPECT_EQ(open("CPU", &device), TGRT_OK) << lastError();
}

// A relative entry of TGRT_BACKEND_PATH would load whatever the current
// directory holds: it is ignored, with a warning.
TEST(Plugin, RelativeSearchDirectoriesAreIgnored) {
  char previous[4096];
  ASSERT_TRUE(getcwd(previous, sizeof previous));
  ASSERT_EQ(chdir(TGRT_TEST_PLUGINS), 0);
  {
    ScopedEnv env("TGRT_BACKEND_PATH", "working");
    testing::internal::CaptureStderr();
    tgrt_device device;
    // Opening a backend no directory has lists the directories searched,
    // and loads nothing.
    EXPECT_EQ(tgrt_device_open("NOSUCH", &device), TGRT_NOT_FOUND);
    std::string searched = tgrt_last_error();
    std::string warning = testing::internal::GetCapturedStderr();
    EXPECT_NE(warning.find("TGRT_BACKEND_PATH entry 'working' is not an absolute directory"),
              std::string::npos)
        << warning;
    EXPECT_EQ(searched.find("(TGRT_BACKEND_PATH)"), std::string::npos) << searched;
    EXPECT_NE(searched.find("(next to libtgrt)"), std::string::npos) << searched;
  }
  ASSERT_EQ(chdir(previous), 0);
}

TEST(Plugin, PluginOfAnotherAbiIsUnavailable) {
  ScopedEnv env("TGRT_BACKEND_PATH", plugins("bad_abi").c_str());
  tgrt_device device;
  EXPECT_TRUE(failsWith(tgrt_device_open("CUDA", &device), TGRT_UNAVAILABLE,
                        "the CUDA plug-in " + plugins("bad_abi") +
                            "/libtgrt-backend-cuda.so is unusable: "
                            "tg_backend_get(2) returned NULL"));
}

TEST(Plugin, PluginWithoutDevicesSaysWhy) {
  ScopedEnv env("TGRT_BACKEND_PATH", plugins("no_device").c_str());
  tgrt_device device;
  EXPECT_TRUE(failsWith(tgrt_device_open("CUDA:0", &device), TGRT_UNAVAILABLE,
                        "the CUDA backend (" + plugins("no_device") +
                            "/libtgrt-backend-cuda.so) has no devices: the "
                            "fake driver library libfake.so.1 is missing"));
}

TEST(Plugin, WorkingPluginServesBuffers) {
  ScopedEnv env("TGRT_BACKEND_PATH", plugins("working").c_str());
  Device hip = openDevice("hip:1");
  ASSERT_TRUE(hip);
  EXPECT_STREQ(tgrt_device_name(hip.get()), "HIP:1");
  std::vector<float> values = {1, 2, 3};
  Buffer buffer = floatBuffer(hip.get(), values);
  EXPECT_EQ(readFloats(buffer.get()), values);

  tgrt_device device;
  EXPECT_TRUE(failsWith(tgrt_device_open("HIP:2", &device), TGRT_NOT_FOUND,
                        "the HIP backend has 2 devices (HIP:0 to HIP:1)"));
}

struct Report {
  std::string backend;
  int32_t devices;
  std::string detail;
};

TEST(Plugin, ListBackendsReportsAllFour) {
  ScopedEnv env("TGRT_BACKEND_PATH", plugins("working").c_str());
  ScopedEnv threads("THREADS", "3");
  std::vector<Report> reports;
  EXPECT_TRUE(ok(tgrt_list_backends(
      [](void *user, const char *backend, int32_t devices, const char *detail) {
        static_cast<std::vector<Report> *>(user)->push_back(
            {backend, devices, detail});
      },
      &reports)));
  ASSERT_EQ(reports.size(), 4u);
  EXPECT_EQ(reports[0].backend, "CPU");
  EXPECT_EQ(reports[0].devices, 1);
  EXPECT_EQ(reports[0].detail, "1 device, 3 threads");
  EXPECT_EQ(reports[1].backend, "CUDA");
  EXPECT_EQ(reports[2].backend, "HIP");
  EXPECT_EQ(reports[2].devices, 2);
  EXPECT_EQ(reports[2].detail, "2 devices, plug-in " + plugins("working") +
                                   "/libtgrt-backend-hip.so, loads hsaco");
  EXPECT_EQ(reports[3].backend, "VULKAN");
  for (const Report &report : {reports[1], reports[3]}) {
    if (report.devices == 0) {
      EXPECT_NE(report.detail.find("the " + report.backend + " "),
                std::string::npos)
          << report.detail;
    }
  }
  EXPECT_STREQ(tgrt_last_error(), "");
}

} // namespace
