// Tiny assertion helpers for the Java test controllers, as tests/c/check.h for C: a failed check prints
// where and why on stderr and exits with status 3, which the Rust side reports.
final class Check {
  private Check() {}

  private static void fail(String why) {
    final StackTraceElement at = new Throwable().getStackTrace()[2];
    System.err.println("CHECK FAILED " + at.getFileName() + ":" + at.getLineNumber() + ": " + why);
    System.exit(3);
  }

  static void that(boolean condition, String what) {
    if (!condition)
      fail(what);
  }

  static void ints(int actual, int expected) {
    if (actual != expected)
      fail("got " + actual + ", expected " + expected);
  }

  static void near(double actual, double expected, double tolerance) {
    if (!(Math.abs(actual - expected) < tolerance))
      fail(actual + ", expected " + expected);
  }

  static void doubles(double actual, double expected) {
    if (!(Math.abs(actual - expected) < 1e-9))
      fail("got " + actual + ", expected " + expected);
  }

  static void strings(String actual, String expected) {
    if (actual == null || !actual.equals(expected))
      fail("got \"" + actual + "\", expected \"" + expected + "\"");
  }
}
