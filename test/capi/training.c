/* Layers, models, state dicts, safetensors, optimizers, the cache and the
 * ahead-of-time export through the C ABI, from plain C: a linear
 * regression learns its coefficients, a model's state survives a file, and
 * every misuse of the new handles is a status with a message. */
#define _POSIX_C_SOURCE 200809L
#include "expect.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static tg_tensor tensor2(const float *values, int64_t rows, int64_t cols) {
  int64_t shape[] = {rows, cols};
  tg_tensor t = NULL;
  EXPECT(tg_tensor_from_data(values, (size_t)(rows * cols) * sizeof(float), TG_DTYPE_FLOAT32,
                             shape, 2, &t) == TG_OK);
  return t;
}

static float readScalar(tg_tensor t) {
  float value = NAN;
  EXPECT(tg_tensor_read(t, &value, sizeof value) == TG_OK);
  return value;
}

/* mean((model(x) - y)²) with a model of one Linear layer. */
static tg_tensor mseLoss(tg_module layer, tg_tensor x, tg_tensor y) {
  tg_tensor prediction = NULL, error = NULL, squared = NULL, loss = NULL;
  EXPECT(tg_module_forward(layer, x, &prediction) == TG_OK);
  EXPECT(tg_tensor_sub(prediction, y, &error) == TG_OK);
  EXPECT(tg_tensor_square(error, &squared) == TG_OK);
  EXPECT(tg_tensor_mean(squared, NULL, 0, false, &loss) == TG_OK);
  tg_tensor_release(prediction);
  tg_tensor_release(error);
  tg_tensor_release(squared);
  return loss;
}

/* y = 3·x0 - 2·x1 + 1 on 8 points: SGD finds the coefficients. */
static void linearRegressionLearns(void) {
  float xs[16], ys[8];
  for (int i = 0; i < 8; ++i) {
    xs[2 * i] = (float)(i % 4) - 1.5f;
    xs[2 * i + 1] = (float)(i / 4) - 0.5f + 0.25f * (float)i;
    ys[i] = 3 * xs[2 * i] - 2 * xs[2 * i + 1] + 1;
  }
  tg_tensor x = tensor2(xs, 8, 2), y = tensor2(ys, 8, 1);
  tg_module layer = NULL;
  EXPECT(tg_nn_linear(2, 1, true, &layer) == TG_OK);
  tg_tensor params[4];
  size_t count = 0;
  EXPECT(tg_module_parameters(layer, params, 4, &count) == TG_OK && count == 2);
  tg_optimizer sgd = NULL;
  EXPECT(tg_optim_sgd(params, count, 0.1, 0.9, 0, false, &sgd) == TG_OK);
  double lr = 0;
  EXPECT(tg_optimizer_get_lr(sgd, &lr) == TG_OK && fabs(lr - 0.1) < 1e-6);
  float first = 0, last = 0;
  for (int step = 0; step < 150; ++step) {
    tg_tensor loss = mseLoss(layer, x, y);
    EXPECT(tg_optimizer_zero_grad(sgd) == TG_OK);
    EXPECT(tg_tensor_backward(loss, NULL) == TG_OK);
    EXPECT(tg_optimizer_step(sgd) == TG_OK);
    if (step == 0)
      first = readScalar(loss);
    if (step == 149)
      last = readScalar(loss);
    tg_tensor_release(loss);
    if (step == 100)
      EXPECT(tg_optimizer_set_lr(sgd, 0.05) == TG_OK);
  }
  EXPECT(tg_optimizer_get_lr(sgd, &lr) == TG_OK && fabs(lr - 0.05) < 1e-6);
  float weight[2] = {0, 0}, bias = 0;
  tg_state_dict state = NULL;
  tg_tensor w = NULL, b = NULL;
  EXPECT(tg_module_state_dict(layer, &state) == TG_OK);
  EXPECT(tg_state_dict_get(state, "weight", &w) == TG_OK);
  EXPECT(tg_state_dict_get(state, "bias", &b) == TG_OK);
  EXPECT(tg_tensor_read(w, weight, sizeof weight) == TG_OK);
  bias = readScalar(b);
  printf("regression: loss %.4g -> %.3g, weight (%.4f, %.4f), bias %.4f\n", first, last,
         weight[0], weight[1], bias);
  EXPECT(last < 1e-4f && last < first);
  EXPECT(fabs(weight[0] - 3) < 1e-2 && fabs(weight[1] + 2) < 1e-2 && fabs(bias - 1) < 1e-2);
  tg_tensor handles[] = {x, y, params[0], params[1], w, b};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i)
    tg_tensor_release(handles[i]);
  tg_state_dict_release(state);
  tg_optimizer_release(sgd);
  tg_module_release(layer);
}

/* A two-layer model through a file: names, save, load into a fresh model,
 * the same outputs. */
static void stateSurvivesAFile(const char *path) {
  tg_module l1 = NULL, l2 = NULL, model = NULL, l1b = NULL, l2b = NULL, copy = NULL;
  EXPECT(tg_nn_linear(3, 4, true, &l1) == TG_OK && tg_nn_linear(4, 2, false, &l2) == TG_OK);
  const char *names[] = {"l1", "l2"};
  tg_module layers[] = {l1, l2};
  EXPECT(tg_nn_model(names, layers, 2, &model) == TG_OK);
  tg_state_dict state = NULL, loaded = NULL;
  EXPECT(tg_module_state_dict(model, &state) == TG_OK);
  size_t size = 0;
  EXPECT(tg_state_dict_size(state, &size) == TG_OK && size == 3);
  char name[32] = "";
  EXPECT(tg_state_dict_name(state, 0, name, sizeof name) == TG_OK && !strcmp(name, "l1.bias"));
  EXPECT(tg_state_dict_name(state, 2, name, sizeof name) == TG_OK && !strcmp(name, "l2.weight"));
  EXPECT(tg_safe_save(state, path) == TG_OK);

  EXPECT(tg_nn_linear(3, 4, true, &l1b) == TG_OK && tg_nn_linear(4, 2, false, &l2b) == TG_OK);
  tg_module copies[] = {l1b, l2b};
  EXPECT(tg_nn_model(names, copies, 2, &copy) == TG_OK);
  EXPECT(tg_safe_load(path, &loaded) == TG_OK);
  EXPECT(tg_module_load_state_dict(copy, loaded, true) == TG_OK);
  const float input[] = {1, -2, 0.5f, 3, 0, -1};
  tg_tensor x = tensor2(input, 2, 3), h = NULL, out = NULL, hb = NULL, outb = NULL;
  EXPECT(tg_module_forward(l1, x, &h) == TG_OK && tg_module_forward(l2, h, &out) == TG_OK);
  EXPECT(tg_module_forward(l1b, x, &hb) == TG_OK && tg_module_forward(l2b, hb, &outb) == TG_OK);
  float a[4], b[4];
  EXPECT(tg_tensor_read(out, a, sizeof a) == TG_OK && tg_tensor_read(outb, b, sizeof b) == TG_OK);
  EXPECT(!memcmp(a, b, sizeof a));

  /* Misuse: a model has no forward; names must be unique and plain; a
   * state that does not fit. */
  EXPECT_FAILS(tg_module_forward(model, x, &out), TG_ERROR, "no forward");
  const char *twice[] = {"l", "l"};
  EXPECT_FAILS(tg_nn_model(twice, layers, 2, &copy), TG_INVALID_ARGUMENT, "two layers");
  const char *dotted[] = {"a.b"};
  EXPECT_FAILS(tg_nn_model(dotted, layers, 1, &copy), TG_INVALID_ARGUMENT, "without '.'");
  EXPECT_FAILS(tg_nn_model(names, NULL, 2, &copy), TG_INVALID_ARGUMENT, "NULL");
  EXPECT_FAILS(tg_module_load_state_dict(l1, loaded, true), TG_ERROR, "l1.");
  EXPECT_FAILS(tg_state_dict_name(state, 3, name, sizeof name), TG_INVALID_ARGUMENT, "past the 3");
  EXPECT_FAILS(tg_state_dict_name(state, 0, name, 3), TG_BUFFER_TOO_SMALL, "room for 3");
  EXPECT_FAILS(tg_state_dict_get(state, "l3.weight", &out), TG_ERROR, "no tensor 'l3.weight'");
  EXPECT_FAILS(tg_state_dict_get(state, NULL, &out), TG_INVALID_ARGUMENT, "NULL");
  EXPECT_FAILS(tg_safe_load("/nonexistent/model.safetensors", &loaded), TG_ERROR, "nonexistent");
  EXPECT_FAILS(tg_safe_save(state, "/nonexistent/dir/x.safetensors"), TG_ERROR, "nonexistent");
  EXPECT_FAILS(tg_state_dict_set(state, "extra", NULL), TG_INVALID_ARGUMENT, "tensor handle is NULL");

  tg_tensor handles[] = {x, h, out, hb, outb};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i)
    tg_tensor_release(handles[i]);
  tg_state_dict_release(state);
  tg_state_dict_release(loaded);
  tg_module modules[] = {l1, l2, model, l1b, l2b, copy};
  for (size_t i = 0; i < sizeof modules / sizeof modules[0]; ++i)
    tg_module_release(modules[i]);
}

/* In training, a batch norm's running mean moves toward the batch's with
 * the optimizer's step, which realizes the buffers. */
static void batchnormTrains(void) {
  tg_module norm = NULL;
  EXPECT(tg_nn_batchnorm(2, 1e-5, true, true, 0.1, &norm) == TG_OK);
  tg_tensor params[8];
  size_t count = 0;
  EXPECT(tg_module_parameters(norm, params, 8, &count) == TG_OK && count == 5);
  tg_optimizer adam = NULL;
  EXPECT(tg_optim_adamw(params, count, 1e-3, 0.9, 0.999, 1e-8, 0, &adam) == TG_OK);
  const float input[] = {1, 10, 3, 20};
  tg_tensor x = tensor2(input, 2, 2), y = NULL, loss = NULL, mean = NULL;
  tg_set_training(true);
  EXPECT(tg_get_training());
  EXPECT(tg_module_forward(norm, x, &y) == TG_OK);
  EXPECT(tg_tensor_sum(y, NULL, 0, false, &loss) == TG_OK);
  EXPECT(tg_optimizer_zero_grad(adam) == TG_OK && tg_tensor_backward(loss, NULL) == TG_OK);
  EXPECT(tg_optimizer_step(adam) == TG_OK);
  tg_set_training(false);
  tg_state_dict state = NULL;
  EXPECT(tg_module_state_dict(norm, &state) == TG_OK);
  EXPECT(tg_state_dict_get(state, "running_mean", &mean) == TG_OK);
  float running[2];
  EXPECT(tg_tensor_read(mean, running, sizeof running) == TG_OK);
  EXPECT(fabs(running[0] - 0.2) < 1e-5 && fabs(running[1] - 1.5) < 1e-5);
  tg_tensor handles[] = {x, y, loss, mean};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i)
    tg_tensor_release(handles[i]);
  for (size_t i = 0; i < count; ++i)
    tg_tensor_release(params[i]);
  tg_state_dict_release(state);
  tg_optimizer_release(adam);
  tg_module_release(norm);
}

/* No gradient is recorded under no_grad. */
static void noGradDetaches(void) {
  const float values[] = {1, 2, 3, 4};
  tg_tensor w = tensor2(values, 2, 2), same = NULL, doubled = NULL;
  EXPECT(tg_tensor_requires_grad_(w, true, &same) == TG_OK);
  tg_set_no_grad(true);
  EXPECT(tg_get_no_grad());
  EXPECT(tg_tensor_mul_scalar(w, 2, &doubled) == TG_OK);
  bool requires = true;
  EXPECT(tg_tensor_requires_grad(doubled, &requires) == TG_OK && !requires);
  tg_set_no_grad(false);
  EXPECT(!tg_get_no_grad());
  tg_tensor_release(w);
  tg_tensor_release(same);
  tg_tensor_release(doubled);
}

/* After clearing the memory cache, a graph realized before is loaded or
 * compiled again rather than found in memory. */
static void cacheClears(void) {
  const float values[] = {1, 2, 3, 4};
  tg_cache_stats before, again, after;
  for (int round = 0; round < 3; ++round) {
    tg_tensor x = tensor2(values, 2, 2), y = NULL;
    EXPECT(tg_tensor_mul_scalar(x, 7, &y) == TG_OK);
    EXPECT(tg_get_cache_stats(round == 0 ? &before : round == 1 ? &again : &after) == TG_OK);
    float read[4];
    EXPECT(tg_tensor_read(y, read, sizeof read) == TG_OK && read[3] == 28);
    tg_tensor_release(x);
    tg_tensor_release(y);
    if (round == 1) {
      EXPECT(tg_get_cache_stats(&again) == TG_OK);
      EXPECT(tg_cache_clear(false) == TG_OK);
    }
    if (round == 2) {
      tg_cache_stats end;
      EXPECT(tg_get_cache_stats(&end) == TG_OK);
      EXPECT(end.memory_hits == after.memory_hits);
      EXPECT(end.compiles + end.disk_hits == after.compiles + after.disk_hits + 1);
      EXPECT(end.runs == after.runs + 1);
    }
  }
  EXPECT(again.memory_hits >= before.memory_hits + 1);
  EXPECT_FAILS(tg_get_cache_stats(NULL), TG_INVALID_ARGUMENT, "NULL");
}

static tg_status doubleIt(void *user, const tg_tensor *inputs, size_t count, tg_trace trace) {
  (void)user;
  tg_tensor doubled = NULL;
  if (count != 1)
    return TG_ERROR;
  tg_status status = tg_tensor_mul_scalar(inputs[0], 2, &doubled);
  if (status == TG_OK)
    status = tg_trace_add_output(trace, doubled);
  tg_tensor_release(doubled);
  return status;
}

static tg_status failing(void *user, const tg_tensor *inputs, size_t count, tg_trace trace) {
  (void)user;
  (void)count;
  (void)trace;
  tg_tensor out = NULL;
  return tg_tensor_add(inputs[0], NULL, &out); /* sets the last error: y is required */
}

static int fileContains(const char *path, const char *text) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return 0;
  static char content[1 << 16];
  size_t n = fread(content, 1, sizeof content - 1, f);
  fclose(f);
  content[n] = 0;
  return strstr(content, text) != NULL;
}

static void aotExports(const char *directory) {
  const float values[] = {1, 2, 3, 4};
  tg_tensor example = tensor2(values, 2, 2);
  tg_aot_options options;
  memset(&options, 0, sizeof options);
  options.name = "doubled";
  options.directory = directory;
  char object[512], header[512];
  EXPECT(tg_aot_compile(doubleIt, NULL, &example, 1, &options, object, header, sizeof object) ==
         TG_OK);
  EXPECT(strstr(object, "doubled.o") && access(object, R_OK) == 0);
  EXPECT(fileContains(header, "doubled_run"));
  options.emit = "mlir";
  EXPECT(tg_aot_compile(doubleIt, NULL, &example, 1, &options, object, header, sizeof object) ==
         TG_OK);
  EXPECT(fileContains(object, "tg."));

  EXPECT_FAILS(tg_aot_compile(failing, NULL, &example, 1, &options, object, header, sizeof object),
               TG_ERROR, "traced function failed: a tensor handle is NULL");
  EXPECT_FAILS(tg_aot_compile(NULL, NULL, &example, 1, &options, object, header, sizeof object),
               TG_INVALID_ARGUMENT, "function is NULL");
  EXPECT_FAILS(tg_aot_compile(doubleIt, NULL, &example, 1, &options, object, header, 4),
               TG_BUFFER_TOO_SMALL, "path");
  options.weights = (tg_aot_weights)7;
  EXPECT_FAILS(tg_aot_compile(doubleIt, NULL, &example, 1, &options, object, header, sizeof object),
               TG_INVALID_ARGUMENT, "weights mode 7");
  options.weights = TG_AOT_WEIGHTS_EMBED;
  options.emit = "pdf";
  EXPECT_FAILS(tg_aot_compile(doubleIt, NULL, &example, 1, &options, object, header, sizeof object),
               TG_ERROR, "pdf");
  tg_tensor_release(example);
}

/* Handles of every kind: NULL, released, and one kind passed as another. */
static void handleMisuse(void) {
  tg_module layer = NULL, out = NULL;
  tg_tensor t = NULL;
  tg_optimizer opt = NULL;
  tg_state_dict state = NULL;
  EXPECT_FAILS(tg_module_forward(NULL, NULL, &t), TG_INVALID_ARGUMENT, "module handle is NULL");
  EXPECT(tg_nn_linear(2, 2, true, &layer) == TG_OK);
  EXPECT_FAILS(tg_module_forward(layer, NULL, &t), TG_INVALID_ARGUMENT, "tensor handle is NULL");
  EXPECT_FAILS(tg_module_state_dict(layer, NULL), TG_INVALID_ARGUMENT, "out-pointer");
  EXPECT_FAILS(tg_module_state_dict((tg_module)(void *)&failures, &state), TG_INVALID_ARGUMENT,
               "is not one");
  EXPECT(tg_state_dict_new(&state) == TG_OK);
  /* A state dict is not a module, nor a module a tensor. */
  EXPECT_FAILS(tg_module_parameters((tg_module)(void *)state, NULL, 0, NULL), TG_INVALID_ARGUMENT,
               "module handle is not one: it is a state dict handle");
  EXPECT_FAILS(tg_tensor_relu((tg_tensor)(void *)layer, &t), TG_INVALID_ARGUMENT, "is not one");
  tg_tensor params[2];
  size_t count = 0;
  EXPECT_FAILS(tg_module_parameters(layer, params, 1, &count), TG_BUFFER_TOO_SMALL, "2 tensors");
  EXPECT(count == 2);
  EXPECT(tg_module_parameters(layer, params, 2, &count) == TG_OK);
  EXPECT(tg_optim_sgd(params, 2, 0.1, 0, 0, false, &opt) == TG_OK);
  tg_optimizer_release(opt);
  EXPECT_FAILS(tg_optimizer_step(opt), TG_INVALID_ARGUMENT, "optimizer handle was released");
  EXPECT_FAILS(tg_optimizer_release(opt), TG_INVALID_ARGUMENT, "optimizer handle was released");
  tg_module_release(layer);
  EXPECT_FAILS(tg_module_forward(layer, params[0], &t), TG_INVALID_ARGUMENT, "released");
  tg_state_dict_release(state);
  EXPECT_FAILS(tg_state_dict_size(state, &count), TG_INVALID_ARGUMENT, "released");

  /* Values a layer or an optimizer cannot take. */
  EXPECT_FAILS(tg_nn_linear(0, 2, true, &out), TG_INVALID_ARGUMENT, "in_features");
  const int64_t kernel[] = {3, 3}, none[] = {0};
  EXPECT_FAILS(tg_nn_conv2d(1, 4, kernel, 2, none, 0, NULL, 0, NULL, 0, 1, true, &out),
               TG_INVALID_ARGUMENT, "empty");
  EXPECT_FAILS(tg_nn_conv2d(1, 4, kernel, 2, NULL, 0, NULL, 0, NULL, 0, 0, true, &out),
               TG_INVALID_ARGUMENT, "groups");
  EXPECT_FAILS(tg_nn_conv2d(1, 4, NULL, 2, NULL, 0, NULL, 0, NULL, 0, 1, true, &out),
               TG_INVALID_ARGUMENT, "NULL");
  EXPECT_FAILS(tg_nn_dropout(1.5, &out), TG_INVALID_ARGUMENT, "[0, 1]");
  EXPECT_FAILS(tg_nn_layernorm(none, 1, 1e-5, true, &out), TG_INVALID_ARGUMENT, "positive");
  EXPECT_FAILS(tg_nn_embedding(10, -1, &out), TG_INVALID_ARGUMENT, "embed_size");
  EXPECT_FAILS(tg_nn_groupnorm(0, 4, 1e-5, true, &out), TG_INVALID_ARGUMENT, "num_groups");
  EXPECT_FAILS(tg_optim_adamw(params, 0, 1e-3, 0.9, 0.999, 1e-8, 0, &opt), TG_INVALID_ARGUMENT,
               "needs parameters");
  EXPECT_FAILS(tg_optim_lamb(params, 2, -1, 0.9, 0.999, 1e-6, 0, &opt), TG_ERROR,
               "invalid learning rate");
  EXPECT(tg_optim_lamb(params, 2, 1e-3, 0.9, 0.999, 1e-6, 0, &opt) == TG_OK);
  EXPECT_FAILS(tg_optimizer_set_lr(opt, NAN), TG_INVALID_ARGUMENT, "invalid learning rate");
  EXPECT_FAILS(tg_optimizer_trace_step(opt, NULL), TG_INVALID_ARGUMENT, "trace handle is NULL");
  tg_optimizer_release(opt);

  /* A conv layer from C computes what the tensor op does. */
  EXPECT(tg_nn_conv2d(1, 2, kernel, 2, NULL, 0, NULL, 0, NULL, 0, 1, false, &out) == TG_OK);
  float image[16];
  for (int i = 0; i < 16; ++i)
    image[i] = (float)i;
  int64_t nchw[] = {1, 1, 4, 4};
  tg_tensor x = NULL, y = NULL;
  EXPECT(tg_tensor_from_data(image, sizeof image, TG_DTYPE_FLOAT32, nchw, 4, &x) == TG_OK);
  EXPECT(tg_module_forward(out, x, &y) == TG_OK);
  int64_t shape[4];
  EXPECT(tg_tensor_get_shape(y, shape, 4) == TG_OK && shape[1] == 2 && shape[2] == 2 &&
         shape[3] == 2);
  tg_tensor_release(x);
  tg_tensor_release(y);
  tg_module_release(out);
  tg_tensor_release(params[0]);
  tg_tensor_release(params[1]);
}

int main(void) {
  char directory[] = "/tmp/tg-capi-training-XXXXXX";
  if (!mkdtemp(directory))
    return 1;
  char path[256];
  snprintf(path, sizeof path, "%s/model.safetensors", directory);
  EXPECT(tg_manual_seed(42) == TG_OK);
  linearRegressionLearns();
  stateSurvivesAFile(path);
  batchnormTrains();
  noGradDetaches();
  cacheClears();
  aotExports(directory);
  handleMisuse();
  char command[512];
  snprintf(command, sizeof command, "rm -rf '%s'", directory);
  if (system(command) != 0)
    fprintf(stderr, "could not remove %s\n", directory);
  if (failures)
    fprintf(stderr, "capi training: %d checks failed\n", failures);
  else
    printf("capi training: every check passed\n");
  return failures != 0;
}
