/*
 * Webots' robot_multiple_step world (tests/api) rebuilt directly on ODE with the settings Webots steps its
 * world with (dWorldStep, ERP 0.2, CFM 1e-5, contacts with the friction pyramid, mu 1, soft ERP 0.2 / soft
 * CFM 0.001, bounce 0.5 above 0.01 m/s, at most 10 contacts per pair, 32 ms steps), in its NUE axes (y up):
 * a 1 kg box robot (5 cm, its bounding box 4 mm under its origin) set 0.5 mm above a floor, with a force
 * TouchSensor (a 5 mm ball of density 1000 on a fixed joint, read as Webots reads the joint's feedback);
 * after 3 steps a supervisor moves it to (-0.05, 0.0295, 0.1), turned a quarter about y, which leaves the
 * sensor's ball 7 mm deep in a fixed 10 x 10 x 5 cm box. Not built by the project: it needs ODE (Debian:
 * libode-dev).
 *
 *   gcc -O2 -Wall -Wextra -o robot_multiple_step robot_multiple_step.c -lode -lm && ./robot_multiple_step
 *
 * Prints, after each step from the move on: the robot's GPS, its compass (north, +x, in the robot's
 * frame), the sensor's reading (default lookup table: 10 per newton), and how deep the ball still is.
 * Environment: AT_REST (start at the moved pose, at rest, at time 0), BOUNCE.
 */
#include <math.h>
#include <stdio.h>

#include "webots_ode.h"

static dWorldID world;
static dJointGroupID contacts;
static struct webots_surface surface;

static void near_callback(void *data, dGeomID a, dGeomID b) {
  (void)data;
  /* only a body against the floor or the fixed box: the robot's two bodies never meet */
  if ((dGeomGetBody(a) != 0) != (dGeomGetBody(b) != 0))
    webots_contacts(world, contacts, a, b, &surface);
}

static void rotate(const dReal *r, const double *v, double *out) {
  for (int i = 0; i < 3; i++)
    out[i] = r[4 * i] * v[0] + r[4 * i + 1] * v[1] + r[4 * i + 2] * v[2];
}

/* places the robot's origin at `at` turned `r`, its centre of mass 4 mm under the origin, the sensor with it */
static void place(dBodyID robot, dBodyID sensor, const dReal *sensor_turn, const double *at, const dReal *r) {
  const double com[3] = {0, -0.004, 0}, ball[3] = {0.067, 0, 0.01};
  double w[3];
  rotate(r, com, w);
  dBodySetPosition(robot, at[0] + w[0], at[1] + w[1], at[2] + w[2]);
  dBodySetRotation(robot, r);
  rotate(r, ball, w);
  dBodySetPosition(sensor, at[0] + w[0], at[1] + w[1], at[2] + w[2]);
  dMatrix3 turned;
  dMultiply0(turned, r, sensor_turn, 3, 3, 3);
  dBodySetRotation(sensor, turned);
}

int main(void) {
  surface = webots_default_surface();
  surface.bounce = reference_env("BOUNCE", surface.bounce);
  dInitODE2(0);
  const double up[3] = {0, 1, 0};
  world = webots_world(up, 1e-5);
  dSpaceID space = dSimpleSpaceCreate(0);
  contacts = dJointGroupCreate(0);
  dCreatePlane(space, 0, 1, 0, 0);
  dGeomID obstacle = dCreateBox(space, 0.1, 0.1, 0.05);
  dGeomSetPosition(obstacle, -0.05, 0.05, 0.01);

  dMass m;
  dBodyID robot = dBodyCreate(world);
  dMassSetBoxTotal(&m, 1.0, 0.05, 0.05, 0.05);
  dBodySetMass(robot, &m);
  dGeomID box = dCreateBox(space, 0.05, 0.05, 0.05);
  dGeomSetBody(box, robot);
  dBodyID sensor = dBodyCreate(world);
  dMassSetSphere(&m, 1000, 0.005);
  dBodySetMass(sensor, &m);
  dGeomID ball = dCreateSphere(space, 0.005);
  dGeomSetBody(ball, sensor);
  dMatrix3 sensor_turn, upright, quarter;
  dRFromAxisAndAngle(sensor_turn, 0.5773509358560258, 0.577349935856137, 0.577349935856137, -2.094395307179586);
  dRSetIdentity(upright);
  dRFromAxisAndAngle(quarter, 0, 1, 0, 1.5708);
  const double start[3] = {0.1, 0.0295, 0.1}, moved[3] = {-0.05, 0.0295, 0.1};
  const int at_rest = getenv("AT_REST") != NULL;
  place(robot, sensor, sensor_turn, at_rest ? moved : start, at_rest ? quarter : upright);

  /* Webots attaches the parent first: the feedback's f1 is the force on the robot */
  dJointID weld = dJointCreateFixed(world, 0);
  dJointAttach(weld, robot, sensor);
  dJointSetFixed(weld);
  dJointFeedback feedback;
  dJointSetFeedback(weld, &feedback);

  const double h = 0.032;
  for (int k = 1; k <= 15; k++) {
    if (k == 4 && !at_rest) {
      place(robot, sensor, sensor_turn, moved, quarter); /* velocities kept, as a supervisor's move */
      dJointSetFixed(weld);
    }
    webots_step(world, space, contacts, near_callback, h, 1, 0);
    const dReal *p = dBodyGetPosition(robot), *r = dBodyGetRotation(robot), *s = dBodyGetRotation(sensor);
    const double com[3] = {0, 0.004, 0};
    double w[3];
    rotate(r, com, w);
    /* the sensor's x axis against the force on the robot: a push along -x reads */
    const double along = s[0] * feedback.f1[0] + s[4] * feedback.f1[1] + s[8] * feedback.f1[2];
    const double depth = 0.035 - (dBodyGetPosition(sensor)[2] - 0.005);
    printf("t=%.3f gps %.6f %.6f %.6f compass %.6f %.6f %.6f touch %.3f ball in box %.4f\n", k * h, p[0] + w[0],
           p[1] + w[1], p[2] + w[2], r[0], r[1], r[2], along < 0 ? -10 * along : 0.0, depth > 0 ? depth : 0.0);
  }
  return 0;
}
