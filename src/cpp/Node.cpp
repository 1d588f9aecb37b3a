// Node: forwards to the wb_supervisor_node_* functions; one object per WbNodeRef.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/supervisor.h>
#include <webots/Field.hpp>
#include <webots/Node.hpp>
#include <webots/Proto.hpp>

#include <map>

#include "text.hpp"

using webots_shim::text;

using namespace webots;

namespace {
  std::map<WbNodeRef, Node *> &nodes() {
    static std::map<WbNodeRef, Node *> all;
    return all;
  }
}  // namespace

Node::Node(WbNodeRef nodeRef) : nodeRef(nodeRef) {
}

Node *Node::findNode(WbNodeRef ref) {
  if (ref == NULL)
    return NULL;
  Node *&node = nodes()[ref];
  if (node == NULL)
    node = new Node(ref);
  return node;
}

void Node::cleanup() {
  for (auto &entry : nodes())
    delete entry.second;
  nodes().clear();
}

void Node::remove() {
  wb_supervisor_node_remove(nodeRef);
}

int Node::getId() const {
  return wb_supervisor_node_get_id(nodeRef);
}

Node::Type Node::getType() const {
  return static_cast<Type>(wb_supervisor_node_get_type(nodeRef));
}

std::string Node::getDef() const {
  return text(wb_supervisor_node_get_def(nodeRef));
}

std::string Node::getTypeName() const {
  return text(wb_supervisor_node_get_type_name(nodeRef));
}

std::string Node::getBaseTypeName() const {
  return text(wb_supervisor_node_get_base_type_name(nodeRef));
}

Node *Node::getParentNode() const {
  return findNode(wb_supervisor_node_get_parent_node(nodeRef));
}

bool Node::isProto() const {
  return wb_supervisor_node_is_proto(nodeRef);
}

Proto *Node::getProto() const {
  return Proto::findProto(wb_supervisor_node_get_proto(nodeRef));
}

Node *Node::getFromProtoDef(const std::string &name) const {
  return findNode(wb_supervisor_node_get_from_proto_def(nodeRef, name.c_str()));
}

int Node::getNumberOfFields() const {
  return wb_supervisor_node_get_number_of_fields(nodeRef);
}

Field *Node::getField(const std::string &fieldName) const {
  return Field::findField(wb_supervisor_node_get_field(nodeRef, fieldName.c_str()));
}

Field *Node::getFieldByIndex(const int index) const {
  return Field::findField(wb_supervisor_node_get_field_by_index(nodeRef, index));
}

int Node::getNumberOfBaseNodeFields() const {
  return wb_supervisor_node_get_number_of_base_node_fields(nodeRef);
}

Field *Node::getBaseNodeField(const std::string &fieldName) const {
  return Field::findField(wb_supervisor_node_get_base_node_field(nodeRef, fieldName.c_str()));
}

Field *Node::getBaseNodeFieldByIndex(const int index) const {
  return Field::findField(wb_supervisor_node_get_base_node_field_by_index(nodeRef, index));
}

int Node::getProtoNumberOfFields() const {
  return wb_supervisor_node_get_proto_number_of_fields(nodeRef);
}

Field *Node::getProtoField(const std::string &fieldName) const {
  return Field::findField(wb_supervisor_node_get_proto_field(nodeRef, fieldName.c_str()));
}

Field *Node::getProtoFieldByIndex(const int index) const {
  return Field::findField(wb_supervisor_node_get_proto_field_by_index(nodeRef, index));
}

const double *Node::getPosition() const {
  return wb_supervisor_node_get_position(nodeRef);
}

const double *Node::getOrientation() const {
  return wb_supervisor_node_get_orientation(nodeRef);
}

const double *Node::getPose() const {
  return wb_supervisor_node_get_pose(nodeRef, NULL);
}

const double *Node::getPose(const Node *fromNode) const {
  return wb_supervisor_node_get_pose(nodeRef, fromNode ? fromNode->nodeRef : NULL);
}

void Node::enablePoseTracking(int samplingPeriod) const {
  wb_supervisor_node_enable_pose_tracking(nodeRef, samplingPeriod, NULL);
}

void Node::disablePoseTracking() const {
  wb_supervisor_node_disable_pose_tracking(nodeRef, NULL);
}

void Node::enablePoseTracking(int samplingPeriod, const Node *fromNode) const {
  wb_supervisor_node_enable_pose_tracking(nodeRef, samplingPeriod, fromNode ? fromNode->nodeRef : NULL);
}

void Node::disablePoseTracking(const Node *fromNode) const {
  wb_supervisor_node_disable_pose_tracking(nodeRef, fromNode ? fromNode->nodeRef : NULL);
}

std::string Node::exportString() const {
  return text(wb_supervisor_node_export_string(nodeRef));
}

void Node::restartController() {
  wb_supervisor_node_restart_controller(nodeRef);
}

void Node::moveViewpoint() const {
  wb_supervisor_node_move_viewpoint(nodeRef);
}

void Node::setVisibility(Node *from, bool visible) {
  wb_supervisor_node_set_visibility(nodeRef, from ? from->nodeRef : NULL, visible);
}

void Node::setJointPosition(double position, int index) const {
  wb_supervisor_node_set_joint_position(nodeRef, position, index);
}

void Node::saveState(const std::string &stateName) {
  wb_supervisor_node_save_state(nodeRef, stateName.c_str());
}

void Node::loadState(const std::string &stateName) {
  wb_supervisor_node_load_state(nodeRef, stateName.c_str());
}
