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

    def simulationQuit(self, status: int):
        _simulation_quit(wb.integer(status, 'Supervisor.simulationQuit(): status'))

    def simulationReset(self):
        _simulation_reset()

    def simulationResetPhysics(self):
        _simulation_reset_physics()

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
