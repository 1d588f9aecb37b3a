"""A Python supervisor reads and writes fields of other nodes, then quits the simulation with 5."""

from controller import Supervisor, Field, Node

sv = Supervisor()
target = sv.getFromDef('TARGET')
print('target:', target.getTypeName(), target.getDef(), target.getBaseTypeName(), target.isProto())
print('missing:', sv.getFromDef('NOPE'))
translation = target.getField('translation')
print('translation:', translation.getTypeName(), translation.getType() == Field.SF_VEC3F, translation.getSFVec3f(),
      translation.value)
print('name:', target.getField('name').getSFString(), '| customData:', target.getField('customData').value)
args = target.getField('controllerArgs')
print('args:', args.getCount(), [args.getMFString(i) for i in range(args.getCount())], args.value)
world_info = sv.getFromDef('WI')
print('basicTimeStep:', world_info.getField('basicTimeStep').getSFFloat())
me = sv.getSelf()
print('self:', me.getTypeName(), me.getField('name').getSFString(), me.getType() == Node.ROBOT)
compass_node = sv.getFromDevice(sv.getDevice('compass'))
print('compass node:', compass_node.getTypeName(), compass_node.getParentNode().getId() == me.getId())
translation.setSFVec3f([4, 5.5, 6])
translation.setSFVec3f([1, 2])
translation.value = 'not a vector'
args.insertMFString(-1, 'third')
target.getField('customData').value = 'changed'
sv.step()
print('moved to:', target.getPosition(), '| args now:', args.getCount(), args.getMFString(2),
      '| customData:', target.getField('customData').getSFString())
print('orientation:', [round(v, 3) + 0.0 for v in target.getOrientation()])
sv.simulationQuit(5)
while sv.step() != -1:
    pass
print('the run is over at', sv.getTime())
