// Supervisor, Node, Field and Compass through the Java API, the twin of tests/cpp/cpp_supervisor (same
// world): nodes and fields are the same objects however they are reached, reads match the world file,
// writes move robots (the supervisor's own compass turns with it), and simulationQuit ends the run.
import com.cyberbotics.webots.controller.Compass;
import com.cyberbotics.webots.controller.Field;
import com.cyberbotics.webots.controller.Node;
import com.cyberbotics.webots.controller.Supervisor;
import java.util.Locale;

public class JavaSupervisor {
  private static void checkVector(double[] actual, double x, double y, double z, String what) {
    Check.that(actual != null && actual.length == 3, what + " is not a vector");
    Check.that(Math.abs(actual[0] - x) < 1e-6 && Math.abs(actual[1] - y) < 1e-6 && Math.abs(actual[2] - z) < 1e-6,
               what + " is " + java.util.Arrays.toString(actual));
  }

  public static void main(String[] args) {
    final Supervisor supervisor = new Supervisor();
    Check.that(supervisor.getSupervisor(), "the robot is a supervisor");

    // nodes: one object per node, whichever way it is reached
    final Node self = supervisor.getSelf();
    Check.that(self != null && self == supervisor.getSelf() && self == supervisor.getFromDef("BOSS"), "self");
    Check.that(supervisor.getFromId(self.getId()) == self, "getFromId");
    Check.ints(self.getType(), Node.ROBOT);
    Check.strings(self.getTypeName(), "Robot");
    Check.strings(self.getBaseTypeName(), "Robot");
    Check.strings(self.getDef(), "BOSS");
    Check.that(!self.isProto(), "not a PROTO");
    final Node root = supervisor.getRoot();
    Check.that(root != null && self.getParentNode() == root, "the root is the parent of top-level nodes");
    final Field children = root.getField("children");
    Check.that(children != null && children == root.getField("children"), "one Field object per field");
    Check.ints(children.getType(), Field.MF_NODE);
    Check.strings(children.getTypeName(), "MFNode");
    Check.ints(children.getCount(), 4);
    Check.that(children.getMFNode(1) == self, "children[1] is BOSS");
    final Node box = supervisor.getFromDef("BOX");
    Check.that(box != null && children.getMFNode(-1) == box, "children[-1] is BOX");
    Check.ints(box.getType(), Node.SOLID);
    Check.that(supervisor.getFromDef("NOBODY") == null, "unknown DEF");
    Check.that(supervisor.getFromDef("BOX.INSIDE") != null && supervisor.getFromDef("BOX.INSIDE").getType() == Node.SHAPE,
               "dotted DEF path");

    // a device's node, and its fields
    final Compass compass = (Compass) supervisor.getDevice("compass");
    Check.that(compass != null, "compass");
    final Node compassNode = supervisor.getFromDevice(compass);
    Check.that(compassNode != null && compassNode == supervisor.getFromDeviceTag(compass.getTag()), "device node");
    Check.ints(compassNode.getType(), Node.COMPASS);
    Check.that(compassNode.getParentNode() == self, "the compass sits in BOSS");
    Check.strings(compassNode.getField("name").getSFString(), "compass");
    Check.that(self.getField("nope") == null, "unknown field");
    Check.that(self.getNumberOfFields() > 0 && self.getFieldByIndex(0) != null, "fields by index");

    // compass: NaN before its first sample, north (+y in ENU) once sampled
    Check.ints(compass.getSamplingPeriod(), 0);
    compass.enable(32);
    Check.ints(compass.getSamplingPeriod(), 32);
    Check.ints(compass.getLookupTableSize(), 0);
    Check.that(Double.isNaN(compass.getValues()[0]), "no sample yet");
    Check.ints(supervisor.step(32), 0);
    checkVector(compass.getValues(), 0, 1, 0, "north, facing +x");

    // the mover, read from the world file
    final Node mover = supervisor.getFromDef("MOVER");
    Check.that(mover != null && children.getMFNode(2) == mover, "MOVER");
    checkVector(mover.getPosition(), 1, 2, 0, "mover position");
    final double[] r = mover.getOrientation();
    Check.ints(r.length, 9);
    Check.that(Math.abs(r[0]) < 1e-6 && Math.abs(r[1] + 1) < 1e-6 && Math.abs(r[3] - 1) < 1e-6 && Math.abs(r[8] - 1) < 1e-6,
               "mover turned a quarter turn about z");
    double[] pose = mover.getPose();
    Check.ints(pose.length, 16);
    Check.that(Math.abs(pose[3] - 1) < 1e-9 && Math.abs(pose[7] - 2) < 1e-9 && pose[15] == 1, "pose");
    pose = mover.getPose(self);
    Check.that(Math.abs(pose[3] - 1) < 1e-9 && Math.abs(pose[7] - 2) < 1e-9, "pose from BOSS (at the origin)");
    final Field translation = mover.getField("translation");
    Check.ints(translation.getType(), Field.SF_VEC3F);
    Check.strings(translation.getName(), "translation");
    Check.ints(translation.getCount(), -1);
    checkVector(translation.getSFVec3f(), 1, 2, 0, "translation field");

    // writes take effect with the next step
    translation.setSFVec3f(new double[] {3, 4, 0});
    self.getField("rotation").setSFRotation(new double[] {0, 0, 1, Math.PI / 2});
    Check.ints(supervisor.step(32), 0);
    checkVector(mover.getPosition(), 3, 4, 0, "moved mover");
    checkVector(translation.getSFVec3f(), 3, 4, 0, "moved translation field");
    checkVector(compass.getValues(), 1, 0, 0, "north, facing +y");
    Check.ints(self.getField("rotation").getSFRotation().length, 4);

    // a short vector is an exception, not a read past its end
    try {
      translation.setSFVec3f(new double[] {1, 2});
      Check.that(false, "a 2-value translation was taken");
    } catch (IndexOutOfBoundsException e) {
      Check.strings(e.getMessage(), "the array must hold 3 values");
    }

    // MF fields: inserts and removals at once, item writes with the next step
    final Field controllerArgs = self.getField("controllerArgs");
    Check.ints(controllerArgs.getType(), Field.MF_STRING);
    Check.ints(controllerArgs.getCount(), 2);
    Check.strings(controllerArgs.getMFString(1), "two");
    controllerArgs.insertMFString(0, "zero");
    Check.ints(controllerArgs.getCount(), 3);
    Check.strings(controllerArgs.getMFString(0), "zero");
    controllerArgs.removeMF(0);
    Check.ints(controllerArgs.getCount(), 2);
    controllerArgs.setMFString(1, "deux");
    final Field custom = self.getField("customData");
    custom.setSFString("written by Java");
    Check.ints(supervisor.step(32), 0);
    Check.strings(controllerArgs.getMFString(1), "deux");
    Check.strings(custom.getSFString(), "written by Java");
    Check.strings(args[0] + " " + args[1], "one two");

    supervisor.simulationSetMode(Supervisor.SIMULATION_MODE_FAST);
    Check.ints(supervisor.simulationGetMode(), Supervisor.SIMULATION_MODE_FAST);

    System.out.println(String.format(Locale.ROOT, "JavaSupervisor: all checks passed at t=%.3f", supervisor.getTime()));
    supervisor.simulationQuit(7);
    Check.ints(supervisor.step(32), -1);
    System.out.println("the run is over");
    supervisor.delete();
  }
}
