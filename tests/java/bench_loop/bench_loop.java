// Benchmark controller, the Java twin of tests/c/bench_loop.c: steps until the run ends, doing nothing
// ("idle") or reading its compass and sending a 16-byte packet every step ("compass"); prints its step
// count and the seconds its loop took (first step to the -1).
import com.cyberbotics.webots.controller.Compass;
import com.cyberbotics.webots.controller.Emitter;
import com.cyberbotics.webots.controller.Robot;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;

public class bench_loop {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    final int step = (int) robot.getBasicTimeStep();
    final boolean work = args.length > 0 && args[0].equals("compass");
    final Compass compass = (Compass) robot.getDevice("compass");
    final Emitter emitter = (Emitter) robot.getDevice("emitter");
    if (work)
      compass.enable(step);
    final ByteBuffer packet = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    long steps = 0;
    final long start = System.nanoTime();
    while (robot.step(step) != -1) {
      if (work) {
        final double[] north = compass.getValues();
        packet.clear();
        packet.putDouble(north[0]).putDouble(north[1]);
        emitter.send(packet.array());
      }
      steps++;
    }
    System.out.println(String.format(Locale.ROOT, "steps=%d seconds=%.6f", steps, (System.nanoTime() - start) * 1e-9));
  }
}
