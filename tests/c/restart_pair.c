/* Restarts a plain robot's and a PROTO robot's controllers while their sliders move (Webots'
 * supervisor_restart_controller world; tests/supervisor_restart_proto.rs) and prints where each cart is. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static double cart_x(const char *robot) {
  WbNodeRef node = wb_supervisor_node_get_from_def(robot);
  WbNodeRef cart = wb_supervisor_node_get_from_def("PLAIN_CART");
  if (wb_supervisor_node_get_proto(node))
    cart = wb_supervisor_node_get_from_proto_def(node, "CART");
  return wb_supervisor_node_get_position(cart)[0];
}

int main(void) {
  wb_robot_init();
  wb_robot_step(64);
  wb_robot_step(640);
  const double plain = cart_x("PLAIN"), proto = cart_x("PROTO_BOT");
  printf("before the restarts at %.3f: plain %s, proto %s\n", wb_robot_get_time(), plain > 0.2 ? "moved" : "still",
         proto > 0.2 ? "moved" : "still");
  wb_supervisor_node_restart_controller(wb_supervisor_node_get_from_def("PLAIN"));
  wb_supervisor_node_restart_controller(wb_supervisor_node_get_from_def("PROTO_BOT"));
  wb_robot_step(128);
  wb_robot_step(256);
  printf("after the restarts at %.3f: plain %s, proto %s\n", wb_robot_get_time(),
         cart_x("PLAIN") > plain + 0.05 ? "went on" : "stopped", cart_x("PROTO_BOT") > proto + 0.05 ? "went on" : "stopped");
  wb_robot_cleanup();
  return 0;
}
