"""`AnsiCodes` (utils/ansi_codes.h): the escape sequences that colour and style console text."""


class AnsiCodes:
    RESET = '\x1b[0m'
    BOLD = '\x1b[1m'
    UNDERLINE = '\x1b[4m'
    BLACK_BACKGROUND = '\x1b[40m'
    RED_BACKGROUND = '\x1b[41m'
    GREEN_BACKGROUND = '\x1b[42m'
    YELLOW_BACKGROUND = '\x1b[43m'
    BLUE_BACKGROUND = '\x1b[44m'
    MAGENTA_BACKGROUND = '\x1b[45m'
    CYAN_BACKGROUND = '\x1b[46m'
    WHITE_BACKGROUND = '\x1b[47m'
    BLACK_FOREGROUND = '\x1b[30m'
    RED_FOREGROUND = '\x1b[31m'
    GREEN_FOREGROUND = '\x1b[32m'
    YELLOW_FOREGROUND = '\x1b[33m'
    BLUE_FOREGROUND = '\x1b[34m'
    MAGENTA_FOREGROUND = '\x1b[35m'
    CYAN_FOREGROUND = '\x1b[36m'
    WHITE_FOREGROUND = '\x1b[37m'
    CLEAR_SCREEN = '\x1b[2J'
