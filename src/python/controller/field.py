"""`Field` (supervisor.h, wb_supervisor_field_*): one field of a node, read now and written at the next
step, as Webots does."""

import ctypes
import sys
import typing

from . import wb

_get_type = wb.function('wb_supervisor_field_get_type', ctypes.c_int, wb.ref_t)
_get_type_name = wb.function('wb_supervisor_field_get_type_name', ctypes.c_char_p, wb.ref_t)
_get_name = wb.function('wb_supervisor_field_get_name', ctypes.c_char_p, wb.ref_t)
_get_count = wb.function('wb_supervisor_field_get_count', ctypes.c_int, wb.ref_t)
_remove_mf = wb.function('wb_supervisor_field_remove_mf', None, wb.ref_t, ctypes.c_int)
_remove_sf = wb.function('wb_supervisor_field_remove_sf', None, wb.ref_t)
_import_mf_node_from_string = wb.function('wb_supervisor_field_import_mf_node_from_string', None, wb.ref_t,
                                          ctypes.c_int, ctypes.c_char_p)
_import_sf_node_from_string = wb.function('wb_supervisor_field_import_sf_node_from_string', None, wb.ref_t,
                                          ctypes.c_char_p)
_get_actual_field = wb.function('wb_supervisor_field_get_actual_field', wb.ref_t, wb.ref_t)
_enable_sf_tracking = wb.function('wb_supervisor_field_enable_sf_tracking', None, wb.ref_t, ctypes.c_int)
_disable_sf_tracking = wb.function('wb_supervisor_field_disable_sf_tracking', None, wb.ref_t)


class _Kind:
    """The C functions and conversions of one field value type (bool, int32, ..., node). A vector kind
    (`size` doubles) is read as a list and written from a sequence of numbers."""

    def __init__(self, suffix: str, c_type=None, to_c=None, to_python=None, size=0, writable=True):
        self.size, self.to_c, self.to_python = size, to_c, to_python
        c_type = wb.doubles_t if size else c_type
        f = wb.function
        self.get_sf = f(f'wb_supervisor_field_get_sf_{suffix}', c_type, wb.ref_t)
        self.get_mf = f(f'wb_supervisor_field_get_mf_{suffix}', c_type, wb.ref_t, ctypes.c_int)
        if writable:
            self.set_sf = f(f'wb_supervisor_field_set_sf_{suffix}', None, wb.ref_t, c_type)
            self.set_mf = f(f'wb_supervisor_field_set_mf_{suffix}', None, wb.ref_t, ctypes.c_int, c_type)
            self.insert_mf = f(f'wb_supervisor_field_insert_mf_{suffix}', None, wb.ref_t, ctypes.c_int, c_type)

    def python(self, answer):
        if self.size:
            return wb.vector(answer, self.size)
        return self.to_python(answer) if self.to_python else answer

    def c(self, value, method: str):
        """The C argument for `value`; None (after Webots' error line) for a vector of the wrong length."""
        if not self.size:
            return self.to_c(value, f'Field.{method}(): value')
        if isinstance(value, (list, tuple)) and len(value) != self.size:
            print(f"Error: {method}(): length of 'value' argument should be {self.size}.", file=sys.stderr)
            return None
        return wb.reals(value, self.size, f'Field.{method}(): value')


_BOOL = _Kind('bool', ctypes.c_bool, to_c=wb.flag)
_INT32 = _Kind('int32', ctypes.c_int, to_c=wb.integer)
_FLOAT = _Kind('float', ctypes.c_double, to_c=wb.real)
_VEC2F = _Kind('vec2f', size=2)
_VEC3F = _Kind('vec3f', size=3)
_ROTATION = _Kind('rotation', size=4)
_COLOR = _Kind('color', size=3)
_STRING = _Kind('string', ctypes.c_char_p, to_c=wb.text, to_python=wb.decoded)
_NODE = _Kind('node', wb.ref_t, writable=False)  # nodes are inserted from strings, not set

class Field:
    SF_BOOL = 1
    SF_INT32 = 2
    SF_FLOAT = 3
    SF_VEC2F = 4
    SF_VEC3F = 5
    SF_ROTATION = 6
    SF_COLOR = 7
    SF_STRING = 8
    SF_NODE = 9
    MF = 16
    MF_BOOL = 17
    MF_INT32 = 18
    MF_FLOAT = 19
    MF_VEC2F = 20
    MF_VEC3F = 21
    MF_ROTATION = 22
    MF_COLOR = 23
    MF_STRING = 24
    MF_NODE = 25

    def __init__(self, ref):
        self._ref = ctypes.c_void_p(ref)
        self.type = _get_type(self._ref) if self._ref else None

    @staticmethod
    def of(ref) -> typing.Optional['Field']:
        """The field behind a C reference, None for NULL."""
        return Field(ref) if ref else None

    def __eq__(self, other) -> bool:
        return isinstance(other, Field) and self._ref.value == other._ref.value

    def __hash__(self) -> int:
        return hash(self._ref.value)

    def getActualField(self) -> typing.Optional['Field']:
        """For a PROTO parameter or a base node field: the field of the scene that sets it (None when a
        constant does); a field of the scene itself is its own actual field."""
        return Field.of(_get_actual_field(self._ref))

    def enableSFTracking(self, samplingPeriod: int):
        """Sends this single field's value with every step's answer, for reads between steps."""
        _enable_sf_tracking(self._ref, wb.integer(samplingPeriod, 'Field.enableSFTracking(): samplingPeriod'))

    def disableSFTracking(self):
        _disable_sf_tracking(self._ref)

    def getName(self) -> str:
        return self.name

    def getType(self) -> int:
        return self.type

    def getTypeName(self) -> str:
        return self.type_name

    def getCount(self) -> int:
        return self.count

    @property
    def name(self) -> str:
        return wb.decoded(_get_name(self._ref))

    @property
    def type_name(self) -> str:
        return wb.decoded(_get_type_name(self._ref))

    @property
    def count(self) -> int:
        return _get_count(self._ref)

    # single fields

    def _get_sf(self, kind: _Kind):
        return kind.python(kind.get_sf(self._ref))

    def _set_sf(self, kind: _Kind, value, method: str):
        c_value = kind.c(value, method)
        if c_value is not None:
            kind.set_sf(self._ref, c_value)

    def getSFBool(self) -> bool:
        return self._get_sf(_BOOL)

    def getSFInt32(self) -> int:
        return self._get_sf(_INT32)

    def getSFFloat(self) -> float:
        return self._get_sf(_FLOAT)

    def getSFVec2f(self) -> typing.Optional[typing.List[float]]:
        return self._get_sf(_VEC2F)

    def getSFVec3f(self) -> typing.Optional[typing.List[float]]:
        return self._get_sf(_VEC3F)

    def getSFRotation(self) -> typing.Optional[typing.List[float]]:
        return self._get_sf(_ROTATION)

    def getSFColor(self) -> typing.Optional[typing.List[float]]:
        return self._get_sf(_COLOR)

    def getSFString(self) -> str:
        return self._get_sf(_STRING)

    def getSFNode(self):
        from .node import Node
        return Node.of(_NODE.get_sf(self._ref))

    def setSFBool(self, value: bool):
        self._set_sf(_BOOL, value, 'setSFBool')

    def setSFInt32(self, value: int):
        self._set_sf(_INT32, value, 'setSFInt32')

    def setSFFloat(self, value: float):
        self._set_sf(_FLOAT, value, 'setSFFloat')

    def setSFVec2f(self, value: typing.List[float]):
        self._set_sf(_VEC2F, value, 'setSFVec2f')

    def setSFVec3f(self, value: typing.List[float]):
        self._set_sf(_VEC3F, value, 'setSFVec3f')

    def setSFRotation(self, value: typing.List[float]):
        self._set_sf(_ROTATION, value, 'setSFRotation')

    def setSFColor(self, value: typing.List[float]):
        self._set_sf(_COLOR, value, 'setSFColor')

    def setSFString(self, value: str):
        self._set_sf(_STRING, value, 'setSFString')

    # multiple fields

    def _get_mf(self, kind: _Kind, index, method: str):
        return kind.python(kind.get_mf(self._ref, wb.integer(index, f'Field.{method}(): index')))

    def _set_mf(self, kind: _Kind, index, value, method: str):
        index, c_value = wb.integer(index, f'Field.{method}(): index'), kind.c(value, method)
        if c_value is not None:
            kind.set_mf(self._ref, index, c_value)

    def _insert_mf(self, kind: _Kind, index, value, method: str):
        index, c_value = wb.integer(index, f'Field.{method}(): index'), kind.c(value, method)
        if c_value is not None:
            kind.insert_mf(self._ref, index, c_value)

    def getMFBool(self, index: int) -> bool:
        return self._get_mf(_BOOL, index, 'getMFBool')

    def getMFInt32(self, index: int) -> int:
        return self._get_mf(_INT32, index, 'getMFInt32')

    def getMFFloat(self, index: int) -> float:
        return self._get_mf(_FLOAT, index, 'getMFFloat')

    def getMFVec2f(self, index: int) -> typing.Optional[typing.List[float]]:
        return self._get_mf(_VEC2F, index, 'getMFVec2f')

    def getMFVec3f(self, index: int) -> typing.Optional[typing.List[float]]:
        return self._get_mf(_VEC3F, index, 'getMFVec3f')

    def getMFRotation(self, index: int) -> typing.Optional[typing.List[float]]:
        return self._get_mf(_ROTATION, index, 'getMFRotation')

    def getMFColor(self, index: int) -> typing.Optional[typing.List[float]]:
        return self._get_mf(_COLOR, index, 'getMFColor')

    def getMFString(self, index: int) -> str:
        return self._get_mf(_STRING, index, 'getMFString')

    def getMFNode(self, index: int):
        from .node import Node
        return Node.of(_NODE.get_mf(self._ref, wb.integer(index, 'Field.getMFNode(): index')))

    def setMFBool(self, index: int, value: bool):
        self._set_mf(_BOOL, index, value, 'setMFBool')

    def setMFInt32(self, index: int, value: int):
        self._set_mf(_INT32, index, value, 'setMFInt32')

    def setMFFloat(self, index: int, value: float):
        self._set_mf(_FLOAT, index, value, 'setMFFloat')

    def setMFVec2f(self, index: int, value: typing.List[float]):
        self._set_mf(_VEC2F, index, value, 'setMFVec2f')

    def setMFVec3f(self, index: int, value: typing.List[float]):
        self._set_mf(_VEC3F, index, value, 'setMFVec3f')

    def setMFRotation(self, index: int, value: typing.List[float]):
        self._set_mf(_ROTATION, index, value, 'setMFRotation')

    def setMFColor(self, index: int, value: typing.List[float]):
        self._set_mf(_COLOR, index, value, 'setMFColor')

    def setMFString(self, index: int, value: str):
        self._set_mf(_STRING, index, value, 'setMFString')

    def insertMFBool(self, index: int, value: bool):
        self._insert_mf(_BOOL, index, value, 'insertMFBool')

    def insertMFInt32(self, index: int, value: int):
        self._insert_mf(_INT32, index, value, 'insertMFInt32')

    def insertMFFloat(self, index: int, value: float):
        self._insert_mf(_FLOAT, index, value, 'insertMFFloat')

    def insertMFVec2f(self, index: int, value: typing.List[float]):
        self._insert_mf(_VEC2F, index, value, 'insertMFVec2f')

    def insertMFVec3f(self, index: int, value: typing.List[float]):
        self._insert_mf(_VEC3F, index, value, 'insertMFVec3f')

    def insertMFRotation(self, index: int, value: typing.List[float]):
        self._insert_mf(_ROTATION, index, value, 'insertMFRotation')

    def insertMFColor(self, index: int, value: typing.List[float]):
        self._insert_mf(_COLOR, index, value, 'insertMFColor')

    def insertMFString(self, index: int, value: str):
        self._insert_mf(_STRING, index, value, 'insertMFString')

    def removeMF(self, index: int):
        _remove_mf(self._ref, wb.integer(index, 'Field.removeMF(): index'))

    # nodes

    def removeSF(self):
        """Removes the node of an SFNode field."""
        _remove_sf(self._ref)

    def importMFNodeFromString(self, position: int, nodeString: str):
        """Adds the nodes written in `nodeString` (.wbt syntax) to an MFNode field at `position` (-1: last)."""
        _import_mf_node_from_string(self._ref, wb.integer(position, 'Field.importMFNodeFromString(): position'),
                                    wb.text(nodeString, 'Field.importMFNodeFromString(): nodeString'))

    def importSFNodeFromString(self, nodeString: str):
        """Puts the node written in `nodeString` into an empty SFNode field."""
        _import_sf_node_from_string(self._ref, wb.text(nodeString, 'Field.importSFNodeFromString(): nodeString'))

    # the single field's value, whatever its type

    @property
    def value(self):
        kind = _SF_KINDS.get(self.type)
        if kind is _NODE:
            return self.getSFNode()
        return None if kind is None else self._get_sf(kind)

    @value.setter
    def value(self, value):
        kind = _SF_KINDS.get(self.type)
        c_value = None
        if kind not in (None, _NODE) and (not kind.size or isinstance(value, (list, tuple)) and len(value) == kind.size):
            try:
                c_value = kind.c(value, 'value')
            except TypeError:
                pass
        if c_value is None:
            print('Error: new field value has wrong type or length.', file=sys.stderr)
            return
        kind.set_sf(self._ref, c_value)


_SF_KINDS = {Field.SF_BOOL: _BOOL, Field.SF_INT32: _INT32, Field.SF_FLOAT: _FLOAT, Field.SF_VEC2F: _VEC2F,
             Field.SF_VEC3F: _VEC3F, Field.SF_ROTATION: _ROTATION, Field.SF_COLOR: _COLOR, Field.SF_STRING: _STRING,
             Field.SF_NODE: _NODE}
