"""`Sensor`: a device with a sampling period (enable, disable, getSamplingPeriod). A subclass names its
C functions in `_enable` and `_get_sampling_period`. `VectorSensor`: one reading three values through a
lookup table (Compass, Gyro, Accelerometer); `lookup_table` reads any sensor's lookup table."""

import typing

from . import wb
from .device import Device


class Sensor(Device):
    _enable = None
    _get_sampling_period = None

    def __init__(self, name: typing.Union[str, int], sampling_period: typing.Optional[int] = None):
        super().__init__(name)
        # built by name, as a user does, the sensor starts enabled (at the basic time step by default)
        if isinstance(name, str):
            self.sampling_period = wb.basic_time_step() if sampling_period is None else sampling_period

    def enable(self, samplingPeriod: int):
        self._enable(self._tag, wb.integer(samplingPeriod, f'{type(self).__name__}.enable(): samplingPeriod'))

    def disable(self):
        self._enable(self._tag, 0)

    def getSamplingPeriod(self) -> int:
        return self.sampling_period

    @property
    def sampling_period(self) -> int:
        return self._get_sampling_period(self._tag)

    @sampling_period.setter
    def sampling_period(self, period: typing.Optional[int]):
        self.enable(0 if period is None else period)


def lookup_table(get_size, get_table, tag: int) -> typing.List[float]:
    """The rows (input, output, noise) of a sensor's lookup table, flattened, from its C getters."""
    return wb.vector(get_table(tag), 3 * get_size(tag)) or []


class VectorSensor(Sensor):
    """Three values through a lookup table: a subclass also names its C functions in `_get_values` (taking
    the tag as it is: `wb.untyped`), `_get_lookup_table_size` and `_get_lookup_table`."""
    _get_values = None
    _get_lookup_table_size = None
    _get_lookup_table = None

    def getValues(self) -> typing.Optional[typing.List[float]]:
        # the property written out: a controller reads it every step
        values = self._get_values(self._tag)
        return values[:3] if values else None

    def getLookupTable(self) -> typing.List[float]:
        return self.lookup_table

    @property
    def value(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(self._get_values(self._tag), 3)

    @property
    def lookup_table(self) -> typing.List[float]:
        return lookup_table(self._get_lookup_table_size, self._get_lookup_table, self._tag)
