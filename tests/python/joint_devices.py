"""Motor, PositionSensor, Brake and LED from Python: the classes getDevice gives, the devices of one
joint axis finding each other, a kinematic hinge reaching its target, an LED's value, and a wrong
argument type."""

from controller import Robot, Motor, PositionSensor

robot = Robot()
for name in ['hinge motor', 'hinge sensor', 'hinge brake', 'slider motor', 'lamp']:
    device = robot.getDevice(name)
    print(f'{name} is a {type(device).__name__}')
motor = robot.getDevice('hinge motor')
sensor = motor.getPositionSensor()
print('beside the motor:', sensor.getName(), motor.getBrake().getName())
print('beside the sensor:', sensor.getMotor().getName(), sensor.getBrake().getName())
print('beside the brake:', motor.brake.getMotor().getName(), motor.brake.position_sensor.getName())
print('types:', motor.getType() == Motor.ROTATIONAL, robot.getDevice('slider motor').type == Motor.LINEAR,
      sensor.getType() == PositionSensor.ROTATIONAL)
print('slider motor has a sensor:', robot.getDevice('slider motor').getPositionSensor() is not None)
print('limits:', motor.getMaxVelocity(), motor.getMaxTorque(), motor.getMultiplier())
sensor.enable(32)
motor.setVelocity(1.0)
motor.target_position = 0.3
print('target:', motor.getTargetPosition(), motor.getVelocity())
try:
    motor.setPosition('far')
except TypeError as e:
    print('TypeError:', e)
for _ in range(20):
    robot.step(32)
print(f'hinge at {sensor.getValue():.6f}')
lamp = robot.getDevice('lamp')
print('lamp:', lamp.get())
lamp.set(2)
lamp.value = lamp.value + 1
print('lamp:', lamp.get())
