"""`UserInput`: what the keyboard, the mouse and the joystick share, i.e. a sampling period with no tag.
A subclass names its C functions in `_enable` and `_get_sampling_period`. Headless, none of them
ever reports input."""

import typing

from . import wb


class UserInput:
    _enable = None
    _get_sampling_period = None

    def __init__(self, sampling_period: typing.Optional[int] = None):
        # Robot builds its own with 0 (left disabled); built by a user, it starts enabled
        if sampling_period != 0:
            self.sampling_period = wb.basic_time_step() if sampling_period is None else sampling_period

    def enable(self, samplingPeriod: int):
        self._enable(wb.integer(samplingPeriod, f'{type(self).__name__}.enable(): samplingPeriod'))

    def disable(self):
        self._enable(0)

    def getSamplingPeriod(self) -> int:
        return self.sampling_period

    @property
    def sampling_period(self) -> int:
        return self._get_sampling_period()

    @sampling_period.setter
    def sampling_period(self, period: typing.Optional[int]):
        self.enable(0 if period is None else period)
