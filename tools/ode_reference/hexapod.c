/*
 * Webots' motion test hexapod (tests/api motions_regular, motions_loop, motions_reverse) rebuilt directly on
 * ODE with the settings Webots steps its world with, to see what ODE itself does with it and how far its
 * end position moves with ODE's own settings: dWorldStep, world ERP 0.2 and CFM 1e-5, gravity along -y (a
 * NUE world), contacts with the friction pyramid (mu 1), soft ERP 0.2 / soft CFM 0.001, bounce 0.5 above
 * 0.01 m/s, at most 10 contacts per pair, none between the robot's own parts. The robot: a 0.48 x 0.05 x
 * 0.1 m body (2.4 kg, density 1000) whose centre starts 6 cm over the floor; six legs at x = 0.2, 0, -0.2
 * on either side (z = +-0.05): a hinge about y carrying a vertical cylinder (r 2 cm, 6 cm) 11 cm further
 * out, under it a slider along -y (+-2 cm stops, 25 N) carrying a vertical cylinder foot (r 1 cm, 6 cm)
 * whose bottom is 6 cm under the body's centre at slider position 0. Each 40 ms step a motor in position
 * control is driven at min(10 * error, maxVelocity) (hips 5 rad/s, 10 N.m; knees 10 m/s, 25 N) through
 * ODE's motor row; the targets come from the gait's eight poses (every 250 ms, linear in between)
 * sampled as Webots' motion player does. Not built by the project: it needs ODE (Debian: libode-dev).
 *
 *   gcc -O2 -Wall -Wextra -o hexapod hexapod.c -lode -lm && ./hexapod regular
 *
 * Argument: regular, loop (two periods) or reverse. Environment: SUB (ODE steps per 40 ms), QUICK (QuickStep
 * with that many iterations), MU, SOFTCFM, SOFTERP, CFM, FDIR (the friction pyramid turned by that angle about
 * the vertical, see webots_ode.h), TRACE (a line per step). Prints where the body's
 * centre ends after the motion and the 1 s wait that follows it, as Webots' test reads its GPS.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "webots_ode.h"

static dWorldID world;
static dJointGroupID contacts;
static dGeomID floor_geom;
static struct webots_surface surface;

static void near_callback(void *data, dGeomID a, dGeomID b) {
  (void)data;
  if (a == floor_geom || b == floor_geom)
    webots_contacts(world, contacts, a, b, &surface);
}

/* a vertical cylinder body (density 1000) centred at (x, y, z) */
static dBodyID upright_cylinder(dSpaceID space, double radius, double height, double x, double y, double z) {
  dBodyID body = dBodyCreate(world);
  dMass m;
  dMassSetCylinder(&m, 1000.0, 2, radius, height);
  dBodySetMass(body, &m);
  dBodySetPosition(body, x, y, z);
  dGeomID g = dCreateCylinder(space, radius, height);
  dGeomSetBody(g, body);
  dMatrix3 up;
  dRFromAxisAndAngle(up, 1, 0, 0, M_PI / 2);
  dGeomSetOffsetRotation(g, up);
  return body;
}

/* the gait: per pose, hips then knees of legs r0 r1 r2 l0 l1 l2 (every 250 ms) */
static const double POSES[8][12] = {
  {0, 0, 0, 0, 0, 0, .02, .02, .02, .02, .02, .02},
  {-.7, .7, -.7, -.7, .7, -.7, -.02, .02, -.02, .02, -.02, .02},
  {-.7, .7, -.7, -.7, .7, -.7, .02, .02, .02, .02, .02, .02},
  {-.7, .7, -.7, -.7, .7, -.7, .02, -.02, .02, -.02, .02, -.02},
  {.7, -.7, .7, .7, -.7, .7, .02, -.02, .02, -.02, .02, -.02},
  {.7, -.7, .7, .7, -.7, .7, .02, .02, .02, .02, .02, .02},
  {.7, -.7, .7, .7, -.7, .7, -.02, .02, -.02, .02, -.02, .02},
  {0, 0, 0, 0, 0, 0, .02, .02, .02, .02, .02, .02},
};
#define DURATION 1750

static double pose_at(int joint, int elapsed) {
  if (elapsed <= 0)
    return POSES[0][joint];
  if (elapsed >= DURATION)
    return POSES[7][joint];
  const int a = elapsed / 250;
  const double f = (elapsed - 250 * a) / 250.0;
  return POSES[a][joint] + f * (POSES[a + 1][joint] - POSES[a][joint]);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "regular";
  const int loop = !strcmp(mode, "loop"), reverse = !strcmp(mode, "reverse");
  const int substeps = (int)reference_env("SUB", 1), quick = (int)reference_env("QUICK", 0), trace = getenv("TRACE") != NULL;
  surface = webots_default_surface();
  surface.mu = reference_env("MU", surface.mu);
  surface.soft_cfm = reference_env("SOFTCFM", surface.soft_cfm);
  surface.soft_erp = reference_env("SOFTERP", surface.soft_erp);
  dInitODE2(0);
  const double up[3] = {0, 1, 0};
  world = webots_world(up, reference_env("CFM", 1e-5));
  dSpaceID space = dSimpleSpaceCreate(0);
  contacts = dJointGroupCreate(0);
  if (quick)
    dWorldSetQuickStepNumIterations(world, quick);
  floor_geom = dCreatePlane(space, 0, 1, 0, 0);

  dBodyID base = dBodyCreate(world);
  dMass m;
  dMassSetBox(&m, 1000.0, 0.48, 0.05, 0.1);
  dBodySetMass(base, &m);
  dBodySetPosition(base, 0, 0.06, 0);
  dGeomID box = dCreateBox(space, 0.48, 0.05, 0.1);
  dGeomSetBody(box, base);

  dJointID joints[12];
  for (int leg = 0; leg < 6; leg++) {
    const double x = 0.2 - 0.2 * (leg % 3), side = leg < 3 ? 1.0 : -1.0;
    dBodyID hip = upright_cylinder(space, 0.02, 0.06, x, 0.06, 0.16 * side);
    dJointID hinge = dJointCreateHinge(world, 0);
    dJointAttach(hinge, hip, base);
    dJointSetHingeAnchor(hinge, x, 0.06, 0.05 * side);
    dJointSetHingeAxis(hinge, 0, 1, 0);
    dJointSetHingeParam(hinge, dParamFMax, 10.0);
    dBodyID foot = upright_cylinder(space, 0.01, 0.06, x, 0.03, 0.16 * side);
    dJointID slider = dJointCreateSlider(world, 0);
    dJointAttach(slider, foot, hip);
    dJointSetSliderAxis(slider, 0, -1, 0);
    dJointSetSliderParam(slider, dParamLoStop, -0.02);
    dJointSetSliderParam(slider, dParamHiStop, 0.02);
    dJointSetSliderParam(slider, dParamFMax, 25.0);
    joints[leg] = hinge;
    joints[6 + leg] = slider;
  }

  const double step = 0.040;
  double target[12] = {0};
  int elapsed = 0, playing = 0, steps = 0;
  /* 0: settle 1 s, 1: motion, 2: settle 1 s */
  for (int phase = 0; phase < 3; phase++) {
    if (phase == 1) {
      playing = 1;
      elapsed = reverse ? DURATION : 0;
    } else if (phase == 2 && loop)
      playing = 0; /* Webots' test stops a looping motion; the others play their last step in the wait */
    const int count = phase == 1 ? (loop ? 88 : 44) : 25;
    for (int k = 0; k < count; k++) {
      if (playing) {
        /* Webots' player: the pose at the elapsed time, then the time moves on (or the play ends) */
        for (int j = 0; j < 12; j++)
          target[j] = pose_at(j, elapsed);
        if (reverse) {
          if (elapsed <= 0)
            playing = 0;
          else
            elapsed -= 40;
        } else if (elapsed >= DURATION) {
          if (loop)
            elapsed = 0;
          else
            playing = 0;
        } else
          elapsed += 40;
      }
      for (int j = 0; j < 12; j++) {
        const int knee = j >= 6;
        const double position = knee ? dJointGetSliderPosition(joints[j]) : dJointGetHingeAngle(joints[j]);
        const double cap = knee ? 10.0 : 5.0;
        const double v = fmax(-cap, fmin(cap, 10.0 * (target[j] - position)));
        if (knee)
          dJointSetSliderParam(joints[j], dParamVel, v);
        else
          dJointSetHingeParam(joints[j], dParamVel, v);
      }
      webots_step(world, space, contacts, near_callback, step, substeps, quick);
      steps++;
      if (trace) {
        const dReal *p = dBodyGetPosition(base);
        printf("t=%.2f %+.6f %.6f %+.6f\n", steps * step, p[0], p[1], p[2]);
      }
    }
  }
  const dReal *p = dBodyGetPosition(base);
  printf("%s: end %+.6f %.6f %+.6f\n", mode, p[0], p[1], p[2]);
  return 0;
}
