"""`Display` (display.h) and `ImageRef`: a pixel canvas the controller draws into, with clipboard images
made from data, files or the canvas itself."""

import ctypes
import sys
import typing

from . import wb
from .camera import Camera
from .device import Device, device_class
from .node_type import NodeType

_get_width = wb.function('wb_display_get_width', ctypes.c_int, wb.tag_t)
_get_height = wb.function('wb_display_get_height', ctypes.c_int, wb.tag_t)
_set_color = wb.function('wb_display_set_color', None, wb.tag_t, ctypes.c_int)
_set_alpha = wb.function('wb_display_set_alpha', None, wb.tag_t, ctypes.c_double)
_set_opacity = wb.function('wb_display_set_opacity', None, wb.tag_t, ctypes.c_double)
_set_font = wb.function('wb_display_set_font', None, wb.tag_t, ctypes.c_char_p, ctypes.c_int, ctypes.c_bool)
_attach_camera = wb.function('wb_display_attach_camera', None, wb.tag_t, wb.tag_t)
_detach_camera = wb.function('wb_display_detach_camera', None, wb.tag_t)
_draw_pixel = wb.function('wb_display_draw_pixel', None, wb.tag_t, ctypes.c_int, ctypes.c_int)
_draw_line = wb.function('wb_display_draw_line', None, wb.tag_t, *[ctypes.c_int] * 4)
_draw_rectangle = wb.function('wb_display_draw_rectangle', None, wb.tag_t, *[ctypes.c_int] * 4)
_fill_rectangle = wb.function('wb_display_fill_rectangle', None, wb.tag_t, *[ctypes.c_int] * 4)
_draw_oval = wb.function('wb_display_draw_oval', None, wb.tag_t, *[ctypes.c_int] * 4)
_fill_oval = wb.function('wb_display_fill_oval', None, wb.tag_t, *[ctypes.c_int] * 4)
_ints = ctypes.POINTER(ctypes.c_int)
_draw_polygon = wb.function('wb_display_draw_polygon', None, wb.tag_t, _ints, _ints, ctypes.c_int)
_fill_polygon = wb.function('wb_display_fill_polygon', None, wb.tag_t, _ints, _ints, ctypes.c_int)
_draw_text = wb.function('wb_display_draw_text', None, wb.tag_t, ctypes.c_char_p, ctypes.c_int, ctypes.c_int)
_image_new = wb.function('wb_display_image_new', wb.ref_t, wb.tag_t, ctypes.c_int, ctypes.c_int, ctypes.c_char_p,
                         ctypes.c_int)
_image_copy = wb.function('wb_display_image_copy', wb.ref_t, wb.tag_t, *[ctypes.c_int] * 4)
_image_load = wb.function('wb_display_image_load', wb.ref_t, wb.tag_t, ctypes.c_char_p)
_image_delete = wb.function('wb_display_image_delete', None, wb.tag_t, wb.ref_t)
_image_paste = wb.function('wb_display_image_paste', None, wb.tag_t, wb.ref_t, ctypes.c_int, ctypes.c_int,
                           ctypes.c_bool)
_image_save = wb.function('wb_display_image_save', None, wb.tag_t, wb.ref_t, ctypes.c_char_p)


class ImageRef:
    """A clipboard image of a display (`imageNew`, `imageLoad`, `imageCopy`), valid until `imageDelete`."""

    def __init__(self, ref: int, display_tag: int):
        self._ref, self._display_tag = ref, display_tag

    def __repr__(self) -> str:
        return f'<ImageRef {"deleted" if self._ref is None else hex(self._ref)}>'


@device_class(NodeType.DISPLAY)
class Display(Device):
    RGB = 3
    RGBA = 4
    ARGB = 5
    BGRA = 6
    ABGR = 7

    def getWidth(self) -> int:
        return self.width

    def getHeight(self) -> int:
        return self.height

    def setColor(self, color: int):
        """The drawing colour, 0xRRGGBB."""
        _set_color(self._tag, wb.integer(color, 'Display.setColor(): color'))

    def setAlpha(self, alpha: float):
        _set_alpha(self._tag, wb.real(alpha, 'Display.setAlpha(): alpha'))

    def setOpacity(self, opacity: float):
        _set_opacity(self._tag, wb.real(opacity, 'Display.setOpacity(): opacity'))

    def setFont(self, font: str, size: int, antiAliasing: bool):
        _set_font(self._tag, wb.text(font, 'Display.setFont(): font'), wb.integer(size, 'Display.setFont(): size'),
                  wb.flag(antiAliasing, 'Display.setFont(): antiAliasing'))

    # Webots' package has these three as write-only properties too
    color = property(fset=setColor)
    alpha = property(fset=setAlpha)
    opacity = property(fset=setOpacity)

    def attachCamera(self, camera: Camera):
        if not isinstance(camera, Camera):
            raise TypeError(f'Display.attachCamera(): camera must be a Camera, not {type(camera).__name__}')
        _attach_camera(self._tag, camera._tag)

    def detachCamera(self):
        _detach_camera(self._tag)

    def _numbers(self, method: str, names: str, values) -> typing.List[int]:
        return [wb.whole(v, f'Display.{method}(): {n}') for n, v in zip(names.split(), values)]

    def drawPixel(self, x: int, y: int):
        _draw_pixel(self._tag, *self._numbers('drawPixel', 'x y', (x, y)))

    def drawLine(self, x1: int, y1: int, x2: int, y2: int):
        _draw_line(self._tag, *self._numbers('drawLine', 'x1 y1 x2 y2', (x1, y1, x2, y2)))

    def drawRectangle(self, x: int, y: int, width: int, height: int):
        _draw_rectangle(self._tag, *self._numbers('drawRectangle', 'x y width height', (x, y, width, height)))

    def fillRectangle(self, x: int, y: int, width: int, height: int):
        _fill_rectangle(self._tag, *self._numbers('fillRectangle', 'x y width height', (x, y, width, height)))

    def drawOval(self, cx: int, cy: int, a: int, b: int):
        _draw_oval(self._tag, *self._numbers('drawOval', 'cx cy a b', (cx, cy, a, b)))

    def fillOval(self, cx: int, cy: int, a: int, b: int):
        _fill_oval(self._tag, *self._numbers('fillOval', 'cx cy a b', (cx, cy, a, b)))

    def _polygon(self, draw, method: str, x: typing.Sequence[int], y: typing.Sequence[int]):
        """The vertices (x[i], y[i]) as C arrays; their number is that of the shorter list."""
        xs, ys = [[wb.whole(v, f'Display.{method}(): {n}') for v in wb.items(values, f'Display.{method}(): {n}')]
                  for n, values in (('x', x), ('y', y))]
        size = min(len(xs), len(ys))
        draw(self._tag, (ctypes.c_int * size)(*xs[:size]), (ctypes.c_int * size)(*ys[:size]), size)

    def drawPolygon(self, x: typing.Sequence[int], y: typing.Sequence[int]):
        self._polygon(_draw_polygon, 'drawPolygon', x, y)

    def fillPolygon(self, x: typing.Sequence[int], y: typing.Sequence[int]):
        self._polygon(_fill_polygon, 'fillPolygon', x, y)

    def drawText(self, text: str, x: int, y: int):
        _draw_text(self._tag, wb.text(text, 'Display.drawText(): text'), *self._numbers('drawText', 'x y', (x, y)))

    # clipboard images

    def imageNew(self, data, format: int, width: typing.Optional[int] = None,
                 height: typing.Optional[int] = None) -> typing.Optional[ImageRef]:
        """A clipboard image from `data`: bytes of width × height pixels in `format` (3 bytes a pixel for
        RGB, 4 for the others, rows top to bottom), or nested lists `data[x][y] = [channels]` as
        `Camera.getImageArray()` gives (their size is the image's)."""
        format = wb.integer(format, 'Display.imageNew(): format')
        if isinstance(data, (list, tuple)):
            width, height = len(data), len(data[0]) if data else 0
            try:
                data = bytes(channel for y in range(height) for column in data for channel in column[y])
            except (TypeError, ValueError, IndexError) as e:
                raise TypeError(f'Display.imageNew(): data must be columns of pixels of levels 0-255 ({e})') from None
        elif isinstance(data, (bytes, bytearray, memoryview)):
            if width is None or height is None:
                raise TypeError('Display.imageNew(): width and height are needed with bytes data')
            data = bytes(data)
        else:
            raise TypeError(f'Display.imageNew(): data must be bytes or a list of pixel columns, '
                            f'not {type(data).__name__}')
        width = wb.integer(width, 'Display.imageNew(): width')
        height = wb.integer(height, 'Display.imageNew(): height')
        needed = width * height * (3 if format == Display.RGB else 4)
        if width > 0 and height > 0 and len(data) < needed:
            print(f'Error: Display.imageNew(): {len(data)} bytes of data for {width}x{height} pixels that need '
                  f'{needed}.', file=sys.stderr)
            return None
        return self._image(_image_new(self._tag, width, height, data, format))

    def imageLoad(self, filename: str) -> typing.Optional[ImageRef]:
        return self._image(_image_load(self._tag, wb.text(filename, 'Display.imageLoad(): filename')))

    def imageCopy(self, x: int, y: int, width: int, height: int) -> typing.Optional[ImageRef]:
        numbers = self._numbers('imageCopy', 'x y width height', (x, y, width, height))
        return self._image(_image_copy(self._tag, *numbers))

    def _image(self, ref) -> typing.Optional[ImageRef]:
        return ImageRef(ref, self._tag) if ref else None

    def _ref(self, ir, method: str):
        if not isinstance(ir, ImageRef):
            raise TypeError(f'Display.{method}(): ir must be an ImageRef, not {type(ir).__name__}')
        return ir._ref  # None once deleted: the library then says the reference is invalid

    def imagePaste(self, ir: ImageRef, x: int, y: int, blend: bool = False):
        ref = self._ref(ir, 'imagePaste')
        _image_paste(self._tag, ref, *self._numbers('imagePaste', 'x y', (x, y)),
                     wb.flag(blend, 'Display.imagePaste(): blend'))

    def imageSave(self, ir: typing.Optional[ImageRef], filename: str):
        """Writes a clipboard image, or the display as seen when `ir` is None, to a PNG or JPEG file."""
        filename = wb.text(filename, 'Display.imageSave(): filename')
        ref = None if ir is None else self._ref(ir, 'imageSave')
        if ir is not None and ref is None:
            print('Error: wb_display_image_save(): invalid WbImageRef.', file=sys.stderr)
            return
        _image_save(self._tag, ref, filename)

    def imageDelete(self, ir: ImageRef):
        ref = self._ref(ir, 'imageDelete')
        _image_delete(self._tag, ref)
        if ir._display_tag == self._tag:
            ir._ref = None  # the library freed it (it refuses, and keeps, another display's image)

    @property
    def width(self) -> int:
        return _get_width(self._tag)

    @property
    def height(self) -> int:
        return _get_height(self._tag)
