/* Reads a whole file the test controllers wrote (exported images, saved worlds): a failed open or
 * read is a failed check (check.h). */
#ifndef SHIM_TEST_FILE_BYTES_H
#define SHIM_TEST_FILE_BYTES_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"

/* The bytes of file `name` in a new buffer (*data, to free), and their number. */
static long file_bytes(const char *name, unsigned char **data) {
  FILE *f = fopen(name, "rb");
  CHECK(f, "%s written", name);
  fseek(f, 0L, SEEK_END);
  const long size = ftell(f);
  fseek(f, 0L, SEEK_SET);
  *data = malloc(size > 0 ? size : 1);
  CHECK(fread(*data, 1, size, f) == (size_t)size, "%s read", name);
  fclose(f);
  return size;
}

#endif
