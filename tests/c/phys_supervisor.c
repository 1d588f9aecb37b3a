/* The supervisor's physics calls in a world without gravity (tests/physics.rs): a 2 kg ball of radius
 * 0.1 m takes the momentum a force, a force at an offset and a torque give in one 10 ms step, keeps a
 * set velocity, stops on reset; a kinematic Solid given a velocity glides; misuse gets Webots' messages. */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

#define STEP 10

static const double *velocity(WbNodeRef n) {
  return wb_supervisor_node_get_velocity(n);
}

int main(void) {
  wb_robot_init();
  const WbNodeRef ball = wb_supervisor_node_get_from_def("BALL");
  const WbNodeRef block = wb_supervisor_node_get_from_def("BLOCK");
  const WbNodeRef pose = wb_supervisor_node_get_from_def("POSE");
  CHECK(ball && block && pose, "nodes");
  const double m = 2.0, r = 0.1, dt = STEP / 1000.0;
  const double inertia = 0.4 * m * r * r;

  CHECK_VEC(velocity(ball), 6, 0, 0, 0, 0, 0, 0);
  /* a 4 N push along x for one step: Δv = F dt / m, and only one step */
  const double push[3] = {4, 0, 0};
  wb_supervisor_node_add_force(ball, push, false);
  wb_robot_step(STEP);
  CHECK_VEC(velocity(ball), 6, 4 * dt / m, 0, 0, 0, 0, 0);
  wb_robot_step(STEP);
  CHECK_VEC(velocity(ball), 6, 4 * dt / m, 0, 0, 0, 0, 0);

  /* 2 N along y at 0.1 m along x (the ball's frame): Δv_y = F dt / m, Δω_z = (r × F) dt / I */
  wb_supervisor_simulation_reset_physics();
  CHECK_VEC(velocity(ball), 6, 0, 0, 0, 0, 0, 0);
  const double side[3] = {0, 2, 0}, offset[3] = {0.1, 0, 0};
  wb_supervisor_node_add_force_with_offset(ball, side, offset, false);
  wb_robot_step(STEP);
  const double *v = velocity(ball);
  CHECK_NEAR(v[1], 2 * dt / m, 1e-12);
  CHECK_NEAR(v[5], 0.1 * 2 * dt / inertia, 1e-12);

  /* a torque about z: Δω_z = τ dt / I */
  wb_supervisor_node_reset_physics(ball);
  const double twist[3] = {0, 0, 0.05};
  wb_supervisor_node_add_torque(ball, twist, false);
  wb_robot_step(STEP);
  CHECK_NEAR(velocity(ball)[5], 0.05 * dt / inertia, 1e-12);

  /* a set velocity is kept (no gravity, no damping) and moves the ball v t */
  wb_supervisor_node_reset_physics(ball);
  const double *p0 = wb_supervisor_node_get_position(ball);
  const double y0 = p0[1];
  const double go[6] = {0, 1, 0, 0, 0, 0};
  wb_supervisor_node_set_velocity(ball, go);
  CHECK_VEC(velocity(ball), 6, 0, 1, 0, 0, 0, 0);
  for (int k = 0; k < 100; ++k)
    wb_robot_step(STEP);
  CHECK_NEAR(wb_supervisor_node_get_position(ball)[1], y0 + 1.0, 1e-9);
  const double *com = wb_supervisor_node_get_center_of_mass(ball);
  const double *at = wb_supervisor_node_get_position(ball);
  CHECK_VEC(com, 3, at[0], at[1], at[2]);

  /* a Solid without physics given a velocity glides: v t, and reports that velocity */
  const double x0 = wb_supervisor_node_get_position(block)[0];
  const double slide[6] = {0.5, 0, 0, 0, 0, 0};
  wb_supervisor_node_set_velocity(block, slide);
  for (int k = 0; k < 10; ++k)
    wb_robot_step(STEP);
  CHECK_NEAR(wb_supervisor_node_get_position(block)[0], x0 + 0.5 * 10 * dt, 1e-9);
  CHECK_VEC(velocity(block), 6, 0.5, 0, 0, 0, 0, 0);
  wb_supervisor_node_reset_physics(block);
  wb_robot_step(STEP);
  const double stopped = wb_supervisor_node_get_position(block)[0];
  wb_robot_step(STEP);
  CHECK_DOUBLE(wb_supervisor_node_get_position(block)[0], stopped);
  /* its centre of mass is its position (it has no mass) */
  const double *bc = wb_supervisor_node_get_center_of_mass(block);
  CHECK_NEAR(bc[0], stopped, 1e-12);

  /* misuse: the library's checks */
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_velocity"), CHECK_ALL_NAN(velocity(NULL), 6));
  EXPECT_STDERR("Error: wb_supervisor_node_set_velocity() called with NULL or invalid 'node' argument.\n",
                wb_supervisor_node_set_velocity(NULL, go));
  EXPECT_STDERR("Error: wb_supervisor_node_set_velocity() called with NULL argument.\n",
                wb_supervisor_node_set_velocity(ball, NULL));
  const double bad[3] = {NAN, 0, 0};
  EXPECT_STDERR("Error: wb_supervisor_node_add_force() called with a NaN value.\n",
                wb_supervisor_node_add_force(ball, bad, false));
  EXPECT_STDERR("Error: wb_supervisor_node_add_torque() called with a NaN value.\n",
                wb_supervisor_node_add_torque(ball, bad, true));
  EXPECT_STDERR("Error: wb_supervisor_node_add_force_with_offset() called with a NaN value.\n",
                wb_supervisor_node_add_force_with_offset(ball, push, bad, false));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_reset_physics"), wb_supervisor_node_reset_physics(NULL));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_center_of_mass"),
                CHECK_ALL_NAN(wb_supervisor_node_get_center_of_mass(NULL), 3));
  /* not a Solid: Webots' warnings, NaN */
  EXPECT_STDERR("Warning: wb_supervisor_node_get_velocity() can exclusively be used with a Solid\n",
                CHECK_ALL_NAN(velocity(pose), 6));
  EXPECT_STDERR("Warning: wb_supervisor_node_get_center_of_mass() can exclusively be used with Solid\n",
                CHECK_ALL_NAN(wb_supervisor_node_get_center_of_mass(pose), 3));
  /* the world refuses these (its warnings are the runner's, checked by the test) */
  wb_supervisor_node_add_force(block, push, false);
  wb_supervisor_node_add_torque(pose, twist, false);
  wb_supervisor_node_set_velocity(pose, go);
  wb_robot_step(STEP);
  printf("physics supervisor checks passed\n");
  wb_robot_cleanup();
  return 0;
}
