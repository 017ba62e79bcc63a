/*===- train.c - Fashion-MNIST trained from plain C ------------------------===*
 *
 * Trains the CNN of examples/fashion_mnist with nothing but two objects that
 * tg::aot::compile wrote (export.cpp): train_step.o, one whole training
 * step, and evaluate.o, the model's predictions. The parameters and the
 * optimizer's state are this program's memory, initialized from
 * train_step_initial_value and updated in place by every step; evaluate
 * reads the same memory, tensor by tensor, by name.
 *
 *   cc -O2 -I DIR train.c DIR/train_step.o DIR/evaluate.o -lpthread -o train
 *   train [EPOCHS (5)] [STEPS per epoch (all)] [SEED (1337)] [DATA directory]
 *
 * EPOCHS and STEPS must be the ones the step was exported for: its cosine
 * learning-rate schedule is part of it.
 *
 *===----------------------------------------------------------------------===*/
#define _POSIX_C_SOURCE 200809L
#include "evaluate.h"
#include "fashion_mnist_data.h"
#include "train_step.h"

#include <time.h>

#define BATCH TRAIN_STEP_INPUT_1_ELEMENTS
#define EVALUATE_BATCH (EVALUATE_INPUT_0_ELEMENTS / FASHION_MNIST_PIXELS)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void check(int status, const char *what) {
  if (status != 0) {
    fprintf(stderr, "train: %s failed (status %d): %s\n", what, status,
            train_step_last_error()[0] ? train_step_last_error() : evaluate_last_error());
    exit(1);
  }
}

int main(int argc, char **argv) {
  int epochs = argc > 1 ? atoi(argv[1]) : 5;
  int64_t steps = argc > 2 ? atoll(argv[2]) : 0;
  uint64_t state = argc > 3 ? strtoull(argv[3], NULL, 10) : 1337;
  const char *data = argc > 4 ? argv[4] : FASHION_MNIST_DIRECTORY;
  unsigned char *train_images = fashion_mnist_read(data, "train-images-idx3-ubyte.gz", 60000,
                                                   FASHION_MNIST_PIXELS);
  unsigned char *train_labels = fashion_mnist_read(data, "train-labels-idx1-ubyte.gz", 60000, 1);
  unsigned char *test_images = fashion_mnist_read(data, "t10k-images-idx3-ubyte.gz", 10000,
                                                  FASHION_MNIST_PIXELS);
  unsigned char *test_labels = fashion_mnist_read(data, "t10k-labels-idx1-ubyte.gz", 10000, 1);
  if (!train_images || !train_labels || !test_images || !test_labels)
    return 1;
  int64_t steps_per_epoch = 60000 / BATCH;
  if (steps > 0 && steps < steps_per_epoch)
    steps_per_epoch = steps;

  /* The training step's inputs: a batch, then the parameters and the
   * optimizer's state, which start from their initial values. */
  void *inputs[TRAIN_STEP_NUM_INPUTS];
  for (int i = 0; i < TRAIN_STEP_NUM_INPUTS; ++i) {
    inputs[i] = malloc(train_step_input_bytes[i] ? train_step_input_bytes[i] : 1);
    const void *initial = train_step_initial_value(i);
    if (!inputs[i])
      return 1;
    if (initial)
      memcpy(inputs[i], initial, train_step_input_bytes[i]);
  }
  float loss, accuracy;
  void *outputs[TRAIN_STEP_NUM_OUTPUTS] = {&loss, &accuracy};

  /* evaluate's inputs: test images, then the training step's tensors of
   * the same names, and its own constants. */
  void *evaluate_inputs[EVALUATE_NUM_INPUTS];
  int32_t classes[EVALUATE_BATCH];
  void *evaluate_outputs[EVALUATE_NUM_OUTPUTS] = {classes};
  evaluate_inputs[0] = malloc(evaluate_input_bytes[0]);
  for (int i = 1; i < EVALUATE_NUM_INPUTS; ++i) {
    evaluate_inputs[i] = NULL;
    for (int j = 2; j < TRAIN_STEP_NUM_INPUTS; ++j)
      if (strcmp(evaluate_input_names[i], train_step_input_names[j]) == 0)
        evaluate_inputs[i] = inputs[j];
    if (!evaluate_inputs[i] && evaluate_initial_value(i)) {
      evaluate_inputs[i] = malloc(evaluate_input_bytes[i] ? evaluate_input_bytes[i] : 1);
      if (!evaluate_inputs[i])
        return 1;
      memcpy(evaluate_inputs[i], evaluate_initial_value(i), evaluate_input_bytes[i]);
    }
  }

  train_step_context *step;
  evaluate_context *evaluation;
  check(train_step_create(&step), "train_step_create");
  check(evaluate_create(&evaluation), "evaluate_create");
  int64_t *order = malloc(sizeof(int64_t) * 60000);
  unsigned char *images = inputs[0], *labels = inputs[1];
  double accuracy_percent = 0;
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    fashion_mnist_shuffle(order, 60000, &state);
    double start = now(), loss_sum = 0;
    for (int64_t s = 0; s < steps_per_epoch; ++s) {
      for (int64_t i = 0; i < BATCH; ++i) {
        int64_t sample = order[s * BATCH + i];
        memcpy(images + i * FASHION_MNIST_PIXELS, train_images + sample * FASHION_MNIST_PIXELS,
               FASHION_MNIST_PIXELS);
        labels[i] = train_labels[sample];
      }
      check(train_step_run_buffers(step, inputs, outputs), "train_step_run_buffers");
      loss_sum += loss;
      if ((s + 1) % 50 == 0 || s + 1 == steps_per_epoch) {
        fprintf(stderr, "\repoch %d/%d  step %lld/%lld  loss %.4f  %.2f steps/s", epoch, epochs,
                (long long)(s + 1), (long long)steps_per_epoch, loss_sum / (double)(s + 1),
                (double)(s + 1) / (now() - start));
        fflush(stderr);
      }
    }
    double seconds = now() - start;
    int64_t correct = 0;
    for (int64_t begin = 0; begin < 10000; begin += EVALUATE_BATCH) {
      memcpy(evaluate_inputs[0], test_images + begin * FASHION_MNIST_PIXELS,
             evaluate_input_bytes[0]);
      check(evaluate_run_buffers(evaluation, evaluate_inputs, evaluate_outputs),
            "evaluate_run_buffers");
      for (int64_t i = 0; i < EVALUATE_BATCH; ++i)
        correct += classes[i] == test_labels[begin + i];
    }
    accuracy_percent = (double)correct / 100.0;
    fprintf(stderr, "\n");
    printf("epoch %d: %.1f s (%.3f s per step), mean loss %.4f, test accuracy %.2f%%\n", epoch,
           seconds, seconds / (double)steps_per_epoch, loss_sum / (double)steps_per_epoch,
           accuracy_percent);
    fflush(stdout);
  }
  printf("test accuracy %.2f%%\n", accuracy_percent);
  train_step_destroy(step);
  evaluate_destroy(evaluation);
  return 0;
}
