import { EU868_LORAWAN_1_0_3, type TemplateDefinition } from './types.js';

// Browan "Tabs" sensors (Tabs payload specification, fPort 103, little-endian where wider than a
// byte): byte 0 status flags, byte 1 battery ((25 + low nibble) / 10 V), byte 2 temperature
// (7 bits, value − 32 °C), byte 3 relative humidity (7 bits, %).
const TBHH100 = `function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 103 || b.length < 4) return { errors: ['unsupported frame on port ' + input.fPort] };
  return { data: {
    status: b[0],
    battery_voltage: (25 + (b[1] & 0x0f)) / 10,
    temperature: (b[2] & 0x7f) - 32,
    humidity: b[3] & 0x7f
  } };
}`;

// TBHV110 (healthy home IAQ sensor) adds to the Tabs header: bit 4 of the status = temperature or
// humidity changed, bit 5 = air quality changed; bytes 4-5 eCO2 (ppm), 6-7 VOC (ppb), 8-9 the
// IAQ index, each uint16 little-endian; byte 10 the environment temperature (value − 32 °C),
// byte 2 then being the board temperature.
const TBHV110 = `function le16(b, i) { return b[i] | (b[i + 1] << 8); }
function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 103 || b.length < 11) return { errors: ['unsupported frame on port ' + input.fPort] };
  return { data: {
    battery_voltage: (25 + (b[1] & 0x0f)) / 10,
    board_temperature: (b[2] & 0x7f) - 32,
    humidity: b[3] & 0x7f,
    eco2: le16(b, 4),
    voc: le16(b, 6),
    iaq: le16(b, 8),
    temperature: (b[10] & 0x7f) - 32,
    climate_changed: (b[0] & 0x10) !== 0,
    air_quality_changed: (b[0] & 0x20) !== 0
  } };
}`;

const base = { vendor: 'Browan', supports_otaa: true, supports_class_b: false, supports_class_c: false, ...EU868_LORAWAN_1_0_3 };

export const browanTemplates: TemplateDefinition[] = [
  {
    ...base,
    id: 'browan-tbhh100',
    // Keep-alive report every 3600 s by default, and one when a reading changes.
    uplink_interval_s: 3600,
    model: 'TBHH100',
    version: '2.0',
    description: 'Compact indoor temperature and humidity sensor.',
    codec: TBHH100,
    samples: [
      {
        description: 'Periodic report',
        fPort: 103,
        bytes_hex: '000B3A31',
        expected: { data: { status: 0, battery_voltage: 3.6, temperature: 26, humidity: 49 } },
      },
      {
        description: 'Report with the reserved tail',
        fPort: 103,
        bytes_hex: '08AB3522FFFFFFFF',
        expected: { data: { status: 8, battery_voltage: 3.6, temperature: 21, humidity: 34 } },
      },
    ],
  },
  {
    ...base,
    id: 'browan-tbhv110',
    // Keep-alive report every 5 minutes by default, and one when air quality changes.
    uplink_interval_s: 300,
    model: 'TBHV110',
    version: '2.1',
    description: 'Indoor air quality sensor: temperature, humidity, eCO2, VOC and an IAQ index.',
    codec: TBHV110,
    samples: [
      {
        description: 'Air quality changed',
        fPort: 103,
        bytes_hex: '610B351EBF030100510036',
        expected: {
          data: {
            battery_voltage: 3.6,
            board_temperature: 21,
            humidity: 30,
            eco2: 959,
            voc: 1,
            iaq: 81,
            temperature: 22,
            climate_changed: false,
            air_quality_changed: true,
          },
        },
      },
    ],
  },
];
