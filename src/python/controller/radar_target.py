"""`RadarTarget` (radar_target.h): a target a radar sees."""

import ctypes


class WbRadarTarget(ctypes.Structure):
    _fields_ = [('distance', ctypes.c_double), ('received_power', ctypes.c_double), ('speed', ctypes.c_double),
                ('azimuth', ctypes.c_double)]


class RadarTarget:
    """Its distance (m), received power (dBm), radial speed (m/s) and azimuth (rad)."""

    def __init__(self, distance: float, received_power: float, speed: float, azimuth: float):
        self.distance, self.received_power, self.speed, self.azimuth = distance, received_power, speed, azimuth

    @property
    def receiver_power(self) -> float:
        """`received_power` under the name Webots' ctypes package gives it."""
        return self.received_power

    def __repr__(self) -> str:
        return (f'<RadarTarget distance {self.distance} power {self.received_power} speed {self.speed} '
                f'azimuth {self.azimuth}>')
