"""`Skin` (skin.h): the bones of a skinned mesh, read and posed."""

import ctypes
import typing

from . import wb
from .device import Device, device_class
from .node_type import NodeType

_get_bone_count = wb.function('wb_skin_get_bone_count', ctypes.c_int, wb.tag_t)
_get_bone_name = wb.function('wb_skin_get_bone_name', ctypes.c_char_p, wb.tag_t, ctypes.c_int)
_get_bone_orientation = wb.function('wb_skin_get_bone_orientation', wb.doubles_t, wb.tag_t, ctypes.c_int,
                                    ctypes.c_bool)
_get_bone_position = wb.function('wb_skin_get_bone_position', wb.doubles_t, wb.tag_t, ctypes.c_int, ctypes.c_bool)
_set_bone_orientation = wb.function('wb_skin_set_bone_orientation', None, wb.tag_t, ctypes.c_int, wb.doubles_t,
                                    ctypes.c_bool)
_set_bone_position = wb.function('wb_skin_set_bone_position', None, wb.tag_t, ctypes.c_int, wb.doubles_t,
                                 ctypes.c_bool)


@device_class(NodeType.SKIN)
class Skin(Device):
    def getBoneCount(self) -> int:
        return self.bone_count

    def getBoneName(self, index: int) -> str:
        return wb.decoded(_get_bone_name(self._tag, wb.integer(index, 'Skin.getBoneName(): index')))

    def getBoneOrientation(self, index: int, absolute: bool) -> typing.Optional[typing.List[float]]:
        """An axis-angle rotation [x, y, z, angle], in the world's frame or the parent bone's."""
        what = 'Skin.getBoneOrientation(): '
        index, absolute = wb.integer(index, what + 'index'), wb.flag(absolute, what + 'absolute')
        return wb.vector(_get_bone_orientation(self._tag, index, absolute), 4)

    def getBonePosition(self, index: int, absolute: bool) -> typing.Optional[typing.List[float]]:
        what = 'Skin.getBonePosition(): '
        index, absolute = wb.integer(index, what + 'index'), wb.flag(absolute, what + 'absolute')
        return wb.vector(_get_bone_position(self._tag, index, absolute), 3)

    def setBoneOrientation(self, index: int, orientation: typing.List[float], absolute: bool):
        what = 'Skin.setBoneOrientation(): '
        _set_bone_orientation(self._tag, wb.integer(index, what + 'index'),
                              wb.reals(orientation, 4, what + 'orientation'), wb.flag(absolute, what + 'absolute'))

    def setBonePosition(self, index: int, position: typing.List[float], absolute: bool):
        what = 'Skin.setBonePosition(): '
        _set_bone_position(self._tag, wb.integer(index, what + 'index'), wb.reals(position, 3, what + 'position'),
                           wb.flag(absolute, what + 'absolute'))

    @property
    def bone_count(self) -> int:
        return _get_bone_count(self._tag)
