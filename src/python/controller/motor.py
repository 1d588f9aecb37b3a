"""`Motor` (motor.h): RotationalMotor and LinearMotor, in position, velocity or force control."""

import ctypes

from . import wb
from .device import Device, device_class, device_or_none
from .node_type import NodeType

_set_position = wb.function('wb_motor_set_position', None, wb.tag_t, ctypes.c_double)
_set_velocity = wb.function('wb_motor_set_velocity', None, wb.tag_t, ctypes.c_double)
_set_acceleration = wb.function('wb_motor_set_acceleration', None, wb.tag_t, ctypes.c_double)
_set_available_force = wb.function('wb_motor_set_available_force', None, wb.tag_t, ctypes.c_double)
_set_available_torque = wb.function('wb_motor_set_available_torque', None, wb.tag_t, ctypes.c_double)
_set_control_pid = wb.function('wb_motor_set_control_pid', None, wb.tag_t, ctypes.c_double, ctypes.c_double,
                               ctypes.c_double)
_set_force = wb.function('wb_motor_set_force', None, wb.tag_t, ctypes.c_double)
_set_torque = wb.function('wb_motor_set_torque', None, wb.tag_t, ctypes.c_double)
_enable_force_feedback = wb.function('wb_motor_enable_force_feedback', None, wb.tag_t, ctypes.c_int)
_enable_torque_feedback = wb.function('wb_motor_enable_torque_feedback', None, wb.tag_t, ctypes.c_int)
_disable_force_feedback = wb.function('wb_motor_disable_force_feedback', None, wb.tag_t)
_disable_torque_feedback = wb.function('wb_motor_disable_torque_feedback', None, wb.tag_t)
_get_force_feedback_sampling_period = wb.function('wb_motor_get_force_feedback_sampling_period', ctypes.c_int,
                                                  wb.tag_t)
_get_torque_feedback_sampling_period = wb.function('wb_motor_get_torque_feedback_sampling_period', ctypes.c_int,
                                                   wb.tag_t)
_get_type = wb.function('wb_motor_get_type', ctypes.c_int, wb.tag_t)
_get_brake = wb.function('wb_motor_get_brake', wb.tag_t, wb.tag_t)
_get_position_sensor = wb.function('wb_motor_get_position_sensor', wb.tag_t, wb.tag_t)


def _getter(name: str):
    return wb.function(name, ctypes.c_double, wb.tag_t)


_get_target_position = _getter('wb_motor_get_target_position')
_get_min_position = _getter('wb_motor_get_min_position')
_get_max_position = _getter('wb_motor_get_max_position')
_get_velocity = _getter('wb_motor_get_velocity')
_get_max_velocity = _getter('wb_motor_get_max_velocity')
_get_acceleration = _getter('wb_motor_get_acceleration')
_get_available_force = _getter('wb_motor_get_available_force')
_get_available_torque = _getter('wb_motor_get_available_torque')
_get_max_force = _getter('wb_motor_get_max_force')
_get_max_torque = _getter('wb_motor_get_max_torque')
_get_multiplier = _getter('wb_motor_get_multiplier')
_get_force_feedback = _getter('wb_motor_get_force_feedback')
_get_torque_feedback = _getter('wb_motor_get_torque_feedback')


@device_class(NodeType.ROTATIONAL_MOTOR, NodeType.LINEAR_MOTOR)
class Motor(Device):
    ROTATIONAL = 0
    LINEAR = 1

    def _real(self, value, method: str, argument: str) -> float:
        return wb.real(value, f'Motor.{method}(): {argument}')

    def setPosition(self, position: float):
        self.target_position = position

    def setVelocity(self, velocity: float):
        self.target_velocity = velocity

    def setAcceleration(self, acceleration: float):
        self.target_acceleration = acceleration

    def setAvailableForce(self, force: float):
        self.available_force = force

    def setAvailableTorque(self, torque: float):
        self.available_torque = torque

    def setControlPID(self, p: float, i: float, d: float):
        real = self._real
        _set_control_pid(self._tag, real(p, 'setControlPID', 'p'), real(i, 'setControlPID', 'i'),
                         real(d, 'setControlPID', 'd'))

    def setForce(self, force: float):
        _set_force(self._tag, self._real(force, 'setForce', 'force'))

    def setTorque(self, torque: float):
        _set_torque(self._tag, self._real(torque, 'setTorque', 'torque'))

    def getTargetPosition(self) -> float:
        return self.target_position

    def getMinPosition(self) -> float:
        return self.min_position

    def getMaxPosition(self) -> float:
        return self.max_position

    def getVelocity(self) -> float:
        return self.target_velocity

    def getMaxVelocity(self) -> float:
        return self.max_velocity

    def getAcceleration(self) -> float:
        return self.target_acceleration

    def getAvailableForce(self) -> float:
        return self.available_force

    def getMaxForce(self) -> float:
        return self.max_force

    def getAvailableTorque(self) -> float:
        return self.available_torque

    def getMaxTorque(self) -> float:
        return self.max_torque

    def getMultiplier(self) -> float:
        return self.multiplier

    def enableForceFeedback(self, samplingPeriod: int):
        self.force_feedback_sampling_period = samplingPeriod

    def disableForceFeedback(self):
        _disable_force_feedback(self._tag)

    def getForceFeedbackSamplingPeriod(self) -> int:
        return self.force_feedback_sampling_period

    def getForceFeedback(self) -> float:
        return self.force_feedback

    def enableTorqueFeedback(self, samplingPeriod: int):
        self.torque_feedback_sampling_period = samplingPeriod

    def disableTorqueFeedback(self):
        _disable_torque_feedback(self._tag)

    def getTorqueFeedbackSamplingPeriod(self) -> int:
        return self.torque_feedback_sampling_period

    def getTorqueFeedback(self) -> float:
        return self.torque_feedback

    def getType(self) -> int:
        return self.type

    def getBrake(self):
        return self.brake

    def getPositionSensor(self):
        return self.position_sensor

    @property
    def target_position(self) -> float:
        return _get_target_position(self._tag)

    @target_position.setter
    def target_position(self, position: float):
        _set_position(self._tag, self._real(position, 'setPosition', 'position'))

    @property
    def target_velocity(self) -> float:
        return _get_velocity(self._tag)

    @target_velocity.setter
    def target_velocity(self, velocity: float):
        _set_velocity(self._tag, self._real(velocity, 'setVelocity', 'velocity'))

    @property
    def target_acceleration(self) -> float:
        return _get_acceleration(self._tag)

    @target_acceleration.setter
    def target_acceleration(self, acceleration: float):
        _set_acceleration(self._tag, self._real(acceleration, 'setAcceleration', 'acceleration'))

    @property
    def available_force(self) -> float:
        return _get_available_force(self._tag)

    @available_force.setter
    def available_force(self, force: float):
        _set_available_force(self._tag, self._real(force, 'setAvailableForce', 'force'))

    @property
    def available_torque(self) -> float:
        return _get_available_torque(self._tag)

    @available_torque.setter
    def available_torque(self, torque: float):
        _set_available_torque(self._tag, self._real(torque, 'setAvailableTorque', 'torque'))

    force = property(fset=setForce)
    torque = property(fset=setTorque)

    @property
    def min_position(self) -> float:
        return _get_min_position(self._tag)

    @property
    def max_position(self) -> float:
        return _get_max_position(self._tag)

    @property
    def max_velocity(self) -> float:
        return _get_max_velocity(self._tag)

    @property
    def max_force(self) -> float:
        return _get_max_force(self._tag)

    @property
    def max_torque(self) -> float:
        return _get_max_torque(self._tag)

    @property
    def multiplier(self) -> float:
        return _get_multiplier(self._tag)

    @property
    def force_feedback_sampling_period(self) -> int:
        return _get_force_feedback_sampling_period(self._tag)

    @force_feedback_sampling_period.setter
    def force_feedback_sampling_period(self, period: int):
        _enable_force_feedback(self._tag, wb.integer(period, 'Motor.enableForceFeedback(): samplingPeriod'))

    @property
    def torque_feedback_sampling_period(self) -> int:
        return _get_torque_feedback_sampling_period(self._tag)

    @torque_feedback_sampling_period.setter
    def torque_feedback_sampling_period(self, period: int):
        _enable_torque_feedback(self._tag, wb.integer(period, 'Motor.enableTorqueFeedback(): samplingPeriod'))

    @property
    def force_feedback(self) -> float:
        return _get_force_feedback(self._tag)

    @property
    def torque_feedback(self) -> float:
        return _get_torque_feedback(self._tag)

    @property
    def type(self) -> int:
        return _get_type(self._tag)

    @property
    def brake(self):
        """The Brake on the same joint axis, or None."""
        return device_or_none(_get_brake(self._tag))

    @property
    def position_sensor(self):
        """The PositionSensor on the same joint axis, or None."""
        return device_or_none(_get_position_sensor(self._tag))
