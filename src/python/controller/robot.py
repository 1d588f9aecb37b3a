"""`Robot` (robot.h): the controller's life cycle, its robot's properties and its devices. One per
process, as in Webots."""

import atexit
import ctypes
import sys
import typing

from . import wb
from .accelerometer import Accelerometer
from .altimeter import Altimeter
from .brake import Brake
from .camera import Camera
from .compass import Compass
from .connector import Connector
from .device import Device, make_device
from .display import Display
from .distance_sensor import DistanceSensor
from .emitter import Emitter
from .gps import GPS
from .gyro import Gyro
from .inertial_unit import InertialUnit
from .joystick import Joystick
from .keyboard import Keyboard
from .led import LED
from .lidar import Lidar
from .light_sensor import LightSensor
from .motor import Motor
from .mouse import Mouse
from .pen import Pen
from .position_sensor import PositionSensor
from .radar import Radar
from .range_finder import RangeFinder
from .receiver import Receiver
from .skin import Skin
from .speaker import Speaker
from .touch_sensor import TouchSensor

_init = wb.function('wb_robot_init', ctypes.c_int)
_cleanup = wb.function('wb_robot_cleanup', None)
_step = wb.function('wb_robot_step', ctypes.c_int, ctypes.c_int)
# Robot.step's call for an int duration; `_step` takes what it cannot pass (an int beyond 64 bits)
_step_int = wb.untyped('wb_robot_step', ctypes.c_int)
_step_begin = wb.function('wb_robot_step_begin', ctypes.c_int, ctypes.c_int)
_step_end = wb.function('wb_robot_step_end', ctypes.c_int)
_wait_for_user_input_event = wb.function('wb_robot_wait_for_user_input_event', ctypes.c_int, ctypes.c_int,
                                         ctypes.c_int)
_get_time = wb.function('wb_robot_get_time', ctypes.c_double)
_get_name = wb.function('wb_robot_get_name', ctypes.c_char_p)
_get_model = wb.function('wb_robot_get_model', ctypes.c_char_p)
_get_custom_data = wb.function('wb_robot_get_custom_data', ctypes.c_char_p)
_set_custom_data = wb.function('wb_robot_set_custom_data', None, ctypes.c_char_p)
_get_project_path = wb.function('wb_robot_get_project_path', ctypes.c_char_p)
_get_world_path = wb.function('wb_robot_get_world_path', ctypes.c_char_p)
_get_urdf = wb.function('wb_robot_get_urdf', ctypes.c_char_p, ctypes.c_char_p)
_get_mode = wb.function('wb_robot_get_mode', ctypes.c_int)
_set_mode = wb.function('wb_robot_set_mode', None, ctypes.c_int, ctypes.c_char_p)
_get_supervisor = wb.function('wb_robot_get_supervisor', ctypes.c_bool)
_get_synchronization = wb.function('wb_robot_get_synchronization', ctypes.c_bool)
_get_number_of_devices = wb.function('wb_robot_get_number_of_devices', ctypes.c_int)
_get_device_by_index = wb.function('wb_robot_get_device_by_index', wb.tag_t, ctypes.c_int)
_get_device_name = wb.function('wb_device_get_name', ctypes.c_char_p, wb.tag_t)
_battery_enable = wb.function('wb_robot_battery_sensor_enable', None, ctypes.c_int)
_battery_get_sampling_period = wb.function('wb_robot_battery_sensor_get_sampling_period', ctypes.c_int)
_battery_get_value = wb.function('wb_robot_battery_sensor_get_value', ctypes.c_double)
_wwi_send = wb.function('wb_robot_wwi_send', None, ctypes.c_char_p, ctypes.c_int)
_wwi_receive_text = wb.function('wb_robot_wwi_receive_text', ctypes.c_char_p)

# wb_robot_step returned -1: the next stepping call ends the process inside the library
_run_over = False


def _mark_run_over():
    global _run_over
    _run_over = True


def _stepping(call, *args) -> int:
    global _run_over
    if _run_over:
        # the library exits the process in this call: Python's buffered output must be out first
        sys.stdout.flush()
        sys.stderr.flush()
    result = call(*args)
    if result == -1:
        _run_over = True
    return result


class Robot:
    EVENT_QUIT = -1
    EVENT_NO_EVENT = 0
    EVENT_MOUSE_CLICK = 1
    EVENT_MOUSE_MOVE = 2
    EVENT_KEYBOARD = 4
    EVENT_JOYSTICK_BUTTON = 8
    EVENT_JOYSTICK_AXIS = 16
    EVENT_JOYSTICK_POV = 32
    MODE_SIMULATION = 0
    MODE_CROSS_COMPILATION = 1
    MODE_REMOTE_CONTROL = 2
    created = None

    def __init__(self):
        if Robot.created is not None:
            print('Error: only one Robot instance can be created per controller process.', file=sys.stderr)
            # this object then stands for the same robot as the first one
            self.__dict__ = Robot.created.__dict__
            return
        Robot.created = self
        # as wb_robot_init does for C's streams: whole lines reach the console as they are printed
        for stream in (sys.stdout, sys.stderr):
            if hasattr(stream, 'reconfigure'):
                stream.reconfigure(line_buffering=True)
        _init()
        atexit.register(_cleanup)
        self._devices: typing.Dict[str, Device] = {}
        self._scan_devices()
        self.keyboard = Keyboard(0)
        self.mouse = Mouse(0)
        self.joystick = Joystick(0)

    def _scan_devices(self):
        known = {d._tag for d in self._devices.values()}
        for index in range(_get_number_of_devices()):
            tag = _get_device_by_index(index)
            if tag not in known:
                self._devices.setdefault(wb.decoded(_get_device_name(tag)), make_device(tag))

    # stepping

    def step(self, duration: typing.Optional[int] = None) -> int:
        """Runs `duration` ms (the basic time step by default): 0, or -1 once the run is over."""
        # _stepping written out, and an int taken as it is: the call every controller makes each step
        if duration is None:
            duration = wb.basic_time_step()
        elif type(duration) is not int:
            duration = wb.integer(duration, 'Robot.step(): duration')
        if _run_over:
            return _stepping(_step, duration)
        try:
            result = _step_int(duration)
        except ctypes.ArgumentError:
            result = _step(duration)
        if result == -1:
            _mark_run_over()
        return result

    def stepBegin(self, duration: typing.Optional[int] = None) -> int:
        duration = wb.basic_time_step() if duration is None else wb.integer(duration, 'Robot.stepBegin(): duration')
        return _stepping(_step_begin, duration)

    def stepEnd(self) -> int:
        return _stepping(_step_end)

    def waitForUserInputEvent(self, event_type: int, timeout: int) -> int:
        event_type = wb.integer(event_type, 'Robot.waitForUserInputEvent(): event_type')
        return _stepping(_wait_for_user_input_event, event_type,
                         wb.integer(timeout, 'Robot.waitForUserInputEvent(): timeout'))

    # devices

    def getDevice(self, name: str) -> typing.Optional[Device]:
        wb.text(name, 'Robot.getDevice(): name')
        if name not in self._devices:
            self._scan_devices()  # a device may have come with a node imported since
        device = self._devices.get(name)
        if device is None:
            print(f'Device "{name}" was not found on robot "{self.name}"', file=sys.stderr)
        return device

    def getDeviceByIndex(self, index: int) -> typing.Optional[Device]:
        tag = _get_device_by_index(wb.integer(index, 'Robot.getDeviceByIndex(): index'))
        if tag == 0:
            return None
        return self.getDevice(wb.decoded(_get_device_name(tag)))

    def getNumberOfDevices(self) -> int:
        return self.number_of_devices

    def getKeyboard(self) -> Keyboard:
        return self.keyboard

    def getMouse(self) -> Mouse:
        return self.mouse

    def getJoystick(self) -> Joystick:
        return self.joystick

    def _deprecated_getter(self, method: str, name: str) -> typing.Optional[Device]:
        print(f'DEPRECATION: Robot.{method} is deprecated, please use Robot.getDevice instead.', file=sys.stderr)
        return self.getDevice(name)

    def getCompass(self, name: str) -> Compass:
        return self._deprecated_getter('getCompass', name)

    def getConnector(self, name: str) -> Connector:
        return self._deprecated_getter('getConnector', name)

    def getEmitter(self, name: str) -> Emitter:
        return self._deprecated_getter('getEmitter', name)

    def getReceiver(self, name: str) -> Receiver:
        return self._deprecated_getter('getReceiver', name)

    def getMotor(self, name: str) -> Motor:
        return self._deprecated_getter('getMotor', name)

    def getPositionSensor(self, name: str) -> PositionSensor:
        return self._deprecated_getter('getPositionSensor', name)

    def getBrake(self, name: str) -> Brake:
        return self._deprecated_getter('getBrake', name)

    def getLED(self, name: str) -> LED:
        return self._deprecated_getter('getLED', name)

    def getAccelerometer(self, name: str) -> Accelerometer:
        return self._deprecated_getter('getAccelerometer', name)

    def getAltimeter(self, name: str) -> Altimeter:
        return self._deprecated_getter('getAltimeter', name)

    def getCamera(self, name: str) -> Camera:
        return self._deprecated_getter('getCamera', name)

    def getDisplay(self, name: str) -> Display:
        return self._deprecated_getter('getDisplay', name)

    def getDistanceSensor(self, name: str) -> DistanceSensor:
        return self._deprecated_getter('getDistanceSensor', name)

    def getGPS(self, name: str) -> GPS:
        return self._deprecated_getter('getGPS', name)

    def getGyro(self, name: str) -> Gyro:
        return self._deprecated_getter('getGyro', name)

    def getInertialUnit(self, name: str) -> InertialUnit:
        return self._deprecated_getter('getInertialUnit', name)

    def getLidar(self, name: str) -> Lidar:
        return self._deprecated_getter('getLidar', name)

    def getLightSensor(self, name: str) -> LightSensor:
        return self._deprecated_getter('getLightSensor', name)

    def getPen(self, name: str) -> Pen:
        return self._deprecated_getter('getPen', name)

    def getRadar(self, name: str) -> Radar:
        return self._deprecated_getter('getRadar', name)

    def getRangeFinder(self, name: str) -> RangeFinder:
        return self._deprecated_getter('getRangeFinder', name)

    def getSkin(self, name: str) -> Skin:
        return self._deprecated_getter('getSkin', name)

    def getSpeaker(self, name: str) -> Speaker:
        return self._deprecated_getter('getSpeaker', name)

    def getTouchSensor(self, name: str) -> TouchSensor:
        return self._deprecated_getter('getTouchSensor', name)

    # the robot window (none, headless: nothing is received)

    def wwiSendText(self, text: str):
        data = wb.text(text, 'Robot.wwiSendText(): text')
        _wwi_send(data, len(data) + 1)

    def wwiReceiveText(self) -> typing.Optional[str]:
        """The next message of the robot window, None when there is none."""
        text = _wwi_receive_text()
        return None if text is None else text.decode(errors='replace')

    # the robot's properties

    def getBasicTimeStep(self) -> float:
        return self.basic_time_step

    def getTime(self) -> float:
        return self.time

    def getName(self) -> str:
        return self.name

    def getModel(self) -> str:
        return self.model

    def getCustomData(self) -> str:
        return self.custom_data

    def setCustomData(self, data: str):
        self.custom_data = data

    def getProjectPath(self) -> str:
        return self.project_path

    def getWorldPath(self) -> str:
        return self.world_path

    def getSupervisor(self) -> bool:
        return self.supervisor

    def getSynchronization(self) -> bool:
        return self.synchronization

    def getUrdf(self, prefix: str = '') -> str:
        return wb.decoded(_get_urdf(wb.text(prefix, 'Robot.getUrdf(): prefix')))

    def getMode(self) -> int:
        return self.mode

    def setMode(self, mode: int, arg: str = ''):
        _set_mode(wb.integer(mode, 'Robot.setMode(): mode'), wb.text(arg, 'Robot.setMode(): arg'))

    def batterySensorEnable(self, samplingPeriod: int):
        _battery_enable(wb.integer(samplingPeriod, 'Robot.batterySensorEnable(): samplingPeriod'))

    def batterySensorDisable(self):
        _battery_enable(0)

    def batterySensorGetSamplingPeriod(self) -> int:
        return self.battery_sensor_sampling_period

    def batterySensorGetValue(self) -> float:
        return _battery_get_value()

    @property
    def basic_time_step(self) -> float:
        return wb._basic_time_step()

    @property
    def time(self) -> float:
        return _get_time()

    @property
    def name(self) -> str:
        return wb.decoded(_get_name())

    @property
    def model(self) -> str:
        return wb.decoded(_get_model())

    @property
    def custom_data(self) -> str:
        return wb.decoded(_get_custom_data())

    @custom_data.setter
    def custom_data(self, data: str):
        _set_custom_data(wb.text(data, 'Robot.setCustomData(): data'))

    @property
    def project_path(self) -> str:
        return wb.decoded(_get_project_path())

    @property
    def world_path(self) -> str:
        return wb.decoded(_get_world_path())

    @property
    def supervisor(self) -> bool:
        return _get_supervisor()

    @property
    def synchronization(self) -> bool:
        return _get_synchronization()

    @property
    def number_of_devices(self) -> int:
        return _get_number_of_devices()

    @property
    def mode(self) -> int:
        return _get_mode()

    @property
    def battery_sensor_sampling_period(self) -> int:
        return _battery_get_sampling_period()

    @battery_sensor_sampling_period.setter
    def battery_sensor_sampling_period(self, period: typing.Optional[int]):
        self.batterySensorEnable(wb.basic_time_step() if period is None else period)
