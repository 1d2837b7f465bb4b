import type { Decoder, Region } from '../../../admin/types/api';

/** English texts of the device profile screens and the template store (under `app.profiles`). */
export const profiles = {
  from_template: 'Create from a template',
  codec_help: 'JavaScript: decodeUplink({bytes, fPort, recvTime, variables}) returning {data, warnings, errors}, or the older Decode(fPort, bytes, variables).',
  test_title: 'Test run',
  hex: 'Hex',
  base64: 'Base64',
  fport: 'fPort',
  encoding: 'Payload encoding',
  payload: 'Payload',
  payload_invalid_hex: 'Enter whole bytes as hexadecimal, e.g. 01 A4 FF.',
  payload_invalid_base64: 'This is not valid base64.',
  run: 'Run',
  decoded: 'Decoded output',
  codec_failed: 'The codec failed (%{kind}).',
  /** Why a codec failed, for the kinds that need more than the sandbox's own message. */
  codec_kinds: {
    'output-too-large': 'Its result is larger than 64 KiB as JSON; nothing of it is kept.',
  },
  recv_time: 'Received at (recvTime)',
  recv_time_help: 'Empty: now. ISO 8601 with a time zone, e.g. 2026-11-22T12:00:00Z.',
  recv_time_invalid: 'Enter date, time to the second and time zone, e.g. 2026-11-22T12:00:00Z.',
  console: 'Console output',
  console_truncated: 'The codec wrote more than a test run keeps; the rest was cut.',
  decoder_precedence_help:
    "ChirpStack can decode uplinks with its own codec and send the result. When it does and this profile has a codec too, the device's values come from the one chosen here.",
  decoder_precedence: {
    network_server: "The network server's decoding (ChirpStack)",
    profile_codec: "This profile's codec",
  } satisfies Record<Decoder, string>,
  copy_to_company: 'Copy to my company',
  already_added: 'Already added',
  copied: 'Added to your device profiles.',
  samples: 'Sample uplinks',
  sample: 'fPort %{fPort}: %{bytes}',
  no_templates: 'No templates match.',
  uplink_interval_help: 'How often the devices usually send. The network server counts a device as inactive when it stays silent for longer.',
  uplink_interval_invalid: 'Enter a whole number of seconds, at least 1.',
  reg_params_help: "As the device's datasheet states it: LoRaWAN 1.0.3 devices use A, LoRaWAN 1.0.4 devices an RP002 revision.",
  /** The frequency plans of the LoRaWAN Regional Parameters, by ChirpStack's region name. */
  regions: {
    EU868: 'Europe, 863–870 MHz',
    US915: 'United States, 902–928 MHz',
    CN779: 'China, 779–787 MHz',
    EU433: 'Europe, 433 MHz',
    AU915: 'Australia, 915–928 MHz',
    CN470: 'China, 470–510 MHz',
    AS923: 'Asia, 923 MHz, group 1',
    AS923_2: 'Asia, 923 MHz, group 2',
    AS923_3: 'Asia, 923 MHz, group 3',
    AS923_4: 'Asia, 923 MHz, group 4',
    KR920: 'South Korea, 920–923 MHz',
    IN865: 'India, 865–867 MHz',
    RU864: 'Russia, 864–870 MHz',
    ISM2400: 'Worldwide, 2.4 GHz',
  } satisfies Record<Region, string>,
};
