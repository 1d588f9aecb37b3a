"""How the library's image and range buffers become Python values: floats as a list or as bytes, flat
images cut into rows, BGRA images as nested lists of pixels."""

import ctypes
import sys
import typing

from . import wb


def data_type_error(method: str, data_type) -> None:
    print(f"Error: {method}(): `data_type` cannot be `{data_type}`! Supported values are 'list' and 'buffer'.",
          file=sys.stderr)


def floats(pointer, count: int, data_type, method: str):
    """`count` floats behind a C pointer: a list for data_type 'list', their native bytes for 'buffer'
    (None, or b'', for NULL); another data_type gets an error line and None."""
    if data_type == 'list':
        return wb.vector(pointer, count)
    if data_type == 'buffer':
        return wb.buffer(pointer, count * ctypes.sizeof(ctypes.c_float))
    data_type_error(method, data_type)
    return None


def rows(values: typing.Optional[typing.List[float]], width: int) -> typing.Optional[typing.List[typing.List[float]]]:
    """A flat image cut into its rows of `width` values (None for no image)."""
    if values is None:
        return None
    return [values[i:i + width] for i in range(0, len(values), width)]


def bgra_columns(image: bytes, width: int, height: int) -> typing.Optional[typing.List[typing.List[typing.List[int]]]]:
    """A BGRA image (rows top to bottom) as `array[x][y] = [red, green, blue]` (None for no image)."""
    if not image:
        return None
    return [[[image[i + 2], image[i + 1], image[i]] for i in range(4 * x, 4 * width * height, 4 * width)]
            for x in range(width)]
