// The robot basics through the Java API: what the robot knows of itself, every device as its class
// (a Radio, which has no Java class, as a plain Device), the constants, step's time, and the end of a
// run: step() returns -1 at --until, and the next step ends the process (status 0). Prints one line
// per fact; tests/java.rs checks them against the world file.
import com.cyberbotics.webots.controller.AnsiCodes;
import com.cyberbotics.webots.controller.Device;
import com.cyberbotics.webots.controller.Emitter;
import com.cyberbotics.webots.controller.Node;
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class JavaRobot {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    System.out.println("name: " + robot.getName() + " | model: " + robot.getModel() + " | data: " + robot.getCustomData());
    System.out.println("args: " + String.join(",", args));
    System.out.println(String.format(Locale.ROOT, "basic time step: %.1f | supervisor: %b | synchronization: %b",
                                     robot.getBasicTimeStep(), robot.getSupervisor(), robot.getSynchronization()));
    final int count = robot.getNumberOfDevices();
    for (int i = 0; i < count; i++) {
      final Device device = robot.getDeviceByIndex(i);
      System.out.println("device " + i + ": " + device.getName() + " is a " + device.getClass().getSimpleName()
                         + " (node type " + device.getNodeType() + ", tag " + device.getTag() + ")");
    }
    Check.that(robot.getDeviceByIndex(count) == null && robot.getDeviceByIndex(-1) == null, "devices out of range");
    Check.that(robot.getDevice("nope") == null, "no such device");
    Check.that(robot.getDevice("em") == robot.getDeviceByIndex(0), "one object per device");
    Check.that(robot.getEmitter("rx") == null && robot.getReceiver("rx") != null, "typed lookups");
    Check.ints(Emitter.CHANNEL_BROADCAST, -1);
    Check.ints(Node.ROBOT, 34);
    Check.strings(AnsiCodes.RED_FOREGROUND, "\u001b[31m");
    Check.that(robot.getKeyboard() != null && robot.getKeyboard().getKey() == -1, "a keyboard without keys");
    Check.that(robot.getMouse() != null && robot.getJoystick() != null && !robot.getJoystick().isConnected(),
               "user input devices");

    robot.setCustomData("changed");
    Check.strings(robot.getCustomData(), "changed");
    final int step = (int) Math.round(robot.getBasicTimeStep());
    int steps = 0;
    while (robot.step(step) != -1)
      steps++;
    System.out.println(String.format(Locale.ROOT, "step returned -1 after %d steps at t=%.3f", steps, robot.getTime()));
    robot.step(step);
    System.out.println("not reached: the step after -1 ends the controller");
  }
}
