// webots-shim C++ API: a PROTO of a node's PROTO chain as a supervisor sees it (wraps the
// wb_supervisor_proto_* functions of supervisor.h). Proto objects are owned by the library: one per
// WbProtoRef, all freed with the Supervisor.
#ifndef PROTO_HPP
#define PROTO_HPP

#define WB_USING_CPP_API
#include <string>
#include <webots/Field.hpp>
#include "../../c/webots/types.h"

namespace webots {
  class Field;

  class Proto {
  public:
    std::string getTypeName() const;
    // true when the PROTO is built on another PROTO (then getParent() is that one)
    bool isDerived() const;
    Proto *getParent() const;
    Field *getField(const std::string &fieldName) const;
    Field *getFieldByIndex(const int index) const;
    int getNumberOfFields() const;

    // for the library only: the Proto of a reference (NULL for NULL), and freeing them all
    static Proto *findProto(WbProtoRef ref);
    static void cleanup();

  private:
    explicit Proto(WbProtoRef ref);
    ~Proto() {}

    WbProtoRef protoRef;
  };
}  // namespace webots

#endif  // PROTO_HPP
