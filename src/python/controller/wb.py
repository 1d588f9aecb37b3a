"""The package's link to libController: finds the library, declares each C function the package calls
(result and argument types), and turns Python arguments into C ones.

A wrong argument type is a Python TypeError naming the method, never a ctypes error; a NULL answer from
the library (it has already printed Webots' error) becomes None or an empty value, never a crash."""

import ctypes
import numbers
import operator
import os


def _library_path() -> str:
    # installed as $WEBOTS_HOME/lib/controller/python/controller/: the library is two folders up
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.path.normpath(os.path.join(here, '..', '..', 'libController.so'))]
    home = os.environ.get('WEBOTS_HOME')
    if home:
        candidates.append(os.path.join(home, 'lib', 'controller', 'libController.so'))
    for path in candidates:
        if os.path.isfile(path):
            return path
    raise ImportError('the controller package cannot find libController.so (looked for '
                      + ' and '.join(candidates) + '): set WEBOTS_HOME to the webots-shim home')


lib = ctypes.CDLL(_library_path())
# the same library, called without releasing the GIL: for the getters and setters a controller calls
# every step, which return at once (releasing and taking back the GIL would cost more than the call)
_quick_lib = ctypes.PyDLL(lib._name)

# the C types of the API
tag_t = ctypes.c_ushort
ref_t = ctypes.c_void_p
doubles_t = ctypes.POINTER(ctypes.c_double)


def function(name: str, restype, *argtypes):
    """The C function `name` of libController, declared with its result and argument types."""
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


def quick_function(name: str, restype, *argtypes):
    """`function`, for a C function that never blocks (a getter, a queued command): the GIL is kept."""
    f = getattr(_quick_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


def untyped(name: str, restype, quick: bool = False):
    """The C function `name` with its result type only, for the calls a controller makes every step: ctypes
    then passes a Python int as a C int and bytes as a pointer without its per-argument converters, which
    cost as much as the call itself. The caller passes only ints it has checked (a tag, a checked int) or
    bytes. A fresh function object: the declared one of `function` stays as it is. `quick`: the GIL is
    kept (see `quick_function`)."""
    f = (_quick_lib if quick else lib)[name]
    f.restype = restype
    return f


def integer(value, what: str) -> int:
    """`value` as a C int; `what` names it in the error ("Robot.step(): duration")."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f'{what} must be an int, not {type(value).__name__}') from None


def whole(value, what: str) -> int:
    """A number as a C int, cut toward zero as int() does: drawing coordinates and sizes, which Webots'
    package takes as floats too."""
    return int(real(value, what))


def real(value, what: str) -> float:
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(f'{what} must be a number, not {type(value).__name__}')


def flag(value, what: str) -> bool:
    if isinstance(value, (bool, numbers.Integral)):
        return bool(value)
    raise TypeError(f'{what} must be a bool, not {type(value).__name__}')


def text(value, what: str) -> bytes:
    if isinstance(value, str):
        return value.encode()
    raise TypeError(f'{what} must be a str, not {type(value).__name__}')


def items(values, what: str, of: str = 'numbers') -> list:
    """The items of a sequence as a list; `of` says what they should be in the error."""
    try:
        return list(values)
    except TypeError:
        raise TypeError(f'{what} must be a list of {of}, not {type(values).__name__}') from None


def reals(values, count: int, what: str):
    """A C array of `count` doubles from a sequence of numbers."""
    items_ = items(values, what, f'{count} numbers')
    if len(items_) != count:
        raise TypeError(f'{what} must be a list of {count} numbers, not of {len(items_)}')
    return (ctypes.c_double * count)(*(real(v, what) for v in items_))


def decoded(answer) -> str:
    """A C string answer as a str ('' for NULL)."""
    return '' if answer is None else answer.decode(errors='replace')


def vector(pointer, count: int):
    """The first `count` numbers behind a C pointer as a list (None for NULL)."""
    return pointer[:count] if pointer else None


def buffer(pointer, size: int) -> bytes:
    """The first `size` bytes behind a C pointer (b'' for NULL)."""
    return ctypes.string_at(pointer, size) if pointer and size > 0 else b''


_basic_time_step = function('wb_robot_get_basic_time_step', ctypes.c_double)


def basic_time_step() -> int:
    """`WorldInfo.basicTimeStep` in whole milliseconds: the default sampling period and step."""
    step = _basic_time_step()
    return int(step) if step == step else 0  # NaN before wb_robot_init (the library said so)
