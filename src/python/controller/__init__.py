"""webots-shim's `controller` package: Webots' Python controller API (R2025a) over our libController.

    from controller import Robot
    robot = Robot()
    while robot.step() != -1:
        ...
"""

from .brake import Brake
from .compass import Compass
from .connector import Connector
from .device import Device
from .emitter import Emitter
from .field import Field
from .joystick import Joystick
from .keyboard import Keyboard
from .led import LED
from .motor import Motor
from .mouse import Mouse, MouseState
from .node import Node
from .position_sensor import PositionSensor
from .receiver import Receiver
from .robot import Robot
from .supervisor import Supervisor

__all__ = ['Brake', 'Compass', 'Connector', 'Device', 'Emitter', 'Field', 'Joystick', 'Keyboard', 'LED', 'Motor',
           'Mouse', 'MouseState', 'Node', 'PositionSensor', 'Receiver', 'Robot', 'Supervisor']
