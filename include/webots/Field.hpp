// webots-shim C++ API: a field of a scene-tree node (wraps the wb_supervisor_field_* functions of
// supervisor.h). Field objects are owned by the library: one per WbFieldRef, freed with the Supervisor.
#ifndef FIELD_HPP
#define FIELD_HPP

#define WB_USING_CPP_API
#include <string>
#include <webots/Node.hpp>
#include "../../c/webots/types.h"

// some system headers define MF_STRING as a macro
#ifdef MF_STRING
#undef MF_STRING
#endif

namespace webots {
  class Node;

  class Field {
  public:
    // WbFieldType's values: an MF type is its SF type | MF
    typedef enum {
      NO_FIELD = 0x00,
      SF_BOOL = 0x01,
      SF_INT32,
      SF_FLOAT,
      SF_VEC2F,
      SF_VEC3F,
      SF_ROTATION,
      SF_COLOR,
      SF_STRING,
      SF_NODE,
      MF = 0x10,
      MF_BOOL,
      MF_INT32,
      MF_FLOAT,
      MF_VEC2F,
      MF_VEC3F,
      MF_ROTATION,
      MF_COLOR,
      MF_STRING,
      MF_NODE
    } Type;

    std::string getName() const;
    Type getType() const;
    std::string getTypeName() const;
    // -1 for an SF field
    int getCount() const;

    // the get* calls answered from values the world sends every samplingPeriod ms (SF fields)
    void enableSFTracking(int samplingPeriod);
    void disableSFTracking();
    // the scene-tree field a PROTO's or base node's field stands for (NULL when no parameter sets it)
    Field *getActualField() const;

    bool getSFBool() const;
    int getSFInt32() const;
    double getSFFloat() const;
    const double *getSFVec2f() const;
    const double *getSFVec3f() const;
    const double *getSFRotation() const;
    const double *getSFColor() const;
    std::string getSFString() const;
    Node *getSFNode() const;

    bool getMFBool(int index) const;
    int getMFInt32(int index) const;
    double getMFFloat(int index) const;
    const double *getMFVec2f(int index) const;
    const double *getMFVec3f(int index) const;
    const double *getMFRotation(int index) const;
    const double *getMFColor(int index) const;
    std::string getMFString(int index) const;
    Node *getMFNode(int index) const;

    void setSFBool(bool value);
    void setSFInt32(int value);
    void setSFFloat(double value);
    void setSFVec2f(const double values[2]);
    void setSFVec3f(const double values[3]);
    void setSFRotation(const double values[4]);
    void setSFColor(const double values[3]);
    void setSFString(const std::string &value);

    void setMFBool(int index, bool value);
    void setMFInt32(int index, int value);
    void setMFFloat(int index, double value);
    void setMFVec2f(int index, const double values[2]);
    void setMFVec3f(int index, const double values[3]);
    void setMFRotation(int index, const double values[4]);
    void setMFColor(int index, const double values[3]);
    void setMFString(int index, const std::string &value);

    void insertMFBool(int index, bool value);
    void insertMFInt32(int index, int value);
    void insertMFFloat(int index, double value);
    void insertMFVec2f(int index, const double values[2]);
    void insertMFVec3f(int index, const double values[3]);
    void insertMFRotation(int index, const double values[4]);
    void insertMFColor(int index, const double values[3]);
    void insertMFString(int index, const std::string &value);

    void removeMF(int index);
    // empties an SFNode field
    void removeSF();

    // nodes from .wbt text: inserted at position of an MFNode field, or into an empty SFNode field
    void importMFNodeFromString(int position, const std::string &nodeString);
    void importSFNodeFromString(const std::string &nodeString);

    // for the library only: the Field of a reference (NULL for NULL), and freeing them all
    static Field *findField(WbFieldRef ref);
    static void cleanup();

  private:
    explicit Field(WbFieldRef ref);
    ~Field() {}

    WbFieldRef fieldRef;
  };
}  // namespace webots

#endif  // FIELD_HPP
