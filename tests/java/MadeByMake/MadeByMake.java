// A Java controller built by its Webots Makefile (resources/Makefile.include) against the home.
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class MadeByMake {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    robot.step(32);
    System.out.println(String.format(Locale.ROOT, "MadeByMake: %s at t=%.3f", robot.getName(), robot.getTime()));
    robot.delete();
  }
}
