"""webots-shim's `controller` package: Webots' Python controller API (R2025a) over our libController.

    from controller import Robot
    robot = Robot()
    while robot.step() != -1:
        ...
"""

from .accelerometer import Accelerometer
from .brake import Brake
from .compass import Compass
from .connector import Connector
from .device import Device
from .distance_sensor import DistanceSensor
from .emitter import Emitter
from .field import Field
from .gps import GPS
from .gyro import Gyro
from .inertial_unit import InertialUnit
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
from .touch_sensor import TouchSensor

__all__ = ['Accelerometer', 'Brake', 'Compass', 'Connector', 'Device', 'DistanceSensor', 'Emitter', 'Field', 'GPS',
           'Gyro', 'InertialUnit', 'Joystick', 'Keyboard', 'LED', 'Motor', 'Mouse', 'MouseState', 'Node',
           'PositionSensor', 'Receiver', 'Robot', 'Supervisor', 'TouchSensor']
