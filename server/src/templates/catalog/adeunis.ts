import { EU868_LORAWAN_1_0_2_A, type TemplateDefinition } from './types.js';

// Adeunis TEMP (user guide, data frame code 0x43, big-endian): byte 1 status, byte 2 internal
// sensor identifier, bytes 3-4 internal temperature, byte 5 external probe identifier, bytes 6-7
// external temperature; temperatures are int16 in 0.1 °C and 0x8000 marks a missing or faulty
// probe. Frame 0x30 is the keep-alive, which carries only the status byte.
const TEMP = `function s16(b, i) { var v = (b[i] << 8) | b[i + 1]; return v > 0x7fff ? v - 0x10000 : v; }
function decodeUplink(input) {
  var b = input.bytes;
  if (b[0] === 0x30 && b.length >= 2) return { data: { keep_alive: true, status: b[1] } };
  if (b[0] !== 0x43 || b.length < 8) return { errors: ['frame code 0x' + (b.length ? b[0].toString(16) : '') + ' is not a data frame'] };
  var data = { status: b[1] }, warnings = [];
  var internal = s16(b, 3), external = s16(b, 6);
  if (internal === -0x8000) warnings.push('internal sensor missing or faulty');
  else data.internal_temperature = internal / 10;
  if (external === -0x8000) warnings.push('external probe missing or faulty');
  else data.external_temperature = external / 10;
  return { data: data, warnings: warnings };
}`;

export const adeunisTemplates: TemplateDefinition[] = [
  {
    id: 'adeunis-temp',
    vendor: 'Adeunis',
    model: 'TEMP',
    version: '3.0',
    description: 'Temperature transmitter with internal sensor and external probe.',
    supports_otaa: true,
    supports_class_b: false,
    supports_class_c: false,
    ...EU868_LORAWAN_1_0_2_A,
    // One data frame an hour by default.
    uplink_interval_s: 3600,
    codec: TEMP,
    samples: [
      {
        description: 'Data frame, probe in a freezer',
        fPort: 1,
        bytes_hex: '43A2D1015E82FF06',
        expected: { data: { status: 0xa2, internal_temperature: 35, external_temperature: -25 } },
      },
      {
        description: 'External probe unplugged',
        fPort: 1,
        bytes_hex: '43201000E6208000',
        expected: { data: { status: 0x20, internal_temperature: 23 }, warnings: ['external probe missing or faulty'] },
      },
      { description: 'Keep-alive', fPort: 1, bytes_hex: '3020', expected: { data: { keep_alive: true, status: 0x20 } } },
    ],
  },
];
