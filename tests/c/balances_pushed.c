/* Nine balances on hinges pushed by a supervisor (forces with and without offset, torques, global and
 * relative, on a balance or on a Solid merged into it); position sensors read their angles. */
#include <stdio.h>
#include <webots/position_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#define STEP 32
#define N 9

static WbDeviceTag ps[N];
static WbNodeRef node[N];

static void print(const char *key) {
  printf("%s", key);
  for (int i = 0; i < N; i++)
    printf(" %.4f", wb_position_sensor_get_value(ps[i]));
  printf("\n");
  /* the hinges are 0.05 m above the robot's centre */
  printf("%s_hinge_height %.5f\n", key, wb_supervisor_node_get_position(wb_supervisor_node_get_self())[2] + 0.05);
  fflush(stdout);
}

int main(void) {
  wb_robot_init();
  char name[32];
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "BALANCE_%d", i);
    node[i] = wb_supervisor_node_get_from_def(name);
    snprintf(name, sizeof name, "ps%d", i);
    ps[i] = wb_robot_get_device(name);
    wb_position_sensor_enable(ps[i], STEP);
  }
  for (int i = 0; i < 20; i++)
    wb_robot_step(STEP);
  print("before");
  const double up[3] = {0, 0, 0.1}, down[3] = {0, 0, -0.1}, along_x[3] = {0.1, 0, 0};
  const double torque_x[3] = {0.1, 0, 0}, torque_z[3] = {0, 0, 0.1}, torque_minus_x[3] = {-0.1, 0, 0};
  const double ahead[3] = {0, 0.15, 0}, behind[3] = {0, -0.15, 0}, centre[3] = {0, 0, 0};
  for (int i = 0; i < 200; i++) {
    wb_robot_step(STEP);
    wb_supervisor_node_add_force_with_offset(node[0], up, ahead, false);
    wb_supervisor_node_add_force_with_offset(node[1], up, behind, false);
    wb_supervisor_node_add_force_with_offset(node[2], up, centre, false);
    wb_supervisor_node_add_torque(node[3], torque_x, false);
    wb_supervisor_node_add_force(node[4], up, false);
    wb_supervisor_node_add_force_with_offset(node[5], up, ahead, false);
    wb_supervisor_node_add_torque(node[6], torque_x, true);
    wb_supervisor_node_add_torque(node[7], torque_z, true);
    wb_supervisor_node_add_force(node[8], along_x, true);
  }
  print("pushed");
  for (int i = 0; i < 200; i++)
    wb_robot_step(STEP);
  for (int i = 0; i < 200; i++) {
    wb_robot_step(STEP);
    wb_supervisor_node_add_force_with_offset(node[0], down, ahead, false);
    wb_supervisor_node_add_torque(node[3], torque_minus_x, false);
    wb_supervisor_node_add_force(node[4], down, false);
  }
  print("back");
  wb_robot_cleanup();
  return 0;
}
