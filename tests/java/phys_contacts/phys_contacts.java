// tests/c/phys_contacts.c through the Java API (tests/physics.rs): a 0.2 m box resting on a floor touches
// it at its bottom corners and stands, a light base carrying a heavy arm does not, contact tracking is
// switched on and off, and a pendulum's joint position set by the supervisor places its end point (and is
// clamped at its stop, with the world's warning on stderr, checked by the Rust side).
import com.cyberbotics.webots.controller.ContactPoint;
import com.cyberbotics.webots.controller.Field;
import com.cyberbotics.webots.controller.Node;
import com.cyberbotics.webots.controller.Supervisor;

public class phys_contacts {
  static final int STEP = 8;

  public static void main(String[] args) {
    final Supervisor sv = new Supervisor();
    final Node box = sv.getFromDef("BOX"), tippy = sv.getFromDef("TIPPY"), hinge = sv.getFromDef("HINGE");
    final Node params = sv.getFromDef("PARAMS"), bob = sv.getFromDef("BOB");
    Check.that(box != null && tippy != null && hinge != null && params != null && bob != null, "nodes");
    sv.step(STEP);

    // base 0.1 kg at x = 2, arm 10 kg at x = 2.5: the centre of mass is far beyond the base
    Check.that(!tippy.getStaticBalance(), "the tippy robot stands");
    Check.near(tippy.getCenterOfMass()[0], (0.1 * 2.0 + 10 * 2.5) / 10.1, 2e-3);

    box.enableContactPointsTracking(STEP, true);
    for (int k = 0; k < 60; ++k)
      sv.step(STEP);
    final ContactPoint[] points = box.getContactPoints(false);
    Check.that(points.length >= 3, points.length + " contact points on the resting box");
    final double x = box.getPosition()[0];
    for (ContactPoint p : points) {
      Check.near(p.getPoint()[2], 0, 2e-3);
      Check.near(Math.abs(p.getPoint()[0] - x), 0.1, 2e-3);
      Check.ints(p.getNodeId(), box.getId());
    }
    Check.that(box.getStaticBalance(), "the resting box stands");
    box.disableContactPointsTracking();

    // the bob hangs 1 m below the anchor at (0, 5, 2), turned 0.5 rad about y
    hinge.setJointPosition(0.5, 1);
    final Field position = params.getField("position");
    Check.near(position.getSFFloat(), 0.5, 1e-12);
    Check.near(bob.getPosition()[0], -Math.sin(0.5), 1e-9);
    Check.near(bob.getPosition()[2], 2 - Math.cos(0.5), 1e-9);
    sv.step(STEP);
    Check.near(position.getSFFloat(), 0.5, 5e-3);
    // beyond the stop at 1 rad: clamped
    hinge.setJointPosition(2.0, 1);
    Check.near(position.getSFFloat(), 1.0, 1e-12);
    System.out.println("contact checks passed");
  }
}
