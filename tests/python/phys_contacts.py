"""tests/c/phys_contacts.c through the Python API (tests/physics.rs): contact points, static balance,
centre of mass and joint positions under gravity."""

import math

from check import expect_stderr, near
from controller import ContactPoint, Node, Supervisor

STEP = 8
sv = Supervisor()
box, floor, tippy = sv.getFromDef('BOX'), sv.getFromDef('FLOOR'), sv.getFromDef('TIPPY')
arm, hinge, params = sv.getFromDef('TIPPY.ARM'), sv.getFromDef('HINGE'), sv.getFromDef('PARAMS')
pose = sv.getFromDef('POSE')
assert all(isinstance(n, Node) for n in (box, floor, tippy, arm, hinge, params, pose)), 'nodes'
sv.step(STEP)

# the tipping robot: its centre of mass (base 0.1 kg at x = 2, arm 10 kg at x = 2.5) is far beyond its base
assert not tippy.getStaticBalance(), 'the tippy robot stands'
near(tippy.getCenterOfMass()[0], (0.1 * 2.0 + 10 * 2.5) / 10.1, 2e-3)
assert not expect_stderr('Warning: wb_supervisor_node_get_static_balance() can exclusively be used with a top Solid\n',
                         arm.getStaticBalance), 'a child is balanced'

for _ in range(60):
    sv.step(STEP)
points = box.getContactPoints()
assert len(points) >= 3 and all(isinstance(p, ContactPoint) for p in points), f'{points} on the resting box'
at = box.getPosition()
for p in points:
    near(p.getPoint()[2], 0, 2e-3)
    near(abs(p.point[0] - at[0]), 0.1, 2e-3)
    assert p.getNodeId() == box.getId() == p.node_id
# the floor's points are the same contacts, seen from its side
assert len(floor.getContactPoints(includeDescendants=True)) >= len(points)
assert box.getStaticBalance(), 'the resting box stands'
near(box.getCenterOfMass()[2], 0.1, 2e-3)

# not a Solid
assert expect_stderr('Warning: wb_supervisor_node_get_number_of_contact_points() and '
                     'wb_supervisor_node_get_contact_point() can exclusively be used with a Solid\n',
                     pose.getContactPoints) == []
expect_stderr('Error: wb_supervisor_node_enable_contact_points_tracking() called with negative sampling period.\n',
              lambda: box.enableContactPointsTracking(-1))
expect_stderr('', lambda: box.enableContactPointsTracking(STEP, True))
expect_stderr('', box.disableContactPointsTracking)

# a joint position set by the supervisor: the pendulum's end point is placed there, at rest
hinge.setJointPosition(0.5)
position = params.getField('position')
near(position.getSFFloat(), 0.5, 1e-12)
bob = sv.getFromDef('BOB').getPosition()
# the bob hangs 1 m below the anchor at (0, 5, 2), turned 0.5 rad about y
near(bob[0], -math.sin(0.5))
near(bob[2], 2 - math.cos(0.5))
sv.step(STEP)
near(position.getSFFloat(), 0.5, 5e-3)
# beyond the stops: clamped, with Webots' warning (the runner's)
hinge.setJointPosition(2.0, 1)
near(position.value, 1.0, 1e-12)
expect_stderr('Error: wb_supervisor_node_set_joint_position() called with an invalid \'index\'. SliderJoint and '
              'HingeJoint only support index 1.\n', lambda: hinge.setJointPosition(0.1, 2))
expect_stderr('Error: wb_supervisor_node_set_joint_position() called with a \'node\' argument which is not a joint '
              'node.\n', lambda: box.setJointPosition(0.1))
print('contact checks passed')
