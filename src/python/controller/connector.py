"""`Connector` (connector.h): presence of a peer, and the latch that docks with it."""

import ctypes

from . import wb
from .device import Device, device_class
from .node_type import NodeType

_enable_presence = wb.function('wb_connector_enable_presence', None, wb.tag_t, ctypes.c_int)
_disable_presence = wb.function('wb_connector_disable_presence', None, wb.tag_t)
_get_presence_sampling_period = wb.function('wb_connector_get_presence_sampling_period', ctypes.c_int, wb.tag_t)
_get_presence = wb.function('wb_connector_get_presence', ctypes.c_int, wb.tag_t)
_lock = wb.function('wb_connector_lock', None, wb.tag_t)
_unlock = wb.function('wb_connector_unlock', None, wb.tag_t)
_is_locked = wb.function('wb_connector_is_locked', ctypes.c_bool, wb.tag_t)


@device_class(NodeType.CONNECTOR)
class Connector(Device):
    def enablePresence(self, samplingPeriod: int):
        _enable_presence(self._tag, wb.integer(samplingPeriod, 'Connector.enablePresence(): samplingPeriod'))

    def disablePresence(self):
        _disable_presence(self._tag)

    def getPresenceSamplingPeriod(self) -> int:
        return self.presence_sampling_period

    def getPresence(self) -> int:
        return self.presence

    def lock(self):
        _lock(self._tag)

    def unlock(self):
        _unlock(self._tag)

    def isLocked(self) -> bool:
        return self.locked

    @property
    def presence_sampling_period(self) -> int:
        return _get_presence_sampling_period(self._tag)

    @property
    def presence(self) -> int:
        return _get_presence(self._tag)

    @property
    def locked(self) -> bool:
        return _is_locked(self._tag)
