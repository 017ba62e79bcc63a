//===- cuda_test.cpp - what only the CUDA plug-in does --------------------===//

#include "gpu_test_support.h"

namespace {

// Each open device holds its primary context, as the CUDA runtime would
// share it, and gives it back when closed.
TEST(Cuda, HoldsEachPrimaryContextWhileItsDeviceIsOpen) {
  ScopedEnv driver("TGRT_CUDA_LIBRARY", FAKE_WORKING_DRIVER);
  {
    Device first = openDevice("CUDA:0"), second = openDevice("CUDA:1");
    ASSERT_TRUE(first && second);
    EXPECT_EQ(fakeDriverCount("fake_cuda_retained_contexts"), 2);
  }
  EXPECT_EQ(fakeDriverCount("fake_cuda_retained_contexts"), 0);
}

} // namespace
