//===- cuda_test_config.cpp - the CUDA plug-in in the shared GPU tests ----===//

#include "gpu_test_support.h"

const GpuTestConfig kGpuTest = {
    "CUDA",
    "cubin",
    "TGRT_CUDA_LIBRARY",
    "cuInit",
    "cuMemAlloc_v2",
    "cuModuleGetFunction",
    "cuLaunchKernel",
    "cuCtxSynchronize",
    "CUDA_ERROR_NO_DEVICE",
    "CUDA_ERROR_OUT_OF_MEMORY",
    "CUDA_ERROR_NOT_FOUND",
    "CUDA_ERROR_LAUNCH_FAILED",
};
