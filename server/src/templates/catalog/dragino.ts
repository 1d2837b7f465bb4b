import type { TemplateDefinition } from './types.js';

// Dragino LHT65N (user manual, "Uplink payload", fPort 2, 11 bytes): battery voltage in the low
// 14 bits of bytes 0-1 (mV), SHT31 temperature (int16, 0.01 °C), humidity (uint16, 0.1 %),
// external sensor type (1 = DS18B20) and its temperature (int16, 0.01 °C; 0x7FFF = none).
const LHT65N = `function int16(hi, lo) { var v = (hi << 8) | lo; return v > 0x7fff ? v - 0x10000 : v; }
function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 2 || b.length < 11) return { errors: ['unsupported frame on port ' + input.fPort] };
  var data = {
    battery_voltage: (((b[0] << 8) | b[1]) & 0x3fff) / 1000,
    temperature: int16(b[2], b[3]) / 100,
    humidity: ((b[4] << 8) | b[5]) / 10
  };
  if (b[6] === 1) {
    var ext = int16(b[7], b[8]);
    if (ext !== 0x7fff) data.external_temperature = ext / 100;
  }
  return { data: data };
}`;

// Dragino LDS02 door sensor (fPort 10, 10 bytes): bit 15 of bytes 0-1 is the door (1 = open),
// the low 14 bits the battery (mV); bytes 2-4 count door openings, bytes 5-7 give the last open
// duration in minutes, byte 8 bit 0 the alarm flag.
const LDS02 = `function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 10 || b.length < 9) return { errors: ['unsupported frame on port ' + input.fPort] };
  var head = (b[0] << 8) | b[1];
  return { data: {
    door_open: (head & 0x8000) !== 0,
    battery_voltage: (head & 0x3fff) / 1000,
    open_count: (b[2] << 16) | (b[3] << 8) | b[4],
    last_open_minutes: (b[5] << 16) | (b[6] << 8) | b[7],
    alarm: (b[8] & 0x01) === 1
  } };
}`;

export const draginoTemplates: TemplateDefinition[] = [
  {
    id: 'dragino-lht65n',
    vendor: 'Dragino',
    model: 'LHT65N',
    version: '1.8',
    description: 'Indoor temperature and humidity sensor with an optional external DS18B20 probe.',
    supports_otaa: true,
    supports_class_b: false,
    supports_class_c: false,
    codec: LHT65N,
    samples: [
      {
        description: 'Periodic reading with an external probe',
        fPort: 2,
        bytes_hex: 'CBF60B0D0376010ADD7FFF',
        expected: { data: { battery_voltage: 3.062, temperature: 28.29, humidity: 88.6, external_temperature: 27.81 } },
      },
    ],
  },
  {
    id: 'dragino-lds02',
    vendor: 'Dragino',
    model: 'LDS02',
    version: '1.5',
    description: 'Door and window open/close sensor with open counter and duration.',
    supports_otaa: true,
    supports_class_b: false,
    supports_class_c: false,
    codec: LDS02,
    samples: [
      {
        description: 'Door open, 17 openings so far',
        fPort: 10,
        bytes_hex: '8BB80000110000050000',
        expected: { data: { door_open: true, battery_voltage: 3, open_count: 17, last_open_minutes: 5, alarm: false } },
      },
    ],
  },
];
