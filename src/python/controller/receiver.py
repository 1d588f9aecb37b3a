"""`Receiver` (receiver.h): a queue of received packets, read from its head."""

import ctypes
import struct
import sys
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor

_get_queue_length = wb.function('wb_receiver_get_queue_length', ctypes.c_int, wb.tag_t)
_next_packet = wb.function('wb_receiver_next_packet', None, wb.tag_t)
_get_data_size = wb.function('wb_receiver_get_data_size', ctypes.c_int, wb.tag_t)
_get_data = wb.function('wb_receiver_get_data', ctypes.c_void_p, wb.tag_t)
_get_signal_strength = wb.function('wb_receiver_get_signal_strength', ctypes.c_double, wb.tag_t)
_get_emitter_direction = wb.function('wb_receiver_get_emitter_direction', wb.doubles_t, wb.tag_t)
_get_channel = wb.function('wb_receiver_get_channel', ctypes.c_int, wb.tag_t)
_set_channel = wb.function('wb_receiver_set_channel', None, wb.tag_t, ctypes.c_int)


@device_class(NodeType.RECEIVER)
class Receiver(Sensor):
    CHANNEL_BROADCAST = -1
    _enable = wb.function('wb_receiver_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_receiver_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getQueueLength(self) -> int:
        return self.queue_length

    def nextPacket(self):
        _next_packet(self._tag)

    def getDataSize(self) -> int:
        return self.data_size

    def getBytes(self) -> bytes:
        """The head packet, every byte of it (NUL bytes included); b'' when the queue is empty."""
        size = _get_data_size(self._tag)
        if size <= 0:
            return b''
        data = _get_data(self._tag)
        return ctypes.string_at(data, size) if data else b''

    def getString(self) -> str:
        """The head packet decoded as UTF-8 (a trailing NUL sent by a C emitter stays in the string)."""
        return self.getBytes().decode()

    def getData(self) -> str:
        print('DEPRECATION: Receiver.getData is deprecated, please use Receiver.getString instead.', file=sys.stderr)
        return self.getString()

    def getFloats(self) -> typing.Tuple[float, ...]:
        return self._unpacked('d')

    def getInts(self) -> typing.Tuple[int, ...]:
        return self._unpacked('i')

    def getBools(self) -> typing.Tuple[bool, ...]:
        return self._unpacked('?')

    def _unpacked(self, code: str) -> tuple:
        data = self.getBytes()
        count = len(data) // struct.calcsize(code)
        return struct.unpack_from(f'{count}{code}', data)

    def getSignalStrength(self) -> float:
        return self.signal_strength

    def getEmitterDirection(self) -> typing.Optional[typing.List[float]]:
        return self.emitter_direction

    def getChannel(self) -> int:
        return self.channel

    def setChannel(self, channel: int):
        self.channel = channel

    @property
    def queue_length(self) -> int:
        return _get_queue_length(self._tag)

    @property
    def data_size(self) -> int:
        return _get_data_size(self._tag)

    @property
    def signal_strength(self) -> float:
        return _get_signal_strength(self._tag)

    @property
    def emitter_direction(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_emitter_direction(self._tag), 3)

    @property
    def channel(self) -> int:
        return _get_channel(self._tag)

    @channel.setter
    def channel(self, channel: int):
        _set_channel(self._tag, wb.integer(channel, 'Receiver.setChannel(): channel'))
