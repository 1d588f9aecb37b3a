// Field: forwards to the wb_supervisor_field_* functions; one object per WbFieldRef.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/supervisor.h>
#include <webots/Field.hpp>
#include <webots/Node.hpp>

#include <map>

#include "text.hpp"

using webots_shim::text;

using namespace webots;

namespace {
  std::map<WbFieldRef, Field *> &fields() {
    static std::map<WbFieldRef, Field *> all;
    return all;
  }
}  // namespace

Field::Field(WbFieldRef ref) : fieldRef(ref) {
}

Field *Field::findField(WbFieldRef ref) {
  if (ref == NULL)
    return NULL;
  Field *&field = fields()[ref];
  if (field == NULL)
    field = new Field(ref);
  return field;
}

void Field::cleanup() {
  for (auto &entry : fields())
    delete entry.second;
  fields().clear();
}

std::string Field::getName() const {
  return text(wb_supervisor_field_get_name(fieldRef));
}

Field::Type Field::getType() const {
  return static_cast<Type>(wb_supervisor_field_get_type(fieldRef));
}

std::string Field::getTypeName() const {
  return text(wb_supervisor_field_get_type_name(fieldRef));
}

int Field::getCount() const {
  return wb_supervisor_field_get_count(fieldRef);
}

void Field::enableSFTracking(int samplingPeriod) {
  wb_supervisor_field_enable_sf_tracking(fieldRef, samplingPeriod);
}

void Field::disableSFTracking() {
  wb_supervisor_field_disable_sf_tracking(fieldRef);
}

Field *Field::getActualField() const {
  return findField(wb_supervisor_field_get_actual_field(fieldRef));
}

bool Field::getSFBool() const {
  return wb_supervisor_field_get_sf_bool(fieldRef);
}

bool Field::getMFBool(int index) const {
  return wb_supervisor_field_get_mf_bool(fieldRef, index);
}

int Field::getSFInt32() const {
  return wb_supervisor_field_get_sf_int32(fieldRef);
}

int Field::getMFInt32(int index) const {
  return wb_supervisor_field_get_mf_int32(fieldRef, index);
}

double Field::getSFFloat() const {
  return wb_supervisor_field_get_sf_float(fieldRef);
}

double Field::getMFFloat(int index) const {
  return wb_supervisor_field_get_mf_float(fieldRef, index);
}

const double *Field::getSFVec2f() const {
  return wb_supervisor_field_get_sf_vec2f(fieldRef);
}

const double *Field::getMFVec2f(int index) const {
  return wb_supervisor_field_get_mf_vec2f(fieldRef, index);
}

const double *Field::getSFVec3f() const {
  return wb_supervisor_field_get_sf_vec3f(fieldRef);
}

const double *Field::getMFVec3f(int index) const {
  return wb_supervisor_field_get_mf_vec3f(fieldRef, index);
}

const double *Field::getSFRotation() const {
  return wb_supervisor_field_get_sf_rotation(fieldRef);
}

const double *Field::getMFRotation(int index) const {
  return wb_supervisor_field_get_mf_rotation(fieldRef, index);
}

const double *Field::getSFColor() const {
  return wb_supervisor_field_get_sf_color(fieldRef);
}

const double *Field::getMFColor(int index) const {
  return wb_supervisor_field_get_mf_color(fieldRef, index);
}

std::string Field::getSFString() const {
  return text(wb_supervisor_field_get_sf_string(fieldRef));
}

std::string Field::getMFString(int index) const {
  return text(wb_supervisor_field_get_mf_string(fieldRef, index));
}

Node *Field::getSFNode() const {
  return Node::findNode(wb_supervisor_field_get_sf_node(fieldRef));
}

Node *Field::getMFNode(int index) const {
  return Node::findNode(wb_supervisor_field_get_mf_node(fieldRef, index));
}

void Field::setSFBool(bool value) {
  wb_supervisor_field_set_sf_bool(fieldRef, value);
}

void Field::setMFBool(int index, bool value) {
  wb_supervisor_field_set_mf_bool(fieldRef, index, value);
}

void Field::insertMFBool(int index, bool value) {
  wb_supervisor_field_insert_mf_bool(fieldRef, index, value);
}

void Field::setSFInt32(int value) {
  wb_supervisor_field_set_sf_int32(fieldRef, value);
}

void Field::setMFInt32(int index, int value) {
  wb_supervisor_field_set_mf_int32(fieldRef, index, value);
}

void Field::insertMFInt32(int index, int value) {
  wb_supervisor_field_insert_mf_int32(fieldRef, index, value);
}

void Field::setSFFloat(double value) {
  wb_supervisor_field_set_sf_float(fieldRef, value);
}

void Field::setMFFloat(int index, double value) {
  wb_supervisor_field_set_mf_float(fieldRef, index, value);
}

void Field::insertMFFloat(int index, double value) {
  wb_supervisor_field_insert_mf_float(fieldRef, index, value);
}

void Field::setSFVec2f(const double values[2]) {
  wb_supervisor_field_set_sf_vec2f(fieldRef, values);
}

void Field::setMFVec2f(int index, const double values[2]) {
  wb_supervisor_field_set_mf_vec2f(fieldRef, index, values);
}

void Field::insertMFVec2f(int index, const double values[2]) {
  wb_supervisor_field_insert_mf_vec2f(fieldRef, index, values);
}

void Field::setSFVec3f(const double values[3]) {
  wb_supervisor_field_set_sf_vec3f(fieldRef, values);
}

void Field::setMFVec3f(int index, const double values[3]) {
  wb_supervisor_field_set_mf_vec3f(fieldRef, index, values);
}

void Field::insertMFVec3f(int index, const double values[3]) {
  wb_supervisor_field_insert_mf_vec3f(fieldRef, index, values);
}

void Field::setSFRotation(const double values[4]) {
  wb_supervisor_field_set_sf_rotation(fieldRef, values);
}

void Field::setMFRotation(int index, const double values[4]) {
  wb_supervisor_field_set_mf_rotation(fieldRef, index, values);
}

void Field::insertMFRotation(int index, const double values[4]) {
  wb_supervisor_field_insert_mf_rotation(fieldRef, index, values);
}

void Field::setSFColor(const double values[3]) {
  wb_supervisor_field_set_sf_color(fieldRef, values);
}

void Field::setMFColor(int index, const double values[3]) {
  wb_supervisor_field_set_mf_color(fieldRef, index, values);
}

void Field::insertMFColor(int index, const double values[3]) {
  wb_supervisor_field_insert_mf_color(fieldRef, index, values);
}

void Field::setSFString(const std::string &value) {
  wb_supervisor_field_set_sf_string(fieldRef, value.c_str());
}

void Field::setMFString(int index, const std::string &value) {
  wb_supervisor_field_set_mf_string(fieldRef, index, value.c_str());
}

void Field::insertMFString(int index, const std::string &value) {
  wb_supervisor_field_insert_mf_string(fieldRef, index, value.c_str());
}

void Field::removeMF(int index) {
  wb_supervisor_field_remove_mf(fieldRef, index);
}

void Field::removeSF() {
  wb_supervisor_field_remove_sf(fieldRef);
}

void Field::importMFNodeFromString(int position, const std::string &nodeString) {
  wb_supervisor_field_import_mf_node_from_string(fieldRef, position, nodeString.c_str());
}

void Field::importSFNodeFromString(const std::string &nodeString) {
  wb_supervisor_field_import_sf_node_from_string(fieldRef, nodeString.c_str());
}
