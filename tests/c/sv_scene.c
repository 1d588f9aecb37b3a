/* The rest of supervisor.h (tests/supervisor_scene.rs, world SCENE_WORLD): exports, the PROTO API,
 * removal and import of nodes, node states, tracking, labels, world saving, and the calls a headless run
 * answers with Webots' failure values. */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

static WbNodeRef def(const char *name) {
  WbNodeRef n = wb_supervisor_node_get_from_def(name);
  CHECK(n != NULL, "no node %s", name);
  return n;
}

static WbFieldRef field_of(WbNodeRef node, const char *name) {
  WbFieldRef f = wb_supervisor_node_get_field(node, name);
  CHECK(f != NULL, "no field %s", name);
  return f;
}

static void exports(void) {
  CHECK_STR(wb_supervisor_node_export_string(def("BOX")),
            "DEF BOX Solid {\n  translation 1 0 0\n  children [\n    DEF KID Pose {\n      translation 0 1 0\n    }\n  ]\n"
            "  name \"box\"\n}");
  CHECK_STR(wb_supervisor_node_export_string(def("OUT")),
            "DEF OUT Outer {\n  more [\n    DEF INNER Solid {\n      name \"inner\"\n    }\n  ]\n  height 3\n}");
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_export_string"), CHECK_STR(wb_supervisor_node_export_string(NULL), ""));
}

static void protos(void) {
  WbNodeRef out = def("OUT");
  WbProtoRef outer = wb_supervisor_node_get_proto(out);
  CHECK(outer != NULL, "OUT has no PROTO");
  CHECK(wb_supervisor_node_get_proto(out) == outer, "a second get_proto gives another reference");
  CHECK_STR(wb_supervisor_proto_get_type_name(outer), "Outer");
  CHECK(wb_supervisor_proto_is_derived(outer), "Outer is derived from Wrap");
  CHECK_INT(wb_supervisor_proto_get_number_of_fields(outer), 2);
  WbFieldRef height = wb_supervisor_proto_get_field(outer, "height");
  CHECK(height != NULL && height != field_of(out, "height"), "the PROTO's field is a field of its own");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(height), 3);
  CHECK(wb_supervisor_field_get_actual_field(height) == field_of(out, "height"), "actual field of Outer.height");
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_float() called on a read-only PROTO internal field.\n",
                wb_supervisor_field_set_sf_float(height, 1.0));
  CHECK(wb_supervisor_proto_get_field_by_index(outer, 0) == wb_supervisor_proto_get_field(outer, "more"), "by index");
  CHECK(wb_supervisor_proto_get_field_by_index(outer, 2) == NULL, "past the last field");
  EXPECT_STDERR("Error: wb_supervisor_proto_get_field_by_index() called with a negative 'index' argument: -1.\n",
                CHECK(wb_supervisor_proto_get_field_by_index(outer, -1) == NULL, "negative index"));
  EXPECT_STDERR("Error: wb_supervisor_proto_get_field() called with a NULL or empty 'field_name' argument.\n",
                CHECK(wb_supervisor_proto_get_field(outer, "") == NULL, "empty name"));
  CHECK(wb_supervisor_proto_get_field(outer, "nope") == NULL, "unknown field");

  /* the PROTO Outer is built on: its parameters as Outer's body sets them */
  WbProtoRef wrap = wb_supervisor_proto_get_parent(outer);
  CHECK(wrap != NULL, "Outer has no parent");
  CHECK_STR(wb_supervisor_proto_get_type_name(wrap), "Wrap");
  CHECK(!wb_supervisor_proto_is_derived(wrap), "Wrap is built on a Solid");
  CHECK(wb_supervisor_proto_get_parent(wrap) == NULL, "Wrap has no parent");
  WbFieldRef h = wb_supervisor_proto_get_field(wrap, "h");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(h), 3);
  CHECK(wb_supervisor_field_get_actual_field(h) == field_of(out, "height"), "Wrap.h IS Outer.height");
  WbFieldRef inside = wb_supervisor_proto_get_field(wrap, "inside");
  CHECK_INT(wb_supervisor_field_get_count(inside), 1);
  CHECK(wb_supervisor_field_get_mf_node(inside, 0) == def("INNER"), "Wrap.inside holds INNER");

  /* a derived PROTO that sets its parent's parameter to a constant: no scene-tree field behind it */
  WbProtoRef fixed = wb_supervisor_node_get_proto(def("FIX"));
  CHECK_STR(wb_supervisor_proto_get_type_name(fixed), "Fixed");
  CHECK_INT(wb_supervisor_proto_get_number_of_fields(fixed), 0);
  WbFieldRef fixed_h = wb_supervisor_proto_get_field(wb_supervisor_proto_get_parent(fixed), "h");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(fixed_h), 5);
  CHECK(wb_supervisor_field_get_actual_field(fixed_h) == NULL, "a constant has no actual field");

  /* base node fields: the parameter that sets them, if any */
  WbFieldRef name = wb_supervisor_node_get_base_node_field(out, "name");
  CHECK(wb_supervisor_field_get_actual_field(name) == NULL, "name is set by no parameter");
  WbFieldRef visible = field_of(def("BOX"), "translation");
  CHECK(wb_supervisor_field_get_actual_field(visible) == visible, "a writable field is its own actual field");

  /* not a PROTO, misuse */
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_proto(def("BOX")) == NULL, "BOX is no PROTO"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_proto() called with a NULL 'node' argument.\n",
                CHECK(wb_supervisor_node_get_proto(NULL) == NULL, "NULL node"));
  EXPECT_STDERR("Error: wb_supervisor_proto_get_type_name() called with a NULL or invalid 'proto' argument.\n",
                CHECK_STR(wb_supervisor_proto_get_type_name(NULL), ""));
  EXPECT_STDERR("Error: wb_supervisor_proto_get_number_of_fields() called with a NULL or invalid 'proto' argument.\n",
                CHECK_INT(wb_supervisor_proto_get_number_of_fields(NULL), -1));
  EXPECT_STDERR(NULL_FIELD("wb_supervisor_field_get_actual_field"),
                CHECK(wb_supervisor_field_get_actual_field(NULL) == NULL, "NULL field"));

  /* writing the instance's parameter reaches the PROTOs below it */
  wb_supervisor_field_set_sf_float(field_of(out, "height"), 4.5);
  wb_robot_step(32);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(height), 4.5);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(h), 4.5);
}

static void removal_and_import(void) {
  WbNodeRef root = wb_supervisor_node_get_root();
  WbFieldRef children = field_of(root, "children");
  const int roots = wb_supervisor_field_get_count(children);
  WbNodeRef box = def("BOX");
  WbFieldRef box_children = field_of(box, "children");

  /* removal: the node leaves the scene, its reference dies */
  WbNodeRef kid = def("KID");
  wb_supervisor_node_remove(kid);
  CHECK(wb_supervisor_node_get_from_def("KID") == NULL, "KID still found");
  CHECK_INT(wb_supervisor_field_get_count(box_children), 0);
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_id"), CHECK_INT(wb_supervisor_node_get_id(kid), -1));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_remove"), wb_supervisor_node_remove(kid));
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_remove"), wb_supervisor_node_remove(root));
  EXPECT_STDERR("Error: wb_supervisor_node_remove() called with a Viewpoint or WorldInfo node.\n",
                wb_supervisor_node_remove(wb_supervisor_node_get_from_id(2)));

  /* import at the top level, into a Solid's children, into a PROTO parameter, into an SFNode */
  wb_supervisor_field_import_mf_node_from_string(children, -1, "DEF NEW Solid { translation 0 0 2 name \"new\" }");
  CHECK_INT(wb_supervisor_field_get_count(children), roots + 1);
  WbNodeRef fresh = def("NEW");
  CHECK(wb_supervisor_field_get_mf_node(children, -1) == fresh, "NEW is not last");
  CHECK_VEC(wb_supervisor_node_get_position(fresh), 3, 0, 0, 2);
  CHECK(wb_supervisor_node_get_parent_node(fresh) == root, "NEW's parent");
  CHECK(wb_supervisor_node_get_id(fresh) > 0, "NEW has an id");
  wb_supervisor_field_import_mf_node_from_string(box_children, 0, "DEF P1 Pose { translation 1 0 0 } DEF P2 Pose { }");
  CHECK_INT(wb_supervisor_field_get_count(box_children), 2);
  CHECK(wb_supervisor_node_get_parent_node(def("P1")) == box, "P1's parent");
  CHECK_VEC(wb_supervisor_node_get_position(def("P1")), 3, 2, 0, 0);
  wb_supervisor_field_import_mf_node_from_string(children, 0, "DEF OUT2 Outer { height 7 }");
  CHECK_STR(wb_supervisor_node_get_type_name(def("OUT2")), "Outer");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(field_of(def("OUT2"), "height")), 7);
  WbNodeRef out = def("OUT");
  wb_supervisor_field_import_mf_node_from_string(field_of(out, "more"), -1, "DEF EXTRA Solid { name \"extra\" }");
  CHECK_INT(wb_supervisor_field_get_count(field_of(out, "more")), 2);
  CHECK_INT(wb_supervisor_node_get_type(wb_supervisor_node_get_parent_node(def("EXTRA"))), WB_NODE_GROUP);
  WbFieldRef bounds = field_of(box, "boundingObject");
  wb_supervisor_field_import_sf_node_from_string(bounds, "Box { size 1 2 3 }");
  WbNodeRef shape = wb_supervisor_field_get_sf_node(bounds);
  CHECK(shape != NULL && wb_supervisor_node_get_type(shape) == WB_NODE_BOX, "boundingObject not imported");
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(field_of(shape, "size")), 3, 1, 2, 3);

  /* import misuse */
  EXPECT_STDERR("Error: wb_supervisor_field_import_sf_node_from_string() called with a non-empty field.\n",
                wb_supervisor_field_import_sf_node_from_string(bounds, "Sphere { }"));
  EXPECT_STDERR("Error: wb_supervisor_field_import_mf_node_from_string() called with a wrong field type: SFNode.\n",
                wb_supervisor_field_import_mf_node_from_string(bounds, 0, "Sphere { }"));
  EXPECT_STDERR("Error: wb_supervisor_field_import_sf_node_from_string() called with a wrong field type: MFNode.\n",
                wb_supervisor_field_import_sf_node_from_string(box_children, "Sphere { }"));
  EXPECT_STDERR("Error: wb_supervisor_field_import_mf_node_from_string() called with a NULL or empty 'node_string' "
                "argument.\n",
                wb_supervisor_field_import_mf_node_from_string(box_children, 0, ""));
  EXPECT_STDERR("Error: wb_supervisor_field_import_mf_node_from_string() called with an out-of-bound index: 3 (should be "
                "between -3 and 2).\n",
                wb_supervisor_field_import_mf_node_from_string(box_children, 3, "Pose { }"));
  EXPECT_STDERR(NULL_FIELD("wb_supervisor_field_import_mf_node_from_string"),
                wb_supervisor_field_import_mf_node_from_string(NULL, 0, "Pose { }"));
  /* text that does not parse: the world says why (on its output), nothing is added */
  wb_supervisor_field_import_mf_node_from_string(box_children, 0, "Pose { translation 1 ");
  CHECK_INT(wb_supervisor_field_get_count(box_children), 2);

  /* removal through fields */
  wb_supervisor_field_remove_sf(bounds);
  CHECK(wb_supervisor_field_get_sf_node(bounds) == NULL, "boundingObject not removed");
  EXPECT_STDERR("Error: wb_supervisor_field_remove_sf() called for an empty field.\n", wb_supervisor_field_remove_sf(bounds));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_remove_sf", "MFNode"), wb_supervisor_field_remove_sf(box_children));
  WbNodeRef p1 = def("P1");
  wb_supervisor_field_remove_mf(box_children, 0);
  CHECK_INT(wb_supervisor_field_get_count(box_children), 1);
  CHECK(wb_supervisor_node_get_from_def("P1") == NULL, "P1 still found");
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_type"), wb_supervisor_node_get_type(p1));
  wb_supervisor_field_remove_mf(box_children, -1);
  EXPECT_STDERR("Error: wb_supervisor_field_remove_mf() called for an empty field.\n",
                wb_supervisor_field_remove_mf(box_children, 0));
}

static void states(void) {
  WbNodeRef box = def("BOX");
  WbFieldRef translation = field_of(box, "translation");
  wb_supervisor_node_save_state(box, "start");
  const double far[3] = {5, 5, 5};
  wb_supervisor_field_set_sf_vec3f(translation, far);
  wb_robot_step(32);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(translation), 3, 5, 5, 5);
  wb_supervisor_node_load_state(box, "start");
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(translation), 3, 1, 0, 0);
  const double near[3] = {2, 0, 0};
  wb_supervisor_field_set_sf_vec3f(translation, near);
  wb_robot_step(32);
  wb_supervisor_node_load_state(box, "__init__");
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(translation), 3, 1, 0, 0);
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_save_state"), wb_supervisor_node_save_state(NULL, "x"));
  EXPECT_STDERR("Error: wb_supervisor_node_load_state() called with a NULL 'state_name' argument.\n",
                wb_supervisor_node_load_state(box, NULL));
}

static void tracking(void) {
  WbNodeRef box = def("BOX");
  WbFieldRef translation = field_of(box, "translation");
  EXPECT_STDERR("Error: wb_supervisor_node_enable_pose_tracking() called with negative sampling period.\n",
                wb_supervisor_node_enable_pose_tracking(box, -1, NULL));
  EXPECT_STDERR("Error: wb_supervisor_field_enable_sf_tracking() called with negative sampling period.\n",
                wb_supervisor_field_enable_sf_tracking(translation, -1));
  wb_supervisor_node_enable_pose_tracking(box, 32, NULL);
  wb_supervisor_field_enable_sf_tracking(translation, 32);
  wb_robot_step(32);
  /* between step_begin and step_end no request can be made: tracked values need none */
  wb_robot_step_begin(32);
  EXPECT_STDERR("", CHECK_VEC(wb_supervisor_node_get_pose(box, NULL), 16, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1));
  EXPECT_STDERR("", CHECK_VEC(wb_supervisor_field_get_sf_vec3f(translation), 3, 1, 0, 0));
  EXPECT_STDERR("Warning: wb_supervisor_node_get_position(): functions with immediate requests to Webots cannot be "
                "implemented in-between wb_robot_step_begin() and wb_robot_step_end()!\n",
                wb_supervisor_node_get_position(box));
  wb_robot_step_end();
  wb_supervisor_node_disable_pose_tracking(box, NULL);
  wb_supervisor_field_disable_sf_tracking(translation);
  wb_robot_step(32);
  wb_robot_step_begin(32);
  EXPECT_STDERR("Warning: wb_supervisor_field_get_sf_vec3f(): functions with immediate requests to Webots cannot be "
                "implemented in-between wb_robot_step_begin() and wb_robot_step_end()!\n",
                wb_supervisor_field_get_sf_vec3f(translation));
  wb_robot_step_end();
}

static void headless(void) {
  wb_supervisor_set_label(0, "score: 3", 0.1, 0.1, 0.2, 0xff0000, 0.0, "Arial");
  wb_supervisor_set_label(1, "first", 0.5, 0.5, 0.2, 0x00ff00, 0.5, "Arial");
  wb_supervisor_set_label(1, "second", 0.5, 0.5, 0.2, 0x00ff00, 0.5, "Arial");
  EXPECT_STDERR("Error: wb_supervisor_set_label() called with x parameter outside of [0,1] range.\n",
                wb_supervisor_set_label(2, "x", 2, 0, 0, 0, 0, "Arial"));
  EXPECT_STDERR("Error: wb_supervisor_set_label() called with transparency parameter outside of [0,1] range.\n",
                wb_supervisor_set_label(2, "x", 0, 0, 0, 0, -1, "Arial"));
  EXPECT_STDERR("Error: wb_supervisor_set_label() called with NULL 'text' argument.\n",
                wb_supervisor_set_label(2, NULL, 0, 0, 0, 0, 0, "Arial"));

  /* the Viewpoint's picture, rendered by the world's ray caster (tests/supervisor_scene.rs reads it) */
  EXPECT_STDERR("", wb_supervisor_export_image("view.png", 90));
  EXPECT_STDERR("", wb_supervisor_export_image("view.jpg", 90));
  FILE *exported = fopen("view.jpg", "rb");
  CHECK(exported, "no view.jpg");
  fclose(exported);
  EXPECT_STDERR("Error: wb_supervisor_export_image(): 'quality' argument (0) must be between 1 and 100.\n",
                wb_supervisor_export_image("view.jpg", 0));
  CHECK(!wb_supervisor_movie_failed() && wb_supervisor_movie_is_ready(), "no movie yet");
  EXPECT_STDERR("Error: wb_supervisor_movie_start_recording(): no movie recorded: cannot write "
                "'/nonexistent-folder/run.mp4': no such folder.\n",
                wb_supervisor_movie_start_recording("/nonexistent-folder/run.mp4", 640, 480, 0, 90, 1, false));
  CHECK(wb_supervisor_movie_failed() && wb_supervisor_movie_is_ready(), "the movie failed");
  EXPECT_STDERR("Error: wb_supervisor_movie_start_recording(): 'width' and 'height' arguments must be postitive.\n",
                wb_supervisor_movie_start_recording("run.mp4", 0, 480, 0, 90, 1, false));
  EXPECT_STDERR("", wb_supervisor_movie_stop_recording());
  EXPECT_STDERR("Error: the target file given to wb_supervisor_animation_start_recording() should have the '.html' "
                "extension.\n",
                CHECK(!wb_supervisor_animation_start_recording("run.txt"), "animation started"));
  EXPECT_STDERR("Error: wb_supervisor_animation_start_recording(): cannot write /nonexistent-folder/run.html: No such "
                "file or directory (os error 2)\n",
                CHECK(!wb_supervisor_animation_start_recording("/nonexistent-folder/run.html"), "animation started"));
  EXPECT_STDERR("Error: wb_supervisor_animation_stop_recording(): no animation is being recorded.\n",
                CHECK(!wb_supervisor_animation_stop_recording(), "animation stopped"));

  CHECK(!wb_supervisor_virtual_reality_headset_is_used(), "a headset");
  CHECK_ALL_NAN(wb_supervisor_virtual_reality_headset_get_position(), 3);
  CHECK_ALL_NAN(wb_supervisor_virtual_reality_headset_get_orientation(), 9);
  CHECK(wb_supervisor_node_get_selected() == NULL, "a selected node");
  WbNodeRef box = def("BOX");
  EXPECT_STDERR("", wb_supervisor_node_move_viewpoint(box));
  EXPECT_STDERR("", wb_supervisor_node_set_visibility(box, wb_supervisor_node_get_from_id(2), false));
  EXPECT_STDERR("Error: wb_supervisor_node_set_visibility() called with a 'from' argument which is not the viewpoint "
                "or a camera, lidar or range-finder device.\n",
                wb_supervisor_node_set_visibility(box, box, false));
  EXPECT_STDERR("Error: wb_supervisor_node_set_visibility() called with a NULL or invalid 'from' argument.\n",
                wb_supervisor_node_set_visibility(box, NULL, false));
}

static void world_file(void) {
  CHECK(wb_supervisor_world_save("saved.wbt"), "world not saved");
  FILE *f = fopen("saved.wbt", "r");
  CHECK(f != NULL, "saved.wbt missing");
  char text[16384];
  const size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose(f);
  CHECK(strncmp(text, "#VRML_SIM R2025a utf8\n", 22) == 0, "header: %.40s", text);
  CHECK(strstr(text, "DEF BOX Solid {") && strstr(text, "DEF NEW Solid {") && !strstr(text, "DEF KID"),
        "saved world:\n%s", text);
  EXPECT_STDERR("Error: the target file given to wb_supervisor_world_save() should have the '.wbt' extension.\n",
                CHECK(!wb_supervisor_world_save("saved.txt"), "saved as txt"));
}

int main(void) {
  wb_robot_init();
  exports();
  protos();
  removal_and_import();
  states();
  tracking();
  headless();
  world_file();
  printf("sv_scene: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
