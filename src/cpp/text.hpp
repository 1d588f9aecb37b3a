// Internal to libCppController: C strings from the C API as std::string.
#ifndef WEBOTS_SHIM_TEXT_HPP
#define WEBOTS_SHIM_TEXT_HPP

#include <string>

namespace webots_shim {
  // The C API answers NULL after an error (an unknown tag, say); the C++ API answers "" then.
  inline std::string text(const char *s) { return s ? std::string(s) : std::string(); }
}  // namespace webots_shim

#endif
