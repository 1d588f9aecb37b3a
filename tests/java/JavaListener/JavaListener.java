// Receiver through the Java API, the twin of tests/cpp/cpp_listener: logs every packet with its time,
// bytes, signal strength and direction; listens to every channel from t=64 ms on and leaves after "bye".
import com.cyberbotics.webots.controller.Receiver;
import com.cyberbotics.webots.controller.Robot;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

public class JavaListener {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    final Receiver rx = (Receiver) robot.getDevice("rx");
    Check.that(rx != null, "receiver rx");
    Check.ints(rx.getSamplingPeriod(), 0);
    rx.enable(32);
    Check.ints(rx.getSamplingPeriod(), 32);
    Check.ints(rx.getChannel(), 3);
    Check.ints(rx.getQueueLength(), 0);
    boolean bye = false;
    while (!bye && robot.getTime() < 1.0 && robot.step(32) != -1) {
      final long ms = Math.round(robot.getTime() * 1000);
      while (rx.getQueueLength() > 0) {
        final byte[] data = rx.getData();
        Check.that(data != null && data.length == rx.getDataSize() && data.length > 0, "packet without data");
        int end = data.length;
        if (data[end - 1] == 0)
          for (end = 0; data[end] != 0; end++) {}
        final String text = new String(data, 0, end, StandardCharsets.UTF_8);
        final double[] dir = rx.getEmitterDirection();
        Check.ints(dir.length, 3);
        System.out.println(String.format(Locale.ROOT, "t=%d got %d bytes \"%s\" signal %.3f from (%.3f, %.3f, %.3f)", ms,
                                         data.length, text.length() > 12 ? text.substring(0, 12) + "..." : text,
                                         rx.getSignalStrength(), dir[0], dir[1], dir[2]));
        bye = text.equals("bye");
        rx.nextPacket();
      }
      if (ms == 64) {
        rx.setChannel(Receiver.CHANNEL_BROADCAST);
        Check.ints(rx.getChannel(), -1);
      }
    }
    System.out.println(String.format(Locale.ROOT, "%s at t=%.3f", bye ? "heard bye" : "no bye", robot.getTime()));
    robot.delete();
  }
}
