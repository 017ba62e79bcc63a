/*===- test_kernels.h - what the test kernels and the tests share ---------===*/
#ifndef TGRT_TEST_KERNELS_H
#define TGRT_TEST_KERNELS_H

/* Elements of the float32 vectors the vector kernels work on. */
#define TEST_VECTOR_SIZE 1000
/* worker_census keeps TEST_CENSUS_FIELDS int64 per worker, for this many. */
#define TEST_MAX_WORKERS 64
#define TEST_CENSUS_FIELDS 3 /* calls, num_workers, thread id */
/* The scratch scratch_address allocates: past glibc's mmap threshold. */
#define TEST_SCRATCH_BYTES (40 << 20)

#endif /* TGRT_TEST_KERNELS_H */
