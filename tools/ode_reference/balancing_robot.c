/*
 * Webots' balancing robot (its position_sensor sample) rebuilt directly on ODE with the settings Webots
 * steps its world with, to see what Webots' engine does with it: dWorldStep (not QuickStep), world ERP 0.2
 * and CFM 1e-5, contacts with the friction pyramid (mu 1), soft ERP 0.2 / soft CFM 0.001, bounce 0.5 above
 * 0.01 m/s, at most 10 contacts per pair, no contacts between the robot's own parts; motors in velocity
 * control with ODE's motor row (10 N.m); the controller reads the pole hinge after each 16 ms step and sets
 * the wheels' rate for the next. Not built by the project: it needs ODE (Debian: libode-dev).
 *
 *   gcc -O2 -Wall -Wextra -o balancing_robot balancing_robot.c -lode -lm && ./balancing_robot 30
 *
 * Environment: YAW (heading, rad, default 1), TILT (initial pole tilt, rad), KICK (initial pole rate,
 * rad/s), SUB (ODE steps per 16 ms), QUICK (use QuickStep with that many iterations), SOFTCFM, SOFTERP, MU,
 * BOUNCE, NOPOLE (a 0.1 g pole), CONST (wheel rate instead of the PID), TRACE (a line per step).
 * Prints a line every 2 s (pole angle, body pitch, wheel rim speed, body speed, height) and how it ended.
 */
#include <math.h>
#include <stdio.h>

#include "webots_ode.h"

static dWorldID world;
static dJointGroupID contacts;
static dGeomID floor_geom;
static double yaw = 1.0;
static struct webots_surface surface;


/* robot frame (origin 3 mm above the floor, turned yaw about z) to world */
static void to_world(double x, double y, double z, double *out) {
  out[0] = cos(yaw) * x - sin(yaw) * y;
  out[1] = sin(yaw) * x + cos(yaw) * y;
  out[2] = z + 0.003;
}

static void turn(double x, double y, double z, double *out) {
  to_world(x, y, z, out);
  out[2] -= 0.003;
}

static void near_callback(void *data, dGeomID a, dGeomID b) {
  (void)data;
  if (a == floor_geom || b == floor_geom)
    webots_contacts(world, contacts, a, b, &surface);
}

static dJointID wheel(dSpaceID space, dBodyID base, const dReal *heading, double y) {
  dBodyID w = dBodyCreate(world);
  dMass m;
  dMassSetCylinderTotal(&m, 0.05, 2, 0.028, 0.01);
  dBodySetMass(w, &m);
  double p[3], axis[3];
  to_world(0, y, 0.025, p);
  dBodySetPosition(w, p[0], p[1], p[2]);
  dBodySetRotation(w, heading);
  dGeomID g = dCreateCylinder(space, 0.028, 0.01);
  dGeomSetBody(g, w);
  dMatrix3 lying;
  dRFromAxisAndAngle(lying, 1, 0, 0, M_PI / 2);
  dGeomSetOffsetRotation(g, lying);
  dJointID hinge = dJointCreateHinge(world, 0);
  dJointAttach(hinge, w, base);
  to_world(0, 0, 0.025, p);
  dJointSetHingeAnchor(hinge, p[0], p[1], p[2]);
  turn(0, 1, 0, axis);
  dJointSetHingeAxis(hinge, axis[0], axis[1], axis[2]);
  dJointSetHingeParam(hinge, dParamFMax, 10.0);
  dJointSetHingeParam(hinge, dParamVel, 0.0);
  return hinge;
}

int main(int argc, char **argv) {
  const double duration = argc > 1 ? atof(argv[1]) : 30.0, tilt = reference_env("TILT", 0.0);
  const int substeps = (int)reference_env("SUB", 1), quick = (int)reference_env("QUICK", 0), trace = getenv("TRACE") != NULL;
  yaw = reference_env("YAW", yaw);
  surface = webots_default_surface();
  surface.mu = reference_env("MU", surface.mu);
  surface.bounce = reference_env("BOUNCE", surface.bounce);
  surface.soft_cfm = reference_env("SOFTCFM", surface.soft_cfm);
  surface.soft_erp = reference_env("SOFTERP", surface.soft_erp);
  dInitODE2(0);
  const double up[3] = {0, 0, 1};
  world = webots_world(up, 1e-5);
  dSpaceID space = dSimpleSpaceCreate(0);
  contacts = dJointGroupCreate(0);
  if (quick)
    dWorldSetQuickStepNumIterations(world, quick);
  floor_geom = dCreatePlane(space, 0, 0, 1, 0);
  dMatrix3 heading;
  dRFromAxisAndAngle(heading, 0, 0, 1, yaw);

  /* the body: 5 kg, the cylinder's inertia about its own centre, placed at the given centre of mass */
  dBodyID base = dBodyCreate(world);
  dMass m;
  dMassSetCylinderTotal(&m, 5.0, 3, 0.045, 0.08);
  dBodySetMass(base, &m);
  double p[3], axis[3];
  to_world(0, 0, 0, p);
  dBodySetPosition(base, p[0], p[1], p[2]);
  dBodySetRotation(base, heading);
  dGeomID body_geom = dCreateCylinder(space, 0.045, 0.08);
  dGeomSetBody(body_geom, base);
  dGeomSetOffsetPosition(body_geom, 0, 0, 0.0415);
  dJointID left = wheel(space, base, heading, 0.045), right = wheel(space, base, heading, -0.045);

  /* the pole: 1 kg capsule, its centre 7.75 cm above a free hinge along the robot's -y */
  dBodyID pole = dBodyCreate(world);
  dMassSetCapsuleTotal(&m, getenv("NOPOLE") ? 1e-4 : 1.0, 3, 0.005, 0.15);
  dBodySetMass(pole, &m);
  to_world(0, 0, 0.1625, p);
  dBodySetPosition(pole, p[0], p[1], p[2]);
  dBodySetRotation(pole, heading);
  dGeomID pole_geom = dCreateCapsule(space, 0.005, 0.15);
  dGeomSetBody(pole_geom, pole);
  dJointID hinge = dJointCreateHinge(world, 0);
  dJointAttach(hinge, pole, base);
  to_world(0, 0, 0.085, p);
  dJointSetHingeAnchor(hinge, p[0], p[1], p[2]);
  turn(cos(-1.571595), sin(-1.571595), 0, axis);
  dJointSetHingeAxis(hinge, axis[0], axis[1], axis[2]);
  dJointSetHingeParam(hinge, dParamLoStop, -1.5708);
  dJointSetHingeParam(hinge, dParamHiStop, 1.5708);
  if (tilt != 0.0) {
    dMatrix3 r, tilted;
    dRFromAxisAndAngle(r, axis[0], axis[1], axis[2], tilt);
    dMultiply0(tilted, r, heading, 3, 3, 3);
    dBodySetRotation(pole, tilted);
    double h[3], arm[3];
    const double up[3] = {0, 0, 0.0775};
    to_world(0, 0, 0.085, h);
    dMultiply0(arm, r, up, 3, 3, 1);
    dBodySetPosition(pole, h[0] + arm[0], h[1] + arm[1], h[2] + arm[2]);
  }
  const double kick = reference_env("KICK", 0.0);
  dBodySetAngularVel(pole, axis[0] * kick, axis[1] * kick, axis[2] * kick);

  const double step = 0.016;
  double previous = 0.0, sum = 0.0, worst = 0.0;
  const int steps = (int)(duration / step);
  for (int k = 1; k <= steps; k++) {
    webots_step(world, space, contacts, near_callback, step, substeps, quick);
    const double angle = dJointGetHingeAngle(hinge);
    worst = fmax(worst, fabs(angle));
    if (trace || k % 125 == 0) {
      const dReal *at = dBodyGetPosition(base), *v = dBodyGetLinearVel(base);
      printf("t=%.3f angle=%+.4f worst=%.3f pitch=%+.4f rim=%+.3f speed=%+.3f x=%+.3f y=%+.3f z=%.5f\n", k * step, angle,
             worst, asin(-dBodyGetRotation(base)[8]), dJointGetHingeAngleRate(left) * 0.028,
             v[0] * cos(yaw) + v[1] * sin(yaw), at[0], at[1], at[2]);
      worst = 0.0;
    }
    if (fabs(angle) > 0.7 && !getenv("CONST")) {
      printf("fell at %.3f s\n", k * step);
      return 0;
    }
    sum += 0.5 * (angle + previous);
    double speed = 35.0 * angle + 5.0 * sum + 28.9 * (angle - previous);
    speed = fmax(-100.0, fmin(100.0, speed));
    if (getenv("CONST"))
      speed = -reference_env("CONST", 0.0);
    dJointSetHingeParam(left, dParamVel, -speed);
    dJointSetHingeParam(right, dParamVel, -speed);
    previous = angle;
  }
  printf("up after %.1f s\n", duration);
  return 0;
}
