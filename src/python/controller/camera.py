"""`Camera` (camera.h) and `CameraRecognitionObject` (camera_recognition_object.h): images as BGRA bytes,
rows top to bottom, and the objects a Recognition node finds."""

import ctypes
import typing

from . import arrays, wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor


class _WbCameraRecognitionObject(ctypes.Structure):
    _fields_ = [('id', ctypes.c_int), ('position', ctypes.c_double * 3), ('orientation', ctypes.c_double * 4),
                ('size', ctypes.c_double * 2), ('position_on_image', ctypes.c_int * 2),
                ('size_on_image', ctypes.c_int * 2), ('number_of_colors', ctypes.c_int),
                ('colors', ctypes.POINTER(ctypes.c_double)), ('model', ctypes.c_char_p)]


_get_image = wb.function('wb_camera_get_image', ctypes.c_void_p, wb.tag_t)
_get_width = wb.function('wb_camera_get_width', ctypes.c_int, wb.tag_t)
_get_height = wb.function('wb_camera_get_height', ctypes.c_int, wb.tag_t)
_get_fov = wb.function('wb_camera_get_fov', ctypes.c_double, wb.tag_t)
_get_max_fov = wb.function('wb_camera_get_max_fov', ctypes.c_double, wb.tag_t)
_get_min_fov = wb.function('wb_camera_get_min_fov', ctypes.c_double, wb.tag_t)
_set_fov = wb.function('wb_camera_set_fov', None, wb.tag_t, ctypes.c_double)
_get_exposure = wb.function('wb_camera_get_exposure', ctypes.c_double, wb.tag_t)
_set_exposure = wb.function('wb_camera_set_exposure', None, wb.tag_t, ctypes.c_double)
_get_focal_length = wb.function('wb_camera_get_focal_length', ctypes.c_double, wb.tag_t)
_get_focal_distance = wb.function('wb_camera_get_focal_distance', ctypes.c_double, wb.tag_t)
_get_max_focal_distance = wb.function('wb_camera_get_max_focal_distance', ctypes.c_double, wb.tag_t)
_get_min_focal_distance = wb.function('wb_camera_get_min_focal_distance', ctypes.c_double, wb.tag_t)
_set_focal_distance = wb.function('wb_camera_set_focal_distance', None, wb.tag_t, ctypes.c_double)
_get_near = wb.function('wb_camera_get_near', ctypes.c_double, wb.tag_t)
_save_image = wb.function('wb_camera_save_image', ctypes.c_int, wb.tag_t, ctypes.c_char_p, ctypes.c_int)
_has_recognition = wb.function('wb_camera_has_recognition', ctypes.c_bool, wb.tag_t)
_recognition_enable = wb.function('wb_camera_recognition_enable', None, wb.tag_t, ctypes.c_int)
_recognition_disable = wb.function('wb_camera_recognition_disable', None, wb.tag_t)
_recognition_get_sampling_period = wb.function('wb_camera_recognition_get_sampling_period', ctypes.c_int, wb.tag_t)
_recognition_get_number_of_objects = wb.function('wb_camera_recognition_get_number_of_objects', ctypes.c_int,
                                                 wb.tag_t)
_recognition_get_objects = wb.function('wb_camera_recognition_get_objects',
                                       ctypes.POINTER(_WbCameraRecognitionObject), wb.tag_t)
_recognition_has_segmentation = wb.function('wb_camera_recognition_has_segmentation', ctypes.c_bool, wb.tag_t)
_recognition_enable_segmentation = wb.function('wb_camera_recognition_enable_segmentation', None, wb.tag_t)
_recognition_disable_segmentation = wb.function('wb_camera_recognition_disable_segmentation', None, wb.tag_t)
_recognition_is_segmentation_enabled = wb.function('wb_camera_recognition_is_segmentation_enabled', ctypes.c_bool,
                                                   wb.tag_t)
_recognition_get_segmentation_image = wb.function('wb_camera_recognition_get_segmentation_image', ctypes.c_void_p,
                                                  wb.tag_t)
_recognition_save_segmentation_image = wb.function('wb_camera_recognition_save_segmentation_image', ctypes.c_int,
                                                   wb.tag_t, ctypes.c_char_p, ctypes.c_int)


class CameraRecognitionObject:
    """One object of the last recognition sample, copied out of the library's array (which the next step
    replaces): its node id, position and orientation in the camera's frame, size, bounding box on the
    image, recognition colours (r, g, b per colour, flattened) and model name."""

    def __init__(self, c: _WbCameraRecognitionObject):
        self.id = c.id
        self.position = list(c.position)
        self.orientation = list(c.orientation)
        self.size = list(c.size)
        self.position_on_image = list(c.position_on_image)
        self.size_on_image = list(c.size_on_image)
        self.number_of_colors = c.number_of_colors
        self.colors = wb.vector(c.colors, 3 * c.number_of_colors) or []
        self.model = wb.decoded(c.model)

    def getId(self) -> int:
        return self.id

    def getPosition(self) -> typing.List[float]:
        return self.position

    def getOrientation(self) -> typing.List[float]:
        return self.orientation

    def getSize(self) -> typing.List[float]:
        return self.size

    def getPositionOnImage(self) -> typing.List[int]:
        return self.position_on_image

    def getSizeOnImage(self) -> typing.List[int]:
        return self.size_on_image

    def getNumberOfColors(self) -> int:
        return self.number_of_colors

    def getColors(self) -> typing.List[float]:
        return self.colors

    def getModel(self) -> str:
        return self.model

    def __repr__(self) -> str:
        return f'<CameraRecognitionObject {self.id} "{self.model}" at {self.position}>'


def _pixel(image: bytes, width: int, x: int, y: int, channel: int) -> int:
    return image[4 * (y * width + x) + channel]


@device_class(NodeType.CAMERA)
class Camera(Sensor):
    _enable = wb.function('wb_camera_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_camera_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getImage(self) -> bytes:
        """The last image, 4 bytes a pixel (blue, green, red, alpha); b'' when there is none."""
        return self.image

    def getImageArray(self) -> typing.Optional[typing.List[typing.List[typing.List[int]]]]:
        """The last image as `array[x][y] = [red, green, blue]`; None when there is none."""
        return arrays.bgra_columns(self.image, self.width, self.height)

    @staticmethod
    def imageGetRed(image: bytes, width: int, x: int, y: int) -> int:
        return _pixel(image, width, x, y, 2)

    @staticmethod
    def imageGetGreen(image: bytes, width: int, x: int, y: int) -> int:
        return _pixel(image, width, x, y, 1)

    @staticmethod
    def imageGetBlue(image: bytes, width: int, x: int, y: int) -> int:
        return _pixel(image, width, x, y, 0)

    @staticmethod
    def imageGetGray(image: bytes, width: int, x: int, y: int) -> int:
        """The mean of the red, green and blue levels, in whole levels as C's macro gives it."""
        return sum(_pixel(image, width, x, y, c) for c in range(3)) // 3

    def saveImage(self, filename: str, quality: int) -> int:
        """0, or -1 when the file cannot be written (the library says why)."""
        return _save_image(self._tag, wb.text(filename, 'Camera.saveImage(): filename'),
                           wb.integer(quality, 'Camera.saveImage(): quality'))

    def getWidth(self) -> int:
        return self.width

    def getHeight(self) -> int:
        return self.height

    def getFov(self) -> float:
        return self.fov

    def getMinFov(self) -> float:
        return self.min_fov

    def getMaxFov(self) -> float:
        return self.max_fov

    def setFov(self, fov: float):
        self.fov = fov

    def getExposure(self) -> float:
        return self.exposure

    def setExposure(self, exposure: float):
        self.exposure = exposure

    def getFocalLength(self) -> float:
        return self.focal_length

    def getFocalDistance(self) -> float:
        return self.focal_distance

    def getMaxFocalDistance(self) -> float:
        return self.max_focal_distance

    def getMinFocalDistance(self) -> float:
        return self.min_focal_distance

    def setFocalDistance(self, focalDistance: float):
        self.focal_distance = focalDistance

    def getNear(self) -> float:
        return self.near

    # recognition

    def hasRecognition(self) -> bool:
        return _has_recognition(self._tag)

    def recognitionEnable(self, samplingPeriod: int):
        _recognition_enable(self._tag, wb.integer(samplingPeriod, 'Camera.recognitionEnable(): samplingPeriod'))

    def recognitionDisable(self):
        _recognition_disable(self._tag)

    def getRecognitionSamplingPeriod(self) -> int:
        return _recognition_get_sampling_period(self._tag)

    def getRecognitionNumberOfObjects(self) -> int:
        return _recognition_get_number_of_objects(self._tag)

    def getRecognitionObjects(self) -> typing.List[CameraRecognitionObject]:
        count = _recognition_get_number_of_objects(self._tag)
        objects = _recognition_get_objects(self._tag) if count > 0 else None
        return [CameraRecognitionObject(objects[i]) for i in range(count)] if objects else []

    def hasRecognitionSegmentation(self) -> bool:
        return _recognition_has_segmentation(self._tag)

    def enableRecognitionSegmentation(self):
        _recognition_enable_segmentation(self._tag)

    def disableRecognitionSegmentation(self):
        _recognition_disable_segmentation(self._tag)

    def isRecognitionSegmentationEnabled(self) -> bool:
        return _recognition_is_segmentation_enabled(self._tag)

    def getRecognitionSegmentationImage(self) -> bytes:
        """The last segmentation image (BGRA, as `getImage()`); b'' when there is none."""
        return self.segmentation_image

    def getRecognitionSegmentationImageArray(self) -> typing.Optional[typing.List[typing.List[typing.List[int]]]]:
        return arrays.bgra_columns(self.segmentation_image, self.width, self.height)

    def saveRecognitionSegmentationImage(self, filename: str, quality: int) -> int:
        return _recognition_save_segmentation_image(
            self._tag, wb.text(filename, 'Camera.saveRecognitionSegmentationImage(): filename'),
            wb.integer(quality, 'Camera.saveRecognitionSegmentationImage(): quality'))

    @property
    def image(self) -> bytes:
        return wb.buffer(_get_image(self._tag), 4 * self.width * self.height)

    @property
    def segmentation_image(self) -> bytes:
        return wb.buffer(_recognition_get_segmentation_image(self._tag), 4 * self.width * self.height)

    @property
    def width(self) -> int:
        return _get_width(self._tag)

    @property
    def height(self) -> int:
        return _get_height(self._tag)

    @property
    def fov(self) -> float:
        return _get_fov(self._tag)

    @fov.setter
    def fov(self, fov: float):
        _set_fov(self._tag, wb.real(fov, 'Camera.setFov(): fov'))

    @property
    def min_fov(self) -> float:
        return _get_min_fov(self._tag)

    @property
    def max_fov(self) -> float:
        return _get_max_fov(self._tag)

    @property
    def exposure(self) -> float:
        return _get_exposure(self._tag)

    @exposure.setter
    def exposure(self, exposure: float):
        _set_exposure(self._tag, wb.real(exposure, 'Camera.setExposure(): exposure'))

    @property
    def focal_length(self) -> float:
        return _get_focal_length(self._tag)

    @property
    def focal_distance(self) -> float:
        return _get_focal_distance(self._tag)

    @focal_distance.setter
    def focal_distance(self, focal_distance: float):
        _set_focal_distance(self._tag, wb.real(focal_distance, 'Camera.setFocalDistance(): focalDistance'))

    @property
    def max_focal_distance(self) -> float:
        return _get_max_focal_distance(self._tag)

    @property
    def min_focal_distance(self) -> float:
        return _get_min_focal_distance(self._tag)

    @property
    def near(self) -> float:
        return _get_near(self._tag)
