// Proto: forwards to the wb_supervisor_proto_* functions; one object per WbProtoRef.
#define WB_ALLOW_MIXING_C_AND_CPP_API
#include <webots/supervisor.h>
#include <webots/Field.hpp>
#include <webots/Proto.hpp>

#include <map>

#include "text.hpp"

using webots_shim::text;

using namespace webots;

namespace {
  std::map<WbProtoRef, Proto *> &protos() {
    static std::map<WbProtoRef, Proto *> all;
    return all;
  }
}  // namespace

Proto::Proto(WbProtoRef ref) : protoRef(ref) {
}

Proto *Proto::findProto(WbProtoRef ref) {
  if (ref == NULL)
    return NULL;
  Proto *&proto = protos()[ref];
  if (proto == NULL)
    proto = new Proto(ref);
  return proto;
}

void Proto::cleanup() {
  for (auto &entry : protos())
    delete entry.second;
  protos().clear();
}

std::string Proto::getTypeName() const {
  return text(wb_supervisor_proto_get_type_name(protoRef));
}

bool Proto::isDerived() const {
  return wb_supervisor_proto_is_derived(protoRef);
}

Proto *Proto::getParent() const {
  return findProto(wb_supervisor_proto_get_parent(protoRef));
}

Field *Proto::getField(const std::string &fieldName) const {
  return Field::findField(wb_supervisor_proto_get_field(protoRef, fieldName.c_str()));
}

Field *Proto::getFieldByIndex(const int index) const {
  return Field::findField(wb_supervisor_proto_get_field_by_index(protoRef, index));
}

int Proto::getNumberOfFields() const {
  return wb_supervisor_proto_get_number_of_fields(protoRef);
}
