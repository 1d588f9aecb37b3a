/* Helpers for the supervisor test controllers: exact stderr of one call (stderr is redirected to a
 * temporary file around the statement), and Webots' recurring messages. Include after defining
 * _POSIX_C_SOURCE (dup, dup2, fileno). */
#ifndef SHIM_TEST_SV_CHECK_H
#define SHIM_TEST_SV_CHECK_H

#include <unistd.h>
#include "check.h"

static char sv_captured[16384];
static int sv_saved_fd = -1;
static FILE *sv_capture_file;

static void sv_capture_begin(void) {
  fflush(stderr);
  sv_capture_file = tmpfile();
  CHECK(sv_capture_file != NULL, "tmpfile failed");
  sv_saved_fd = dup(2);
  CHECK(sv_saved_fd >= 0 && dup2(fileno(sv_capture_file), 2) == 2, "cannot redirect stderr");
}

static const char *sv_capture_end(void) {
  fflush(stderr);
  dup2(sv_saved_fd, 2);
  close(sv_saved_fd);
  rewind(sv_capture_file);
  size_t n = fread(sv_captured, 1, sizeof sv_captured - 1, sv_capture_file);
  sv_captured[n] = '\0';
  fclose(sv_capture_file);
  return sv_captured;
}

/* Runs `stmt` and checks that it printed exactly `expected` on stderr ("" = nothing). */
#define EXPECT_STDERR(expected, stmt) \
  do {                                \
    sv_capture_begin();               \
    stmt;                             \
    CHECK_STR(sv_capture_end(), expected); \
  } while (0)

#define CHECK_NEAR(actual, expected, tol) \
  CHECK(fabs((actual) - (expected)) < (tol), "%s is %.17g, expected %.17g", #actual, (double)(actual), \
        (double)(expected))
#define CHECK_VEC(v, n, ...) CHECK_VEC_TOL(v, n, 1e-9, __VA_ARGS__)
#define CHECK_ALL_NAN(v, n)                                               \
  do {                                                                    \
    const double *v_ = (v);                                               \
    CHECK(v_ != NULL, "%s is NULL", #v);                                  \
    for (int i_ = 0; i_ < (n); ++i_)                                      \
      CHECK(isnan(v_[i_]), "%s[%d] is %.17g, expected NaN", #v, i_, v_[i_]); \
  } while (0)

#define INVALID_NODE(f) "Error: " f "() called with a NULL or invalid 'node' argument.\n"
#define NULL_FIELD(f) "Error: " f "() called with NULL 'field' argument.\n"
#define INVALID_FIELD(f) "Error: " f "() called with invalid 'field' argument.\n"
#define WRONG_TYPE(f, t) "Error: " f "() called with wrong field type: " t ".\n"
#define OUT_OF_BOUND(f, i, lo, hi) \
  "Error: " f "() called with an out-of-bound index: " #i " (should be between " #lo " and " #hi ").\n"
#define ILLEGAL(f) \
  "Error: ignoring illegal call to " f "() in a 'Robot' controller.\n" \
  "Error: this function can only be used in a 'Supervisor' controller.\n"

#endif
