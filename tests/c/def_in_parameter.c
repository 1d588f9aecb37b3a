/* A node with a DEF name given as a PROTO parameter (Webots' supervisor_get_from_def scenario):
 * get_from_def finds it, apart from the instance, and it sits where the instance is, before and after
 * the instance falls; a DEF inside the PROTO body is found only through get_from_proto_def
 * (tests/supervisor_scene.rs). */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

static void where(const char *when, WbNodeRef a, WbNodeRef b) {
  const double *p = wb_supervisor_node_get_position(a), *q = wb_supervisor_node_get_position(b);
  printf("%s: parameter at %.4f %.4f %.4f, instance at %.4f %.4f %.4f\n", when, p[0], p[1], p[2], q[0], q[1], q[2]);
}

int main(void) {
  wb_robot_init();
  WbNodeRef instance = wb_supervisor_node_get_from_def("INSTANCE");
  WbNodeRef parameter = wb_supervisor_node_get_from_def("GIVEN");
  printf("instance %s, parameter %s, distinct %s\n", instance ? "found" : "NULL", parameter ? "found" : "NULL",
         instance != parameter ? "yes" : "no");
  printf("inner by def %s, by proto def %s\n", wb_supervisor_node_get_from_def("INNER") ? "found" : "NULL",
         wb_supervisor_node_get_from_proto_def(instance, "INNER") ? "found" : "NULL");
  where("start", parameter, instance);
  for (int i = 0; i < 10; ++i)
    wb_robot_step(32);
  where("after 10 steps", parameter, instance);
  wb_robot_cleanup();
  return 0;
}
