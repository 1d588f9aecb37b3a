// Motor, PositionSensor, Brake and LED through the Java API, the twin of tests/cpp/cpp_motor: the devices
// of one joint axis find each other as the robot's own objects, a kinematic hinge reaches its target in
// position control, a slider is LINEAR, an LED returns what was set, a bad value gets the C API's message.
import com.cyberbotics.webots.controller.Brake;
import com.cyberbotics.webots.controller.LED;
import com.cyberbotics.webots.controller.Motor;
import com.cyberbotics.webots.controller.PositionSensor;
import com.cyberbotics.webots.controller.Robot;
import java.util.Locale;

public class JavaMotor {
  public static void main(String[] args) {
    final Robot robot = new Robot();
    final int step = (int) Math.round(robot.getBasicTimeStep());
    final Motor motor = (Motor) robot.getDevice("hinge motor");
    Check.that(motor != null && motor == robot.getMotor("hinge motor"), "motor");
    Check.that(robot.getMotor("hinge sensor") == null, "a position sensor is no motor");
    final PositionSensor sensor = motor.getPositionSensor();
    final Brake brake = motor.getBrake();
    Check.that(sensor != null && sensor == robot.getDevice("hinge sensor"), "sensor");
    Check.that(brake != null && brake == robot.getDevice("hinge brake"), "brake");
    Check.that(sensor.getMotor() == motor && sensor.getBrake() == brake, "the sensor's siblings");
    Check.that(brake.getMotor() == motor && brake.getPositionSensor() == sensor, "the brake's siblings");
    Check.ints(motor.getType(), Motor.ROTATIONAL);
    Check.ints(sensor.getType(), PositionSensor.ROTATIONAL);
    Check.ints(brake.getType(), Brake.ROTATIONAL);
    final Motor slider = robot.getMotor("slider motor");
    Check.that(slider != null && slider.getType() == Motor.LINEAR, "linear motor");
    Check.that(slider.getPositionSensor() == null && slider.getBrake() == null, "nothing beside the slider's motor");
    Check.doubles(motor.getMaxTorque(), 10.0);
    Check.doubles(motor.getMaxVelocity(), 2.0);

    sensor.enable(step);
    brake.setDampingConstant(0.5);
    motor.setVelocity(1.0);
    motor.setPosition(0.3);
    Check.doubles(motor.getTargetPosition(), 0.3);
    Check.doubles(motor.getVelocity(), 1.0);
    motor.setVelocity(-1.0); // refused in position control, with the C API's message
    Check.doubles(motor.getVelocity(), 1.0);
    for (int i = 0; i < 20; i++)
      robot.step(step);
    Check.that(Math.abs(sensor.getValue() - 0.3) < 1e-12, "the hinge at " + sensor.getValue());

    final LED led = (LED) robot.getDevice("lamp");
    Check.that(led != null && led.get() == 0, "LED");
    led.set(1);
    Check.ints(led.get(), 1);
    robot.step(step);

    System.out.println(String.format(Locale.ROOT, "JavaMotor: hinge at %.3f", sensor.getValue()));
    robot.delete();
  }
}
