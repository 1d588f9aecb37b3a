/* A controller compiled the way one compiled against Webots' own headers is: it includes none of
 * ours and declares what it uses with Webots' declarations (unprototyped `()` parameter lists, `bool`
 * as a char macro, unsigned short tags, the enum values compiled in), then links with our library. */
#include <stdio.h>
#include <string.h>

#define bool char
typedef unsigned short WbDeviceTag;
typedef enum { WB_NODE_NO_NODE = 0, WB_NODE_ROBOT = 34, WB_NODE_EMITTER = 43 } WbNodeType;

int wb_robot_init();
int wb_robot_step(int duration);
void wb_robot_cleanup();
double wb_robot_get_time();
const char *wb_robot_get_name();
bool wb_robot_get_synchronization();
bool wb_robot_get_supervisor();
double wb_robot_get_basic_time_step();
WbDeviceTag wb_robot_get_device(const char *name);
int wb_robot_get_number_of_devices();
WbNodeType wb_device_get_node_type(WbDeviceTag dt);
const char *wb_node_get_name(WbNodeType t);

int main() {
  if (wb_robot_init() != 1)
    return 10;
  const WbDeviceTag em = wb_robot_get_device("em");
  /* a C bool return must arrive as 0 or 1 even when read as an int (as Python's ctypes does) */
  int (*sync_as_int)(void) = (int (*)(void))wb_robot_get_synchronization;
  int (*supervisor_as_int)(void) = (int (*)(void))wb_robot_get_supervisor;
  if (em != 1 || wb_device_get_node_type(em) != WB_NODE_EMITTER || strcmp(wb_node_get_name(WB_NODE_ROBOT), "Robot") != 0 ||
      wb_robot_get_synchronization() != 1 || sync_as_int() != 1 || supervisor_as_int() != 0 ||
      wb_robot_get_number_of_devices() != 1 || wb_robot_get_basic_time_step() != 32.0)
    return 11;
  wb_robot_step(64);
  printf("%s at %.3f: same ABI\n", wb_robot_get_name(), wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
