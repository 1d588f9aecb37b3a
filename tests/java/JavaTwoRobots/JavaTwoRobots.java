// One Robot per controller process: a second one stops the controller, as Webots' Java API does (its
// C++ layer prints the message and exits with status -1).
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class JavaTwoRobots {
  public static void main(String[] args) {
    final Robot first = new Robot();
    first.step(16);
    System.out.println(String.format(Locale.ROOT, "first robot stepped to t=%.3f", first.getTime()));
    final Robot second = new Robot();
    System.out.println("a second robot exists: " + second.getName());
  }
}
