// tests/c/phys_supervisor.c through the Java API (tests/physics.rs), in a world without gravity: a 2 kg
// ball of radius 0.1 m takes the momentum a force, a force at an offset and a torque give in one 10 ms
// step, keeps a set velocity, stops on reset; a kinematic Solid given a velocity glides; a short vector
// is an exception, not a read past its end.
import com.cyberbotics.webots.controller.Node;
import com.cyberbotics.webots.controller.Supervisor;

public class phys_supervisor {
  static final int STEP = 10;

  static void vector(double[] actual, double... expected) {
    Check.that(actual != null && actual.length == expected.length, java.util.Arrays.toString(actual));
    for (int i = 0; i < expected.length; i++)
      Check.near(actual[i], expected[i], 1e-9);
  }

  static void allNan(double[] values, int count) {
    Check.ints(values.length, count);
    for (double v : values)
      Check.that(Double.isNaN(v), java.util.Arrays.toString(values));
  }

  public static void main(String[] args) {
    final Supervisor sv = new Supervisor();
    final Node ball = sv.getFromDef("BALL"), block = sv.getFromDef("BLOCK"), pose = sv.getFromDef("POSE");
    Check.that(ball != null && block != null && pose != null, "nodes");
    final double m = 2.0, r = 0.1, dt = STEP / 1000.0;
    final double inertia = 0.4 * m * r * r;

    vector(ball.getVelocity(), 0, 0, 0, 0, 0, 0);
    // a 4 N push along x for one step: dv = F dt / m, and only one step
    ball.addForce(new double[] {4, 0, 0}, false);
    sv.step(STEP);
    vector(ball.getVelocity(), 4 * dt / m, 0, 0, 0, 0, 0);
    sv.step(STEP);
    vector(ball.getVelocity(), 4 * dt / m, 0, 0, 0, 0, 0);

    // 2 N along y at 0.1 m along x: dv_y = F dt / m, dw_z = (r x F) dt / I
    sv.simulationResetPhysics();
    vector(ball.getVelocity(), 0, 0, 0, 0, 0, 0);
    ball.addForceWithOffset(new double[] {0, 2, 0}, new double[] {0.1, 0, 0}, false);
    sv.step(STEP);
    final double[] v = ball.getVelocity();
    Check.near(v[1], 2 * dt / m, 1e-12);
    Check.near(v[5], 0.1 * 2 * dt / inertia, 1e-12);

    // a torque about z: dw_z = tau dt / I
    ball.resetPhysics();
    ball.addTorque(new double[] {0, 0, 0.05}, false);
    sv.step(STEP);
    Check.near(ball.getVelocity()[5], 0.05 * dt / inertia, 1e-12);

    // a set velocity is kept (no gravity, no damping) and moves the ball v t
    ball.resetPhysics();
    final double y0 = ball.getPosition()[1];
    ball.setVelocity(new double[] {0, 1, 0, 0, 0, 0});
    vector(ball.getVelocity(), 0, 1, 0, 0, 0, 0);
    for (int i = 0; i < 100; i++)
      sv.step(STEP);
    Check.near(ball.getPosition()[1], y0 + 1.0, 1e-9);
    vector(ball.getCenterOfMass(), ball.getPosition());
    // nothing touches the ball in empty space
    Check.ints(ball.getNumberOfContactPoints(true), 0);
    Check.ints(ball.getContactPoints(true).length, 0);

    // a Solid without physics given a velocity glides: v t, and reports that velocity
    final double x0 = block.getPosition()[0];
    block.setVelocity(new double[] {0.5, 0, 0, 0, 0, 0});
    for (int i = 0; i < 10; i++)
      sv.step(STEP);
    Check.near(block.getPosition()[0], x0 + 0.5 * 10 * dt, 1e-9);
    vector(block.getVelocity(), 0.5, 0, 0, 0, 0, 0);
    block.resetPhysics();
    sv.step(STEP);
    final double stopped = block.getPosition()[0];
    sv.step(STEP);
    Check.that(block.getPosition()[0] == stopped, "the block stopped");
    Check.near(block.getCenterOfMass()[0], stopped, 1e-12);

    // misuse: the library's checks (messages on stderr), NaN for what is not a Solid
    ball.addForce(new double[] {Double.NaN, 0, 0}, false);
    ball.addTorque(new double[] {Double.NaN, 0, 0}, true);
    allNan(pose.getVelocity(), 6);
    allNan(pose.getCenterOfMass(), 3);
    // ... and Java's: a vector too short is an exception
    try {
      ball.addForce(new double[] {1, 2}, false);
      Check.that(false, "a 2-value force was taken");
    } catch (IndexOutOfBoundsException e) {
      System.out.println("IndexOutOfBoundsException: " + e.getMessage());
    }
    try {
      ball.setVelocity(new double[] {0, 1, 0, 0});
      Check.that(false, "a 4-value velocity was taken");
    } catch (IndexOutOfBoundsException e) {
      System.out.println("IndexOutOfBoundsException: " + e.getMessage());
    }
    // the world refuses these (its warnings are the runner's, checked by the test)
    block.addForce(new double[] {4, 0, 0}, false);
    pose.addTorque(new double[] {0, 0, 0.05}, false);
    pose.setVelocity(new double[] {0, 1, 0, 0, 0, 0});
    sv.step(STEP);
    System.out.println("physics supervisor checks passed");
  }
}
