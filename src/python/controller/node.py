"""`Node` (supervisor.h, wb_supervisor_node_*): a node of the scene tree, for a supervisor."""

import ctypes
import typing

from . import wb
from .field import Field
from .node_type import NodeType

_get_root = wb.function('wb_supervisor_node_get_root', wb.ref_t)
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


def _field(ref) -> typing.Optional[Field]:
    return Field(ref) if ref else None


class Node(NodeType):
    def __init__(self, DEF: typing.Optional[str] = None, tag: typing.Optional[int] = None,
                 id: typing.Optional[int] = None, ref=None):
        if ref is None:
            if id is not None:
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
        return _field(_get_field(self._ref, wb.text(fieldName, 'Node.getField(): fieldName')))

    def getFieldByIndex(self, index: int) -> typing.Optional[Field]:
        return _field(_get_field_by_index(self._ref, wb.integer(index, 'Node.getFieldByIndex(): index')))

    def getNumberOfFields(self) -> int:
        return self.number_of_fields

    def getBaseNodeField(self, fieldName: str) -> typing.Optional[Field]:
        return _field(_get_base_node_field(self._ref, wb.text(fieldName, 'Node.getBaseNodeField(): fieldName')))

    def getBaseNodeFieldByIndex(self, index: int) -> typing.Optional[Field]:
        index = wb.integer(index, 'Node.getBaseNodeFieldByIndex(): index')
        return _field(_get_base_node_field_by_index(self._ref, index))

    def getNumberOfBaseNodeFields(self) -> int:
        return self.number_of_base_node_fields

    def getPosition(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_position(self._ref), 3)

    def getOrientation(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_orientation(self._ref), 9)

    def getPose(self, fromNode: typing.Optional['Node'] = None) -> typing.Optional[typing.List[float]]:
        if fromNode is not None and not isinstance(fromNode, Node):
            raise TypeError(f'Node.getPose(): fromNode must be a Node, not {type(fromNode).__name__}')
        return wb.vector(_get_pose(self._ref, fromNode._ref if fromNode else None), 16)

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
