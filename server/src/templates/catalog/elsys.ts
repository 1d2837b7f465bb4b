import type { TemplateDefinition } from './types.js';

// ELSYS payload (ELSYS "Payload structure" document): type byte followed by its value,
// big-endian: 0x01 temperature (int16, 0.1 °C), 0x02 humidity (%), 0x04 light (lux, uint16),
// 0x05 motion (count), 0x06 CO2 (ppm, uint16), 0x07 battery (mV, uint16),
// 0x0C external temperature (int16, 0.1 °C), 0x0D digital input (0/1).
const ELSYS = `function s16(hi, lo) { var v = (hi << 8) | lo; return v > 0x7fff ? v - 0x10000 : v; }
function decodeUplink(input) {
  var b = input.bytes, data = {}, i = 0;
  while (i < b.length) {
    switch (b[i]) {
      case 0x01: data.temperature = s16(b[i + 1], b[i + 2]) / 10; i += 3; break;
      case 0x02: data.humidity = b[i + 1]; i += 2; break;
      case 0x04: data.light = (b[i + 1] << 8) | b[i + 2]; i += 3; break;
      case 0x05: data.motion = b[i + 1]; i += 2; break;
      case 0x06: data.co2 = (b[i + 1] << 8) | b[i + 2]; i += 3; break;
      case 0x07: data.battery_voltage = ((b[i + 1] << 8) | b[i + 2]) / 1000; i += 3; break;
      case 0x0c: data.external_temperature = s16(b[i + 1], b[i + 2]) / 10; i += 3; break;
      case 0x0d: data.digital_input = b[i + 1]; i += 2; break;
      default: return { data: data, errors: ['unknown type 0x' + b[i].toString(16)] };
    }
  }
  return { data: data };
}`;

const base = { vendor: 'ELSYS', supports_otaa: true, supports_class_b: false, supports_class_c: false, codec: ELSYS };

export const elsysTemplates: TemplateDefinition[] = [
  {
    ...base,
    id: 'elsys-ers-co2',
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
    ],
  },
  {
    ...base,
    id: 'elsys-elt-lite',
    model: 'ELT Lite',
    version: '3.2',
    description: 'Outdoor transmitter for an external temperature probe and a digital input.',
    samples: [
      { description: 'External probe below zero', fPort: 5, bytes_hex: '0CFFD60D01070E10', expected: { data: { external_temperature: -4.2, digital_input: 1, battery_voltage: 3.6 } } },
    ],
  },
];
