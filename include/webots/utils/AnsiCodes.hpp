// webots-shim C++ API: the ANSI escape codes of utils/ansi_codes.h, for C++ controllers.
#ifndef ANSICODES_HPP
#define ANSICODES_HPP

#include "../../../c/webots/utils/ansi_codes.h"

#endif  // ANSICODES_HPP
