/*
 * How ODE, with the contacts and world settings Webots steps with (webots_ode.h: dWorldStep, soft ERP 0.2 /
 * soft CFM 0.001, 32 ms steps, z up), shares a resting body's weight among its contacts. Not built by the
 * project: it needs ODE (Debian: libode-dev).
 *
 *   gcc -O2 -Wall -Wextra -o resting_loads resting_loads.c -lode -lm && ./resting_loads
 *
 * Two scenes, one after the other:
 * - cylinder: a lone 20 kg cylinder (radius 5 cm, height 5 cm, inertia 2 kg·m² about every axis, as
 *   Webots' motor2 robot's base with its Hinge2 endPoint) set on the floor with its bottom just touching;
 *   prints at each step to 0.8 s its height, its tilt (rad) and its contacts' normal forces.
 * - feet: a 5 kg box (12 x 12 x 6 cm) on four 5 g balls of 1 cm radius 5 cm under its centre at
 *   (±5 cm, ±5 cm), each on a fixed joint (a force TouchSensor with physics, as Webots welds it), dropped
 *   from 1 cm; prints after 3 s its height and each weld's vertical force (N).
 */
#include <math.h>
#include <stdio.h>

#include "webots_ode.h"

static dWorldID world;
static dJointGroupID contacts;
static struct webots_surface surface;
static dJointFeedback contact_feedback[64];
static int contact_count;

/* records every contact joint of the group for its feedback (the group is emptied after each step) */
static void near_with_feedback(void *data, dGeomID a, dGeomID b) {
  (void)data;
  if ((dGeomGetBody(a) != 0) == (dGeomGetBody(b) != 0))
    return;
  dContact c[10];
  const int n = dCollide(a, b, 10, &c[0].geom, sizeof(dContact));
  for (int i = 0; i < n && contact_count < 64; i++) {
    c[i].surface.mode = dContactApprox1 | dContactSoftCFM | dContactSoftERP | dContactBounce;
    c[i].surface.mu = surface.mu;
    c[i].surface.bounce = surface.bounce;
    c[i].surface.bounce_vel = 0.01;
    c[i].surface.soft_cfm = surface.soft_cfm;
    c[i].surface.soft_erp = surface.soft_erp;
    dJointID j = dJointCreateContact(world, contacts, &c[i]);
    dJointAttach(j, dGeomGetBody(c[i].geom.g1), dGeomGetBody(c[i].geom.g2));
    dJointSetFeedback(j, &contact_feedback[contact_count++]);
  }
}

static const double UP[3] = {0, 0, 1};
static const double H = 0.032;

static void cylinder(void) {
  world = webots_world(UP, 1e-5);
  dSpaceID space = dSimpleSpaceCreate(0);
  contacts = dJointGroupCreate(0);
  dCreatePlane(space, 0, 0, 1, 0);
  dBodyID body = dBodyCreate(world);
  dMass m;
  dMassSetParameters(&m, 20, 0, 0, 0, 2, 2, 2, 0, 0, 0);
  dBodySetMass(body, &m);
  dGeomID g = dCreateCylinder(space, 0.05, 0.05);
  dGeomSetBody(g, body);
  dBodySetPosition(body, 0, 0, 0.025);
  for (int step = 1; step * H <= 0.8 + 1e-9; step++) {
    contact_count = 0;
    dSpaceCollide(space, 0, near_with_feedback);
    dWorldStep(world, H);
    const dReal *p = dBodyGetPosition(body), *r = dBodyGetRotation(body);
    printf("cylinder t=%.3f z %.6f tilt %.6f forces", step * H, p[2], acos(fmin(1.0, r[10])));
    for (int i = 0; i < contact_count; i++)
      printf(" %.2f", contact_feedback[i].f1[2]);
    printf("\n");
    dJointGroupEmpty(contacts);
  }
  dSpaceDestroy(space);
  dJointGroupDestroy(contacts);
  dWorldDestroy(world);
}

static void feet(void) {
  world = webots_world(UP, 1e-5);
  dSpaceID space = dSimpleSpaceCreate(0);
  contacts = dJointGroupCreate(0);
  dCreatePlane(space, 0, 0, 1, 0);
  dBodyID box = dBodyCreate(world);
  dMass m;
  dMassSetBoxTotal(&m, 5, 0.12, 0.12, 0.06);
  dBodySetMass(box, &m);
  dGeomSetBody(dCreateBox(space, 0.12, 0.12, 0.06), box);
  dBodySetPosition(box, 0, 0, 0.07);
  dJointFeedback weld_feedback[4];
  for (int i = 0; i < 4; i++) {
    const double x = i % 2 ? -0.05 : 0.05, y = i < 2 ? 0.05 : -0.05;
    dBodyID foot = dBodyCreate(world);
    dMassSetSphereTotal(&m, 0.005, 0.01);
    dBodySetMass(foot, &m);
    dGeomSetBody(dCreateSphere(space, 0.01), foot);
    dBodySetPosition(foot, x, y, 0.02);
    dJointID weld = dJointCreateFixed(world, 0);
    dJointAttach(weld, foot, box);
    dJointSetFixed(weld);
    dJointSetFeedback(weld, &weld_feedback[i]);
  }
  for (int step = 1; step * H <= 3.0 + 1e-9; step++) {
    contact_count = 0;
    dSpaceCollide(space, 0, near_with_feedback);
    dWorldStep(world, H);
    dJointGroupEmpty(contacts);
  }
  printf("feet z %.6f forces", dBodyGetPosition(box)[2]);
  for (int i = 0; i < 4; i++)
    printf(" %.4f", weld_feedback[i].f1[2]);
  printf("\n");
  dSpaceDestroy(space);
  dJointGroupDestroy(contacts);
  dWorldDestroy(world);
}

int main(void) {
  dInitODE2(0);
  surface = webots_default_surface();
  cylinder();
  feet();
  dCloseODE();
  return 0;
}
