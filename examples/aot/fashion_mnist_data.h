/*===- fashion_mnist_data.h - Fashion-MNIST for the C examples ------------===*
 *
 * What classify.c and train.c share, and with them the C++ exporter
 * (export.cpp), which must train on the same batches as train.c: reading
 * the gzip'd idx files of Debian's dataset-fashion-mnist (through `gzip -dc`,
 * so the programs link nothing but their objects), and the shuffle of each
 * epoch. Plain C99 that also compiles as C++.
 *
 *===----------------------------------------------------------------------===*/
#ifndef FASHION_MNIST_DATA_H
#define FASHION_MNIST_DATA_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FASHION_MNIST_DIRECTORY "/usr/share/datasets/fashion-mnist"
#define FASHION_MNIST_PIXELS 784

/* The items of `directory`/`name`, an idx file of `count` items of `size`
 * bytes each; NULL (with a message on stderr) when it cannot be read. */
static inline unsigned char *fashion_mnist_read(const char *directory, const char *name,
                                                size_t count, size_t size) {
  char command[4096];
  snprintf(command, sizeof command, "gzip -dc '%s/%s'", directory, name);
  FILE *pipe = popen(command, "r");
  unsigned char magic[4];
  if (!pipe || fread(magic, 1, 4, pipe) != 4) {
    fprintf(stderr, "cannot read %s/%s (Debian's dataset-fashion-mnist has it)\n", directory,
            name);
    if (pipe)
      pclose(pipe);
    return NULL;
  }
  unsigned char dims[4 * 3];
  size_t rank = magic[3];
  unsigned char *items = (unsigned char *)malloc(count * size);
  int ok = rank <= 3 && fread(dims, 4, rank, pipe) == rank && items &&
           fread(items, size, count, pipe) == count;
  pclose(pipe);
  if (!ok) {
    fprintf(stderr, "%s/%s is not an idx file of %zu items\n", directory, name, count);
    free(items);
    return NULL;
  }
  return items;
}

/* A permutation of 0..n-1, from Fisher-Yates over xorshift64*: the same
 * order in C and C++ for the same state. */
static inline void fashion_mnist_shuffle(int64_t *order, int64_t n, uint64_t *state) {
  for (int64_t i = 0; i < n; ++i)
    order[i] = i;
  for (int64_t i = n - 1; i > 0; --i) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    uint64_t random = *state * 0x2545F4914F6CDD1DULL;
    int64_t j = (int64_t)(random % (uint64_t)(i + 1));
    int64_t swap = order[i];
    order[i] = order[j];
    order[j] = swap;
  }
}

#endif /* FASHION_MNIST_DATA_H */
