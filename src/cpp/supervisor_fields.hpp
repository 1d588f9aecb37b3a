// Internal to libCppController: the field accessors libController exports but the generated
// supervisor.h does not declare yet (cbindgen does not see functions made by a Rust macro). The
// declarations repeat the exported signatures; once supervisor.h has them, they are harmless
// duplicates.
#ifndef WEBOTS_SHIM_SUPERVISOR_FIELDS_HPP
#define WEBOTS_SHIM_SUPERVISOR_FIELDS_HPP

#include <webots/types.h>

extern "C" {
bool wb_supervisor_field_get_sf_bool(WbFieldRef field);
int wb_supervisor_field_get_sf_int32(WbFieldRef field);
double wb_supervisor_field_get_sf_float(WbFieldRef field);
const double *wb_supervisor_field_get_sf_vec2f(WbFieldRef field);
const double *wb_supervisor_field_get_sf_vec3f(WbFieldRef field);
const double *wb_supervisor_field_get_sf_rotation(WbFieldRef field);
const double *wb_supervisor_field_get_sf_color(WbFieldRef field);
const char *wb_supervisor_field_get_sf_string(WbFieldRef field);
WbNodeRef wb_supervisor_field_get_sf_node(WbFieldRef field);

bool wb_supervisor_field_get_mf_bool(WbFieldRef field, int index);
int wb_supervisor_field_get_mf_int32(WbFieldRef field, int index);
double wb_supervisor_field_get_mf_float(WbFieldRef field, int index);
const double *wb_supervisor_field_get_mf_vec2f(WbFieldRef field, int index);
const double *wb_supervisor_field_get_mf_vec3f(WbFieldRef field, int index);
const double *wb_supervisor_field_get_mf_rotation(WbFieldRef field, int index);
const double *wb_supervisor_field_get_mf_color(WbFieldRef field, int index);
const char *wb_supervisor_field_get_mf_string(WbFieldRef field, int index);
WbNodeRef wb_supervisor_field_get_mf_node(WbFieldRef field, int index);

void wb_supervisor_field_set_mf_bool(WbFieldRef field, int index, bool value);
void wb_supervisor_field_set_mf_int32(WbFieldRef field, int index, int value);
void wb_supervisor_field_set_mf_float(WbFieldRef field, int index, double value);
void wb_supervisor_field_set_mf_vec2f(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_set_mf_vec3f(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_set_mf_rotation(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_set_mf_color(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_set_mf_string(WbFieldRef field, int index, const char *value);

void wb_supervisor_field_insert_mf_bool(WbFieldRef field, int index, bool value);
void wb_supervisor_field_insert_mf_int32(WbFieldRef field, int index, int value);
void wb_supervisor_field_insert_mf_float(WbFieldRef field, int index, double value);
void wb_supervisor_field_insert_mf_vec2f(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_insert_mf_vec3f(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_insert_mf_rotation(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_insert_mf_color(WbFieldRef field, int index, const double *values);
void wb_supervisor_field_insert_mf_string(WbFieldRef field, int index, const char *value);
}

#endif
