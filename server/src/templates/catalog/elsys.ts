import { EU868_LORAWAN_1_0_3, type TemplateDefinition } from './types.js';

// ELSYS payload ("ELSYS LoRa payload" document): a type byte followed by its value, big-endian,
// repeated. Every ELSYS model speaks the same format and sends the types its sensors have, so one
// codec serves the whole range. The type table: [name, length in bytes, how to read the value].
// An unknown type ends decoding with an error, since its length (and so the rest) is unknown.
const ELSYS = `function u16(b, i) { return (b[i] << 8) | b[i + 1]; }
function s16(b, i) { var v = u16(b, i); return v > 0x7fff ? v - 0x10000 : v; }
function s8(v) { return v > 0x7f ? v - 0x100 : v; }
function u32(b, i) { return b[i] * 0x1000000 + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]); }
var TYPES = {
  0x01: [2, function (b, i, d) { d.temperature = s16(b, i) / 10; }],
  0x02: [1, function (b, i, d) { d.humidity = b[i]; }],
  0x03: [3, function (b, i, d) { d.acceleration = { x: s8(b[i]), y: s8(b[i + 1]), z: s8(b[i + 2]) }; }],
  0x04: [2, function (b, i, d) { d.light = u16(b, i); }],
  0x05: [1, function (b, i, d) { d.motion = b[i]; }],
  0x06: [2, function (b, i, d) { d.co2 = u16(b, i); }],
  0x07: [2, function (b, i, d) { d.battery_voltage = u16(b, i) / 1000; }],
  0x08: [2, function (b, i, d) { d.analog1_mv = u16(b, i); }],
  0x0a: [2, function (b, i, d) { d.pulse1 = u16(b, i); }],
  0x0b: [4, function (b, i, d) { d.pulse1_total = u32(b, i); }],
  0x0c: [2, function (b, i, d) { d.external_temperature = s16(b, i) / 10; }],
  0x0d: [1, function (b, i, d) { d.digital_input = b[i]; }],
  0x0e: [2, function (b, i, d) { d.distance_mm = u16(b, i); }],
  0x0f: [1, function (b, i, d) { d.acc_motion = b[i]; }],
  0x10: [4, function (b, i, d) { d.ir_internal_temperature = s16(b, i) / 10; d.ir_external_temperature = s16(b, i + 2) / 10; }],
  0x11: [1, function (b, i, d) { d.occupancy = ['free', 'pending', 'occupied'][b[i]] || 'unknown'; }],
  0x12: [1, function (b, i, d) { d.water_leak = b[i]; }],
  0x14: [4, function (b, i, d) { d.pressure = u32(b, i) / 1000; }],
  0x15: [2, function (b, i, d) { d.sound_peak = b[i]; d.sound_avg = b[i + 1]; }],
  0x16: [2, function (b, i, d) { d.pulse2 = u16(b, i); }],
  0x17: [4, function (b, i, d) { d.pulse2_total = u32(b, i); }],
  0x18: [2, function (b, i, d) { d.analog2_mv = u16(b, i); }],
  0x19: [2, function (b, i, d) { d.external_temperature2 = s16(b, i) / 10; }],
  0x1a: [1, function (b, i, d) { d.digital_input2 = b[i]; }],
  0x1c: [2, function (b, i, d) { d.tvoc = u16(b, i); }]
};
function decodeUplink(input) {
  var b = input.bytes, data = {}, i = 0;
  while (i < b.length) {
    var type = TYPES[b[i]];
    if (!type) return { data: data, errors: ['unknown type 0x' + b[i].toString(16) + ' at byte ' + i] };
    if (i + 1 + type[0] > b.length) return { data: data, errors: ['frame ends inside type 0x' + b[i].toString(16)] };
    type[1](b, i + 1, data);
    i += 1 + type[0];
  }
  return { data: data };
}`;

const base = { vendor: 'ELSYS', supports_otaa: true, supports_class_b: false, supports_class_c: false, codec: ELSYS, ...EU868_LORAWAN_1_0_3 };

export const elsysTemplates: TemplateDefinition[] = [
  {
    ...base,
    id: 'elsys-ers-co2',
    // ELSYS' factory send period is 10 minutes.
    uplink_interval_s: 600,
    model: 'ERS CO2',
    version: '3.2',
    description: 'Room sensor: temperature, humidity, light, motion and CO2.',
    samples: [
      {
        description: 'Periodic report',
        fPort: 5,
        bytes_hex: '0100E202290400270506060308070D62',
        expected: { data: { temperature: 22.6, humidity: 41, light: 39, motion: 6, co2: 776, battery_voltage: 3.426 } },
      },
      {
        description: 'Report cut short by the radio',
        fPort: 5,
        bytes_hex: '0100E20600',
        expected: { data: { temperature: 22.6 }, errors: ['frame ends inside type 0x6'] },
      },
    ],
  },
  {
    ...base,
    id: 'elsys-ers-sound',
    // ELSYS' factory send period is 10 minutes.
    uplink_interval_s: 600,
    model: 'ERS Sound',
    version: '3.2',
    description: 'Room sensor with sound level: temperature, humidity, light, motion and noise peak/average.',
    samples: [
      {
        description: 'Busy meeting room',
        fPort: 5,
        bytes_hex: '0100DC022F04012C0503154A3A070E10',
        expected: { data: { temperature: 22, humidity: 47, light: 300, motion: 3, sound_peak: 74, sound_avg: 58, battery_voltage: 3.6 } },
      },
    ],
  },
  {
    ...base,
    id: 'elsys-elt-lite',
    // ELSYS' factory send period is 10 minutes.
    uplink_interval_s: 600,
    model: 'ELT Lite',
    version: '3.2',
    description: 'Outdoor transmitter for an external temperature probe and a digital input.',
    samples: [
      {
        description: 'External probe below zero',
        fPort: 5,
        bytes_hex: '0CFFD60D01070E10',
        expected: { data: { external_temperature: -4.2, digital_input: 1, battery_voltage: 3.6 } },
      },
    ],
  },
  {
    ...base,
    id: 'elsys-elt-2',
    // ELSYS' factory send period is 10 minutes.
    uplink_interval_s: 600,
    model: 'ELT-2',
    version: '3.2',
    description: 'Outdoor transmitter with internal temperature/humidity, pulse counter and analog input.',
    samples: [
      {
        description: 'Pulse counter and analog input',
        fPort: 5,
        bytes_hex: '0100CD022D070E0C0A00070B00000123080FA0',
        expected: { data: { temperature: 20.5, humidity: 45, battery_voltage: 3.596, pulse1: 7, pulse1_total: 291, analog1_mv: 4000 } },
      },
    ],
  },
];
