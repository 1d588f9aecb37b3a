/* Webots' center_of_mass_and_contact_points sequence in its own NUE layout (tests/contact_points_webots_layout.rs
 * gives the world and the expectations): after one step, the root's children are counted and the seventh
 * ("robot 1") is looked at: its centre of mass, its contact points counted by the old and the
 * tracked API (its own, then with its descendants, their nodes first and last), the Slot box's points, the
 * static balance; then the node is tracked, removed, and asked again. Prints what it reads, one fact a line. */
#include <stdio.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#define STEP 32

int main(void) {
  wb_robot_init();
  wb_robot_step(STEP);
  const WbNodeRef root = wb_supervisor_node_get_root();
  const WbFieldRef children = wb_supervisor_node_get_field(root, "children");
  printf("children type %s count %d\n", wb_supervisor_field_get_type(children) == WB_MF_NODE ? "MF_NODE" : "other",
         wb_supervisor_field_get_count(children));
  const WbNodeRef node = wb_supervisor_field_get_mf_node(children, 6);
  const WbNodeRef secondary = wb_supervisor_node_get_from_def("SECONDARY_SOLID");
  const WbNodeRef slot_box = wb_supervisor_node_get_from_def("SLOT_SOLID");
  const WbFieldRef name = wb_supervisor_node_get_field(node, "name");
  printf("node 6 %s secondary %s slot box %s\n", name ? wb_supervisor_field_get_sf_string(name) : "-",
         secondary ? "found" : "missing",
         slot_box ? "found" : "missing");
  const double *com = wb_supervisor_node_get_center_of_mass(node);
  const double *at = wb_supervisor_node_get_position(node);
  printf("com %.9f %.9f %.9f at %.9f %.9f %.9f\n", com[0], com[1], com[2], at[0], at[1], at[2]);

  printf("own old %d\n", wb_supervisor_node_get_number_of_contact_points(node, false));
  int n = -1;
  wb_supervisor_node_enable_contact_points_tracking(node, STEP, false);
  const WbContactPoint *p = wb_supervisor_node_get_contact_points(node, false, &n);
  printf("own tracked %d\n", n);
  for (int i = 0; i < n; ++i)
    printf("point %.6f %.6f %.6f %s\n", p[i].point[0], p[i].point[1], p[i].point[2],
           wb_supervisor_node_get_from_id(p[i].node_id) == node ? "node" : "other");
  wb_supervisor_node_disable_contact_points_tracking(node);

  const int all = wb_supervisor_node_get_number_of_contact_points(node, true);
  printf("all old %d first %s last %s\n", all, wb_supervisor_node_get_contact_point_node(node, 0) == node ? "node" : "other",
         wb_supervisor_node_get_contact_point_node(node, all - 1) == secondary ? "secondary" : "other");
  wb_supervisor_node_enable_contact_points_tracking(node, STEP, true);
  p = wb_supervisor_node_get_contact_points(node, true, &n);
  printf("all tracked %d first %s last %s\n", n, wb_supervisor_node_get_from_id(p[0].node_id) == node ? "node" : "other",
         wb_supervisor_node_get_from_id(p[n - 1].node_id) == secondary ? "secondary" : "other");
  wb_supervisor_node_disable_contact_points_tracking(node);

  wb_supervisor_node_get_contact_points(slot_box, false, &n);
  printf("slot box %d\n", n);
  printf("static balance %s\n", wb_supervisor_node_get_static_balance(node) ? "stable" : "unstable");

  /* a tracked node removed: later calls on it must neither crash nor answer */
  wb_robot_step(STEP);
  wb_supervisor_node_enable_contact_points_tracking(node, STEP, false);
  wb_robot_step(2 * STEP);
  wb_supervisor_node_remove(node);
  wb_robot_step(2 * STEP);
  n = -1;
  p = wb_supervisor_node_get_contact_points(node, false, &n);
  printf("removed %d %s\n", n, p ? "points" : "null");
  wb_supervisor_node_disable_pose_tracking(node, NULL);
  printf("count after removal %d\n", wb_supervisor_field_get_count(children));
  printf("done\n");
  wb_robot_cleanup();
  return 0;
}
