"""webots-shim's `controller` package: Webots' Python controller API (R2025a) over our libController.

    from controller import Robot
    robot = Robot()
    while robot.step() != -1:
        ...
"""

from .accelerometer import Accelerometer
from .altimeter import Altimeter
from .ansi_codes import AnsiCodes
from .brake import Brake
from .camera import Camera, CameraRecognitionObject
from .compass import Compass
from .connector import Connector
from .device import Device
from .display import Display, ImageRef
from .distance_sensor import DistanceSensor
from .emitter import Emitter
from .field import Field
from .gps import GPS
from .gyro import Gyro
from .inertial_unit import InertialUnit
from .joystick import Joystick
from .keyboard import Keyboard
from .led import LED
from .lidar import Lidar
from .lidar_point import LidarPoint
from .light_sensor import LightSensor
from .microphone import Microphone
from .motion import Motion
from .motor import Motor
from .mouse import Mouse, MouseState
from .node import ContactPoint, Node
from .pen import Pen
from .position_sensor import PositionSensor
from .proto import Proto
from .radar import Radar
from .radar_target import RadarTarget
from .range_finder import RangeFinder
from .receiver import Receiver
from .robot import Robot
from .skin import Skin
from .speaker import Speaker
from .supervisor import Supervisor
from .touch_sensor import TouchSensor
from .vacuum_gripper import VacuumGripper

__all__ = ['Accelerometer', 'Altimeter', 'AnsiCodes', 'Brake', 'Camera', 'CameraRecognitionObject', 'Compass',
           'Connector', 'ContactPoint', 'Device', 'Display', 'DistanceSensor', 'Emitter', 'Field', 'GPS', 'Gyro',
           'ImageRef', 'InertialUnit', 'Joystick', 'Keyboard', 'LED', 'Lidar', 'LidarPoint', 'LightSensor',
           'Microphone', 'Motion', 'Motor', 'Mouse', 'MouseState', 'Node', 'Pen', 'PositionSensor', 'Proto', 'Radar',
           'RadarTarget', 'RangeFinder', 'Receiver', 'Robot', 'Skin', 'Speaker', 'Supervisor', 'TouchSensor',
           'VacuumGripper']
