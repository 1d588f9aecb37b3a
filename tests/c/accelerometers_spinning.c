/* Eight accelerometers on a disc a motor spins at half a turn per second (Webots' accelerometer world;
 * tests/accelerometer_spinning.rs): prints each one's name and values after 5 steps of 32 ms. */
#include <stdio.h>
#include <webots/accelerometer.h>
#include <webots/motor.h>
#include <webots/robot.h>

#define STEP 32

int main(void) {
  static const char *names[] = {"center",        "tX",        "tY",        "tZ",
                                "center offset", "tX offset", "tY offset", "tZ offset"};
  enum { COUNT = sizeof(names) / sizeof(names[0]) };
  WbDeviceTag tags[COUNT];
  wb_robot_init();
  for (int i = 0; i < COUNT; ++i) {
    tags[i] = wb_robot_get_device(names[i]);
    wb_accelerometer_enable(tags[i], STEP);
  }
  const WbDeviceTag motor = wb_robot_get_device("motor");
  wb_motor_set_position(motor, INFINITY);
  wb_motor_set_velocity(motor, 3.14159265);
  wb_robot_step(5 * STEP);
  for (int i = 0; i < COUNT; ++i) {
    const double *v = wb_accelerometer_get_values(tags[i]);
    printf("%s: %.4f %.4f %.4f\n", names[i], v[0], v[1], v[2]);
  }
  wb_robot_cleanup();
  return 0;
}
