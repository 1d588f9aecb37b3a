// Connector through the Java API, the twin of tests/cpp/cpp_connector: "plug" faces the other robot's
// connector 5 mm away (present), "far" has nobody in reach, "socket" is passive; locking is a latch
// the controller sees at once.
import com.cyberbotics.webots.controller.Connector;
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class JavaConnector {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    final Connector plug = robot.getConnector("plug");
    final Connector far = robot.getConnector("far");
    final Connector socket = (Connector) robot.getDevice("socket");
    Check.that(plug != null && far != null && socket != null, "three connectors");
    Check.that(plug == robot.getDevice("plug"), "one object per device");

    Check.ints(plug.getPresenceSamplingPeriod(), 0);
    plug.enablePresence(32);
    far.enablePresence(32);
    socket.enablePresence(32);
    Check.ints(plug.getPresenceSamplingPeriod(), 32);
    Check.ints(robot.step(32), 0);
    Check.ints(plug.getPresence(), 1);
    Check.ints(far.getPresence(), 0);
    Check.ints(socket.getPresence(), -1);

    Check.that(!plug.isLocked(), "unlocked at first");
    plug.lock();
    Check.that(plug.isLocked(), "locked at once");
    Check.ints(robot.step(32), 0);
    Check.that(plug.isLocked(), "still locked");
    Check.ints(plug.getPresence(), 1);
    plug.unlock();
    Check.that(!plug.isLocked(), "unlocked at once");
    Check.ints(robot.step(32), 0);
    Check.that(!plug.isLocked(), "still unlocked");

    plug.disablePresence();
    Check.ints(plug.getPresenceSamplingPeriod(), 0);
    System.out.println(String.format(Locale.ROOT, "JavaConnector: all checks passed at t=%.3f", robot.getTime()));
    robot.delete();
  }
}
