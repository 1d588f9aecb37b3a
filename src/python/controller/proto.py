"""`Proto` (supervisor.h, wb_supervisor_proto_*): a PROTO of a node's PROTO chain, with its parameters as
fields (read-only: a parameter is written through the node's own field, see `Field.getActualField`)."""

import ctypes
import typing

from . import wb
from .field import Field

_get_type_name = wb.function('wb_supervisor_proto_get_type_name', ctypes.c_char_p, wb.ref_t)
_is_derived = wb.function('wb_supervisor_proto_is_derived', ctypes.c_bool, wb.ref_t)
_get_parent = wb.function('wb_supervisor_proto_get_parent', wb.ref_t, wb.ref_t)
_get_number_of_fields = wb.function('wb_supervisor_proto_get_number_of_fields', ctypes.c_int, wb.ref_t)
_get_field = wb.function('wb_supervisor_proto_get_field', wb.ref_t, wb.ref_t, ctypes.c_char_p)
_get_field_by_index = wb.function('wb_supervisor_proto_get_field_by_index', wb.ref_t, wb.ref_t, ctypes.c_int)


class Proto:
    def __init__(self, ref):
        self._ref = ctypes.c_void_p(ref)

    @staticmethod
    def of(ref) -> typing.Optional['Proto']:
        """The PROTO behind a C reference, None for NULL."""
        return Proto(ref) if ref else None

    def getTypeName(self) -> str:
        return self.type_name

    def isDerived(self) -> bool:
        """Whether this PROTO is built on another PROTO (`getParent()`)."""
        return _is_derived(self._ref)

    def getParent(self) -> typing.Optional['Proto']:
        return Proto.of(_get_parent(self._ref))

    def getField(self, fieldName: str) -> typing.Optional[Field]:
        return Field.of(_get_field(self._ref, wb.text(fieldName, 'Proto.getField(): fieldName')))

    def getFieldByIndex(self, index: int) -> typing.Optional[Field]:
        return Field.of(_get_field_by_index(self._ref, wb.integer(index, 'Proto.getFieldByIndex(): index')))

    def getNumberOfFields(self) -> int:
        return self.number_of_fields

    @property
    def type_name(self) -> str:
        return wb.decoded(_get_type_name(self._ref))

    @property
    def number_of_fields(self) -> int:
        return _get_number_of_fields(self._ref)

    def __eq__(self, other) -> bool:
        return isinstance(other, Proto) and self._ref.value == other._ref.value

    def __hash__(self) -> int:
        return hash(self._ref.value)

    def __repr__(self) -> str:
        return f'<Proto {self.type_name}>'
