"""The sensors computed from the world through the Python API: a robot without physics at (1, 2, 0.5),
turned 0.5 rad about z, its distance sensor facing a wall 5 cm away along world x, its bumper on that
wall, its gyro and accelerometer on a Solid with physics held still. Prints what each class reads."""

import math

from controller import GPS, Accelerometer, DistanceSensor, Gyro, InertialUnit, Robot, TouchSensor


def rounded(values):
    return None if values is None else [round(v, 6) + 0.0 for v in values]


robot = Robot()
devices = [robot.getDevice(name) for name in ['gps', 'gyro', 'accelerometer', 'inertial unit', 'ds', 'bumper']]
gps, gyro, accelerometer, unit, ds, bumper = devices
print('classes:', [type(d).__name__ for d in devices])
assert isinstance(gps, GPS) and isinstance(gyro, Gyro) and isinstance(accelerometer, Accelerometer)
assert isinstance(unit, InertialUnit) and isinstance(ds, DistanceSensor) and isinstance(bumper, TouchSensor)
print('constants:', GPS.LOCAL, GPS.WGS84, DistanceSensor.SONAR, DistanceSensor.LASER, TouchSensor.FORCE3D)
print('gps:', gps.getCoordinateSystem(), GPS.convertToDegreesMinutesSeconds(46.5125))
print('ds:', ds.getType(), ds.getAperture(), ds.getMinValue(), ds.max_value, ds.getLookupTable())
print('gyro table:', gyro.getLookupTable(), 'accelerometer table:', accelerometer.lookup_table)
print('bumper:', bumper.getType(), bumper.getLookupTable(), 'noise:', unit.getNoise())
print('before the first sample:', gps.getValues(), ds.getValue())
for device in devices:
    device.enable(32)
print('sampling periods:', [d.getSamplingPeriod() for d in devices])
robot.step(32)
print('gps:', rounded(gps.getValues()), gps.getSpeed())
print('roll, pitch, yaw:', rounded(unit.getRollPitchYaw()), 'quaternion:', rounded(unit.quaternion))
print('gyro:', rounded(gyro.getValues()), 'accelerometer:', rounded(accelerometer.value))
print('distance:', round(ds.getValue(), 6), 'bumper:', bumper.getValue(), bumper.getValues())
robot.step(32)
print('speed:', gps.speed, rounded(gps.getSpeedVector()))
q = unit.getQuaternion()
assert abs(q[2] - math.sin(0.25)) < 1e-9 and abs(q[3] - math.cos(0.25)) < 1e-9
gps.disable()
print('disabled:', gps.getSamplingPeriod())
