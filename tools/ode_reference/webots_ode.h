/*
 * What the ODE reference programs share: the contact Webots makes between two geometries (the friction
 * pyramid, soft ERP and CFM, a bounce above 0.01 m/s, at most 10 points per pair) and its world's joint
 * ERP and CFM. Each program is one file built on its own (see its first comment); this header is included
 * by each.
 */
#ifndef WEBOTS_ODE_H
#define WEBOTS_ODE_H

#include <ode/ode.h>
#include <math.h>
#include <stdlib.h>

/* A ContactProperties as ODE's contact joint takes it; Webots' default is { 1, 0.2, 0.001, 0.5 }. */
struct webots_surface {
  double mu, soft_erp, soft_cfm, bounce;
};

static inline struct webots_surface webots_default_surface(void) {
  const struct webots_surface s = {1.0, 0.2, 0.001, 0.5};
  return s;
}

/* The number in environment variable `name`, or `fallback`. */
static inline double reference_env(const char *name, double fallback) {
  const char *v = getenv(name);
  return v ? atof(v) : fallback;
}

/* Webots' world: gravity along `-up` (unit axis), joint ERP 0.2 and the given CFM (Webots' 1e-5). */
static inline dWorldID webots_world(const double up[3], double cfm) {
  dWorldID world = dWorldCreate();
  dWorldSetGravity(world, -9.81 * up[0], -9.81 * up[1], -9.81 * up[2]);
  dWorldSetERP(world, 0.2);
  dWorldSetCFM(world, cfm);
  return world;
}

/* The contact joints Webots makes where `a` and `b` touch, into `group`. With environment variable FDIR set
 * (radians), the friction pyramid is turned by that angle about each contact's normal from ODE's own axes
 * (dPlaneSpace of the normal: x and z on a floor facing +y), to see how much the pyramid's axes matter. */
static inline void webots_contacts(dWorldID world, dJointGroupID group, dGeomID a, dGeomID b,
                                   const struct webots_surface *s) {
  dContact c[10];
  const int n = dCollide(a, b, 10, &c[0].geom, sizeof(dContact));
  const double turn = reference_env("FDIR", NAN);
  for (int i = 0; i < n; i++) {
    c[i].surface.mode = dContactApprox1 | dContactSoftCFM | dContactSoftERP | (s->bounce > 0 ? dContactBounce : 0);
    c[i].surface.mu = s->mu;
    if (turn == turn) {
      dVector3 p, q;
      dPlaneSpace(c[i].geom.normal, p, q);
      for (int k = 0; k < 3; k++)
        c[i].fdir1[k] = cos(turn) * p[k] + sin(turn) * q[k];
      c[i].surface.mode |= dContactFDir1;
    }
    c[i].surface.bounce = s->bounce;
    c[i].surface.bounce_vel = 0.01;
    c[i].surface.soft_cfm = s->soft_cfm;
    c[i].surface.soft_erp = s->soft_erp;
    dJointID j = dJointCreateContact(world, group, &c[i]);
    dJointAttach(j, dGeomGetBody(c[i].geom.g1), dGeomGetBody(c[i].geom.g2));
  }
}

/* One basic time step of `step` seconds in `substeps` ODE steps, each after a collision pass: Webots'
 * dWorldStep, or QuickStep when `quick` (its iteration count set on the world). */
static inline void webots_step(dWorldID world, dSpaceID space, dJointGroupID group, dNearCallback *near, double step,
                               int substeps, int quick) {
  for (int s = 0; s < substeps; s++) {
    dSpaceCollide(space, 0, near);
    if (quick)
      dWorldQuickStep(world, step / substeps);
    else
      dWorldStep(world, step / substeps);
    dJointGroupEmpty(group);
  }
}

#endif
