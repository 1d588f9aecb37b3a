/* A supervisor sets a SliderJoint, a Hinge2Joint's second axis and a BallJoint's second and third axes
 * with wb_supervisor_node_set_joint_position; distance sensors see where the endPoints went. Prints
 * the readings before and after; the test compares them with the geometry. */
#include <stdio.h>
#include <webots/distance_sensor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#define STEP 32

static const char *NAMES[] = {"slider sensor", "hinge2 sensor", "ball3 sensor", "ball2 sensor"};
static WbDeviceTag sensors[4];

static void print(const char *key) {
  printf("%s", key);
  for (int i = 0; i < 4; i++)
    printf(" %.3f", wb_distance_sensor_get_value(sensors[i]));
  printf("\n");
  fflush(stdout);
}

int main(void) {
  wb_robot_init();
  for (int i = 0; i < 4; i++) {
    sensors[i] = wb_robot_get_device(NAMES[i]);
    wb_distance_sensor_enable(sensors[i], STEP);
  }
  for (int i = 0; i < 15; i++)
    wb_robot_step(STEP);
  print("before");
  WbNodeRef slider = wb_supervisor_node_get_from_def("SLIDER");
  wb_supervisor_node_set_joint_position(slider, 0.6, 1);
  wb_supervisor_node_set_joint_position(wb_supervisor_node_get_from_def("HINGE2"), 0.6, 2);
  wb_supervisor_node_set_joint_position(wb_supervisor_node_get_from_def("BALL3"), 0.6, 3);
  wb_supervisor_node_set_joint_position(wb_supervisor_node_get_from_def("BALL2"), 0.6, 2);
  wb_robot_step(STEP);
  print("after");
  for (int i = 0; i < 10; i++)
    wb_robot_step(STEP);
  print("later");
  /* refused indices leave the slider where it is */
  wb_supervisor_node_set_joint_position(slider, 0.0, 2);
  wb_supervisor_node_set_joint_position(slider, 0.0, 0);
  wb_supervisor_node_set_joint_position(slider, 0.0, -1);
  wb_robot_step(STEP);
  print("refused");
  wb_supervisor_node_set_joint_position(slider, 0.0, 1);
  wb_robot_step(STEP);
  print("reset");
  wb_robot_cleanup();
  return 0;
}
