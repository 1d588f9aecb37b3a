/* Speaker, microphone, skin, radio and remote-control calls (see tests/media.rs). */
#include <webots/microphone.h>
#include <webots/radio.h>
#include <webots/remote_control.h>
#include <webots/robot.h>
#include <webots/skin.h>
#include <webots/speaker.h>
#include <webots/supervisor.h>

#include "check.h"

static void never(const WbRadioEvent e) {
  (void)e;
  printf("radio event!\n");
}

int main(void) {
  wb_robot_init();
  WbDeviceTag speaker = wb_robot_get_device("speaker");
  WbDeviceTag mic = wb_robot_get_device("microphone");
  WbDeviceTag skin = wb_robot_get_device("skin");
  WbDeviceTag radio = wb_robot_get_device("radio");
  CHECK(speaker && mic && skin && radio, "devices missing");

  /* speaker: beep.wav lasts 100 ms */
  CHECK_STR(wb_speaker_get_engine(speaker), "pico");
  CHECK_STR(wb_speaker_get_language(speaker), "en-US");
  CHECK(wb_speaker_set_language(speaker, "fr-FR"), "fr-FR");
  CHECK_STR(wb_speaker_get_language(speaker), "fr-FR");
  CHECK(!wb_speaker_set_language(speaker, "xx-XX"), "an unknown language");
  CHECK(!wb_speaker_set_language(speaker, "french"), "a malformed language");
  CHECK(!wb_speaker_set_engine(speaker, "microsoft"), "no microsoft engine on Linux");
  wb_speaker_play_sound(speaker, speaker, "beep.wav", 2.0, 1.0, 0.0, false);
  wb_speaker_play_sound(speaker, speaker, "hum.wav", 0.5, 1.0, 0.0, true);
  wb_speaker_play_sound(speaker, speaker, "nowhere.wav", 0.5, 1.0, 0.0, false);
  for (int t = 0; t <= 3; t++) {
    printf("t=%d beep %d hum %d nowhere %d\n", 32 * t, wb_speaker_is_sound_playing(speaker, "beep.wav"),
           wb_speaker_is_sound_playing(speaker, "hum.wav"), wb_speaker_is_sound_playing(speaker, "nowhere.wav"));
    wb_robot_step(32);
  }
  wb_speaker_stop(speaker, "hum.wav");
  printf("after stop any %d\n", wb_speaker_is_sound_playing(speaker, NULL));
  wb_speaker_speak(speaker, "hello", 1.0);
  printf("speaking %d\n", wb_speaker_is_speaking(speaker));
  wb_robot_step(32);
  printf("speaking after a step %d\n", wb_speaker_is_speaking(speaker));
  /* "hello": 5 characters at 15 a second, 333 ms */
  for (int i = 0; i < 10; i++)
    wb_robot_step(32);
  printf("speaking after 11 steps %d\n", wb_speaker_is_speaking(speaker));

  /* microphone: silence */
  wb_microphone_enable(mic, 32);
  wb_robot_step(32);
  CHECK_INT(wb_microphone_get_sample_size(mic), 0);
  CHECK(wb_microphone_get_sample_data(mic) == NULL, "silence has no data");
  unsigned char samples[4] = {1, 2, 3, 4};
  wbr_microphone_set_buffer(mic, samples, 4);
  CHECK_INT(wb_microphone_get_sample_size(mic), 4);
  CHECK_INT(((const unsigned char *)wb_microphone_get_sample_data(mic))[2], 3);

  /* skin: no bones without the mesh */
  CHECK_INT(wb_skin_get_bone_count(skin), 0);
  CHECK(wb_skin_get_bone_name(skin, 0) == NULL, "a bone name");
  const double position[3] = {0, 0, 1};
  wb_skin_set_bone_position(skin, 0, position, true);

  /* radio: settings as configured, then as set; sending goes nowhere */
  CHECK_STR(wb_radio_get_address(radio), "robot-1");
  CHECK_INT(wb_radio_get_channel(radio), 3);
  CHECK_DOUBLE(wb_radio_get_frequency(radio), 2.4e9);
  wb_radio_set_channel(radio, 5);
  wb_radio_set_address(radio, "robot-2");
  wb_radio_set_tx_power(radio, -1.0);
  wb_radio_set_callback(radio, never);
  wb_radio_enable(radio, 32);
  WbRadioMessage m = wb_radio_message_new(5, "data", "robot-9");
  CHECK_INT(wb_radio_message_get_length(m), 5);
  CHECK_STR(wb_radio_message_get_destination(m), "robot-9");
  CHECK_STR(wb_radio_message_get_body(m), "data");
  wb_radio_send(radio, m, 0.0);
  wb_robot_step(32);
  CHECK_STR(wb_radio_get_address(radio), "robot-2");
  CHECK_INT(wb_radio_get_channel(radio), 5);
  CHECK_DOUBLE(wb_radio_get_tx_power(radio), 5.0);
  /* the node's fields follow the setters */
  WbNodeRef node = wb_supervisor_node_get_from_def("RADIO");
  CHECK_INT(wb_supervisor_field_get_sf_int32(wb_supervisor_node_get_field(node, "channel")), 5);
  CHECK_STR(wb_supervisor_field_get_sf_string(wb_supervisor_node_get_field(node, "address")), "robot-2");

  /* remote control: no library */
  CHECK(wb_remote_control_custom_function(NULL) == NULL, "a custom function answered");
  wbr_robot_battery_sensor_set_value(42.0);
  CHECK_DOUBLE(wb_robot_battery_sensor_get_value(), 42.0);
  wbr_display_save_image(speaker, 1, 1, 1, NULL); /* not a display */
  printf("media done\n");
  wb_robot_cleanup();
  return 0;
}
