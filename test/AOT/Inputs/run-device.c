/* gpu.mlir's object run on libtgrt's buffers (vk_run_device): w is updated
 * in its own buffer, the results are new buffers. */
#include <stdio.h>

#include "vk.h"

int main(void) {
  float x[8] = {1, 2, 3, 4, 0, 0, 0, 1}, w[8] = {1, 1, 1, 1, 1, 1, 1, 1}, values[8];
  tgrt_device device;
  tgrt_buffer inputs[2], outputs[2];
  vk_context *context;
  if (tgrt_device_open("VULKAN", &device) || tgrt_buffer_alloc(device, 32, &inputs[0]) ||
      tgrt_buffer_alloc(device, 32, &inputs[1]) || tgrt_buffer_write(inputs[0], 0, x, 32) ||
      tgrt_buffer_write(inputs[1], 0, w, 32)) {
    printf("libtgrt: %s\n", tgrt_last_error());
    return 1;
  }
  if (vk_create(&context) || vk_run_device(context, inputs, outputs)) {
    printf("vk: %s\n", vk_last_error());
    return 1;
  }
  const char *names[] = {"softmax", "w"};
  for (int r = 0; r < 2; ++r) {
    tgrt_buffer_read(outputs[r], 0, values, 32);
    printf("%s:", names[r]);
    for (int i = 0; i < 8; ++i)
      printf(" %g", values[i]);
    printf("\n");
    tgrt_buffer_release(outputs[r]);
  }
  tgrt_buffer_read(inputs[1], 0, values, 32);
  printf("w's buffer: %g ... %g\n", values[0], values[7]);
  tgrt_buffer *none = NULL;
  printf("NULL inputs: status %d: %s\n", vk_run_device(context, none, outputs), vk_last_error());
  vk_destroy(context);
  tgrt_buffer_release(inputs[0]);
  tgrt_buffer_release(inputs[1]);
  tgrt_device_release(device);
  return 0;
}
