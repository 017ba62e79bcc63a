// GPU objects: the runtime's executable for the device inside the object,
// run through libtgrt behind the same header (and run_device on libtgrt's
// own buffers). On Vulkan, which lavapipe runs on the CPU here: the same
// outputs as tg-run on VULKAN, bit for bit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo "1 2 3 4 0 0 0 1" > %t/x
// RUN: echo "1 1 1 1 1 1 1 1" > %t/w
// RUN: tg-run %s --device=VULKAN --input=@%t/x --input=@%t/w --output=%t/reference
// RUN: tg-compile %s --device=VULKAN --name=vk -o %t/vk.o
// RUN: FileCheck %s --check-prefix=HEADER < %t/vk.h
// HEADER: Link vk.o with -ltgrt -lpthread -lm
// HEADER: #include "tgrt.h"
// HEADER: #define VK_DEVICE_ERROR 5
// HEADER: int vk_run_device(vk_context *context, const tgrt_buffer *inputs, tgrt_buffer *outputs);
// RUN: llvm-nm --extern-only %t/vk.o | FileCheck %s --check-prefix=SYMBOLS
// SYMBOLS-DAG: U tgrt_executable_load
// SYMBOLS-DAG: T vk_run_device
// SYMBOLS-DAG: W tg_aot_gpu_run
// RUN: %cc -std=c99 -Wall -Werror -I%tg_runtime_include -DMODEL_HEADER='"%t/vk.h"' -DPREFIX=vk -DUPREFIX=VK %S/Inputs/harness.c %t/vk.o -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir -lpthread -lm -o %t/harness
// RUN: %t/harness %t/reference %t/x %t/w | FileCheck %s --check-prefix=SAME
// SAME: output 0 (output0): 8 elements, equal to tg-run's
// SAME: output 1 (output1): 8 elements, equal to tg-run's
// RUN: %t/harness --errors | FileCheck %s --check-prefix=ERRORS
// ERRORS: run_tensors(input 0 one longer): status 3
// ERRORS: run_tensors: status 0

// The input updated in place comes back to the caller's memory: after two
// runs, w is 1 - 2 softmax(x).
// RUN: printf '#include <stdio.h>\n#include "vk.h"\nint main(void) { float x[8] = {1, 2, 3, 4, 0, 0, 0, 1}, w[8] = {1, 1, 1, 1, 1, 1, 1, 1}, p[8], n[8]; vk_context *c; if (vk_create(&c) || vk_run(c, x, w, p, n) || vk_run(c, x, w, p, n)) { puts(vk_last_error()); return 1; } for (int i = 0; i < 8; ++i) printf("%%%%g ", w[i]); puts(""); vk_destroy(c); return 0; }\n' > %t/in-place.c
// RUN: %cc -std=c99 -Wall -Werror -I%t -I%tg_runtime_include %t/in-place.c %t/vk.o -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir -lpthread -lm -o %t/in-place
// RUN: %t/in-place | FileCheck %s --check-prefix=INPLACE
// INPLACE: 0.866667 0.733333 0.466667 -0.0666667 0.6 0.6 0.6 0.2

// run_device: the same on libtgrt's own buffers.
// RUN: %cc -std=c99 -Wall -Werror -I%t -I%tg_runtime_include %S/Inputs/run-device.c %t/vk.o -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir -lpthread -lm -o %t/run-device
// RUN: %t/run-device | FileCheck %s --check-prefix=DEVICE
// DEVICE:      softmax: 0.0666667 0.133333 0.266667 0.533333 0.2 0.2 0.2 0.4
// DEVICE-NEXT: w: 0.933333 0.866667 0.733333 0.466667 0.8 0.8 0.8 0.6
// DEVICE-NEXT: w's buffer: 0.933333 ... 0.6
// DEVICE-NEXT: NULL inputs: status 1: vk_run_device: `inputs` is NULL

// Parameters on a GPU, embedded or from a file: uploaded once, at create.
// RUN: %python %S/Inputs/write-safetensors.py %t/w.safetensors weight:F32:4,3:1,2,3,4,5,6,7,8,9,10,11,12 bias:F32:3:0.5,-1,2
// RUN: echo "1 0 -1 2 0.5 0.25 3 -2" > %t/lx
// RUN: echo "1 2 3 4 5 6 7 8 9 10 11 12" > %t/lw
// RUN: echo "0.5 -1 2" > %t/lb
// RUN: tg-run %S/weights.mlir --device=VULKAN --input=@%t/lx --input=@%t/lw --input=@%t/lb --output=%t/linear-reference
// RUN: tg-compile %S/weights.mlir --device=VULKAN --parameters=%t/w.safetensors --name=lin -o %t/lin.o
// RUN: %cc -std=c99 -Wall -Werror -I%tg_runtime_include -DMODEL_HEADER='"%t/lin.h"' -DPREFIX=lin -DUPREFIX=LIN %S/Inputs/harness.c %t/lin.o -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir -lpthread -lm -o %t/lin
// RUN: %t/lin %t/linear-reference %t/lx | FileCheck %s --check-prefix=LINEAR
// RUN: tg-compile %S/weights.mlir --device=VULKAN --parameters=%t/w.safetensors --weights=file --name=linf -o %t/linf.o
// RUN: %cc -std=c99 -Wall -Werror -I%tg_runtime_include -DMODEL_HEADER='"%t/linf.h"' -DPREFIX=linf -DUPREFIX=LINF -DWEIGHTS='"%t/w.safetensors"' %S/Inputs/harness.c %t/linf.o -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir -lpthread -lm -o %t/linf
// RUN: %t/linf %t/linear-reference %t/lx | FileCheck %s --check-prefix=LINEAR
// LINEAR: output 0 (y): 6 elements, equal to tg-run's
// RUN: %cc -std=c99 -Wall -Werror -I%tg_runtime_include -DMODEL_HEADER='"%t/linf.h"' -DPREFIX=linf -DUPREFIX=LINF -DWEIGHTS='"%t/missing.safetensors"' %S/Inputs/harness.c %t/linf.o -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir -lpthread -lm -o %t/linf-missing
// RUN: not %t/linf-missing %t/linear-reference %t/lx | FileCheck %s --check-prefix=MISSING
// MISSING: status 4: cannot open the weights file {{.*}}missing.safetensors

// A device that is missing is a status and a sentence, not a crash.
// RUN: tg-compile %s --device=CUDA --name=vk -o %t/cuda.o --header=%t/cuda.h
// RUN: printf '#include <stdio.h>\n#include "cuda.h"\nint main(void) { vk_context *c; int s = vk_create(&c); printf("status %%%%d: %%%%s\\n", s, vk_last_error()); return 0; }\n' > %t/no-device.c
// RUN: %cc -std=c99 -Wall -Werror -I%t -I%tg_runtime_include %t/no-device.c %t/cuda.o -L%tg_lib_dir -ltgrt -Wl,-rpath,%tg_lib_dir -lpthread -lm -o %t/no-device
// RUN: %t/no-device | FileCheck %s --check-prefix=NODEVICE
// NODEVICE: status 5: CUDA: {{.*}}

// softmax(x) and w - softmax(x), w updated in place.
func.func @softmax_step(%x: tensor<2x4xf32>, %w: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %m = tg.reduce max %x [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %me = tg.expand %m : tensor<2x1xf32> to tensor<2x4xf32>
  %d = tg.sub %x, %me : tensor<2x4xf32>
  %e = tg.exp2 %d : tensor<2x4xf32>
  %s = tg.reduce add %e [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %se = tg.expand %s : tensor<2x1xf32> to tensor<2x4xf32>
  %r = tg.fdiv %e, %se : tensor<2x4xf32>
  %v = tg.sub %w, %r : tensor<2x4xf32>
  %n = tg.assign %w, %v : tensor<2x4xf32>
  return %r, %n : tensor<2x4xf32>, tensor<2x4xf32>
}
