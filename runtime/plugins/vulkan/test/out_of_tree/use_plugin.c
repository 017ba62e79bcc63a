/* Lists the backends through an installed libtgrt, then writes and reads
 * back a buffer on VULKAN: exits 0 when the plug-in came from
 * `expected_directory` and the bytes survived the round trip. */
#include <stdio.h>
#include <string.h>

#include "tgrt.h"

static int foundVulkan = 0;
static const char *expectedDirectory;

static void report(void *user, const char *backend, int32_t devices,
                   const char *detail) {
  (void)user;
  printf("%s: %d device(s): %s\n", backend, devices, detail);
  if (strcmp(backend, "VULKAN") == 0 && devices > 0 &&
      strstr(detail, expectedDirectory))
    foundVulkan = 1;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  expectedDirectory = argv[1];
  if (tgrt_list_backends(report, NULL) != TGRT_OK || !foundVulkan) {
    fprintf(stderr, "no VULKAN device from a plug-in in %s\n", argv[1]);
    return 1;
  }
  tgrt_device device;
  tgrt_buffer buffer;
  const char written[] = "out of tree";
  char read[sizeof written] = {0};
  if (tgrt_device_open("VULKAN", &device) != TGRT_OK ||
      tgrt_buffer_alloc(device, sizeof written, &buffer) != TGRT_OK ||
      tgrt_buffer_write(buffer, 0, written, sizeof written) != TGRT_OK ||
      tgrt_buffer_read(buffer, 0, read, sizeof read) != TGRT_OK) {
    fprintf(stderr, "%s\n", tgrt_last_error());
    return 1;
  }
  tgrt_buffer_release(buffer);
  tgrt_device_release(device);
  return memcmp(written, read, sizeof written) == 0 ? 0 : 1;
}
