/* Supervisor field values: every SF/MF getter and setter, index rules, value checks, write timing and
 * PROTO parameter propagation (tests/supervisor.rs, world SV_WORLD; sv_watch reads alongside). */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <webots/robot.h>
#include <webots/supervisor.h>
#include "sv_check.h"

static WbNodeRef mf;

static WbFieldRef field(const char *name) {
  WbFieldRef f = wb_supervisor_node_get_field(mf, name);
  CHECK(f != NULL, "MF has no field %s", name);
  return f;
}

static void initial_values(void) {
  CHECK(wb_supervisor_field_get_sf_bool(field("sfBool")), "sfBool");
  CHECK_INT(wb_supervisor_field_get_sf_int32(field("sfInt32")), 39);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(field("sfFloat")), 0.84);
  CHECK_VEC(wb_supervisor_field_get_sf_vec2f(field("sfVec2f")), 2, 1, 2);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(field("sfVec3f")), 3, 1, 2, 3);
  CHECK_VEC(wb_supervisor_field_get_sf_rotation(field("sfRotation")), 4, 0, 1, 0, 0.5);
  CHECK_VEC(wb_supervisor_field_get_sf_color(field("sfColor")), 3, 0.1, 0.2, 0.3);
  CHECK_STR(wb_supervisor_field_get_sf_string(field("sfString")), "text");

  WbFieldRef mf_bool = field("mfBool");
  CHECK_INT(wb_supervisor_field_get_count(mf_bool), 3);
  CHECK_STR(wb_supervisor_field_get_type_name(mf_bool), "MFBool");
  CHECK(wb_supervisor_field_get_mf_bool(mf_bool, 0), "mfBool[0]");
  CHECK(!wb_supervisor_field_get_mf_bool(mf_bool, 1), "mfBool[1]");
  CHECK(!wb_supervisor_field_get_mf_bool(mf_bool, -2), "mfBool[-2]");
  CHECK(wb_supervisor_field_get_mf_bool(mf_bool, -3), "mfBool[-3]");
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_get_mf_bool", 3, -3, 2),
                CHECK(!wb_supervisor_field_get_mf_bool(mf_bool, 3), "mfBool[3]"));
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_get_mf_bool", -4, -3, 2),
                CHECK(!wb_supervisor_field_get_mf_bool(mf_bool, -4), "mfBool[-4]"));
  CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), -1), 3);
  CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), 0), 1);
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_get_mf_int32", 3, -3, 2),
                CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), 3), 0));
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(field("mfFloat"), 1), 1.5);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(field("mfFloat"), -2), 0.5);
  CHECK_VEC(wb_supervisor_field_get_mf_vec2f(field("mfVec2f"), 1), 2, 3, 4);
  CHECK_VEC(wb_supervisor_field_get_mf_vec3f(field("mfVec3f"), -2), 3, 1, 2, 3);
  CHECK_VEC(wb_supervisor_field_get_mf_rotation(field("mfRotation"), 1), 4, 1, 0, 0, 1);
  CHECK_VEC(wb_supervisor_field_get_mf_color(field("mfColor"), 2), 3, 0, 0, 1);
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_get_mf_color", 3, -3, 2),
                CHECK(wb_supervisor_field_get_mf_color(field("mfColor"), 3) == NULL, "mfColor[3]"));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_get_mf_color", "MFString"),
                CHECK(wb_supervisor_field_get_mf_color(field("mfString"), 0) == NULL, "color of a string"));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_get_mf_color", "SFColor"),
                CHECK(wb_supervisor_field_get_mf_color(field("sfColor"), 0) == NULL, "mf of an SFColor"));
  CHECK_STR(wb_supervisor_field_get_mf_string(field("mfString"), 0), "a");
  CHECK_STR(wb_supervisor_field_get_mf_string(field("mfString"), -1), "b");
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_get_mf_string", 2, -2, 1),
                CHECK_STR(wb_supervisor_field_get_mf_string(field("mfString"), 2), ""));

  WbFieldRef empty = field("empty");
  CHECK_INT(wb_supervisor_field_get_count(empty), 0);
  EXPECT_STDERR("Error: wb_supervisor_field_get_mf_float() called on an empty list.\n",
                CHECK(wb_supervisor_field_get_mf_float(empty, 0) == 0.0, "item of an empty list"));
  EXPECT_STDERR("Error: wb_supervisor_field_set_mf_float() called on an empty list.\n",
                wb_supervisor_field_set_mf_float(empty, -1, 2.0));
  EXPECT_STDERR("Error: wb_supervisor_field_insert_mf_float() called on an empty list.\n",
                wb_supervisor_field_insert_mf_float(empty, 1, 2.0));
  EXPECT_STDERR("Error: wb_supervisor_field_remove_mf() called for an empty field.\n",
                wb_supervisor_field_remove_mf(empty, 0));
  CHECK_INT(wb_supervisor_field_get_count(empty), 0);

  /* node-valued fields give node references */
  WbNodeRef box = wb_supervisor_node_get_from_def("BOX");
  WbNodeRef shape = wb_supervisor_node_get_from_def("SHAPE");
  CHECK(wb_supervisor_field_get_sf_node(wb_supervisor_node_get_field(box, "boundingObject")) ==
          wb_supervisor_node_get_from_def("BOUNDS"),
        "boundingObject is not BOUNDS");
  CHECK(wb_supervisor_field_get_sf_node(wb_supervisor_node_get_field(shape, "geometry")) ==
          wb_supervisor_node_get_from_def("GEOM"),
        "geometry is not GEOM");
  CHECK(wb_supervisor_field_get_sf_node(wb_supervisor_node_get_field(shape, "appearance")) ==
          wb_supervisor_node_get_from_def("APP"),
        "appearance is not APP");
  EXPECT_STDERR("", CHECK(wb_supervisor_field_get_sf_node(wb_supervisor_node_get_field(box, "physics")) == NULL,
                          "empty physics is a node"));
  WbFieldRef nodes = field("mfNode");
  CHECK_INT(wb_supervisor_field_get_count(nodes), 2);
  WbNodeRef second = wb_supervisor_field_get_mf_node(nodes, -1);
  CHECK(second != NULL && second == wb_supervisor_node_get_from_def("SECOND"), "mfNode[-1] is not SECOND");
  CHECK(wb_supervisor_node_get_from_def("MF.SECOND") == second, "MF.SECOND is not SECOND");
  CHECK_INT(wb_supervisor_node_get_type(wb_supervisor_field_get_mf_node(nodes, 0)), WB_NODE_POSE);
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_get_mf_node", 2, -2, 1),
                CHECK(wb_supervisor_field_get_mf_node(nodes, 2) == NULL, "mfNode[2]"));
}

/* Invalid values: each write is refused with Webots' message and leaves the field alone. */
static void value_checks(void) {
  const double nan_vec[3] = {1, NAN, 3};
  const double big_vec[3] = {1, 2, 1e39};
  const double zero_axis[4] = {0, -0.0, 0, 1};
  const double bad_color[3] = {0.5, 1.5, 0};
  const double nan_color[3] = {NAN, 0, 0};
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_float() called with a NaN value.\n",
                wb_supervisor_field_set_sf_float(field("sfFloat"), NAN));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_float() called with a value greater than FLX_MAX: 1e+39 > "
                "3.40282e+38.\n",
                wb_supervisor_field_set_sf_float(field("sfFloat"), 1e39));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_float() called with a value smaller than -FLX_MAX): -inf < "
                "-3.40282e+38.\n",
                wb_supervisor_field_set_sf_float(field("sfFloat"), -INFINITY));
  EXPECT_STDERR("", wb_supervisor_field_set_sf_float(field("sfFloat"), FLT_MAX));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_vec3f() called with a NaN value.\n",
                wb_supervisor_field_set_sf_vec3f(field("sfVec3f"), nan_vec));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_vec3f() called with a value greater than FLX_MAX: 1e+39 > "
                "3.40282e+38.\n",
                wb_supervisor_field_set_sf_vec3f(field("sfVec3f"), big_vec));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_vec3f() called with NULL argument.\n",
                wb_supervisor_field_set_sf_vec3f(field("sfVec3f"), NULL));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_vec2f() called with a NaN value.\n",
                wb_supervisor_field_set_sf_vec2f(field("sfVec2f"), nan_vec));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_vec2f() called with NULL argument.\n",
                wb_supervisor_field_set_sf_vec2f(field("sfVec2f"), NULL));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_rotation() called with invalid values for the [x y z] axis.\n",
                wb_supervisor_field_set_sf_rotation(field("sfRotation"), zero_axis));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_rotation() called with NULL argument.\n",
                wb_supervisor_field_set_sf_rotation(field("sfRotation"), NULL));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_color() called with invalid RGB values (outside [0,1] range).\n",
                wb_supervisor_field_set_sf_color(field("sfColor"), bad_color));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_color() called with invalid RGB values (outside [0,1] range).\n",
                wb_supervisor_field_set_sf_color(field("sfColor"), nan_color));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_color() called with a NULL 'values' argument.\n",
                wb_supervisor_field_set_sf_color(field("sfColor"), NULL));
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_string() called with a NULL string argument.\n",
                wb_supervisor_field_set_sf_string(field("sfString"), NULL));
  EXPECT_STDERR("Error: wb_supervisor_field_set_mf_float() called with a NaN value.\n",
                wb_supervisor_field_set_mf_float(field("mfFloat"), 1, NAN));
  EXPECT_STDERR("Error: wb_supervisor_field_insert_mf_rotation() called with invalid values for the [x y z] axis.\n",
                wb_supervisor_field_insert_mf_rotation(field("mfRotation"), 0, zero_axis));
  EXPECT_STDERR("Error: wb_supervisor_field_insert_mf_color() called with invalid RGB values (outside [0,1] range).\n",
                wb_supervisor_field_insert_mf_color(field("mfColor"), 0, bad_color));
  EXPECT_STDERR("Error: wb_supervisor_field_insert_mf_string() called with a NULL string argument.\n",
                wb_supervisor_field_insert_mf_string(field("mfString"), 0, NULL));
  EXPECT_STDERR("Error: wb_supervisor_field_set_mf_vec3f() called with NULL argument.\n",
                wb_supervisor_field_set_mf_vec3f(field("mfVec3f"), 0, NULL));
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_set_mf_color", 3, -3, 2),
                wb_supervisor_field_set_mf_color(field("mfColor"), 3, bad_color));
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_insert_mf_int32", 5, -4, 3),
                wb_supervisor_field_insert_mf_int32(field("mfInt32"), 5, 0));
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_insert_mf_int32", -5, -4, 3),
                wb_supervisor_field_insert_mf_int32(field("mfInt32"), -5, 0));
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_remove_mf", 3, -3, 2), wb_supervisor_field_remove_mf(field("mfInt32"), 3));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_set_sf_float", "SFInt32"),
                wb_supervisor_field_set_sf_float(field("sfInt32"), 1.0));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_get_sf_float", "SFInt32"),
                CHECK(wb_supervisor_field_get_sf_float(field("sfInt32")) == 0.0, "float of an int"));
  EXPECT_STDERR(WRONG_TYPE("wb_supervisor_field_insert_mf_float", "MFInt32"),
                wb_supervisor_field_insert_mf_float(field("mfInt32"), 0, 1.0));
  /* the refused writes changed nothing: the counts are the same and nothing is pending */
  CHECK_INT(wb_supervisor_field_get_sf_int32(field("sfInt32")), 39);
  CHECK_INT(wb_supervisor_field_get_count(field("mfInt32")), 3);
  CHECK_INT(wb_supervisor_field_get_count(field("mfRotation")), 2);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(field("sfFloat")), FLT_MAX);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(field("sfVec3f")), 3, 1, 2, 3);
  CHECK_VEC(wb_supervisor_field_get_sf_color(field("sfColor")), 3, 0.1, 0.2, 0.3);
  CHECK_STR(wb_supervisor_field_get_sf_string(field("sfString")), "text");
}

/* Writes at t=0: read back at once (pending), the world keeps the old values until the step. */
static void writes(WbNodeRef can) {
  const double v2[2] = {5, 6}, v3[3] = {7, 8, 9}, rot[4] = {0, 0, 2, 1}, col[3] = {0.5, 0.6, 0.7};
  wb_supervisor_field_set_sf_bool(field("sfBool"), false);
  wb_supervisor_field_set_sf_int32(field("sfInt32"), 40);
  wb_supervisor_field_set_sf_float(field("sfFloat"), 0.73);
  wb_supervisor_field_set_sf_vec2f(field("sfVec2f"), v2);
  wb_supervisor_field_set_sf_vec3f(field("sfVec3f"), v3);
  wb_supervisor_field_set_sf_rotation(field("sfRotation"), rot);
  wb_supervisor_field_set_sf_color(field("sfColor"), col);
  wb_supervisor_field_set_sf_string(field("sfString"), "wrong");
  wb_supervisor_field_set_sf_string(field("sfString"), "obstacle");
  CHECK(!wb_supervisor_field_get_sf_bool(field("sfBool")), "pending sfBool");
  CHECK_INT(wb_supervisor_field_get_sf_int32(field("sfInt32")), 40);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(field("sfFloat")), 0.73);
  CHECK_VEC(wb_supervisor_field_get_sf_vec2f(field("sfVec2f")), 2, 5, 6);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(field("sfVec3f")), 3, 7, 8, 9);
  CHECK_VEC(wb_supervisor_field_get_sf_rotation(field("sfRotation")), 4, 0, 0, 2, 1);
  CHECK_VEC(wb_supervisor_field_get_sf_color(field("sfColor")), 3, 0.5, 0.6, 0.7);
  CHECK_STR(wb_supervisor_field_get_sf_string(field("sfString")), "obstacle");
  /* a refused write after a good one keeps the good one */
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_float() called with a NaN value.\n",
                wb_supervisor_field_set_sf_float(field("sfFloat"), NAN));
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(field("sfFloat")), 0.73);

  const double mv2[2] = {9, 9}, mv3[3] = {7, 7, 7}, mrot[4] = {0, 1, 0, 3}, mcol[3] = {1, 1, 1};
  wb_supervisor_field_set_mf_bool(field("mfBool"), 1, true);
  wb_supervisor_field_set_mf_int32(field("mfInt32"), -1, 30);
  wb_supervisor_field_set_mf_float(field("mfFloat"), 0, 5.0);
  wb_supervisor_field_set_mf_float(field("mfFloat"), 0, 1.0);
  wb_supervisor_field_set_mf_float(field("mfFloat"), 1, 2.0);
  wb_supervisor_field_set_mf_vec2f(field("mfVec2f"), 0, mv2);
  wb_supervisor_field_set_mf_vec3f(field("mfVec3f"), 1, mv3);
  wb_supervisor_field_set_mf_rotation(field("mfRotation"), 0, mrot);
  wb_supervisor_field_set_mf_color(field("mfColor"), -1, mcol);
  wb_supervisor_field_set_mf_string(field("mfString"), 1, "B");
  CHECK(wb_supervisor_field_get_mf_bool(field("mfBool"), 1), "pending mfBool[1]");
  CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), 2), 30); /* -1 resolved: the same item */
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(field("mfFloat"), 0), 1.0);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(field("mfFloat"), -1), 2.0);
  CHECK_VEC(wb_supervisor_field_get_mf_vec2f(field("mfVec2f"), 0), 2, 9, 9);
  CHECK_VEC(wb_supervisor_field_get_mf_vec2f(field("mfVec2f"), 1), 2, 3, 4); /* other items: the world's */
  CHECK_VEC(wb_supervisor_field_get_mf_vec3f(field("mfVec3f"), 1), 3, 7, 7, 7);
  CHECK_VEC(wb_supervisor_field_get_mf_rotation(field("mfRotation"), 0), 4, 0, 1, 0, 3);
  CHECK_VEC(wb_supervisor_field_get_mf_color(field("mfColor"), 2), 3, 1, 1, 1);
  CHECK_STR(wb_supervisor_field_get_mf_string(field("mfString"), 1), "B");

  /* a node given as a PROTO parameter is the world's, not the PROTO's: its fields are writable */
  WbFieldRef second_name = wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("SECOND"), "name");
  EXPECT_STDERR("", wb_supervisor_field_set_sf_string(second_name, "renamed"));

  /* PROTO parameters: the instance moves at the next step, not before */
  const double to[3] = {0.5, 0.5, 0.5}, turn[4] = {0, 0, 1, 1.5707963267948966};
  wb_supervisor_field_set_sf_vec3f(wb_supervisor_node_get_field(can, "translation"), to);
  wb_supervisor_field_set_sf_rotation(wb_supervisor_node_get_field(can, "rotation"), turn);
  wb_supervisor_field_set_sf_float(wb_supervisor_node_get_field(can, "height"), 0.5);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_field(can, "translation")), 3, 0.5, 0.5, 0.5);
  CHECK_VEC(wb_supervisor_node_get_position(can), 3, 0, 0, 1);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_base_node_field(can, "translation")), 3, 0, 0, 1);
}

static WbFieldRef cylinder_height(WbNodeRef can) {
  WbNodeRef body = wb_supervisor_node_get_from_proto_def(can, "CAN_BODY");
  WbNodeRef cylinder = wb_supervisor_field_get_sf_node(wb_supervisor_node_get_field(body, "geometry"));
  CHECK(cylinder != NULL, "CAN_BODY has no geometry");
  return wb_supervisor_node_get_field(cylinder, "height");
}

static void after_step(WbNodeRef can) {
  CHECK(!wb_supervisor_field_get_sf_bool(field("sfBool")), "sfBool");
  CHECK_INT(wb_supervisor_field_get_sf_int32(field("sfInt32")), 40);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(field("sfFloat")), 0.73);
  CHECK_VEC(wb_supervisor_field_get_sf_vec2f(field("sfVec2f")), 2, 5, 6);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(field("sfVec3f")), 3, 7, 8, 9);
  CHECK_VEC(wb_supervisor_field_get_sf_rotation(field("sfRotation")), 4, 0, 0, 1, 1); /* stored normalised */
  CHECK_VEC(wb_supervisor_field_get_sf_color(field("sfColor")), 3, 0.5, 0.6, 0.7);
  CHECK_STR(wb_supervisor_field_get_sf_string(field("sfString")), "obstacle");
  CHECK(wb_supervisor_field_get_mf_bool(field("mfBool"), 1), "mfBool[1]");
  CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), 2), 30);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(field("mfFloat"), 0), 1.0);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(field("mfFloat"), 1), 2.0);
  CHECK_VEC(wb_supervisor_field_get_mf_vec2f(field("mfVec2f"), 0), 2, 9, 9);
  CHECK_VEC(wb_supervisor_field_get_mf_vec3f(field("mfVec3f"), 1), 3, 7, 7, 7);
  CHECK_VEC(wb_supervisor_field_get_mf_rotation(field("mfRotation"), 0), 4, 0, 1, 0, 3);
  CHECK_VEC(wb_supervisor_field_get_mf_color(field("mfColor"), 2), 3, 1, 1, 1);
  CHECK_STR(wb_supervisor_field_get_mf_string(field("mfString"), 1), "B");
  CHECK_STR(wb_supervisor_field_get_sf_string(wb_supervisor_node_get_field(wb_supervisor_node_get_from_def("SECOND"), "name")),
            "renamed");
  /* the PROTO parameters reached the body */
  CHECK_VEC(wb_supervisor_node_get_position(can), 3, 0.5, 0.5, 0.5);
  CHECK_VEC(wb_supervisor_node_get_orientation(can), 9, 0, -1, 0, 1, 0, 0, 0, 0, 1);
  CHECK_VEC(wb_supervisor_field_get_sf_vec3f(wb_supervisor_node_get_base_node_field(can, "translation")), 3, 0.5, 0.5,
            0.5);
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(cylinder_height(can)), 0.5);
  /* a field of a PROTO body node is read-only: only the instance's parameters write it */
  EXPECT_STDERR("Error: wb_supervisor_field_set_sf_float() called on a read-only PROTO internal field.\n",
                wb_supervisor_field_set_sf_float(cylinder_height(can), 0.9));
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(cylinder_height(can)), 0.5);
}

/* Inserts and removals happen at once, pending writes of the field first. */
static void inserts_and_removals(void) {
  const double v2[2] = {-1, -2}, v3[3] = {-1, -2, -3}, rot[4] = {1, 0, 0, -1}, col[3] = {0.25, 0.25, 0.25};
  WbFieldRef strings = field("mfString");
  wb_supervisor_field_insert_mf_string(strings, -1, "Hello World!");
  CHECK_INT(wb_supervisor_field_get_count(strings), 3);
  wb_supervisor_field_insert_mf_string(strings, 1, "Second string");
  CHECK_INT(wb_supervisor_field_get_count(strings), 4);
  CHECK_STR(wb_supervisor_field_get_mf_string(strings, 0), "a");
  CHECK_STR(wb_supervisor_field_get_mf_string(strings, 1), "Second string");
  CHECK_STR(wb_supervisor_field_get_mf_string(strings, 2), "B");
  CHECK_STR(wb_supervisor_field_get_mf_string(strings, 3), "Hello World!");
  wb_supervisor_field_insert_mf_string(strings, -2, "before last");
  CHECK_STR(wb_supervisor_field_get_mf_string(strings, 3), "before last");
  wb_supervisor_field_remove_mf(strings, 0);
  wb_supervisor_field_remove_mf(strings, -1);
  CHECK_INT(wb_supervisor_field_get_count(strings), 3);
  CHECK_STR(wb_supervisor_field_get_mf_string(strings, 0), "Second string");
  CHECK_STR(wb_supervisor_field_get_mf_string(strings, -1), "before last");

  /* every MF type: insert at 0 and at -1, then remove both */
  wb_supervisor_field_insert_mf_bool(field("mfBool"), 0, false);
  wb_supervisor_field_insert_mf_bool(field("mfBool"), -1, false);
  CHECK_INT(wb_supervisor_field_get_count(field("mfBool")), 5);
  CHECK(!wb_supervisor_field_get_mf_bool(field("mfBool"), 0) && !wb_supervisor_field_get_mf_bool(field("mfBool"), 4) &&
          wb_supervisor_field_get_mf_bool(field("mfBool"), 1),
        "mfBool inserts");
  wb_supervisor_field_insert_mf_int32(field("mfInt32"), 0, -7);
  wb_supervisor_field_insert_mf_int32(field("mfInt32"), -1, 70);
  CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), 0), -7);
  CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), 4), 70);
  wb_supervisor_field_insert_mf_vec2f(field("mfVec2f"), 0, v2);
  wb_supervisor_field_insert_mf_vec2f(field("mfVec2f"), -1, v2);
  CHECK_VEC(wb_supervisor_field_get_mf_vec2f(field("mfVec2f"), 3), 2, -1, -2);
  wb_supervisor_field_insert_mf_vec3f(field("mfVec3f"), 0, v3);
  wb_supervisor_field_insert_mf_vec3f(field("mfVec3f"), -1, v3);
  CHECK_VEC(wb_supervisor_field_get_mf_vec3f(field("mfVec3f"), 0), 3, -1, -2, -3);
  CHECK_INT(wb_supervisor_field_get_count(field("mfVec3f")), 4);
  wb_supervisor_field_insert_mf_rotation(field("mfRotation"), 0, rot);
  wb_supervisor_field_insert_mf_rotation(field("mfRotation"), -1, rot);
  CHECK_VEC(wb_supervisor_field_get_mf_rotation(field("mfRotation"), -1), 4, 1, 0, 0, -1);
  wb_supervisor_field_insert_mf_color(field("mfColor"), 0, col);
  wb_supervisor_field_insert_mf_color(field("mfColor"), -1, col);
  CHECK_VEC(wb_supervisor_field_get_mf_color(field("mfColor"), 4), 3, 0.25, 0.25, 0.25);
  CHECK_INT(wb_supervisor_field_get_count(field("mfColor")), 5);
  const char *names[] = {"mfBool", "mfInt32", "mfVec2f", "mfVec3f", "mfRotation", "mfColor"};
  const int counts[] = {3, 3, 2, 2, 2, 3};
  for (int i = 0; i < 6; ++i) {
    wb_supervisor_field_remove_mf(field(names[i]), 0);
    wb_supervisor_field_remove_mf(field(names[i]), -1);
    CHECK(wb_supervisor_field_get_count(field(names[i])) == counts[i], "%s count after removals", names[i]);
  }
  CHECK_INT(wb_supervisor_field_get_mf_int32(field("mfInt32"), 0), 1);
  CHECK_VEC(wb_supervisor_field_get_mf_vec3f(field("mfVec3f"), -1), 3, 7, 7, 7);

  /* a pending write reaches the world before an insert into the same field */
  WbFieldRef floats = field("mfFloat");
  wb_supervisor_field_set_mf_float(floats, 0, 9.0);
  wb_supervisor_field_insert_mf_float(floats, 0, 7.0);
  CHECK_INT(wb_supervisor_field_get_count(floats), 3);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(floats, 0), 7.0);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(floats, 1), 9.0);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(floats, 2), 2.0);

  /* an empty list takes inserts at 0 and -1 */
  WbFieldRef empty = field("empty");
  wb_supervisor_field_insert_mf_float(empty, -1, 1.0);
  wb_supervisor_field_insert_mf_float(empty, 0, 0.0);
  CHECK_INT(wb_supervisor_field_get_count(empty), 2);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(empty, 1), 1.0);

  /* removing an item of a node list removes the node from the scene; SF fields are no lists */
  WbNodeRef first = wb_supervisor_field_get_mf_node(field("mfNode"), 0);
  EXPECT_STDERR("", wb_supervisor_field_remove_mf(field("mfNode"), 0));
  CHECK_INT(wb_supervisor_field_get_count(field("mfNode")), 1);
  EXPECT_STDERR(INVALID_NODE("wb_supervisor_node_get_type"), wb_supervisor_node_get_type(first));
  EXPECT_STDERR(OUT_OF_BOUND("wb_supervisor_field_remove_mf", 0, 1, -2), wb_supervisor_field_remove_mf(field("sfFloat"), 0));
}

int main(void) {
  wb_robot_init();
  mf = wb_supervisor_node_get_from_def("MF");
  WbNodeRef can = wb_supervisor_node_get_from_def("CAN");
  CHECK(mf != NULL && can != NULL, "no MF or CAN");
  CHECK_DOUBLE(wb_supervisor_field_get_sf_float(cylinder_height(can)), 0.2);
  initial_values();
  value_checks();
  writes(can);
  CHECK(wb_robot_step(32) != -1, "step 1 ended the run");
  after_step(can);
  CHECK(wb_robot_step(32) != -1, "step 2 ended the run");
  inserts_and_removals();
  CHECK(wb_robot_step(32) != -1, "step 3 ended the run");
  CHECK_INT(wb_supervisor_field_get_count(field("mfString")), 3);
  CHECK_DOUBLE(wb_supervisor_field_get_mf_float(field("mfFloat"), 1), 9.0);
  printf("sv_values: all checks passed at t=%.3f\n", wb_robot_get_time());
  wb_robot_cleanup();
  return 0;
}
