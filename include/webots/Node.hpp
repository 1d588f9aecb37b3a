// webots-shim C++ API: a scene-tree node as a supervisor sees it (wraps the wb_supervisor_node_*
// functions of supervisor.h). Node objects are owned by the library: one per WbNodeRef, so the same
// node always comes back as the same Node*, and all are freed with the Supervisor.
#ifndef NODE_HPP
#define NODE_HPP

#define WB_USING_CPP_API
#include <string>
#include <webots/Field.hpp>
#include <webots/Proto.hpp>
#include "../../c/webots/contact_point.h"
#include "../../c/webots/types.h"

namespace webots {
  class Field;
  class Proto;
  typedef WbContactPoint ContactPoint;

  class Node {
  public:
    // The node types, in nodes.h's order (WB_NODE_X == Node::X).
    typedef enum {
      NO_NODE = 0,
      APPEARANCE,
      BACKGROUND,
      BILLBOARD,
      BOX,
      CAD_SHAPE,
      CAPSULE,
      COLOR,
      CONE,
      COORDINATE,
      CYLINDER,
      DIRECTIONAL_LIGHT,
      ELEVATION_GRID,
      FOG,
      GROUP,
      IMAGE_TEXTURE,
      INDEXED_FACE_SET,
      INDEXED_LINE_SET,
      MATERIAL,
      MESH,
      MUSCLE,
      NORMAL,
      PBR_APPEARANCE,
      PLANE,
      POINT_LIGHT,
      POINT_SET,
      POSE,
      SHAPE,
      SPHERE,
      SPOT_LIGHT,
      TEXTURE_COORDINATE,
      TEXTURE_TRANSFORM,
      TRANSFORM,
      VIEWPOINT,
      ROBOT,
      ACCELEROMETER,
      ALTIMETER,
      BRAKE,
      CAMERA,
      COMPASS,
      CONNECTOR,
      DISPLAY,
      DISTANCE_SENSOR,
      EMITTER,
      GPS,
      GYRO,
      INERTIAL_UNIT,
      LED,
      LIDAR,
      LIGHT_SENSOR,
      LINEAR_MOTOR,
      PEN,
      POSITION_SENSOR,
      PROPELLER,
      RADAR,
      RANGE_FINDER,
      RECEIVER,
      ROTATIONAL_MOTOR,
      SKIN,
      SPEAKER,
      TOUCH_SENSOR,
      VACUUM_GRIPPER,
      BALL_JOINT,
      BALL_JOINT_PARAMETERS,
      CHARGER,
      CONTACT_PROPERTIES,
      DAMPING,
      FLUID,
      FOCUS,
      HINGE_JOINT,
      HINGE_JOINT_PARAMETERS,
      HINGE_2_JOINT,
      IMMERSION_PROPERTIES,
      JOINT_PARAMETERS,
      LENS,
      LENS_FLARE,
      PHYSICS,
      RECOGNITION,
      SLIDER_JOINT,
      SLOT,
      SOLID,
      SOLID_REFERENCE,
      TRACK,
      TRACK_WHEEL,
      WORLD_INFO,
      ZOOM,
      MICROPHONE,
      RADIO
    } Type;

    // takes the node out of the world: this object then stands for no node
    virtual void remove();
    int getId() const;
    Type getType() const;
    std::string getDef() const;
    std::string getTypeName() const;
    std::string getBaseTypeName() const;
    Node *getParentNode() const;
    bool isProto() const;
    // the PROTO the node is an instance of (NULL for a plain node)
    Proto *getProto() const;
    Node *getFromProtoDef(const std::string &name) const;
    int getNumberOfFields() const;
    Field *getField(const std::string &fieldName) const;
    Field *getFieldByIndex(const int index) const;
    // a PROTO instance's base node's fields (the older getProto* names too)
    int getNumberOfBaseNodeFields() const;
    Field *getBaseNodeField(const std::string &fieldName) const;
    Field *getBaseNodeFieldByIndex(const int index) const;
    int getProtoNumberOfFields() const;
    Field *getProtoField(const std::string &fieldName) const;
    Field *getProtoFieldByIndex(const int index) const;
    // world frame: 3 doubles; 3x3 row-major; 4x4 row-major (relative to fromNode)
    const double *getPosition() const;
    const double *getOrientation() const;
    const double *getPose() const;
    const double *getPose(const Node *fromNode) const;
    // getPose() answered from values the world sends every samplingPeriod ms
    void enablePoseTracking(int samplingPeriod) const;
    void disablePoseTracking() const;
    void enablePoseTracking(int samplingPeriod, const Node *fromNode) const;
    void disablePoseTracking(const Node *fromNode) const;
    // the node as a .wbt text
    std::string exportString() const;

    void restartController();
    void moveViewpoint() const;
    void setVisibility(Node *from, bool visible);

    // the node's state (poses, joint positions...) under a name; "__init__" is the world's start
    void saveState(const std::string &stateName);
    void loadState(const std::string &stateName);
    // a joint of this node (index 1 to 3 for its axes) placed at a position, as a user would drag it
    void setJointPosition(double position, int index = 1) const;

    // physics (NodePhysics.cpp): velocities, forces and torques, centre of mass, contacts, balance
    const double *getVelocity() const;
    void setVelocity(const double velocity[6]);
    void resetPhysics();
    void addForce(const double force[3], bool relative);
    void addForceWithOffset(const double force[3], const double offset[3], bool relative);
    void addTorque(const double torque[3], bool relative);
    const double *getCenterOfMass() const;
    const double *getContactPoint(int index) const;
    Node *getContactPointNode(int index) const;
    ContactPoint *getContactPoints(bool includeDescendants, int *size) const;
    int getNumberOfContactPoints(bool includeDescendants = false) const;
    void enableContactPointsTracking(int samplingPeriod, bool includeDescendants = false) const;
    void disableContactPointsTracking() const;
    bool getStaticBalance() const;

    // for the library only: the Node of a reference (NULL for NULL), and freeing them all
    static Node *findNode(WbNodeRef ref);
    static void cleanup();

  private:
    explicit Node(WbNodeRef nodeRef);
    virtual ~Node() {}

    WbNodeRef nodeRef;
  };
}  // namespace webots

#endif  // NODE_HPP
