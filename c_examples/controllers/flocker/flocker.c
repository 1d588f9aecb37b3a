/* A swarm keeping its distances over radio (DiffBot): every step each robot broadcasts where it is
 * (its GPS) and listens to the others; it steers away from those closer than SPACING and toward the
 * group when it is farther than COHESION from their centre, turning on the spot away from walls its
 * distance sensors see. Runs for the seconds given as its argument, then says how close its nearest
 * neighbour came and where it is. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webots/distance_sensor.h>
#include <webots/emitter.h>
#include <webots/gps.h>
#include <webots/inertial_unit.h>
#include <webots/motor.h>
#include <webots/receiver.h>
#include <webots/robot.h>

#define CRUISE 6.0    /* rad/s */
#define SPACING 0.35  /* m: closer than this pushes apart */
#define COHESION 0.5  /* m: farther than this from the group's centre pulls in */
#define BLOCKED 60.0  /* a distance-sensor reading that means a wall ahead */
#define MAX_PEERS 32

typedef struct {
  double x, y;
} Fix;

int main(int argc, char **argv) {
  wb_robot_init();
  const double duration = argc > 1 ? atof(argv[1]) : 30.0;
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag left = wb_robot_get_device("left wheel motor");
  const WbDeviceTag right = wb_robot_get_device("right wheel motor");
  const WbDeviceTag eyes[2] = {wb_robot_get_device("left sensor"), wb_robot_get_device("right sensor")};
  const WbDeviceTag gps = wb_robot_get_device("gps");
  const WbDeviceTag imu = wb_robot_get_device("inertial unit");
  const WbDeviceTag radio_out = wb_robot_get_device("emitter");
  const WbDeviceTag radio_in = wb_robot_get_device("receiver");
  wb_motor_set_position(left, INFINITY);
  wb_motor_set_position(right, INFINITY);
  wb_motor_set_velocity(left, 0.0);
  wb_motor_set_velocity(right, 0.0);
  for (int i = 0; i < 2; ++i)
    wb_distance_sensor_enable(eyes[i], step);
  wb_gps_enable(gps, step);
  wb_inertial_unit_enable(imu, step);
  wb_receiver_enable(radio_in, step);

  double nearest_ever = INFINITY, nearest = INFINITY;
  Fix me = {NAN, NAN};
  while (wb_robot_step(step) != -1 && wb_robot_get_time() < duration) {
    const double *p = wb_gps_get_values(gps);
    me.x = p[0];
    me.y = p[1];
    wb_emitter_send(radio_out, &me, sizeof me);

    Fix peers[MAX_PEERS];
    int n = 0;
    while (wb_receiver_get_queue_length(radio_in) > 0) {
      if (wb_receiver_get_data_size(radio_in) == sizeof(Fix) && n < MAX_PEERS)
        memcpy(&peers[n++], wb_receiver_get_data(radio_in), sizeof(Fix));
      wb_receiver_next_packet(radio_in);
    }

    /* where to go: away from the close ones, toward the group's centre when far from it */
    double gx = 0.0, gy = 0.0, cx = 0.0, cy = 0.0;
    nearest = INFINITY;
    for (int i = 0; i < n; ++i) {
      const double dx = me.x - peers[i].x, dy = me.y - peers[i].y, d = hypot(dx, dy);
      nearest = fmin(nearest, d);
      if (d < SPACING && d > 1e-9) {
        gx += dx / d * (SPACING - d) / SPACING;
        gy += dy / d * (SPACING - d) / SPACING;
      }
      cx += peers[i].x / n;
      cy += peers[i].y / n;
    }
    if (n > 0 && hypot(cx - me.x, cy - me.y) > COHESION) {
      gx += 0.5 * (cx - me.x);
      gy += 0.5 * (cy - me.y);
    }
    nearest_ever = fmin(nearest_ever, nearest);

    double vl = 0.0, vr = 0.0;
    const double seen_left = wb_distance_sensor_get_value(eyes[0]), seen_right = wb_distance_sensor_get_value(eyes[1]);
    if (fmax(seen_left, seen_right) > BLOCKED) {
      const double turn = seen_left > seen_right ? 1.0 : -1.0; /* away from what it sees */
      vl = turn * 0.5 * CRUISE;
      vr = -turn * 0.5 * CRUISE;
    } else if (hypot(gx, gy) > 0.02) {
      const double yaw = wb_inertial_unit_get_roll_pitch_yaw(imu)[2];
      double error = atan2(gy, gx) - yaw;
      error = atan2(sin(error), cos(error));
      const double forward = CRUISE * fmax(0.0, cos(error)) * fmin(1.0, 4.0 * hypot(gx, gy));
      vl = forward - 4.0 * error;
      vr = forward + 4.0 * error;
    }
    wb_motor_set_velocity(left, fmax(-10.0, fmin(10.0, vl)));
    wb_motor_set_velocity(right, fmax(-10.0, fmin(10.0, vr)));
  }
  printf("at (%+.2f, %+.2f): nearest neighbour %.2f m away, never closer than %.2f m\n", me.x, me.y, nearest,
         nearest_ever);
  wb_robot_cleanup();
  return 0;
}
