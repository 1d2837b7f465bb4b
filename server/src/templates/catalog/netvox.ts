import { EU868_LORAWAN_1_0_2_B, type TemplateDefinition } from './types.js';

// Netvox R718A ("Netvox LoRaWAN Application Command", fPort 6, 11 bytes, big-endian): byte 0
// protocol version, byte 1 device type (0x0B = R718A), byte 2 report type. Report type 0x00
// is the version report (software version in tenths, hardware version, BCD date code); 0x01 the
// data report: battery (bits 6-0 in 0.1 V, bit 7 = low battery; 0 = external power),
// temperature (int16, 0.01 °C), humidity (uint16, 0.01 %).
const R718A = `function hex(x) { return (x < 16 ? '0' : '') + x.toString(16); }
function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 6 || b.length < 8) return { errors: ['unsupported frame on port ' + input.fPort] };
  if (b[1] !== 0x0b) return { errors: ['device type 0x' + hex(b[1]) + ' is not an R718A'] };
  if (b[2] === 0x00) {
    return { data: { software_version: b[3] / 10, hardware_version: b[4], date_code: [b[5], b[6], b[7], b[8]].map(hex).join('') } };
  }
  if (b[2] !== 0x01) return { errors: ['unknown report type 0x' + hex(b[2])] };
  var t = (b[4] << 8) | b[5];
  if (t > 0x7fff) t -= 0x10000;
  var data = { temperature: t / 100, humidity: ((b[6] << 8) | b[7]) / 100 };
  if (b[3] === 0) {
    data.external_power = true;
  } else {
    data.battery_voltage = (b[3] & 0x7f) / 10;
    data.low_battery = (b[3] & 0x80) !== 0;
  }
  return { data: data };
}`;

export const netvoxTemplates: TemplateDefinition[] = [
  {
    id: 'netvox-r718a',
    vendor: 'Netvox',
    model: 'R718A',
    version: '1.0',
    description: 'Temperature and humidity sensor for low-temperature environments.',
    supports_otaa: true,
    supports_class_b: false,
    supports_class_c: false,
    ...EU868_LORAWAN_1_0_2_B,
    // The R718 series' factory report interval (MinTime = MaxTime) is 15 minutes.
    uplink_interval_s: 900,
    codec: R718A,
    samples: [
      {
        description: 'Data report',
        fPort: 6,
        bytes_hex: '010B012409C4157C000000',
        expected: { data: { battery_voltage: 3.6, low_battery: false, temperature: 25, humidity: 55 } },
      },
      {
        description: 'Cold store, battery low',
        fPort: 6,
        bytes_hex: '010B01A3FC180FA0000000',
        expected: { data: { battery_voltage: 3.5, low_battery: true, temperature: -10, humidity: 40 } },
      },
      {
        description: 'Version report after joining',
        fPort: 6,
        bytes_hex: '010B000A05202005030000',
        expected: { data: { software_version: 1, hardware_version: 5, date_code: '20200503' } },
      },
    ],
  },
];
