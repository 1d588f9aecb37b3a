/* Webots' inertial unit API test, reproduced: a supervisor robot sets its own rotation, steps once,
 * and reads roll, pitch and yaw. argv[1] = "NUE" (Webots' world: yaw about y, pitch about z) or "ENU"
 * (roll about x, pitch about y, yaw about z: Webots' turns with y and z swapped give the same angles). */
#include <webots/inertial_unit.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32
#define N 7

int main(int argc, char **argv) {
  const int nue = argc > 1 && strcmp(argv[1], "NUE") == 0;
  wb_robot_init();
  wb_robot_step(TIME_STEP);
  WbFieldRef rotation = wb_supervisor_node_get_field(wb_supervisor_node_get_self(), "rotation");
  WbDeviceTag unit = wb_robot_get_device("inertial unit");
  CHECK(rotation != NULL && unit != 0, "no rotation or no unit");
  wb_inertial_unit_enable(unit, TIME_STEP);
  /* the world's noise field, as written */
  CHECK(fabs(wb_inertial_unit_get_noise(unit) - 0.000005) < 1e-12, "noise %g", wb_inertial_unit_get_noise(unit));

  double rotations[N][4] = {{0, 1, 0, 0},       {0, 1, 0, -1.5708}, {0, 1, 0, 1.5708}, {1, 0, 0, 1.5708},
                            {1, 0, 0, -1.5708}, {0, 0, 1, 0.7854},  {0, 0, 1, -0.7854}};
  /* Webots' expected values */
  const double rpy_expected[N][3] = {{0, 0, 0},       {0, 0, -1.5708}, {0, 0, 1.5708},  {1.5708, 0, 0},
                                     {-1.5708, 0, 0}, {0, 0.7854, 0},  {0, -0.7854, 0}};
  for (int i = 0; i < N; i++) {
    if (!nue) {
      const double y = rotations[i][1];
      rotations[i][1] = rotations[i][2];
      rotations[i][2] = y;
    }
    wb_supervisor_field_set_sf_rotation(rotation, rotations[i]);
    wb_robot_step(TIME_STEP);
    const double *rpy = wb_inertial_unit_get_roll_pitch_yaw(unit);
    const double *expected = rpy_expected[i];
    for (int k = 0; k < 3; k++)
      CHECK(fabs(rpy[k] - expected[k]) < 1e-4, "rotation %d: rpy = {%f, %f, %f}, expected {%f, %f, %f}", i, rpy[0],
            rpy[1], rpy[2], expected[0], expected[1], expected[2]);
  }
  printf("inertial unit test passed\n");
  wb_robot_cleanup();
  return 0;
}
