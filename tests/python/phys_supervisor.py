"""tests/c/phys_supervisor.c through the Python API (tests/physics.rs), in a world without gravity: a
2 kg ball of radius 0.1 m takes the momentum a force, a force at an offset and a torque give in one
10 ms step, keeps a set velocity, stops on reset; a kinematic Solid given a velocity glides; misuse gets
Webots' messages or a TypeError."""

import math

from check import all_nan, expect_stderr, near, vector
from controller import Supervisor

STEP = 10
sv = Supervisor()
ball, block, pose = sv.getFromDef('BALL'), sv.getFromDef('BLOCK'), sv.getFromDef('POSE')
assert ball and block and pose, 'nodes'
m, r, dt = 2.0, 0.1, STEP / 1000.0
inertia = 0.4 * m * r * r

vector(ball.getVelocity(), 0, 0, 0, 0, 0, 0)
# a 4 N push along x for one step: Δv = F dt / m, and only one step
ball.addForce([4, 0, 0], False)
sv.step(STEP)
vector(ball.getVelocity(), 4 * dt / m, 0, 0, 0, 0, 0)
sv.step(STEP)
vector(ball.getVelocity(), 4 * dt / m, 0, 0, 0, 0, 0)

# 2 N along y at 0.1 m along x (the ball's frame): Δv_y = F dt / m, Δω_z = (r × F) dt / I
sv.simulationResetPhysics()
vector(ball.getVelocity(), 0, 0, 0, 0, 0, 0)
ball.addForceWithOffset((0, 2, 0), (0.1, 0, 0), False)
sv.step(STEP)
v = ball.getVelocity()
near(v[1], 2 * dt / m, 1e-12)
near(v[5], 0.1 * 2 * dt / inertia, 1e-12)

# a torque about z: Δω_z = τ dt / I
ball.resetPhysics()
ball.addTorque([0, 0, 0.05], False)
sv.step(STEP)
near(ball.getVelocity()[5], 0.05 * dt / inertia, 1e-12)

# a set velocity is kept (no gravity, no damping) and moves the ball v t
ball.resetPhysics()
y0 = ball.getPosition()[1]
ball.setVelocity([0, 1, 0, 0, 0, 0])
vector(ball.getVelocity(), 0, 1, 0, 0, 0, 0)
for _ in range(100):
    sv.step(STEP)
near(ball.getPosition()[1], y0 + 1.0)
vector(ball.getCenterOfMass(), *ball.getPosition())

# a Solid without physics given a velocity glides: v t, and reports that velocity
x0 = block.getPosition()[0]
block.setVelocity([0.5, 0, 0, 0, 0, 0])
for _ in range(10):
    sv.step(STEP)
near(block.getPosition()[0], x0 + 0.5 * 10 * dt)
vector(block.getVelocity(), 0.5, 0, 0, 0, 0, 0)
block.resetPhysics()
sv.step(STEP)
stopped = block.getPosition()[0]
sv.step(STEP)
assert block.getPosition()[0] == stopped
near(block.getCenterOfMass()[0], stopped, 1e-12)

# misuse: the library's checks
expect_stderr('Error: wb_supervisor_node_add_force() called with a NaN value.\n',
              lambda: ball.addForce([math.nan, 0, 0], False))
expect_stderr('Error: wb_supervisor_node_add_torque() called with a NaN value.\n',
              lambda: ball.addTorque([math.nan, 0, 0], True))
expect_stderr('Error: wb_supervisor_node_add_force_with_offset() called with a NaN value.\n',
              lambda: ball.addForceWithOffset([4, 0, 0], [math.nan, 0, 0], False))
# not a Solid: Webots' warnings, NaN
all_nan(expect_stderr('Warning: wb_supervisor_node_get_velocity() can exclusively be used with a Solid\n',
                      pose.getVelocity), 6)
all_nan(expect_stderr('Warning: wb_supervisor_node_get_center_of_mass() can exclusively be used with Solid\n',
                      pose.getCenterOfMass), 3)
# ... and Python's
for call in (lambda: ball.addForce([1, 2], False), lambda: ball.setVelocity('fast'),
             lambda: ball.addTorque([0, 0, 1], 'yes'), lambda: ball.setJointPosition('1')):
    try:
        call()
        raise AssertionError('no TypeError')
    except TypeError as e:
        print('TypeError:', e)
# the world refuses these (its warnings are the runner's, checked by the test)
block.addForce([4, 0, 0], False)
pose.addTorque([0, 0, 0.05], False)
pose.setVelocity([0, 1, 0, 0, 0, 0])
sv.step(STEP)
print('physics supervisor checks passed')
