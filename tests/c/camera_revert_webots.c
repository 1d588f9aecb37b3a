/* Webots' camera_revert scenario: a noisy camera turned by a motor looks for a green, a red and a blue
 * box in turn and saves the image of each; after the blue one the first run reloads the world, the
 * second run (the files of the first are there) saves its own images and checks that they are byte for
 * byte those of the first run (the noise starts again from the world's seed). */
#define _DEFAULT_SOURCE /* INFINITY, unlink */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <webots/camera.h>
#include <webots/motor.h>
#include <webots/robot.h>
#include <webots/supervisor.h>

#include "check.h"
#include "file_bytes.h"

#define TIME_STEP 64
#define SPEED 2.0
enum { RED, GREEN, BLUE, NONE };

static const char *names[3][2] = {
  {"red_blob_0.png", "red_blob_1.png"}, {"green_blob_0.png", "green_blob_1.png"}, {"blue_blob_0.png", "blue_blob_1.png"}};

static void compare(void) {
  for (int b = 0; b < 3; b++) {
    unsigned char *first, *second;
    const long n0 = file_bytes(names[b][0], &first), n1 = file_bytes(names[b][1], &second);
    CHECK(n0 == n1 && memcmp(first, second, n0) == 0, "%s and %s differ", names[b][0], names[b][1]);
    free(first);
    free(second);
  }
}

int main(void) {
  const int run = access(names[RED][0], F_OK) == 0 ? 1 : 0;
  wb_robot_init();
  WbDeviceTag camera = wb_robot_get_device("camera");
  WbDeviceTag motor = wb_robot_get_device("motor");
  wb_camera_enable(camera, TIME_STEP);
  const int width = wb_camera_get_width(camera), height = wb_camera_get_height(camera);
  wb_motor_set_position(motor, INFINITY);
  int pause = 0, found = 0;
  while (wb_robot_step(TIME_STEP) != -1) {
    const unsigned char *image = wb_camera_get_image(camera);
    double speed = SPEED;
    if (pause > 0)
      pause--;
    if (pause > 10)
      speed = 0;
    else if (pause == 0) {
      long red = 0, green = 0, blue = 0;
      for (int i = width / 3; i < 2 * width / 3; i++)
        for (int j = height / 2; j < 3 * height / 4; j++) {
          red += wb_camera_image_get_red(image, width, i, j);
          green += wb_camera_image_get_green(image, width, i, j);
          blue += wb_camera_image_get_blue(image, width, i, j);
        }
      int blob = NONE;
      if (red > 3 * green && red > 3 * blue)
        blob = RED;
      else if (green > 3 * red && green > 3 * blue)
        blob = GREEN;
      else if (blue > 3 * red && blue > 3 * green)
        blob = BLUE;
      if (blob != NONE) {
        static const int order[3] = {GREEN, RED, BLUE};
        CHECK(blob == order[found], "blob %d found where %d was expected", blob, order[found]);
        found++;
        speed = 0;
        wb_camera_save_image(camera, names[blob][run], 100);
        if (blob == BLUE) {
          if (run == 0) {
            wb_supervisor_world_reload();
          } else {
            compare();
            for (int b = 0; b < 3; b++) {
              unlink(names[b][0]);
              unlink(names[b][1]);
            }
            printf("camera revert test passed\n");
            wb_robot_cleanup();
            return 0;
          }
        }
        pause = 20;
      }
    }
    wb_motor_set_velocity(motor, speed);
  }
  wb_robot_cleanup();
  return 0;
}
