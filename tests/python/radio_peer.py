"""The Python side of the C <-> Python radio test: prints what the C robot sent, then answers with
bytes, a str and packed lists."""

from controller import Robot, Emitter, Receiver

robot = Robot()
emitter = robot.getDevice('emitter')
receiver = robot.getDevice('receiver')
print('devices:', type(emitter).__name__, type(receiver).__name__,
      isinstance(emitter, Emitter), isinstance(receiver, Receiver))
receiver.enable(int(robot.getBasicTimeStep()))
answered = False
while robot.step() != -1:
    while receiver.getQueueLength() > 0:
        data = receiver.getBytes()
        print(f't={robot.getTime():.3f} got {receiver.getDataSize()} bytes: {data.hex(" ")}',
              f'signal {receiver.getSignalStrength():.2f} from {[round(v, 3) + 0.0 for v in receiver.getEmitterDirection()]}')
        if data.endswith(b'\0') and data[0] != 0:
            print('as a string:', repr(receiver.getString()))
        receiver.nextPacket()
        if not answered:
            emitter.send(b'\0py\0\xfe')
            emitter.send('héllo')
            emitter.send([1.5, -2.0])
            emitter.send([7, -1])
            emitter.send([True, False])
            emitter.send(b'abcdef', 3)
            answered = True
