import { EU868_LORAWAN_1_0_2_A, type TemplateDefinition } from './types.js';

// Tektelic KONA Home Sensor (technical reference manual, sensor data on fPort 10): records of a
// channel byte, a type byte and a big-endian value. The table maps the channel/type pair to
// [field, length, reader]. State bytes are 0x00 or 0xFF.
const HOME_SENSOR = `function u16(b, i) { return (b[i] << 8) | b[i + 1]; }
function s16(b, i) { var v = u16(b, i); return v > 0x7fff ? v - 0x10000 : v; }
var CHANNELS = {
  0x00ff: ['battery_voltage', 2, function (b, i) { return s16(b, i) / 100; }],
  0x0100: ['reed_state', 1, function (b, i) { return b[i]; }],
  0x0200: ['light_detected', 1, function (b, i) { return b[i] !== 0; }],
  0x0367: ['temperature', 2, function (b, i) { return s16(b, i) / 10; }],
  0x0468: ['humidity', 1, function (b, i) { return b[i] / 2; }],
  0x0502: ['impact_magnitude', 2, function (b, i) { return u16(b, i) / 1000; }],
  0x0804: ['reed_count', 2, u16],
  0x0900: ['moisture', 1, function (b, i) { return b[i] !== 0; }],
  0x0a00: ['motion_detected', 1, function (b, i) { return b[i] !== 0; }],
  0x0b67: ['mcu_temperature', 2, function (b, i) { return s16(b, i) / 10; }],
  0x0c00: ['impact_alarm', 1, function (b, i) { return b[i] !== 0; }],
  0x0d04: ['motion_count', 2, u16],
  0x1002: ['light_intensity', 1, function (b, i) { return b[i]; }]
};
function decodeUplink(input) {
  var b = input.bytes, data = {}, i = 0;
  if (input.fPort !== 10) return { errors: ['port ' + input.fPort + ' carries no sensor data'] };
  while (i + 1 < b.length) {
    var key = (b[i] << 8) | b[i + 1], channel = CHANNELS[key];
    if (!channel) return { data: data, errors: ['unknown channel 0x' + key.toString(16)] };
    data[channel[0]] = channel[2](b, i + 2);
    i += 2 + channel[1];
  }
  return { data: data };
}`;

export const tektelicTemplates: TemplateDefinition[] = [
  {
    id: 'tektelic-kona-home-sensor',
    vendor: 'Tektelic',
    model: 'KONA Home Sensor',
    version: '2.1',
    description: 'Indoor sensor: temperature, humidity, motion, light and door contact.',
    supports_otaa: true,
    supports_class_b: false,
    supports_class_c: false,
    ...EU868_LORAWAN_1_0_2_A,
    // Temperature and humidity are reported hourly by default.
    uplink_interval_s: 3600,
    codec: HOME_SENSOR,
    samples: [
      {
        description: 'Periodic report with motion',
        fPort: 10,
        bytes_hex: '00FF0149036700E80468640A00FF0D040005',
        expected: { data: { battery_voltage: 3.29, temperature: 23.2, humidity: 50, motion_detected: true, motion_count: 5 } },
      },
      {
        description: 'Door contact opened in the cold',
        fPort: 10,
        bytes_hex: '0100000367FFB00804000C',
        expected: { data: { reed_state: 0, temperature: -8, reed_count: 12 } },
      },
    ],
  },
];
