/* Tiny assertion helpers for the C test controllers: a failed check prints where and why on stderr
 * and exits with status 3, which the Rust side reports. */
#ifndef SHIM_TEST_CHECK_H
#define SHIM_TEST_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond, ...)                                           \
  do {                                                             \
    if (!(cond)) {                                                 \
      fprintf(stderr, "CHECK FAILED %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                                \
      fputc('\n', stderr);                                         \
      exit(3);                                                     \
    }                                                              \
  } while (0)

#define CHECK_INT(actual, expected) \
  CHECK((actual) == (expected), "%s is %d, expected %d", #actual, (int)(actual), (int)(expected))
#define CHECK_DOUBLE(actual, expected) \
  CHECK(fabs((actual) - (expected)) < 1e-9, "%s is %.17g, expected %.17g", #actual, (double)(actual), (double)(expected))
#define CHECK_STR(actual, expected)                                                                         \
  do {                                                                                                      \
    const char *a_ = (actual);                                                                              \
    CHECK(a_ && strcmp(a_, (expected)) == 0, "%s is \"%s\", expected \"%s\"", #actual, a_ ? a_ : "(null)", \
          (expected));                                                                                      \
  } while (0)

#ifdef __cplusplus
#include <string>
/* CHECK_STR for a std::string (C++ controllers), kept alive while it is compared */
#define CHECK_STRING(actual, expected) \
  do {                                 \
    const std::string s_ = (actual);   \
    CHECK_STR(s_.c_str(), (expected)); \
  } while (0)
#endif

/* Each of the n doubles at v within tol of the listed values. */
#define CHECK_VEC_TOL(v, n, tol, ...)                                                                   \
  do {                                                                                                \
    const double e_[] = {__VA_ARGS__};                                                                \
    const double *v_ = (v);                                                                           \
    CHECK(v_ != NULL, "%s is NULL", #v);                                                              \
    for (int i_ = 0; i_ < (n); ++i_)                                                                  \
      CHECK(fabs(v_[i_] - e_[i_]) < (tol), "%s[%d] is %.17g, expected %.17g", #v, i_, v_[i_], e_[i_]); \
  } while (0)

#endif
