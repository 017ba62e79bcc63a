//===- hip_test_config.cpp - the HIP plug-in in the shared GPU tests ------===//

#include "gpu_test_support.h"

const GpuTestConfig kGpuTest = {
    "HIP",
    "hsaco",
    "TGRT_HIP_LIBRARY",
    "hipInit",
    "hipMalloc",
    "hipModuleGetFunction",
    "hipModuleLaunchKernel",
    "hipDeviceSynchronize",
    "hipErrorNoDevice",
    "hipErrorOutOfMemory",
    "hipErrorNotFound",
    "hipErrorLaunchFailure",
};
