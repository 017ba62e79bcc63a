/* A plain C consumer of any object tg-compile writes, built with
 *   cc -DMODEL_HEADER='"model.h"' -DPREFIX=model -DUPREFIX=MODEL harness.c model.o \
 *      -lpthread
 *
 *   harness REFERENCE INPUT...  reads each input from its file, runs the
 *       model through <prefix>_run_tensors and compares every output, bit
 *       for bit, with REFERENCE, written by `tg-run --output` for the same
 *       inputs; prints one line per output.
 *   harness --errors            calls the model wrongly on purpose and
 *       prints each status and message, then once rightly.
 *   harness --write-inputs PATH writes PATH.0, PATH.1, ...: values for each
 *       input, pseudo-random and exact in its dtype, none of them 0 unless
 *       the dtype is bool (integer divisions by them are defined).
 *   harness --initial-values   prints each input's initial value, or that it
 *       has none (objects with the parameters as inputs: -DINITIAL_VALUES).
 *
 * For an object that reads its parameters from a file, -DWEIGHTS=path.
 *
 * Files hold one tensor per line, elements separated by spaces or commas,
 * as tg-run reads (--input=@file) and writes (--output) them. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include MODEL_HEADER

#define GLUE2(a, b) a##b
#define GLUE(a, b) GLUE2(a, b)
#define M(name) GLUE(PREFIX, name)
#define U(name) GLUE(UPREFIX, name)

#ifdef WEIGHTS
#define CREATE(context) M(_create)(context, WEIGHTS)
#else
#define CREATE(context) M(_create)(context)
#endif

typedef M(_context) context_t;
typedef M(_tensor) tensor_t;

static void die(const char *what) {
  fprintf(stderr, "harness: %s\n", what);
  exit(2);
}

static size_t element_size(int32_t dtype) {
  switch (dtype) {
  case 1: case 2: case 3: return 1;
  case 4: case 5: case 10: case 11: return 2;
  case 6: case 7: case 12: return 4;
  default: return 8;
  }
}

/* The bits of a float16 or bfloat16 that holds `value` exactly (as tg-run
 * writes them: every value it prints is one). */
static uint16_t narrow_bits(float value, int bfloat) {
  uint32_t x;
  memcpy(&x, &value, sizeof x);
  if (bfloat)
    return (uint16_t)(x >> 16);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  int exponent = (int)((x >> 23) & 0xff), half_exponent = exponent - 127 + 15;
  uint32_t mantissa = x & 0x7fffff;
  if (exponent == 0xff)
    return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  if (half_exponent >= 31)
    return sign | 0x7c00;
  if (half_exponent <= 0) /* a subnormal float16, or zero */
    return half_exponent < -10 ? sign
                               : (uint16_t)(sign | ((mantissa | 0x800000) >> (14 - half_exponent)));
  return (uint16_t)(sign | (half_exponent << 10) | (mantissa >> 13));
}

static float narrow_value(uint16_t bits, int bfloat) {
  uint32_t x;
  if (bfloat) {
    x = (uint32_t)bits << 16;
  } else {
    uint32_t sign = (uint32_t)(bits & 0x8000) << 16, exponent = (bits >> 10) & 0x1f,
             mantissa = bits & 0x3ff;
    if (exponent == 0x1f)
      x = sign | 0x7f800000 | (mantissa << 13);
    else if (exponent == 0) {
      float magnitude = (float)mantissa / 16777216.0f; /* m * 2^-24 */
      return sign ? -magnitude : magnitude;
    } else
      x = sign | ((exponent + 112) << 23) | (mantissa << 13);
  }
  float value;
  memcpy(&value, &x, sizeof value);
  return value;
}

/* Parses the `index`th line of `path` (0 for a one-tensor file) into `data`
 * as `count` elements of `dtype`. */
static void read_tensor(const char *path, size_t index, int32_t dtype, uint64_t count,
                        void *data) {
  FILE *file = fopen(path, "r");
  if (!file)
    die(path);
  char *line = NULL;
  size_t capacity = 0;
  for (size_t i = 0; i <= index; ++i)
    if (getline(&line, &capacity, file) < 0) {
      if (count == 0 && i == index)
        break; /* an empty tensor's line may be missing at the end */
      die("a file has fewer lines than tensors");
    }
  fclose(file);
  char *cursor = line;
  for (uint64_t e = 0; e < count; ++e) {
    char *token = strtok(e == 0 ? cursor : NULL, " ,\t\r\n");
    if (!token)
      die("a line has fewer elements than its tensor");
    char *p = (char *)data + e * element_size(dtype);
    switch (dtype) {
    case 1: *(uint8_t *)p = strcmp(token, "true") == 0 || strcmp(token, "1") == 0; break;
    case 2: *(int8_t *)p = (int8_t)strtoll(token, NULL, 10); break;
    case 3: *(uint8_t *)p = (uint8_t)strtoull(token, NULL, 10); break;
    case 4: *(int16_t *)p = (int16_t)strtoll(token, NULL, 10); break;
    case 5: *(uint16_t *)p = (uint16_t)strtoull(token, NULL, 10); break;
    case 6: *(int32_t *)p = (int32_t)strtoll(token, NULL, 10); break;
    case 7: *(uint32_t *)p = (uint32_t)strtoull(token, NULL, 10); break;
    case 8: *(int64_t *)p = strtoll(token, NULL, 10); break;
    case 9: *(uint64_t *)p = strtoull(token, NULL, 10); break;
    case 10: *(uint16_t *)p = narrow_bits(strtof(token, NULL), 0); break;
    case 11: *(uint16_t *)p = narrow_bits(strtof(token, NULL), 1); break;
    case 12: *(float *)p = strtof(token, NULL); break;
    default: *(double *)p = strtod(token, NULL); break;
    }
  }
  free(line);
}

/* Equal bits, or both NaN. */
static int same_element(int32_t dtype, const char *a, const char *b) {
  if ((dtype == 10 || dtype == 11) && isnan(narrow_value(*(const uint16_t *)a, dtype == 11)) &&
      isnan(narrow_value(*(const uint16_t *)b, dtype == 11)))
    return 1;
  if (dtype == 12 && isnan(*(const float *)a) && isnan(*(const float *)b))
    return 1;
  if (dtype == 13 && isnan(*(const double *)a) && isnan(*(const double *)b))
    return 1;
  return memcmp(a, b, element_size(dtype)) == 0;
}

static uint64_t elements(int32_t rank, const int64_t *shape) {
  uint64_t n = 1;
  for (int32_t k = 0; k < rank; ++k)
    n *= (uint64_t)shape[k];
  return n;
}

/* A tensor of the given rank, shape and dtype over `data`. */
static tensor_t describe(void *data, int32_t rank, const int64_t *shape, int32_t dtype) {
  tensor_t t;
  t.data = data;
  t.shape = shape;
  t.rank = rank;
  t.dtype = dtype;
  return t;
}

static void *allocate(uint64_t bytes) {
  void *p = calloc(1, bytes ? bytes : 1);
  if (!p)
    die("out of memory");
  return p;
}

static int run_and_compare(const char *reference, char **input_files, int num_input_files) {
  tensor_t inputs[U(_NUM_INPUTS) + 1], outputs[U(_NUM_OUTPUTS) + 1];
  if (num_input_files != U(_NUM_INPUTS))
    die("give one input file per input of the model");
  for (int i = 0; i < U(_NUM_INPUTS); ++i) {
    void *data = allocate(M(_input_bytes)[i]);
    read_tensor(input_files[i], 0, M(_input_dtypes)[i],
                elements(M(_input_ranks)[i], M(_input_shapes)[i]), data);
    inputs[i] = describe(data, M(_input_ranks)[i], M(_input_shapes)[i], M(_input_dtypes)[i]);
  }
  for (int i = 0; i < U(_NUM_OUTPUTS); ++i)
    outputs[i] = describe(allocate(M(_output_bytes)[i]), M(_output_ranks)[i],
                          M(_output_shapes)[i], M(_output_dtypes)[i]);
  context_t *context = NULL;
  int status = CREATE(&context);
  if (status == 0)
    status = M(_run_tensors)(context, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS));
  if (status != 0) {
    printf("status %d: %s\n", status, M(_last_error)());
    return 1;
  }
  int differ = 0;
  for (int i = 0; i < U(_NUM_OUTPUTS); ++i) {
    int32_t dtype = M(_output_dtypes)[i];
    uint64_t n = elements(M(_output_ranks)[i], M(_output_shapes)[i]);
    char *expected = allocate(M(_output_bytes)[i]);
    read_tensor(reference, (size_t)i, dtype, n, expected);
    uint64_t e = 0;
    while (e < n && same_element(dtype, (char *)outputs[i].data + e * element_size(dtype),
                                 expected + e * element_size(dtype)))
      ++e;
    if (e == n) {
      printf("output %d (%s): %llu elements, equal to tg-run's\n", i, M(_output_names)[i],
             (unsigned long long)n);
    } else {
      printf("output %d (%s): element %llu differs from tg-run's\n", i, M(_output_names)[i],
             (unsigned long long)e);
      differ = 1;
    }
    free(expected);
  }
  M(_destroy)(context);
  for (int i = 0; i < U(_NUM_INPUTS); ++i)
    free(inputs[i].data);
  for (int i = 0; i < U(_NUM_OUTPUTS); ++i)
    free(outputs[i].data);
  return differ;
}

static void report(const char *call, int status) {
  printf("%s: status %d", call, status);
  if (status)
    printf(": %s", M(_last_error)());
  printf("\n");
}

/* The first input's ways of being wrong, then a right call. */
static int call_wrongly(void) {
  tensor_t inputs[U(_NUM_INPUTS) + 1], outputs[U(_NUM_OUTPUTS) + 1];
  for (int i = 0; i < U(_NUM_INPUTS); ++i)
    inputs[i] = describe(allocate(M(_input_bytes)[i]), M(_input_ranks)[i],
                         M(_input_shapes)[i], M(_input_dtypes)[i]);
  for (int i = 0; i < U(_NUM_OUTPUTS); ++i)
    outputs[i] = describe(allocate(M(_output_bytes)[i]), M(_output_ranks)[i],
                          M(_output_shapes)[i], M(_output_dtypes)[i]);
  report("create(NULL)", CREATE(NULL));
  context_t *context = NULL;
  report("create", CREATE(&context));
  report("run_tensors(NULL context)",
         M(_run_tensors)(NULL, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));
  report("run_tensors(one input too many)",
         M(_run_tensors)(context, inputs, U(_NUM_INPUTS) + 1, outputs, U(_NUM_OUTPUTS)));
  report("run_tensors(NULL inputs)",
         M(_run_tensors)(context, NULL, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));

  tensor_t saved = inputs[0];
  int64_t shape[16];
  int32_t rank = saved.rank;
  memcpy(shape, saved.shape, sizeof(int64_t) * (size_t)rank);
  inputs[0].dtype = saved.dtype == U(_DTYPE_INT32) ? U(_DTYPE_FLOAT32) : U(_DTYPE_INT32);
  report("run_tensors(input 0 of another dtype)",
         M(_run_tensors)(context, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));
  inputs[0] = saved;
  inputs[0].rank = rank + 1;
  shape[rank] = 1;
  inputs[0].shape = shape;
  report("run_tensors(input 0 of another rank)",
         M(_run_tensors)(context, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));
  inputs[0].rank = rank;
  if (rank > 0) {
    shape[rank - 1] += 1;
    report("run_tensors(input 0 one longer)",
           M(_run_tensors)(context, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));
    shape[rank - 1] -= 1;
    inputs[0].shape = NULL;
    report("run_tensors(input 0 without a shape)",
           M(_run_tensors)(context, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));
  }
  inputs[0] = saved;
  inputs[0].data = NULL;
  report("run_tensors(input 0 without data)",
         M(_run_tensors)(context, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));
  inputs[0] = saved;
  void *output_pointers[U(_NUM_OUTPUTS) + 1], *input_pointers[U(_NUM_INPUTS) + 1];
  for (int i = 0; i < U(_NUM_INPUTS); ++i)
    input_pointers[i] = inputs[i].data;
  for (int i = 0; i < U(_NUM_OUTPUTS); ++i)
    output_pointers[i] = NULL;
  report("run_buffers(output 0 NULL)", M(_run_buffers)(context, input_pointers, output_pointers));
  report("run_tensors",
         M(_run_tensors)(context, inputs, U(_NUM_INPUTS), outputs, U(_NUM_OUTPUTS)));
  M(_destroy)(context);
  M(_destroy)(NULL);
  for (int i = 0; i < U(_NUM_INPUTS); ++i)
    free(inputs[i].data);
  for (int i = 0; i < U(_NUM_OUTPUTS); ++i)
    free(outputs[i].data);
  return 0;
}

/* One pseudo-random value of `dtype`, as text tg-run reads exactly. */
static void write_value(FILE *file, int32_t dtype, uint32_t random) {
  int magnitude = (int)(random % 8) + 1, negative = (random >> 3) & 1;
  float sixteenths = (float)((int)(random % 128) - 64) / 16.0f; /* [-4, 4) */
  switch (dtype) {
  case 1: fprintf(file, "%s", random & 1 ? "true" : "false"); break;
  case 3: case 5: case 7: case 9: fprintf(file, "%d", (int)(random % 16) + 1); break;
  case 10: case 11: case 12: case 13: fprintf(file, "%.9g", sixteenths); break;
  default: fprintf(file, "%d", negative ? -magnitude : magnitude); break;
  }
}

static int write_inputs(const char *path) {
  uint32_t state = 12345;
  for (int i = 0; i < U(_NUM_INPUTS); ++i) {
    char name[4096];
    snprintf(name, sizeof name, "%s.%d", path, i);
    FILE *file = fopen(name, "w");
    if (!file)
      die(name);
    uint64_t n = elements(M(_input_ranks)[i], M(_input_shapes)[i]);
    for (uint64_t e = 0; e < n; ++e) {
      state = state * 1664525u + 1013904223u;
      if (e)
        fputc(' ', file);
      write_value(file, M(_input_dtypes)[i], state >> 8);
    }
    fputc('\n', file);
    fclose(file);
  }
  return 0;
}

#ifdef INITIAL_VALUES
static int print_initial_values(void) {
  for (int i = 0; i < U(_NUM_INPUTS); ++i) {
    const void *value = M(_initial_value)(i);
    printf("input %d (%s):", i, M(_input_names)[i]);
    if (!value) {
      printf(" none\n");
      continue;
    }
    uint64_t n = elements(M(_input_ranks)[i], M(_input_shapes)[i]);
    for (uint64_t e = 0; e < n; ++e)
      printf(" %g", M(_input_dtypes)[i] == 12 ? ((const float *)value)[e] : -1.0);
    printf("\n");
  }
  printf("input %d: %s\n", U(_NUM_INPUTS), M(_initial_value)(U(_NUM_INPUTS)) ? "a value" : "none");
  return 0;
}
#endif

int main(int argc, char **argv) {
#ifdef INITIAL_VALUES
  if (argc == 2 && strcmp(argv[1], "--initial-values") == 0)
    return print_initial_values();
#endif
  if (argc == 3 && strcmp(argv[1], "--write-inputs") == 0)
    return write_inputs(argv[2]);
  if (argc == 2 && strcmp(argv[1], "--errors") == 0)
    return call_wrongly();
  if (argc < 2)
    die("usage: harness REFERENCE INPUT... | --errors | --write-inputs PATH");
  return run_and_compare(argv[1], argv + 2, argc - 2);
}
