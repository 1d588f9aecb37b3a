"""`LidarPoint` (lidar_point.h): a point of a lidar's point cloud."""

import ctypes


class WbLidarPoint(ctypes.Structure):
    _fields_ = [('x', ctypes.c_float), ('y', ctypes.c_float), ('z', ctypes.c_float), ('layer_id', ctypes.c_int),
                ('time', ctypes.c_float)]


class LidarPoint:
    """x, y, z in the lidar's frame (metres), the layer it belongs to and when it was taken (seconds)."""

    def __init__(self, c: WbLidarPoint):
        self.x, self.y, self.z, self.layer_id, self.time = c.x, c.y, c.z, c.layer_id, c.time

    @property
    def layer(self) -> int:
        """`layer_id` under the name Webots' ctypes package gives it."""
        return self.layer_id

    def __repr__(self) -> str:
        return f'<LidarPoint ({self.x}, {self.y}, {self.z}) layer {self.layer_id} time {self.time}>'
