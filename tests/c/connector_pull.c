/* A connector pulled apart (Webots' connector_detach scenario, where a physics plugin pulls): this
 * supervisor robot, latched to a passive connector, pulls itself away from it with a force growing by
 * 0.1 N per 32 ms step from the third step, up to 2.5 N. It prints the force and time at which its
 * presence drops to 0, and how far the two bodies moved apart by then; the Rust test checks them. */
#include <webots/connector.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"

#define TIME_STEP 32

static double gap(WbNodeRef a, WbNodeRef b) {
  return wb_supervisor_node_get_position(a)[0] - wb_supervisor_node_get_position(b)[0];
}

int main(void) {
  wb_robot_init();
  WbNodeRef self = wb_supervisor_node_get_self();
  WbNodeRef peer = wb_supervisor_node_get_from_def("PASSIVE");
  CHECK(peer != NULL, "no PASSIVE node");
  WbDeviceTag connector = wb_robot_get_device("connector");
  wb_connector_enable_presence(connector, TIME_STEP);
  wb_robot_step(TIME_STEP);
  const double start = gap(self, peer);
  CHECK_INT(wb_connector_get_presence(connector), 1);
  wb_connector_lock(connector);
  double force = 0.0;
  int step = 1;
  while (wb_robot_step(TIME_STEP) != -1 && wb_robot_get_time() < 1.5) {
    step++;
    if (wb_connector_get_presence(connector) == 0) {
      printf("apart %.3f %.2f %.6f\n", wb_robot_get_time(), force, gap(self, peer) - start);
      break;
    }
    if (step >= 3 && force < 2.5) {
      force += 0.1;
      const double pull[3] = {force, 0, 0};
      wb_supervisor_node_add_force(self, pull, false);
    }
  }
  /* the pull goes on: the two keep moving apart */
  for (int i = 0; i < 10; i++) {
    const double pull[3] = {force, 0, 0};
    wb_supervisor_node_add_force(self, pull, false);
    wb_robot_step(TIME_STEP);
  }
  printf("later %.6f %d\n", gap(self, peer) - start, wb_connector_get_presence(connector));
  wb_robot_cleanup();
  return 0;
}
