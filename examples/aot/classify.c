/*===- classify.c - the trained Fashion-MNIST model, from plain C ----------===*
 *
 * Classifies the 10,000 Fashion-MNIST test images with model.o, the trained
 * model with its weights inside, exported by export.cpp; links nothing else
 * (model.o needs libc and pthreads). Prints how many it classifies right
 * and how long a batch takes.
 *
 *   cc -O2 -I DIR classify.c DIR/model.o -lpthread -o classify
 *   classify [DATA directory]
 *
 *===----------------------------------------------------------------------===*/
#define _POSIX_C_SOURCE 200809L
#include "fashion_mnist_data.h"
#include "model.h"

#include <time.h>

#define BATCH (MODEL_INPUT_0_ELEMENTS / FASHION_MNIST_PIXELS)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  const char *data = argc > 1 ? argv[1] : FASHION_MNIST_DIRECTORY;
  unsigned char *images = fashion_mnist_read(data, "t10k-images-idx3-ubyte.gz", 10000,
                                             FASHION_MNIST_PIXELS);
  unsigned char *labels = fashion_mnist_read(data, "t10k-labels-idx1-ubyte.gz", 10000, 1);
  if (!images || !labels)
    return 1;
  model_context *model;
  if (model_create(&model) != MODEL_OK) {
    fprintf(stderr, "classify: %s\n", model_last_error());
    return 1;
  }
  int32_t classes[BATCH];
  long correct = 0;
  double seconds = 0;
  for (long begin = 0; begin < 10000; begin += BATCH) {
    double start = now();
    if (model_run(model, images + begin * FASHION_MNIST_PIXELS, classes) != MODEL_OK) {
      fprintf(stderr, "classify: %s\n", model_last_error());
      return 1;
    }
    if (begin > 0) /* the first run also starts the workers */
      seconds += now() - start;
    for (long i = 0; i < BATCH; ++i)
      correct += classes[i] == labels[begin + i];
  }
  model_destroy(model);
  printf("classify: %ld of 10000 test images right (%.2f%%), %.3f ms per %d images\n", correct,
         (double)correct / 100.0, seconds / (10000.0 / BATCH - 1) * 1e3, BATCH);
  return 0;
}
