import { EU868_LORAWAN_1_0_2_B, type TemplateDefinition } from './types.js';

// Cayenne LPP (myDevices "Cayenne Low Power Payload"), as RAK's WisNode devices send it:
// records of channel, type and a big-endian value. Each type: [name, length, reader].
// GPS (0x88): latitude and longitude int24 in 0.0001°, altitude int24 in 0.01 m.
const CAYENNE_LPP = `function sN(b, i, n) { var v = 0; for (var k = 0; k < n; k++) v = v * 256 + b[i + k]; var half = Math.pow(2, 8 * n - 1); return v >= half ? v - 2 * half : v; }
function uN(b, i, n) { var v = 0; for (var k = 0; k < n; k++) v = v * 256 + b[i + k]; return v; }
var TYPES = {
  0x00: ['digital_in', 1, function (b, i) { return b[i]; }],
  0x01: ['digital_out', 1, function (b, i) { return b[i]; }],
  0x02: ['analog_in', 2, function (b, i) { return sN(b, i, 2) / 100; }],
  0x03: ['analog_out', 2, function (b, i) { return sN(b, i, 2) / 100; }],
  0x65: ['illuminance', 2, function (b, i) { return uN(b, i, 2); }],
  0x66: ['presence', 1, function (b, i) { return b[i]; }],
  0x67: ['temperature', 2, function (b, i) { return sN(b, i, 2) / 10; }],
  0x68: ['humidity', 1, function (b, i) { return b[i] / 2; }],
  0x71: ['accelerometer', 6, function (b, i) { return { x: sN(b, i, 2) / 1000, y: sN(b, i + 2, 2) / 1000, z: sN(b, i + 4, 2) / 1000 }; }],
  0x73: ['barometer', 2, function (b, i) { return uN(b, i, 2) / 10; }],
  0x86: ['gyrometer', 6, function (b, i) { return { x: sN(b, i, 2) / 100, y: sN(b, i + 2, 2) / 100, z: sN(b, i + 4, 2) / 100 }; }],
  0x88: ['gps', 9, function (b, i) { return { latitude: sN(b, i, 3) / 10000, longitude: sN(b, i + 3, 3) / 10000, altitude: sN(b, i + 6, 3) / 100 }; }]
};
function decodeUplink(input) {
  var b = input.bytes, data = {}, i = 0;
  while (i + 1 < b.length) {
    var channel = b[i], type = TYPES[b[i + 1]];
    if (!type) return { data: data, errors: ['unknown LPP type 0x' + b[i + 1].toString(16) + ' on channel ' + channel] };
    if (i + 2 + type[1] > b.length) return { data: data, errors: ['frame ends inside channel ' + channel] };
    data[type[0] + '_' + channel] = type[2](b, i + 2);
    i += 2 + type[1];
  }
  return { data: data };
}`;

// RAK's RUI firmware implements LoRaWAN 1.0.2 with the regional parameters 1.0.2 revision B.
const base = { vendor: 'RAK Wireless', supports_otaa: true, supports_class_b: false, supports_class_c: true, codec: CAYENNE_LPP, ...EU868_LORAWAN_1_0_2_B };

export const rakTemplates: TemplateDefinition[] = [
  {
    ...base,
    id: 'rak-rak7204',
    // Send interval 10 minutes by default.
    uplink_interval_s: 600,
    model: 'RAK7204 WisNode Sense',
    version: '1.1',
    description: 'Environmental sensor (temperature, humidity, pressure, gas) sending Cayenne LPP.',
    samples: [
      {
        description: 'Environment report',
        fPort: 8,
        bytes_hex: '016700F0026864037327100402014D',
        expected: { data: { temperature_1: 24, humidity_2: 50, barometer_3: 1000, analog_in_4: 3.33 } },
      },
      {
        description: 'Below zero',
        fPort: 8,
        bytes_hex: '0167FF9C',
        expected: { data: { temperature_1: -10 } },
      },
    ],
  },
  {
    ...base,
    id: 'rak-rak7200',
    // Send interval 10 minutes by default.
    uplink_interval_s: 600,
    model: 'RAK7200 WisNode Track Lite',
    version: '1.2',
    description: 'GPS tracker with accelerometer, sending position and movement in Cayenne LPP.',
    supports_class_c: false,
    samples: [
      {
        description: 'Position and acceleration',
        fPort: 2,
        bytes_hex: '018806765FF2960A0003E8037104D2FB2E0000080201A4',
        expected: {
          data: {
            gps_1: { latitude: 42.3519, longitude: -87.9094, altitude: 10 },
            accelerometer_3: { x: 1.234, y: -1.234, z: 0 },
            analog_in_8: 4.2,
          },
        },
      },
    ],
  },
];
