// Emitter through the Java API, the twin of tests/cpp/cpp_talker (same world, same lines): after the
// step returning at t ms it sends "hello 0" and a 92-byte packet at t=0 (one more byte is refused),
// on channel 4 at t=32, out of range at t=64, and "bye" at t=96 before deleting its Robot, whose
// cleanup delivers it. Packets carry a trailing NUL, as the C++ twin's strings do.
import com.cyberbotics.webots.controller.Emitter;
import com.cyberbotics.webots.controller.Robot;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

public class JavaTalker {
  // as C's %g prints the ranges used here: 5, 0.5
  private static String shortest(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }

  private static void sendText(Robot robot, Emitter em, String text, int expected) {
    final int result = em.send((text + "\0").getBytes(StandardCharsets.UTF_8));
    System.out.println(String.format(Locale.ROOT, "t=%d send \"%s\" on channel %d range %s -> %d",
                                     Math.round(robot.getTime() * 1000), text, em.getChannel(),
                                     shortest(em.getRange()), result));
    Check.ints(result, expected);
  }

  public static void main(String[] args) {
    final Robot robot = new Robot();
    final Emitter em = (Emitter) robot.getDevice("em");
    Check.that(em != null && em == robot.getEmitter("em"), "emitter em");
    Check.ints(em.getChannel(), 3);
    Check.doubles(em.getRange(), 5.0);
    Check.ints(em.getBufferSize(), 100);
    Check.ints(Emitter.CHANNEL_BROADCAST, -1);

    // misuses: Webots' messages (checked on the Rust side), nothing sent
    Check.ints(em.send(null), 0);
    Check.ints(em.send(new byte[0]), 0);
    Check.ints(em.send(new byte[101]), 0);

    sendText(robot, em, "hello 0", 1);
    final byte[] filler = new byte[92];
    Arrays.fill(filler, (byte) 'a');
    Check.ints(em.send(filler), 1);
    Check.ints(em.send(new byte[] {'b'}), 0); // 8 + 92 bytes queued: the buffer is full

    Check.ints(robot.step(32), 0);
    em.setChannel(4);
    Check.ints(em.getChannel(), 4);
    sendText(robot, em, "on channel 4", 1);

    Check.ints(robot.step(32), 0);
    em.setChannel(3);
    em.setRange(0.5);
    Check.doubles(em.getRange(), 0.5);
    sendText(robot, em, "too far", 1);

    Check.ints(robot.step(32), 0);
    em.setRange(5);
    em.setChannel(4);
    sendText(robot, em, "bye", 1);
    System.out.println(String.format(Locale.ROOT, "leaving at t=%.3f", robot.getTime()));
    robot.delete();
  }
}
