"""`Node` (supervisor.h, wb_supervisor_node_*): a node of the scene tree, for a supervisor; and
`ContactPoint`, where a Solid touches another."""

import ctypes
import typing

from . import wb
from .field import Field
from .node_type import NodeType
from .proto import Proto

_get_root = wb.function('wb_supervisor_node_get_root', wb.ref_t)
_get_selected = wb.function('wb_supervisor_node_get_selected', wb.ref_t)
_get_self = wb.function('wb_supervisor_node_get_self', wb.ref_t)
_get_from_def = wb.function('wb_supervisor_node_get_from_def', wb.ref_t, ctypes.c_char_p)
_get_from_proto_def = wb.function('wb_supervisor_node_get_from_proto_def', wb.ref_t, wb.ref_t, ctypes.c_char_p)
_get_from_id = wb.function('wb_supervisor_node_get_from_id', wb.ref_t, ctypes.c_int)
_get_from_device = wb.function('wb_supervisor_node_get_from_device', wb.ref_t, wb.tag_t)
_get_parent_node = wb.function('wb_supervisor_node_get_parent_node', wb.ref_t, wb.ref_t)
_get_id = wb.function('wb_supervisor_node_get_id', ctypes.c_int, wb.ref_t)
_get_type = wb.function('wb_supervisor_node_get_type', ctypes.c_int, wb.ref_t)
_get_type_name = wb.function('wb_supervisor_node_get_type_name', ctypes.c_char_p, wb.ref_t)
_get_base_type_name = wb.function('wb_supervisor_node_get_base_type_name', ctypes.c_char_p, wb.ref_t)
_get_def = wb.function('wb_supervisor_node_get_def', ctypes.c_char_p, wb.ref_t)
_is_proto = wb.function('wb_supervisor_node_is_proto', ctypes.c_bool, wb.ref_t)
_get_field = wb.function('wb_supervisor_node_get_field', wb.ref_t, wb.ref_t, ctypes.c_char_p)
_get_field_by_index = wb.function('wb_supervisor_node_get_field_by_index', wb.ref_t, wb.ref_t, ctypes.c_int)
_get_number_of_fields = wb.function('wb_supervisor_node_get_number_of_fields', ctypes.c_int, wb.ref_t)
_get_base_node_field = wb.function('wb_supervisor_node_get_base_node_field', wb.ref_t, wb.ref_t, ctypes.c_char_p)
_get_base_node_field_by_index = wb.function('wb_supervisor_node_get_base_node_field_by_index', wb.ref_t, wb.ref_t,
                                            ctypes.c_int)
_get_number_of_base_node_fields = wb.function('wb_supervisor_node_get_number_of_base_node_fields', ctypes.c_int,
                                              wb.ref_t)
_get_position = wb.function('wb_supervisor_node_get_position', wb.doubles_t, wb.ref_t)
_get_orientation = wb.function('wb_supervisor_node_get_orientation', wb.doubles_t, wb.ref_t)
_get_pose = wb.function('wb_supervisor_node_get_pose', wb.doubles_t, wb.ref_t, wb.ref_t)
_get_proto = wb.function('wb_supervisor_node_get_proto', wb.ref_t, wb.ref_t)
_remove = wb.function('wb_supervisor_node_remove', None, wb.ref_t)
_export_string = wb.function('wb_supervisor_node_export_string', ctypes.c_char_p, wb.ref_t)
_enable_pose_tracking = wb.function('wb_supervisor_node_enable_pose_tracking', None, wb.ref_t, ctypes.c_int,
                                    wb.ref_t)
_disable_pose_tracking = wb.function('wb_supervisor_node_disable_pose_tracking', None, wb.ref_t, wb.ref_t)
_save_state = wb.function('wb_supervisor_node_save_state', None, wb.ref_t, ctypes.c_char_p)
_load_state = wb.function('wb_supervisor_node_load_state', None, wb.ref_t, ctypes.c_char_p)
_restart_controller = wb.function('wb_supervisor_node_restart_controller', None, wb.ref_t)
_move_viewpoint = wb.function('wb_supervisor_node_move_viewpoint', None, wb.ref_t)
_set_visibility = wb.function('wb_supervisor_node_set_visibility', None, wb.ref_t, wb.ref_t, ctypes.c_bool)


class _WbContactPoint(ctypes.Structure):
    _fields_ = [('point', ctypes.c_double * 3), ('node_id', ctypes.c_int)]


class ContactPoint:
    """A point where a Solid touches another, in world coordinates, and the id of the Solid it belongs to."""

    def __init__(self, point: typing.List[float], node_id: int):
        self.point, self.node_id = point, node_id

    def getPoint(self) -> typing.List[float]:
        return self.point

    def getNodeId(self) -> int:
        return self.node_id

    def __repr__(self) -> str:
        return f'<ContactPoint {self.point} of node {self.node_id}>'


_get_contact_points = wb.function('wb_supervisor_node_get_contact_points', ctypes.POINTER(_WbContactPoint),
                                  wb.ref_t, ctypes.c_bool, ctypes.POINTER(ctypes.c_int))
_enable_contact_points_tracking = wb.function('wb_supervisor_node_enable_contact_points_tracking', None, wb.ref_t,
                                              ctypes.c_int, ctypes.c_bool)
_disable_contact_points_tracking = wb.function('wb_supervisor_node_disable_contact_points_tracking', None,
                                               wb.ref_t)
_get_static_balance = wb.function('wb_supervisor_node_get_static_balance', ctypes.c_bool, wb.ref_t)
_get_center_of_mass = wb.function('wb_supervisor_node_get_center_of_mass', wb.doubles_t, wb.ref_t)
_get_velocity = wb.function('wb_supervisor_node_get_velocity', wb.doubles_t, wb.ref_t)
_set_velocity = wb.function('wb_supervisor_node_set_velocity', None, wb.ref_t, wb.doubles_t)
_add_force = wb.function('wb_supervisor_node_add_force', None, wb.ref_t, wb.doubles_t, ctypes.c_bool)
_add_force_with_offset = wb.function('wb_supervisor_node_add_force_with_offset', None, wb.ref_t, wb.doubles_t,
                                     wb.doubles_t, ctypes.c_bool)
_add_torque = wb.function('wb_supervisor_node_add_torque', None, wb.ref_t, wb.doubles_t, ctypes.c_bool)
_reset_physics = wb.function('wb_supervisor_node_reset_physics', None, wb.ref_t)
_set_joint_position = wb.function('wb_supervisor_node_set_joint_position', None, wb.ref_t, ctypes.c_double,
                                  ctypes.c_int)


class Node(NodeType):
    def __init__(self, DEF: typing.Optional[str] = None, tag: typing.Optional[int] = None,
                 id: typing.Optional[int] = None, selected: typing.Optional[bool] = None, ref=None):
        if ref is None:
            if selected:
                ref = _get_selected()
            elif id is not None:
                ref = _get_from_id(wb.integer(id, 'Node(): id'))
            elif tag is not None:
                tag = wb.integer(tag, 'Node(): tag')
                ref = _get_self() if tag == 0 else _get_from_device(tag)
            elif DEF is not None:
                ref = _get_from_def(wb.text(DEF, 'Node(): DEF'))
            else:
                ref = _get_root()
        self._ref = ctypes.c_void_p(ref)

    @staticmethod
    def of(ref) -> typing.Optional['Node']:
        """The node behind a C reference, None for NULL."""
        return Node(ref=ref) if ref else None

    def __eq__(self, other) -> bool:
        return isinstance(other, Node) and self._ref.value == other._ref.value

    def __hash__(self) -> int:
        return hash(self._ref.value)

    def _node(self, node, method: str, argument: str):
        """The C reference of an optional Node argument."""
        if node is not None and not isinstance(node, Node):
            raise TypeError(f'Node.{method}(): {argument} must be a Node, not {type(node).__name__}')
        return node._ref if node is not None else None

    def getDef(self) -> str:
        return self.DEF

    def getId(self) -> int:
        return self.id

    def getParentNode(self) -> typing.Optional['Node']:
        return Node.of(_get_parent_node(self._ref))

    def isProto(self) -> bool:
        return _is_proto(self._ref)

    def getFromProtoDef(self, DEF: str) -> typing.Optional['Node']:
        return Node.of(_get_from_proto_def(self._ref, wb.text(DEF, 'Node.getFromProtoDef(): DEF')))

    def getType(self) -> int:
        return self.type

    def getTypeName(self) -> str:
        return self.type_name

    def getBaseTypeName(self) -> str:
        return self.base_type_name

    def getField(self, fieldName: str) -> typing.Optional[Field]:
        return Field.of(_get_field(self._ref, wb.text(fieldName, 'Node.getField(): fieldName')))

    def getFieldByIndex(self, index: int) -> typing.Optional[Field]:
        return Field.of(_get_field_by_index(self._ref, wb.integer(index, 'Node.getFieldByIndex(): index')))

    def getNumberOfFields(self) -> int:
        return self.number_of_fields

    def getBaseNodeField(self, fieldName: str) -> typing.Optional[Field]:
        return Field.of(_get_base_node_field(self._ref, wb.text(fieldName, 'Node.getBaseNodeField(): fieldName')))

    def getBaseNodeFieldByIndex(self, index: int) -> typing.Optional[Field]:
        index = wb.integer(index, 'Node.getBaseNodeFieldByIndex(): index')
        return Field.of(_get_base_node_field_by_index(self._ref, index))

    def getNumberOfBaseNodeFields(self) -> int:
        return self.number_of_base_node_fields

    def getPosition(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_position(self._ref), 3)

    def getOrientation(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_orientation(self._ref), 9)

    def getPose(self, fromNode: typing.Optional['Node'] = None) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_pose(self._ref, self._node(fromNode, 'getPose', 'fromNode')), 16)

    def enablePoseTracking(self, samplingPeriod: int, fromNode: typing.Optional['Node'] = None):
        """Sends this node's pose (relative to `fromNode`) with every step's answer, for reads between steps."""
        period = wb.integer(samplingPeriod, 'Node.enablePoseTracking(): samplingPeriod')
        _enable_pose_tracking(self._ref, period, self._node(fromNode, 'enablePoseTracking', 'fromNode'))

    def disablePoseTracking(self, fromNode: typing.Optional['Node'] = None):
        _disable_pose_tracking(self._ref, self._node(fromNode, 'disablePoseTracking', 'fromNode'))

    # the scene

    def getProto(self) -> typing.Optional[Proto]:
        """The PROTO this node is an instance of (None when it is a base node)."""
        return Proto.of(_get_proto(self._ref))

    def remove(self):
        _remove(self._ref)

    def exportString(self) -> str:
        """The node as .wbt text."""
        return wb.decoded(_export_string(self._ref))

    def saveState(self, stateName: str):
        _save_state(self._ref, wb.text(stateName, 'Node.saveState(): stateName'))

    def loadState(self, stateName: str):
        _load_state(self._ref, wb.text(stateName, 'Node.loadState(): stateName'))

    def restartController(self):
        _restart_controller(self._ref)

    def moveViewpoint(self):
        _move_viewpoint(self._ref)

    def setVisibility(self, fromNode: 'Node', visible: bool):
        if not isinstance(fromNode, Node):
            raise TypeError(f'Node.setVisibility(): fromNode must be a Node, not {type(fromNode).__name__}')
        _set_visibility(self._ref, fromNode._ref, wb.flag(visible, 'Node.setVisibility(): visible'))

    # physics

    def getContactPoints(self, includeDescendants: bool = False) -> typing.List[ContactPoint]:
        """The points where this Solid (and its descendants with includeDescendants) touches others."""
        size = ctypes.c_int(0)
        descendants = wb.flag(includeDescendants, 'Node.getContactPoints(): includeDescendants')
        points = _get_contact_points(self._ref, descendants, ctypes.byref(size))
        if not points:
            return []
        return [ContactPoint(list(p.point), p.node_id) for p in points[:size.value]]

    def enableContactPointsTracking(self, samplingPeriod: int, includeDescendants: bool = False):
        what = 'Node.enableContactPointsTracking(): '
        _enable_contact_points_tracking(self._ref, wb.integer(samplingPeriod, what + 'samplingPeriod'),
                                        wb.flag(includeDescendants, what + 'includeDescendants'))

    def disableContactPointsTracking(self, includeDescendants: bool = False):
        """(includeDescendants is there for Webots' signature; tracking stops either way.)"""
        wb.flag(includeDescendants, 'Node.disableContactPointsTracking(): includeDescendants')
        _disable_contact_points_tracking(self._ref)

    def getStaticBalance(self) -> bool:
        return _get_static_balance(self._ref)

    def getCenterOfMass(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_center_of_mass(self._ref), 3)

    def getVelocity(self) -> typing.Optional[typing.List[float]]:
        """Linear then angular velocity, in the world's frame: [vx, vy, vz, wx, wy, wz]."""
        return wb.vector(_get_velocity(self._ref), 6)

    def setVelocity(self, velocity: typing.List[float]):
        _set_velocity(self._ref, wb.reals(velocity, 6, 'Node.setVelocity(): velocity'))

    def addForce(self, force: typing.List[float], relative: bool):
        """A force (N) on the centre of mass for the next physics step, in the node's frame if relative."""
        _add_force(self._ref, wb.reals(force, 3, 'Node.addForce(): force'),
                   wb.flag(relative, 'Node.addForce(): relative'))

    def addForceWithOffset(self, force: typing.List[float], offset: typing.List[float], relative: bool):
        what = 'Node.addForceWithOffset(): '
        _add_force_with_offset(self._ref, wb.reals(force, 3, what + 'force'), wb.reals(offset, 3, what + 'offset'),
                               wb.flag(relative, what + 'relative'))

    def addTorque(self, torque: typing.List[float], relative: bool):
        _add_torque(self._ref, wb.reals(torque, 3, 'Node.addTorque(): torque'),
                    wb.flag(relative, 'Node.addTorque(): relative'))

    def resetPhysics(self):
        _reset_physics(self._ref)

    def setJointPosition(self, position: float, index: int = 1):
        _set_joint_position(self._ref, wb.real(position, 'Node.setJointPosition(): position'),
                            wb.integer(index, 'Node.setJointPosition(): index'))

    @property
    def DEF(self) -> str:
        return wb.decoded(_get_def(self._ref))

    @property
    def id(self) -> int:
        return _get_id(self._ref)

    @property
    def type(self) -> int:
        return _get_type(self._ref)

    @property
    def type_name(self) -> str:
        return wb.decoded(_get_type_name(self._ref))

    @property
    def base_type_name(self) -> str:
        return wb.decoded(_get_base_type_name(self._ref))

    @property
    def number_of_fields(self) -> int:
        return _get_number_of_fields(self._ref)

    @property
    def number_of_base_node_fields(self) -> int:
        return _get_number_of_base_node_fields(self._ref)
