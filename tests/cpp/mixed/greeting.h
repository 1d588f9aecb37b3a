#ifndef GREETING_H
#define GREETING_H
#ifdef __cplusplus
extern "C" {
#endif
const char *greeting(void);
#ifdef __cplusplus
}
#endif
#endif
