// A Java controller that throws after one step: the exception ends it with status 1, its stack trace in
// the run's report.
import com.cyberbotics.webots.controller.Robot;

public class JavaCrash {
  private static void fail(int value) {
    throw new IllegalStateException("the controller failed on purpose with " + value);
  }

  public static void main(String[] args) {
    final Robot robot = new Robot();
    robot.step(32);
    System.out.println("stepped once");
    fail(42);
  }
}
