// Compass through the Java API, the twin of tests/cpp/cpp_compass: a robot turned 0.5 rad about z
// carries a compass whose lookup table scales by 100, so north (+y in ENU) reads 100 (sin 0.5, cos 0.5, 0);
// reading while disabled prints Webots' message.
import com.cyberbotics.webots.controller.Compass;
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class JavaCompass {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    final Compass compass = robot.getCompass("heading");
    Check.that(compass != null && compass == robot.getDevice("heading"), "compass");
    Check.that(robot.getCompass("radio") == null, "an emitter is no compass");

    Check.ints(compass.getLookupTableSize(), 2);
    final double[] table = compass.getLookupTable();
    final double[] expected = {-1, -100, 0, 1, 100, 0};
    Check.ints(table.length, 6);
    for (int i = 0; i < 6; i++)
      Check.doubles(table[i], expected[i]);

    double[] values = compass.getValues(); // disabled: Webots' message, NaN
    Check.that(values.length == 3 && Double.isNaN(values[0]) && Double.isNaN(values[1]) && Double.isNaN(values[2]),
               "NaN before sampling");
    compass.enable(32);
    Check.ints(compass.getSamplingPeriod(), 32);
    Check.ints(robot.step(32), 0);
    values = compass.getValues();
    Check.that(Math.abs(values[0] - 100 * Math.sin(0.5)) < 1e-9 && Math.abs(values[1] - 100 * Math.cos(0.5)) < 1e-9
                 && Math.abs(values[2]) < 1e-9,
               "values " + java.util.Arrays.toString(values));
    compass.disable();
    Check.ints(compass.getSamplingPeriod(), 0);

    System.out.println(String.format(Locale.ROOT, "JavaCompass: north at (%.3f, %.3f, %.3f)", values[0], values[1], values[2]));
    robot.delete();
  }
}
