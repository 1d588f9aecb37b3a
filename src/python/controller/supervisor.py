"""`Supervisor` (supervisor.h): a robot that reads and changes the scene and runs the simulation."""

import ctypes
import typing

from . import wb
from .device import Device
from .node import Node
from .robot import Robot

_simulation_quit = wb.function('wb_supervisor_simulation_quit', None, ctypes.c_int)
_simulation_reset = wb.function('wb_supervisor_simulation_reset', None)
_simulation_reset_physics = wb.function('wb_supervisor_simulation_reset_physics', None)
_simulation_get_mode = wb.function('wb_supervisor_simulation_get_mode', ctypes.c_int)
_simulation_set_mode = wb.function('wb_supervisor_simulation_set_mode', None, ctypes.c_int)
_set_label = wb.function('wb_supervisor_set_label', None, ctypes.c_int, ctypes.c_char_p, ctypes.c_double,
                         ctypes.c_double, ctypes.c_double, ctypes.c_int, ctypes.c_double, ctypes.c_char_p)
_world_load = wb.function('wb_supervisor_world_load', None, ctypes.c_char_p)
_world_save = wb.function('wb_supervisor_world_save', ctypes.c_bool, ctypes.c_char_p)
_world_reload = wb.function('wb_supervisor_world_reload', None)
_export_image = wb.function('wb_supervisor_export_image', None, ctypes.c_char_p, ctypes.c_int)
_movie_start_recording = wb.function('wb_supervisor_movie_start_recording', None, ctypes.c_char_p, ctypes.c_int,
                                     ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_bool)
_movie_stop_recording = wb.function('wb_supervisor_movie_stop_recording', None)
_movie_is_ready = wb.function('wb_supervisor_movie_is_ready', ctypes.c_bool)
_movie_failed = wb.function('wb_supervisor_movie_failed', ctypes.c_bool)
_animation_start_recording = wb.function('wb_supervisor_animation_start_recording', ctypes.c_bool, ctypes.c_char_p)
_animation_stop_recording = wb.function('wb_supervisor_animation_stop_recording', ctypes.c_bool)
_virtual_reality_headset_is_used = wb.function('wb_supervisor_virtual_reality_headset_is_used', ctypes.c_bool)
_virtual_reality_headset_get_position = wb.function('wb_supervisor_virtual_reality_headset_get_position',
                                                    wb.doubles_t)
_virtual_reality_headset_get_orientation = wb.function('wb_supervisor_virtual_reality_headset_get_orientation',
                                                       wb.doubles_t)


def _found(node: Node) -> typing.Optional[Node]:
    return node if node._ref else None


class Supervisor(Robot):
    SIMULATION_MODE_PAUSE = 0
    SIMULATION_MODE_REAL_TIME = 1
    SIMULATION_MODE_FAST = 2

    def getRoot(self) -> Node:
        return Node()

    def getSelf(self) -> Node:
        return Node(tag=0)

    def getFromDef(self, DEF: str) -> typing.Optional[Node]:
        return _found(Node(DEF=wb.text(DEF, 'Supervisor.getFromDef(): DEF').decode()))

    def getFromId(self, id: int) -> typing.Optional[Node]:
        return _found(Node(id=id))

    def getFromDevice(self, device: typing.Union[Device, int]) -> typing.Optional[Node]:
        """The node of a device, given as the device or its tag."""
        return _found(Node(tag=device._tag if isinstance(device, Device) else device))

    def getSelected(self) -> typing.Optional[Node]:
        """The node selected in the 3D view: none, headless."""
        return _found(Node(selected=True))

    def setLabel(self, id: int, label: str, x: float, y: float, size: float, color: int, transparency: float = 0,
                 font: str = 'Arial'):
        """Shows `label` over the 3D view (headless: the runner prints the labels shown at the end)."""
        what = 'Supervisor.setLabel(): '
        _set_label(wb.integer(id, what + 'id'), wb.text(label, what + 'label'), wb.real(x, what + 'x'),
                   wb.real(y, what + 'y'), wb.real(size, what + 'size'), wb.integer(color, what + 'color'),
                   wb.real(transparency, what + 'transparency'), wb.text(font, what + 'font'))

    def simulationQuit(self, status: int):
        _simulation_quit(wb.integer(status, 'Supervisor.simulationQuit(): status'))

    def simulationReset(self):
        _simulation_reset()

    def simulationResetPhysics(self):
        _simulation_reset_physics()

    def worldLoad(self, filename: str):
        _world_load(wb.text(filename, 'Supervisor.worldLoad(): filename'))

    def worldSave(self, filename: typing.Optional[str] = None) -> bool:
        """Writes the scene to `filename` (.wbt), or over the world's own file when None."""
        return _world_save(None if filename is None else wb.text(filename, 'Supervisor.worldSave(): filename'))

    def worldReload(self):
        _world_reload()

    def exportImage(self, filename: str, quality: int):
        _export_image(wb.text(filename, 'Supervisor.exportImage(): filename'),
                      wb.integer(quality, 'Supervisor.exportImage(): quality'))

    def movieStartRecording(self, filename: str, width: int, height: int, codec: int, quality: int,
                            acceleration: int, caption: bool):
        what = 'Supervisor.movieStartRecording(): '
        _movie_start_recording(wb.text(filename, what + 'filename'), wb.integer(width, what + 'width'),
                               wb.integer(height, what + 'height'), wb.integer(codec, what + 'codec'),
                               wb.integer(quality, what + 'quality'), wb.integer(acceleration, what + 'acceleration'),
                               wb.flag(caption, what + 'caption'))

    def movieStopRecording(self):
        _movie_stop_recording()

    def movieIsReady(self) -> bool:
        return _movie_is_ready()

    def movieFailed(self) -> bool:
        return _movie_failed()

    def animationStartRecording(self, filename: str) -> bool:
        return _animation_start_recording(wb.text(filename, 'Supervisor.animationStartRecording(): filename'))

    def animationStopRecording(self) -> bool:
        return _animation_stop_recording()

    def virtualRealityHeadsetIsUsed(self) -> bool:
        return _virtual_reality_headset_is_used()

    def virtualRealityHeadsetGetPosition(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_virtual_reality_headset_get_position(), 3)

    def virtualRealityHeadsetGetOrientation(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_virtual_reality_headset_get_orientation(), 9)

    def simulationGetMode(self) -> int:
        return self.simulation_mode

    def simulationSetMode(self, mode: int):
        self.simulation_mode = mode

    @property
    def simulation_mode(self) -> int:
        return _simulation_get_mode()

    @simulation_mode.setter
    def simulation_mode(self, mode: int):
        _simulation_set_mode(wb.integer(mode, 'Supervisor.simulationSetMode(): mode'))
