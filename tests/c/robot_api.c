/* Checks the robot and device API against the values of tests/robot_api.rs's world, and triggers
 * each documented error so the Rust side can compare the messages. */
#define _DEFAULT_SOURCE /* usleep, getcwd, clock_gettime under -std=c99 */
#include <time.h>
#include <unistd.h>
#include <webots/device.h>
#include <webots/keyboard.h>
#include <webots/nodes.h>
#include <webots/robot.h>
#include "check.h"

/* Wall-clock seconds. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static WbMutexRef mutex;
static volatile int task_done = 0;
static int counter = 0;

static void task(void *param) {
  int *increments = (int *)param;
  for (int i = 0; i < *increments; i++) {
    wb_robot_mutex_lock(mutex);
    counter++;
    wb_robot_mutex_unlock(mutex);
  }
  task_done = 1;
}

int main(int argc, char **argv) {
  const int in_process = getenv("WEBOTS_SHIM_WORLD") != NULL;
  CHECK_INT(wb_robot_init(), 1);
  CHECK_INT(wb_robot_init(), 1); /* idempotent */
  CHECK_INT(wb_robot_init_msvc(), 1);

  if (!in_process) {
    /* launched as Webots does: controllerArgs as argv, its own folder as working directory */
    CHECK_INT(argc, 3);
    CHECK_STR(argv[1], "alpha");
    CHECK_STR(argv[2], "beta gamma");
    char cwd[4096];
    CHECK(getcwd(cwd, sizeof(cwd)) != NULL, "getcwd");
    const char *tail = "/controllers/robot_api";
    CHECK(strlen(cwd) > strlen(tail) && strcmp(cwd + strlen(cwd) - strlen(tail), tail) == 0, "cwd is %s", cwd);
    CHECK_STR(getenv("WEBOTS_ROBOT_NAME"), "api tester");
  }

  CHECK_STR(wb_robot_get_name(), "api tester");
  CHECK_STR(wb_robot_get_model(), "tester model");
  CHECK_STR(wb_robot_get_custom_data(), "initial data");
  CHECK_DOUBLE(wb_robot_get_basic_time_step(), 16.0);
  CHECK_INT(wb_robot_get_supervisor(), 0);
  CHECK_INT(wb_robot_get_synchronization(), 1);
  CHECK_INT(wb_robot_get_mode(), WB_MODE_SIMULATION);
  CHECK_DOUBLE(wb_robot_get_time(), 0.0);
  const char *world = wb_robot_get_world_path();
  CHECK(strstr(world, "/worlds/robot_api.wbt") != NULL, "world path %s", world);
  const char *project = wb_robot_get_project_path();
  CHECK(strncmp(world, project, strlen(project)) == 0 && project[strlen(project) - 1] != '/', "project path %s",
        project);
  CHECK_STR(world + strlen(project), "/worlds/robot_api.wbt");

  /* devices: depth-first, a joint's devices before its end point, nested robots not entered */
  CHECK_INT(wb_robot_get_number_of_devices(), 6);
  const char *names[] = {"em", "rx", "motor", "encoder", "compass", "dock"};
  const WbNodeType types[] = {WB_NODE_EMITTER,         WB_NODE_RECEIVER, WB_NODE_ROTATIONAL_MOTOR,
                              WB_NODE_POSITION_SENSOR, WB_NODE_COMPASS,  WB_NODE_CONNECTOR};
  for (int i = 0; i < 6; i++) {
    const WbDeviceTag tag = wb_robot_get_device_by_index(i);
    CHECK_INT(tag, i + 1);
    CHECK_STR(wb_device_get_name(tag), names[i]);
    CHECK_INT(wb_device_get_node_type(tag), types[i]);
    CHECK_INT(wb_robot_get_device(names[i]), tag);
  }
  CHECK_STR(wb_device_get_model(2), "rx model");
  CHECK_STR(wb_device_get_model(1), "");
  CHECK_STR(wb_device_get_name(0), "api tester");
  CHECK_INT(wb_device_get_node_type(0), WB_NODE_ROBOT);
  CHECK(wb_device_get_name(99) == NULL, "unknown tag has no name");
  CHECK_INT(wb_device_get_node_type(99), WB_NODE_NO_NODE);
  CHECK_STR(wb_node_get_name(WB_NODE_EMITTER), "Emitter");
  CHECK_STR(wb_node_get_name(wb_device_get_node_type(3)), "RotationalMotor");
  CHECK(wb_node_get_name(WB_NODE_NO_NODE) == NULL, "no name for no node");

  /* errors, with Webots' texts (checked on the Rust side) and return values */
  CHECK_INT(wb_robot_get_device(""), 0);
  CHECK_INT(wb_robot_get_device(NULL), 0);
  CHECK_INT(wb_robot_get_device("nope"), 0);
  CHECK_INT(wb_robot_get_device_by_index(6), 0);
  CHECK_INT(wb_robot_get_device_by_index(-1), 0);
  wb_robot_set_mode(5, NULL);
  wb_robot_set_mode(WB_MODE_REMOTE_CONTROL, "nothing");
  CHECK_INT(wb_robot_get_mode(), WB_MODE_SIMULATION);

  /* battery: NaN and an error while disabled; sampled energy once enabled */
  CHECK(isnan(wb_robot_battery_sensor_get_value()), "battery NaN while disabled");
  wb_robot_battery_sensor_enable(32);
  CHECK_INT(wb_robot_battery_sensor_get_sampling_period(), 32);

  /* steps: time in seconds, durations rounded up to whole basic steps */
  CHECK_INT(wb_robot_step(16), 0);
  CHECK_DOUBLE(wb_robot_get_time(), 0.016);
  CHECK(isnan(wb_robot_battery_sensor_get_value()), "no battery sample before its period");
  CHECK_INT(wb_robot_step(40), 0);
  CHECK_DOUBLE(wb_robot_get_time(), 0.064);
  /* 100 J drained by cpuConsumption 10 W, sampled every 32 ms: last sample at 0.064 s */
  CHECK(fabs(wb_robot_battery_sensor_get_value() - (100.0 - 10.0 * 0.064)) < 1e-9, "battery %g",
        wb_robot_battery_sensor_get_value());
  wb_robot_battery_sensor_disable();
  CHECK_INT(wb_robot_battery_sensor_get_sampling_period(), 0);

  CHECK_INT(wb_robot_step_begin(16), 0);
  CHECK_INT(wb_robot_step_begin(16), 0); /* warning, ignored */
  CHECK_INT(wb_robot_step_end(), 0);
  CHECK_DOUBLE(wb_robot_get_time(), 0.080);
  CHECK_INT(wb_robot_step(0), 0); /* a flush: no time passes */
  CHECK_DOUBLE(wb_robot_get_time(), 0.080);

  /* no user input ever comes headless: a wait holds the simulation for its timeout in real time */
  double start = now();
  CHECK_INT(wb_robot_wait_for_user_input_event(WB_EVENT_NO_EVENT, 100), WB_EVENT_NO_EVENT);
  CHECK(now() - start >= 0.1, "waited %g s for no event", now() - start);
  CHECK_DOUBLE(wb_robot_get_time(), 0.080);
  /* only a disabled device asked for: an error, at once */
  CHECK_INT(wb_robot_wait_for_user_input_event(WB_EVENT_KEYBOARD, 100000), WB_EVENT_NO_EVENT);
  CHECK_DOUBLE(wb_robot_get_time(), 0.080);
  /* with the keyboard enabled, waiting for it (and for the disabled mouse: an error) takes the timeout */
  wb_keyboard_enable(32);
  start = now();
  CHECK_INT(wb_robot_wait_for_user_input_event(WB_EVENT_KEYBOARD | WB_EVENT_MOUSE_CLICK, 200), WB_EVENT_NO_EVENT);
  CHECK(now() - start >= 0.2, "waited %g s for the keyboard", now() - start);
  CHECK_DOUBLE(wb_robot_get_time(), 0.080);
  wb_keyboard_disable();

  wb_robot_set_custom_data("changed data");
  CHECK_STR(wb_robot_get_custom_data(), "changed data");
  CHECK_INT(wb_robot_step(16), 0);
  CHECK_STR(wb_robot_get_custom_data(), "changed data");

  const char *urdf = wb_robot_get_urdf("pre_");
  CHECK(strstr(urdf, "<robot name=\"api tester\"") && strstr(urdf, "pre_base_link"), "urdf %s", urdf);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  CHECK_STR(wb_robot_get_controller_name(), "robot_api");
  CHECK_STR(wb_robot_get_data(), "changed data");
  wb_robot_set_data("set through the old name");
  CHECK_STR(wb_robot_get_custom_data(), "set through the old name");
  CHECK_INT(wb_device_get_type(1), WB_NODE_EMITTER);
#pragma GCC diagnostic pop
  wb_robot_pin_to_static_environment(true);

  /* threads: a task increments a counter under a robot mutex while the controller steps */
  mutex = wb_robot_mutex_new();
  int increments = 100000;
  wb_robot_task_new(task, &increments);
  for (int i = 0; i < 100000; i++) {
    wb_robot_mutex_lock(mutex);
    counter++;
    wb_robot_mutex_unlock(mutex);
  }
  for (int i = 0; !task_done && i < 100000; i++)
    usleep(100);
  CHECK(task_done, "task ran");
  wb_robot_mutex_lock(mutex);
  CHECK_INT(counter, 200000);
  wb_robot_mutex_unlock(mutex);
  wb_robot_mutex_delete(mutex);

  printf("robot_api: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
