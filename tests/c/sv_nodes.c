/* Supervisor node lookup, node information and field handles (tests/supervisor.rs, world SV_WORLD). */
#define _POSIX_C_SOURCE 200809L
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

/* Every node found by id reports that id; PROTO body nodes are not handed out by id. */
static void ids(void) {
  int found = 0;
  for (int id = 1; id < 100; ++id) {
    WbNodeRef n = NULL;
    EXPECT_STDERR("", n = wb_supervisor_node_get_from_id(id));
    if (n == NULL)
      continue;
    ++found;
    EXPECT_STDERR("", CHECK_INT(wb_supervisor_node_get_id(n), id));
    CHECK(strcmp(wb_supervisor_node_get_def(n), "CAN_BODY") != 0, "PROTO internal CAN_BODY found by id");
    CHECK_INT(wb_supervisor_node_get_type(n) == WB_NODE_CYLINDER, 0);
  }
  CHECK_INT(found, 19); /* every node of the world but the Can's Shape and Cylinder */
}

static void lookups(void) {
  WbNodeRef root = wb_supervisor_node_get_root();
  CHECK(root != NULL, "no root");
  CHECK_INT(wb_supervisor_node_get_type(root), WB_NODE_GROUP);
  CHECK_STR(wb_supervisor_node_get_type_name(root), "Group");
  CHECK_STR(wb_supervisor_node_get_base_type_name(root), "Group");
  CHECK_STR(wb_supervisor_node_get_def(root), "");
  CHECK_INT(wb_supervisor_node_get_id(root), 0);
  CHECK(!wb_supervisor_node_is_proto(root), "root is a PROTO");
  CHECK(wb_supervisor_node_get_from_id(0) == root, "id 0 is not the root");
  CHECK(wb_supervisor_node_get_root() == root, "a second get_root gives another pointer");
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_parent_node(root) == NULL, "the root has a parent"));

  WbFieldRef children = wb_supervisor_node_get_field(root, "children");
  CHECK(children != NULL, "root has no children field");
  CHECK_INT(wb_supervisor_field_get_type(children), WB_MF_NODE);
  CHECK_STR(wb_supervisor_field_get_type_name(children), "MFNode");
  CHECK_STR(wb_supervisor_field_get_name(children), "children");
  CHECK_INT(wb_supervisor_field_get_count(children), 7); /* WorldInfo Viewpoint BOX CAN MF SUPER WATCH */
  CHECK_INT(wb_supervisor_node_get_number_of_fields(root), 1);
  CHECK(wb_supervisor_node_get_field_by_index(root, 0) == children, "root field 0 is not children");

  /* ids: 0 the root, then the top-level nodes in file order */
  WbNodeRef info = wb_supervisor_node_get_from_id(1);
  CHECK_INT(wb_supervisor_node_get_type(info), WB_NODE_WORLD_INFO);
  CHECK_STR(wb_supervisor_node_get_type_name(info), "WorldInfo");
  CHECK_INT(wb_supervisor_node_get_id(info), 1);
  WbNodeRef viewpoint = wb_supervisor_node_get_from_id(2);
  CHECK_INT(wb_supervisor_node_get_type(viewpoint), WB_NODE_VIEWPOINT);
  CHECK_INT(wb_supervisor_node_get_id(viewpoint), 2);
  CHECK(wb_supervisor_field_get_mf_node(children, 0) == info, "children[0] is not id 1");
  CHECK(wb_supervisor_field_get_mf_node(children, -7) == info, "children[-7] is not id 1");
  for (int i = 0; i < 7; ++i) {
    WbNodeRef n = wb_supervisor_field_get_mf_node(children, i);
    CHECK(n != NULL, "children[%d] is NULL", i);
    CHECK(wb_supervisor_node_get_from_id(wb_supervisor_node_get_id(n)) == n, "id round trip of children[%d]", i);
    CHECK(wb_supervisor_node_get_parent_node(n) == root, "parent of children[%d] is not the root", i);
  }
  EXPECT_STDERR("Error: wb_supervisor_node_get_from_id() called with a negative 'id' argument.\n",
                CHECK(wb_supervisor_node_get_from_id(-1) == NULL, "id -1 found"));
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_from_id(100000) == NULL, "id 100000 found"));

  /* self */
  WbNodeRef self = wb_supervisor_node_get_self();
  CHECK(self != NULL, "no self");
  CHECK_INT(wb_supervisor_node_get_type(self), WB_NODE_ROBOT);
  CHECK_STR(wb_supervisor_node_get_type_name(self), "Robot");
  CHECK_STR(wb_supervisor_node_get_def(self), "SUPER");
  CHECK(wb_supervisor_node_get_from_device(0) == self, "device 0 is not self");
  CHECK(wb_supervisor_node_get_from_def("SUPER") == self, "DEF SUPER is not self");
  CHECK(wb_supervisor_field_get_mf_node(children, 5) == self, "children[5] is not self");
  CHECK(wb_supervisor_field_get_mf_node(children, -1) == wb_supervisor_node_get_from_def("WATCH"),
        "children[-1] is not WATCH");
  CHECK(wb_supervisor_node_get_parent_node(self) == root, "self's parent is not the root");

  /* DEF names, plain and dotted */
  WbNodeRef box = wb_supervisor_node_get_from_def("BOX");
  CHECK(box != NULL, "no BOX");
  CHECK(wb_supervisor_field_get_mf_node(children, 2) == box, "children[2] is not BOX");
  CHECK_INT(wb_supervisor_node_get_type(box), WB_NODE_SOLID);
  CHECK_STR(wb_supervisor_node_get_type_name(box), "Solid");
  CHECK_STR(wb_supervisor_node_get_base_type_name(box), "Solid");
  CHECK_STR(wb_supervisor_node_get_def(box), "BOX");
  CHECK(!wb_supervisor_node_is_proto(box), "BOX is a PROTO");
  WbNodeRef tip = wb_supervisor_node_get_from_def("TIP");
  WbNodeRef arm = wb_supervisor_node_get_from_def("ARM");
  CHECK(tip != NULL && arm != NULL, "no TIP or ARM");
  CHECK(wb_supervisor_node_get_from_def("BOX.ARM.TIP") == tip, "BOX.ARM.TIP is not TIP");
  CHECK(wb_supervisor_node_get_from_def("BOX.ARM") == arm, "BOX.ARM is not ARM");
  CHECK(wb_supervisor_node_get_from_def("BOX.BOUNDS") == wb_supervisor_node_get_from_def("BOUNDS"),
        "BOX.BOUNDS is not BOUNDS");
  CHECK_STR(wb_supervisor_node_get_def(tip), "TIP");
  CHECK_INT(wb_supervisor_node_get_type(arm), WB_NODE_POSE);
  CHECK(wb_supervisor_node_get_parent_node(tip) == arm, "TIP's parent is not ARM");
  CHECK(wb_supervisor_node_get_parent_node(arm) == box, "ARM's parent is not BOX");
  CHECK(wb_supervisor_node_get_from_id(wb_supervisor_node_get_id(tip)) == tip, "id round trip of TIP");
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_from_def("NOPE") == NULL, "NOPE found"));
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_from_def("BOX.NOPE") == NULL, "BOX.NOPE found"));
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_from_def("ARM.BOX") == NULL, "ARM.BOX found"));
  /* each path component must be a direct child of the previous one, as in Webots */
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_from_def("BOX.TIP") == NULL, "BOX.TIP found"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_from_def() called with a NULL or empty 'def' argument.\n",
                CHECK(wb_supervisor_node_get_from_def(NULL) == NULL, "NULL DEF found"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_from_def() called with a NULL or empty 'def' argument.\n",
                CHECK(wb_supervisor_node_get_from_def("") == NULL, "empty DEF found"));

  /* devices */
  WbDeviceTag em_tag = wb_robot_get_device("em");
  CHECK(em_tag != 0, "no emitter");
  WbNodeRef em = wb_supervisor_node_get_from_device(em_tag);
  CHECK(em != NULL, "no node for the emitter");
  CHECK_STR(wb_supervisor_node_get_def(em), "SV_EMITTER");
  CHECK_INT(wb_supervisor_node_get_type(em), WB_NODE_EMITTER);
  CHECK(wb_supervisor_node_get_from_def("SV_EMITTER") == em, "DEF SV_EMITTER is not the device's node");
  CHECK(wb_supervisor_node_get_parent_node(em) == self, "the emitter's parent is not self");
  int devices = wb_robot_get_number_of_devices();
  CHECK_INT(devices, 1);
  EXPECT_STDERR("Error: wb_supervisor_node_get_from_device() called with an invalid 'tag' argument.\n",
                CHECK(wb_supervisor_node_get_from_device(devices + 1) == NULL, "tag past the devices found"));

  /* a PROTO instance */
  WbNodeRef can = wb_supervisor_node_get_from_def("CAN");
  CHECK(can != NULL, "no CAN");
  CHECK_INT(wb_supervisor_node_get_type(can), WB_NODE_SOLID);
  CHECK_STR(wb_supervisor_node_get_type_name(can), "Can");
  CHECK_STR(wb_supervisor_node_get_base_type_name(can), "Solid");
  CHECK_STR(wb_supervisor_node_get_def(can), "CAN");
  CHECK(wb_supervisor_node_is_proto(can), "CAN is not a PROTO");
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_from_def("CAN_BODY") == NULL, "a PROTO internal DEF found"));
  WbNodeRef body = wb_supervisor_node_get_from_proto_def(can, "CAN_BODY");
  CHECK(body != NULL, "CAN_BODY not found inside CAN");
  CHECK_INT(wb_supervisor_node_get_type(body), WB_NODE_SHAPE);
  EXPECT_STDERR("Error: wb_supervisor_node_get_id() called for an internal PROTO node.\n",
                CHECK_INT(wb_supervisor_node_get_id(body), -1));
  CHECK(wb_supervisor_node_get_parent_node(body) == can, "CAN_BODY's parent is not CAN");
  EXPECT_STDERR("Error: wb_supervisor_node_get_from_proto_def(): 'node' is not a PROTO node.\n",
                CHECK(wb_supervisor_node_get_from_proto_def(box, "ARM") == NULL, "proto DEF in a plain node"));

  /* nodes without a frame */
  WbNodeRef mat = wb_supervisor_node_get_from_def("MAT");
  CHECK_INT(wb_supervisor_node_get_type(mat), WB_NODE_MATERIAL);
  CHECK_STR(wb_supervisor_node_get_type_name(mat), "Material");
  CHECK_INT(wb_supervisor_node_get_type(wb_supervisor_node_get_from_def("APP")), WB_NODE_APPEARANCE);
  CHECK(wb_supervisor_node_get_parent_node(mat) == wb_supervisor_node_get_from_def("APP"), "MAT's parent");

  /* invalid nodes: NULL, a foreign pointer, a field passed as a node */
  int local = 0;
  WbNodeRef foreign = (WbNodeRef)&local;
  WbNodeRef field_as_node = (WbNodeRef)children;
  WbNodeRef bad[] = {NULL, foreign, field_as_node};
  for (int i = 0; i < 3; ++i) {
    WbNodeRef n = bad[i];
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_type"), CHECK_INT(wb_supervisor_node_get_type(n), 0));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_id"), CHECK_INT(wb_supervisor_node_get_id(n), -1));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_type_name"), CHECK_STR(wb_supervisor_node_get_type_name(n), ""));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_base_type_name"),
                  CHECK_STR(wb_supervisor_node_get_base_type_name(n), ""));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_def"), CHECK_STR(wb_supervisor_node_get_def(n), ""));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_is_proto"), CHECK(!wb_supervisor_node_is_proto(n), "is_proto"));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_parent_node"),
                  CHECK(wb_supervisor_node_get_parent_node(n) == NULL, "parent of an invalid node"));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_field"),
                  CHECK(wb_supervisor_node_get_field(n, "translation") == NULL, "field of an invalid node"));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_field_by_index"),
                  CHECK(wb_supervisor_node_get_field_by_index(n, 0) == NULL, "field of an invalid node"));
    EXPECT_STDERR("Error: wb_supervisor_node_get_number_of_fields() called with NULL or invalid 'node' argument.\n",
                  CHECK_INT(wb_supervisor_node_get_number_of_fields(n), -1));
    EXPECT_STDERR("Error: wb_supervisor_node_get_base_node_field() called with NULL or invalid 'node' argument.\n",
                  CHECK(wb_supervisor_node_get_base_node_field(n, "translation") == NULL, "base field"));
    EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_from_proto_def"),
                  CHECK(wb_supervisor_node_get_from_proto_def(n, "CAN_BODY") == NULL, "proto DEF"));
  }
}

static void fields(void) {
  WbNodeRef box = wb_supervisor_node_get_from_def("BOX");
  WbNodeRef can = wb_supervisor_node_get_from_def("CAN");
  WbFieldRef translation = wb_supervisor_node_get_field(box, "translation");
  CHECK(translation != NULL, "BOX has no translation");
  CHECK(wb_supervisor_node_get_field(box, "translation") == translation, "a second lookup gives another pointer");
  CHECK_INT(wb_supervisor_field_get_type(translation), WB_SF_VEC3F);
  CHECK_STR(wb_supervisor_field_get_type_name(translation), "SFVec3f");
  CHECK_STR(wb_supervisor_field_get_name(translation), "translation");
  CHECK_INT(wb_supervisor_field_get_count(translation), -1);
  WbFieldRef bounds = wb_supervisor_node_get_field(box, "boundingObject");
  CHECK_INT(wb_supervisor_field_get_type(bounds), WB_SF_NODE);
  CHECK_INT(wb_supervisor_field_get_count(bounds), -1);
  WbFieldRef box_children = wb_supervisor_node_get_field(box, "children");
  CHECK_INT(wb_supervisor_field_get_type(box_children), WB_MF_NODE);
  CHECK_INT(wb_supervisor_field_get_count(box_children), 2);

  /* by index: the same handles as by name, in Webots' Solid field order */
  int n = wb_supervisor_node_get_number_of_fields(box);
  CHECK(n >= 17, "BOX has %d fields", n);
  for (int i = 0; i < n; ++i) {
    WbFieldRef f = wb_supervisor_node_get_field_by_index(box, i);
    CHECK(f != NULL, "field %d of BOX is NULL", i);
    CHECK(wb_supervisor_node_get_field(box, wb_supervisor_field_get_name(f)) == f, "field %d by name", i);
  }
  CHECK(wb_supervisor_node_get_field_by_index(box, 0) == translation, "field 0 is not translation");
  CHECK(wb_supervisor_node_get_field_by_index(box, 2) == box_children, "field 2 is not children");
  CHECK(wb_supervisor_node_get_field_by_index(box, 8) == bounds, "field 8 is not boundingObject");
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_field_by_index(box, n) == NULL, "index past the fields"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_field_by_index() called with an negative 'index' argument: -1.\n",
                CHECK(wb_supervisor_node_get_field_by_index(box, -1) == NULL, "negative index"));
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_field(box, "nope") == NULL, "unknown field found"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_field() called with a NULL or empty 'field_name' argument.\n",
                CHECK(wb_supervisor_node_get_field(box, NULL) == NULL, "NULL name"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_field() called with a NULL or empty 'field_name' argument.\n",
                CHECK(wb_supervisor_node_get_field(box, "") == NULL, "empty name"));

  /* a PROTO instance: get_field sees its parameters, the base-node variants its Solid's fields */
  CHECK_INT(wb_supervisor_node_get_number_of_fields(can), 4);
  WbFieldRef can_translation = wb_supervisor_node_get_field(can, "translation");
  CHECK_INT(wb_supervisor_field_get_type(can_translation), WB_SF_VEC3F);
  CHECK(wb_supervisor_node_get_field_by_index(can, 0) == can_translation, "parameter 0 is not translation");
  WbFieldRef height = wb_supervisor_node_get_field(can, "height");
  CHECK_INT(wb_supervisor_field_get_type(height), WB_SF_FLOAT);
  CHECK(wb_supervisor_node_get_field_by_index(can, 3) == height, "parameter 3 is not height");
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_field(can, "locked") == NULL, "a base field as a parameter"));
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_field_by_index(can, 4) == NULL, "parameter 4"));

  WbFieldRef base_translation = wb_supervisor_node_get_base_node_field(can, "translation");
  CHECK(base_translation != NULL && base_translation != can_translation, "base translation is the parameter");
  CHECK(wb_supervisor_node_get_proto_field(can, "translation") == base_translation, "older spelling differs");
  CHECK(wb_supervisor_node_get_base_node_field_by_index(can, 0) == base_translation, "base field 0");
  CHECK(wb_supervisor_node_get_proto_field_by_index(can, 0) == base_translation, "proto field 0");
  CHECK_STR(wb_supervisor_field_get_name(base_translation), "translation");
  CHECK_INT(wb_supervisor_node_get_number_of_base_node_fields(can), n);
  CHECK_INT(wb_supervisor_node_get_proto_number_of_fields(can), n);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(base_translation), 3, 0, 0, 1);
  WbFieldRef locked = wb_supervisor_node_get_base_node_field(can, "locked");
  CHECK_INT(wb_supervisor_field_get_type(locked), WB_SF_BOOL);
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_base_node_field(can, "height") == NULL, "a parameter as base"));
  EXPECT_STDERR("", CHECK(wb_supervisor_node_get_base_node_field_by_index(can, n) == NULL, "base index n"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_proto_field_by_index() called with a negative 'index' argument: -1.\n",
                CHECK(wb_supervisor_node_get_proto_field_by_index(can, -1) == NULL, "negative base index"));
  /* the by-index variant works on a plain node too, with a separate, read-only handle */
  WbFieldRef box_base_translation = wb_supervisor_node_get_proto_field_by_index(box, 0);
  CHECK(box_base_translation != NULL && box_base_translation != translation, "base index 0 of BOX");
  CHECK_STR(wb_supervisor_field_get_name(box_base_translation), "translation");
  const double elsewhere[3] = {9, 9, 9};
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_vec3f() called on a read-only PROTO internal field.\n",
                wb_supervisor_field_set_sf_vec3f(box_base_translation, elsewhere));
  EXPECT_STDERR("Error: wb_supervisor_node_get_proto_field(): 'node' is not a PROTO node.\n",
                CHECK(wb_supervisor_node_get_proto_field(box, "translation") == NULL, "base field of a plain node"));
  EXPECT_STDERR("Error: wb_supervisor_node_get_base_node_field() called with NULL or empty 'field_name' argument.\n",
                CHECK(wb_supervisor_node_get_base_node_field(can, NULL) == NULL, "NULL base name"));

  /* read-only PROTO internals */
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_bool() called on a read-only PROTO internal field.\n",
                wb_supervisor_field_set_sf_bool(locked, true));
  const double moved[3] = {5, 5, 5};
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_vec3f() called on a read-only PROTO internal field.\n",
                wb_supervisor_field_set_sf_vec3f(base_translation, moved));
  CHECK(!wb_supervisor_field_get_sf_bool(locked), "read-only field changed before the step");

  /* invalid fields: NULL, a foreign pointer, a node passed as a field */
  int local = 0;
  WbFieldRef bad[] = {NULL, (WbFieldRef)&local, (WbFieldRef)box};
  for (int i = 0; i < 3; ++i) {
    WbFieldRef f = bad[i];
#define BAD_FIELD(fn) (i == 0 ? NULL_FIELD(fn) : INVALID_FIELD(fn))
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_type"), CHECK_INT(wb_supervisor_field_get_type(f), 0));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_type_name"), CHECK_STR(wb_supervisor_field_get_type_name(f), ""));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_name"), CHECK_STR(wb_supervisor_field_get_name(f), ""));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_count"), CHECK_INT(wb_supervisor_field_get_count(f), -1));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_sf_float"), CHECK(wb_supervisor_field_get_sf_float(f) == 0.0, "float"));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_sf_vec3f"), CHECK(wb_supervisor_field_get_sf_vec3f(f) == NULL, "vec3f"));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_sf_string"), CHECK_STR(wb_supervisor_field_get_sf_string(f), ""));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_get_mf_node"), CHECK(wb_supervisor_field_get_mf_node(f, 0) == NULL, "node"));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_set_sf_int32"), wb_supervisor_field_set_sf_int32(f, 3));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_set_mf_float"), wb_supervisor_field_set_mf_float(f, 0, 1.0));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_insert_mf_string"), wb_supervisor_field_insert_mf_string(f, 0, "x"));
    EXPECT_STDERR(BAD_FIELD("wb_supervisor_field_remove_mf"), wb_supervisor_field_remove_mf(f, 0));
#undef BAD_FIELD
  }

  /* wrong types */
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_get_sf_float", "SFVec3f"),
                CHECK(wb_supervisor_field_get_sf_float(translation) == 0.0, "float of a vec3f"));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_get_mf_vec3f", "SFVec3f"),
                CHECK(wb_supervisor_field_get_mf_vec3f(translation, 0) == NULL, "mf of an sf"));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_set_sf_int32", "SFVec3f"), wb_supervisor_field_set_sf_int32(translation, 1));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_get_sf_node", "MFNode"),
                CHECK(wb_supervisor_field_get_sf_node(box_children) == NULL, "sf node of children"));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_get_sf_int32", "SFFloat"),
                CHECK_INT(wb_supervisor_field_get_sf_int32(height), 0));
}

int main(void) {
  wb_robot_init();
  ids();
  lookups();
  fields();
  CHECK(wb_robot_get_time() == 0.0, "lookups took simulated time");
  CHECK(wb_robot_step(32) != -1, "first step ended the run");
  /* a rejected write to a read-only field changed nothing */
  CHECK(!wb_supervisor_field_get_sf_bool(wb_supervisor_node_get_base_node_field(wb_supervisor_node_get_from_def("CAN"),
                                                                                  "locked")),
        "read-only field changed");
  CHECK_VEC(wb_supervisor_node_get_position(wb_supervisor_node_get_from_def("CAN")), 3, 0, 0, 1);
  printf("sv_nodes: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
