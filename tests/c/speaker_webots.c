/* Webots' speaker test, its sequence: text-to-speech and a looping WAV file as a controller sees them
 * (is_speaking, is_sound_playing by name and for any sound), the "pico" engine and "en-US". Prints
 * "speaker sequence passed". */
#include <webots/robot.h>
#include <webots/speaker.h>

#include "check.h"

#define STEP 32
#define SOUND "sound.wav"

int main(void) {
  wb_robot_init();
  WbDeviceTag speaker = wb_robot_get_device("speaker");
  CHECK(speaker != 0, "no speaker");
  wb_robot_step(STEP);
  /* nothing said or played yet */
  CHECK(!wb_speaker_is_speaking(speaker), "speaking before any text");
  CHECK(!wb_speaker_is_sound_playing(speaker, SOUND), "the file plays before it is played");
  CHECK(!wb_speaker_is_sound_playing(speaker, NULL), "something plays before anything is played");
  CHECK(wb_speaker_set_language(speaker, "en-US"), "en-US refused");
  CHECK(wb_speaker_set_engine(speaker, "pico"), "pico refused");
  wb_robot_step(STEP);

  /* speech: at once, and still a step later (17 characters take more than a second) */
  wb_speaker_speak(speaker, "Hello test suite!", 0.1);
  CHECK(wb_speaker_is_speaking(speaker), "not speaking right after speak");
  CHECK(!wb_speaker_is_sound_playing(speaker, SOUND), "the file plays while only text is spoken");
  CHECK(wb_speaker_is_sound_playing(speaker, NULL), "speech is not 'any sound'");
  wb_robot_step(STEP);
  CHECK(wb_speaker_is_speaking(speaker), "the speech stopped after one step");
  CHECK(!wb_speaker_is_sound_playing(speaker, SOUND), "the file plays a step later");
  wb_robot_step(STEP);

  /* stopping everything ends the speech; the looping file plays at once and goes on */
  wb_speaker_stop(speaker, NULL);
  wb_speaker_play_sound(speaker, speaker, SOUND, 0.1, 1.0, 0.0, true);
  CHECK(!wb_speaker_is_speaking(speaker), "still speaking after stop(NULL)");
  CHECK(wb_speaker_is_sound_playing(speaker, SOUND), "the file does not play right after play_sound");
  CHECK(wb_speaker_is_sound_playing(speaker, NULL), "the file is not 'any sound'");
  wb_robot_step(STEP);
  CHECK(!wb_speaker_is_speaking(speaker), "speaking again a step later");
  CHECK(wb_speaker_is_sound_playing(speaker, SOUND), "the looping file stopped after a step");
  CHECK(wb_speaker_is_sound_playing(speaker, NULL), "nothing plays a step later");
  /* (beyond Webots' test) past the file's length, the loop still plays it */
  for (int i = 0; i < 4; ++i)
    wb_robot_step(STEP);
  CHECK(wb_speaker_is_sound_playing(speaker, SOUND), "the looping file stopped at its end");
  printf("speaker sequence passed\n");
  wb_robot_cleanup();
  return 0;
}
