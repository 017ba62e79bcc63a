/* classify.c: an ImageNet classifier in plain C, from resnet18.o, which
 * tg-compile wrote from torchvision's resnet18 exported to ONNX:
 *
 *   tg-compile resnet18.onnx --name=resnet18 -o resnet18.o
 *   cc classify.c resnet18.o -lpthread -lm -o classify
 *   classify IMAGE.f32 [TORCH_LOGITS.f32]
 *
 * IMAGE.f32 is a normalized 1x3x224x224 float32 image. Prints the five
 * highest classes and the time per image; given torch's logits for the same
 * image, checks that the five classes are torch's and every logit within
 * 1e-3 of torch's (relative to the largest), and exits 1 if not. */
#define _POSIX_C_SOURCE 200809L
#include "resnet18.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CLASSES RESNET18_OUTPUT_0_ELEMENTS

static float *readFloats(const char *path, size_t count) {
  FILE *file = fopen(path, "rb");
  float *values = malloc(count * sizeof *values);
  if (!file || !values || fread(values, sizeof *values, count, file) != count) {
    fprintf(stderr, "classify: cannot read %zu floats from %s\n", count, path);
    exit(2);
  }
  fclose(file);
  return values;
}

static void topFive(const float *logits, int *top) {
  for (int k = 0; k < 5; ++k) {
    int best = -1;
    for (int c = 0; c < CLASSES; ++c) {
      int taken = 0;
      for (int j = 0; j < k; ++j)
        taken |= top[j] == c;
      if (!taken && (best < 0 || logits[c] > logits[best]))
        best = c;
    }
    top[k] = best;
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: classify IMAGE.f32 [TORCH_LOGITS.f32]\n");
    return 2;
  }
  float *image = readFloats(argv[1], RESNET18_INPUT_0_ELEMENTS);
  float logits[CLASSES];
  resnet18_context *context;
  if (resnet18_create(&context) != RESNET18_OK) {
    fprintf(stderr, "classify: %s\n", resnet18_last_error());
    return 1;
  }
  /* The first run warms the caches; the next ten are timed. */
  double start = 0;
  for (int run = 0; run < 11; ++run) {
    if (run == 1)
      start = now();
    if (resnet18_run(context, image, logits) != RESNET18_OK) {
      fprintf(stderr, "classify: %s\n", resnet18_last_error());
      return 1;
    }
  }
  double milliseconds = (now() - start) / 10 * 1e3;
  resnet18_destroy(context);

  int top[5];
  topFive(logits, top);
  printf("classify: top five classes");
  for (int k = 0; k < 5; ++k)
    printf(" %d (%.4f)", top[k], logits[top[k]]);
  printf("; %.2f ms per image\n", milliseconds);
  if (argc < 3)
    return 0;

  float *torch = readFloats(argv[2], CLASSES);
  int torchTop[5];
  topFive(torch, torchTop);
  double largest = 0, difference = 0;
  for (int c = 0; c < CLASSES; ++c) {
    largest = fmax(largest, fabs(torch[c]));
    difference = fmax(difference, fabs(torch[c] - logits[c]));
  }
  int same = 1;
  for (int k = 0; k < 5; ++k)
    same &= top[k] == torchTop[k];
  printf("classify: torch's top five %s; largest difference from torch's logits %.3g "
         "(largest logit %.3g)\n",
         same ? "are the same" : "DIFFER", difference, largest);
  return same && difference <= 1e-3 * largest ? 0 : 1;
}
