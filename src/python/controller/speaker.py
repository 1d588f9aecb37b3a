"""`Speaker` (speaker.h): sounds played from files and text spoken, kept for as long as they last."""

import ctypes
import typing

from . import wb
from .device import Device, device_class
from .node_type import NodeType

_play_sound = wb.function('wb_speaker_play_sound', None, wb.tag_t, wb.tag_t, ctypes.c_char_p, ctypes.c_double,
                          ctypes.c_double, ctypes.c_double, ctypes.c_bool)
_stop = wb.function('wb_speaker_stop', None, wb.tag_t, ctypes.c_char_p)
_is_sound_playing = wb.function('wb_speaker_is_sound_playing', ctypes.c_bool, wb.tag_t, ctypes.c_char_p)
_set_engine = wb.function('wb_speaker_set_engine', ctypes.c_bool, wb.tag_t, ctypes.c_char_p)
_set_language = wb.function('wb_speaker_set_language', ctypes.c_bool, wb.tag_t, ctypes.c_char_p)
_get_engine = wb.function('wb_speaker_get_engine', ctypes.c_char_p, wb.tag_t)
_get_language = wb.function('wb_speaker_get_language', ctypes.c_char_p, wb.tag_t)
_speak = wb.function('wb_speaker_speak', None, wb.tag_t, ctypes.c_char_p, ctypes.c_double)
_is_speaking = wb.function('wb_speaker_is_speaking', ctypes.c_bool, wb.tag_t)


def _sound(sound: typing.Optional[str], what: str) -> typing.Optional[bytes]:
    return None if sound is None else wb.text(sound, what)


@device_class(NodeType.SPEAKER)
class Speaker(Device):
    @staticmethod
    def playSound(left: 'Speaker', right: 'Speaker', sound: str, volume: float, pitch: float, balance: float,
                  loop: bool):
        """Plays the sound file on two speakers (the same one twice for mono)."""
        for name, speaker in (('left', left), ('right', right)):
            if not isinstance(speaker, Speaker):
                raise TypeError(f'Speaker.playSound(): {name} must be a Speaker, not {type(speaker).__name__}')
        what = 'Speaker.playSound(): '
        _play_sound(left._tag, right._tag, wb.text(sound, what + 'sound'), wb.real(volume, what + 'volume'),
                    wb.real(pitch, what + 'pitch'), wb.real(balance, what + 'balance'), wb.flag(loop, what + 'loop'))

    def stop(self, sound: typing.Optional[str] = None):
        """Stops that sound, or every sound of the speaker when `sound` is None."""
        _stop(self._tag, _sound(sound, 'Speaker.stop(): sound'))

    def isSoundPlaying(self, sound: typing.Optional[str] = None) -> bool:
        """Whether that sound, or any sound when `sound` is None, is playing."""
        return _is_sound_playing(self._tag, _sound(sound, 'Speaker.isSoundPlaying(): sound'))

    def setEngine(self, engine: str) -> bool:
        return _set_engine(self._tag, wb.text(engine, 'Speaker.setEngine(): engine'))

    def setLanguage(self, language: str) -> bool:
        return _set_language(self._tag, wb.text(language, 'Speaker.setLanguage(): language'))

    def getEngine(self) -> str:
        return wb.decoded(_get_engine(self._tag))

    def getLanguage(self) -> str:
        return wb.decoded(_get_language(self._tag))

    def speak(self, text: str, volume: float):
        _speak(self._tag, wb.text(text, 'Speaker.speak(): text'), wb.real(volume, 'Speaker.speak(): volume'))

    def isSpeaking(self) -> bool:
        return _is_speaking(self._tag)
