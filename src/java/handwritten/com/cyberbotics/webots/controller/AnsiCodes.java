// webots-shim: the ANSI escape codes of utils/ansi_codes.h for Java controllers (no C++ class to
// generate them from).
package com.cyberbotics.webots.controller;

public class AnsiCodes {
  public static final String RESET = "\u001b[0m";
  public static final String BOLD = "\u001b[1m";
  public static final String UNDERLINE = "\u001b[4m";
  public static final String BLACK_BACKGROUND = "\u001b[40m";
  public static final String RED_BACKGROUND = "\u001b[41m";
  public static final String GREEN_BACKGROUND = "\u001b[42m";
  public static final String YELLOW_BACKGROUND = "\u001b[43m";
  public static final String BLUE_BACKGROUND = "\u001b[44m";
  public static final String MAGENTA_BACKGROUND = "\u001b[45m";
  public static final String CYAN_BACKGROUND = "\u001b[46m";
  public static final String WHITE_BACKGROUND = "\u001b[47m";
  public static final String BLACK_FOREGROUND = "\u001b[30m";
  public static final String RED_FOREGROUND = "\u001b[31m";
  public static final String GREEN_FOREGROUND = "\u001b[32m";
  public static final String YELLOW_FOREGROUND = "\u001b[33m";
  public static final String BLUE_FOREGROUND = "\u001b[34m";
  public static final String MAGENTA_FOREGROUND = "\u001b[35m";
  public static final String CYAN_FOREGROUND = "\u001b[36m";
  public static final String WHITE_FOREGROUND = "\u001b[37m";
  public static final String CLEAR_SCREEN = "\u001b[2J";
}
