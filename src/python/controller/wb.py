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


def integer(value, what: str) -> int:
    """`value` as a C int; `what` names it in the error ("Robot.step(): duration")."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f'{what} must be an int, not {type(value).__name__}') from None


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


def reals(values, count: int, what: str):
    """A C array of `count` doubles from a sequence of numbers."""
    try:
        items = list(values)
    except TypeError:
        raise TypeError(f'{what} must be a list of {count} numbers, not {type(values).__name__}') from None
    if len(items) != count:
        raise TypeError(f'{what} must be a list of {count} numbers, not of {len(items)}')
    return (ctypes.c_double * count)(*(real(v, what) for v in items))


def decoded(answer) -> str:
    """A C string answer as a str ('' for NULL)."""
    return '' if answer is None else answer.decode(errors='replace')


def vector(pointer, count: int):
    """The first `count` doubles behind a C pointer as a list (None for NULL)."""
    return pointer[:count] if pointer else None


_basic_time_step = function('wb_robot_get_basic_time_step', ctypes.c_double)


def basic_time_step() -> int:
    """`WorldInfo.basicTimeStep` in whole milliseconds: the default sampling period and step."""
    step = _basic_time_step()
    return int(step) if step == step else 0  # NaN before wb_robot_init (the library said so)
