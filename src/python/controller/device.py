"""`Device`, the base of every device class, and the table that tells `Robot.getDevice()` which class
to build for a device's node type."""

import ctypes
import typing

from . import wb

_get_device = wb.function('wb_robot_get_device', wb.tag_t, ctypes.c_char_p)
_get_name = wb.function('wb_device_get_name', ctypes.c_char_p, wb.tag_t)
_get_model = wb.function('wb_device_get_model', ctypes.c_char_p, wb.tag_t)
_get_node_type = wb.function('wb_device_get_node_type', ctypes.c_int, wb.tag_t)

# node type -> the class that stands for such devices
_classes: typing.Dict[int, type] = {}


def device_class(*node_types: int):
    """Class decorator: devices of these node types are built as this class."""
    def register(cls):
        for node_type in node_types:
            _classes[node_type] = cls
        return cls
    return register


def make_device(tag: int) -> 'Device':
    """The device object for `tag`, of the class its node type has (plain `Device` when there is none)."""
    return _classes.get(_get_node_type(tag), Device)(tag)


def device_or_none(tag: int) -> typing.Optional['Device']:
    """The device object for `tag`, None for tag 0 (a device a call found none of)."""
    return None if tag == 0 else make_device(tag)


class Device:
    def __init__(self, name: typing.Union[str, int]):
        if isinstance(name, str):
            self._tag = _get_device(wb.text(name, 'Device(): name'))
        else:
            self._tag = wb.integer(name, 'Device(): tag')

    def getName(self) -> str:
        return self.name

    def getModel(self) -> str:
        return self.model

    def getNodeType(self) -> int:
        return self.node_type

    @property
    def name(self) -> str:
        return wb.decoded(_get_name(self._tag))

    @property
    def model(self) -> str:
        return wb.decoded(_get_model(self._tag))

    @property
    def node_type(self) -> int:
        return _get_node_type(self._tag)

    def __repr__(self) -> str:
        return f'<{type(self).__name__} "{self.name}" (tag {self._tag})>'
