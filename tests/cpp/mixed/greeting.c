/* The C half of the mixed controller: plain C, no Webots API. */
#include "greeting.h"

const char *greeting(void) {
  return "hello from C";
}
