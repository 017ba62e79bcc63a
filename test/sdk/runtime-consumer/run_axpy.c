/* Loads axpy.tgx (2*x + y over 4 floats), runs it on the CPU and checks the
 * result: what a program that only ships the runtime does. */
#include <tgrt/tgrt.h>

#include <stdio.h>
#include <stdlib.h>

static int check(tgrt_status status, const char *what) {
  if (status == TGRT_OK)
    return 0;
  fprintf(stderr, "%s: %s: %s\n", what, tgrt_status_string(status), tgrt_last_error());
  exit(1);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: run-axpy axpy.tgx\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 1;
  }
  static char bytes[1 << 20];
  size_t size = fread(bytes, 1, sizeof bytes, file);
  fclose(file);

  tgrt_device device;
  tgrt_executable axpy;
  check(tgrt_device_open("CPU", &device), "open CPU");
  check(tgrt_executable_load(device, bytes, size, &axpy), "load");
  const float x[4] = {1, 2, 3, 4}, y[4] = {10, 20, 30, 40};
  tgrt_buffer inputs[2], output;
  check(tgrt_buffer_alloc(device, sizeof x, &inputs[0]), "alloc");
  check(tgrt_buffer_alloc(device, sizeof y, &inputs[1]), "alloc");
  check(tgrt_buffer_write(inputs[0], 0, x, sizeof x), "write");
  check(tgrt_buffer_write(inputs[1], 0, y, sizeof y), "write");
  check(tgrt_executable_run(axpy, inputs, 2, &output, 1), "run");
  float result[4];
  check(tgrt_buffer_read(output, 0, result, sizeof result), "read");
  for (int i = 0; i < 4; ++i)
    if (result[i] != 2 * x[i] + y[i]) {
      fprintf(stderr, "element %d is %g, not %g\n", i, result[i], 2 * x[i] + y[i]);
      return 1;
    }
  printf("axpy on %s: %g %g %g %g\n", tgrt_device_name(device), result[0], result[1], result[2],
         result[3]);
  tgrt_buffer_release(output);
  tgrt_buffer_release(inputs[0]);
  tgrt_buffer_release(inputs[1]);
  tgrt_executable_release(axpy);
  tgrt_device_release(device);
  return 0;
}
