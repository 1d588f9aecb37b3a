// Prints what its launch gave it (runtime.ini's [java] OPTIONS as a system property, its arguments, the
// class path it was found on) and steps until the run ends.
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class JavaProps {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    System.out.println("greeting=" + System.getProperty("shim.greeting") + " args=" + String.join(",", args)
                       + " robot=" + robot.getName());
    int steps = 0;
    while (robot.step(32) != -1)
      steps++;
    System.out.println(String.format(Locale.ROOT, "-1 after %d steps at t=%.3f", steps, robot.getTime()));
  }
}
