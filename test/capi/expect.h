/* The checks of the C ABI's tests: EXPECT counts a failed condition and
 * says where, with the thread's last error; EXPECT_FAILS checks a call's
 * status and that its message contains a text. */
#ifndef TG_TEST_CAPI_EXPECT_H
#define TG_TEST_CAPI_EXPECT_H

#include "tg/tg.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond)                                                                          \
  do {                                                                                        \
    if (!(cond)) {                                                                            \
      fprintf(stderr, "%s:%d: failed: %s (last error: %s)\n", __FILE__, __LINE__, #cond,      \
              tg_last_error());                                                               \
      ++failures;                                                                             \
    }                                                                                         \
  } while (0)

#define EXPECT_FAILS(call, status, text)                                                      \
  do {                                                                                        \
    tg_status got = (call);                                                                   \
    EXPECT(got == (status));                                                                  \
    EXPECT(strstr(tg_last_error(), (text)) != NULL);                                          \
  } while (0)

#endif /* TG_TEST_CAPI_EXPECT_H */
