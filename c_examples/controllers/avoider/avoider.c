/* Obstacle avoidance (DiffBot): each wheel slows down with what the opposite side's distance sensor
 * sees, so the robot veers away from obstacles; something close ahead makes it turn on the spot (away
 * from the side that sees more) until the way is clear; when the bumper touches, it backs off. Runs for
 * the seconds given as its argument, then says how far it drove and how often it touched. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <webots/distance_sensor.h>
#include <webots/gps.h>
#include <webots/motor.h>
#include <webots/robot.h>
#include <webots/touch_sensor.h>

#define CRUISE 8.0  /* rad/s: 0.16 m/s on 2 cm wheels */
#define GAIN 0.012  /* rad/s less per unit of the opposite sensor (0..1000) */
#define BACK_OFF 40 /* steps spent backing off after a touch */
#define BLOCKED 60  /* a reading that makes it turn on the spot... */
#define CLEAR 20    /* ...until both sensors read less than this */

static double clamp(double v, double limit) {
  return v > limit ? limit : (v < -limit ? -limit : v);
}

int main(int argc, char **argv) {
  wb_robot_init();
  const double duration = argc > 1 ? atof(argv[1]) : 60.0;
  const int step = (int)wb_robot_get_basic_time_step();
  const WbDeviceTag left = wb_robot_get_device("left wheel motor");
  const WbDeviceTag right = wb_robot_get_device("right wheel motor");
  const WbDeviceTag left_eye = wb_robot_get_device("left sensor");
  const WbDeviceTag right_eye = wb_robot_get_device("right sensor");
  const WbDeviceTag bumper = wb_robot_get_device("bumper");
  const WbDeviceTag gps = wb_robot_get_device("gps");
  wb_motor_set_position(left, INFINITY);
  wb_motor_set_position(right, INFINITY);
  wb_motor_set_velocity(left, 0.0);
  wb_motor_set_velocity(right, 0.0);
  wb_distance_sensor_enable(left_eye, step);
  wb_distance_sensor_enable(right_eye, step);
  wb_touch_sensor_enable(bumper, step);
  wb_gps_enable(gps, step);

  double driven = 0.0, last[2] = {NAN, NAN}, closest = 0.0;
  int touches = 0, backing = 0, touching = 0, turning = 0;
  while (wb_robot_step(step) != -1 && wb_robot_get_time() < duration) {
    const double *p = wb_gps_get_values(gps);
    if (!isnan(last[0]))
      driven += hypot(p[0] - last[0], p[1] - last[1]);
    last[0] = p[0];
    last[1] = p[1];
    const double seen_left = wb_distance_sensor_get_value(left_eye);
    const double seen_right = wb_distance_sensor_get_value(right_eye);
    closest = fmax(closest, fmax(seen_left, seen_right));
    const int touched = wb_touch_sensor_get_value(bumper) > 0.5;
    if (touched && !touching) {
      ++touches;
      backing = BACK_OFF;
    }
    touching = touched;
    double vl, vr;
    if (backing > 0) {
      --backing;
      vl = -0.5 * CRUISE;
      vr = -0.2 * CRUISE;
    } else if (turning || fmax(seen_left, seen_right) > BLOCKED) {
      if (!turning)
        turning = seen_left > seen_right ? 1 : -1; /* 1: to the right */
      if (fmax(seen_left, seen_right) < CLEAR)
        turning = 0;
      vl = turning * 0.5 * CRUISE;
      vr = -turning * 0.5 * CRUISE;
    } else {
      vl = CRUISE - GAIN * CRUISE * seen_right;
      vr = CRUISE - GAIN * CRUISE * seen_left;
    }
    wb_motor_set_velocity(left, clamp(vl, 10.0));
    wb_motor_set_velocity(right, clamp(vr, 10.0));
    if ((int)(wb_robot_get_time() * 1000) % 10000 == 0)
      printf("t=%2.0f s: at (%+.2f, %+.2f), %.2f m driven\n", wb_robot_get_time(), p[0], p[1], driven);
  }
  printf("drove %.2f m in %.0f s (%.3f m/s), touched %d time(s), the sensors' highest reading %.0f of 1000\n",
         driven, duration, driven / duration, touches, closest);
  wb_robot_cleanup();
  return 0;
}
