/* Fault injection for the resume test: preloaded, it kills the process
 * (SIGKILL, as a power cut or the OOM killer would) at the Nth rename(),
 * N = TG_KILL_AT_RENAME: safe_save has then written and synced its
 * temporary file but not yet put it in place. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>

int rename(const char *from, const char *to) {
  static int calls = 0;
  const char *at = getenv("TG_KILL_AT_RENAME");
  if (at && ++calls == atoi(at))
    raise(SIGKILL);
  int (*real)(const char *, const char *) =
      (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
  return real(from, to);
}
