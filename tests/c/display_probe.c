/* A display drawn into and read back (see tests/display.rs): shapes, text, images made from data,
 * copied, pasted, saved; a camera attached as background; misuse messages. */
#include <webots/camera.h>
#include <webots/display.h>
#include <webots/robot.h>

#include "check.h"

int main(void) {
  wb_robot_init();
  WbDeviceTag d = wb_robot_get_device("display");
  WbDeviceTag camera = wb_robot_get_device("camera");
  CHECK_INT(wb_display_get_width(d), 20);
  CHECK_INT(wb_display_get_height(d), 10);
  CHECK_INT(wb_display_get_width(camera), -1); /* not a display */

  wb_display_set_color(d, 0xFF0000);
  wb_display_fill_rectangle(d, 0, 0, 4, 3); /* red 4x3 block at the top left */
  wb_display_set_color(d, 0x00FF00);
  wb_display_draw_line(d, 0, 9, 19, 9); /* green bottom row */
  wb_display_set_color(d, 0x0000FF);
  wb_display_set_opacity(d, 0.5);
  wb_display_draw_pixel(d, 10, 5); /* half blue over black */
  wb_display_set_opacity(d, 1.0);
  wb_display_set_color(d, 0xFFFFFF);
  wb_display_draw_text(d, "T", 12, 0); /* an 8x8 T: its bar across the top row */
  wb_display_image_save(d, NULL, "drawn.png");

  /* an image from RGB data, pasted at (5, 4); a copy of the red block pasted at (16, 4) */
  unsigned char rgb[2 * 2 * 3] = {255, 255, 0, 255, 255, 0, 255, 255, 0, 255, 255, 0};
  WbImageRef yellow = wb_display_image_new(d, 2, 2, rgb, WB_IMAGE_RGB);
  CHECK(yellow != NULL, "image_new");
  wb_display_image_paste(d, yellow, 5, 4, false);
  WbImageRef block = wb_display_image_copy(d, 0, 0, 4, 3);
  wb_display_image_paste(d, block, 16, 4, false);
  wb_display_image_save(d, block, "block.png");
  wb_display_image_save(d, NULL, "pasted.png");
  wb_display_image_delete(d, yellow);
  wb_display_image_delete(d, block);

  /* misuse */
  wb_display_set_color(d, 0x1000000);
  wb_display_set_alpha(d, 2.0);
  wb_display_fill_rectangle(d, 0, 0, 0, 5);
  wb_display_draw_oval(d, 5, 5, -1, 2);
  wb_display_draw_text(d, "", 0, 0);
  wb_display_image_save(d, NULL, "drawn.bmp");
  CHECK(wb_display_image_load(d, "missing.png") == NULL, "a missing file loads");
  CHECK(wb_display_image_new(d, 0, 2, rgb, WB_IMAGE_RGB) == NULL, "a 0-wide image");
  wb_display_detach_camera(d);

  /* the camera's image behind the display: transparent where nothing is drawn */
  wb_camera_enable(camera, 32);
  wb_display_attach_camera(d, camera);
  wb_display_attach_camera(d, camera);
  wb_robot_step(32);
  wb_display_set_alpha(d, 1.0);
  wb_display_set_color(d, 0xFFFFFF);
  wb_display_fill_rectangle(d, 0, 0, 1, 1);
  wb_display_image_save(d, NULL, "attached.png");
  wb_display_detach_camera(d);
  printf("display done\n");
  wb_robot_cleanup();
  return 0;
}
