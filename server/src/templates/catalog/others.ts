import type { TemplateDefinition } from './types.js';

// Browan TBHH100 temperature & humidity (Browan "Tabs" payload, fPort 103): byte 0 status,
// byte 1 battery ((25 + low nibble) / 10 V), byte 2 temperature (7 bits, value − 32 °C),
// byte 3 relative humidity (7 bits, %).
const BROWAN_TBHH100 = `function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 103 || b.length < 4) return { errors: ['unsupported frame on port ' + input.fPort] };
  return { data: {
    status: b[0],
    battery_voltage: (25 + (b[1] & 0x0f)) / 10,
    temperature: (b[2] & 0x7f) - 32,
    humidity: b[3] & 0x7f
  } };
}`;

// Netvox R718A (Netvox LoRaWAN application command, report type 0x01): version, device type
// 0x0B, report type, battery (0.1 V, bit 7 = low battery), temperature (int16, 0.01 °C),
// humidity (uint16, 0.01 %).
const NETVOX_R718A = `function decodeUplink(input) {
  var b = input.bytes;
  if (b.length < 8 || b[1] !== 0x0b || b[2] !== 0x01) return { errors: ['not an R718A data report'] };
  var t = (b[4] << 8) | b[5];
  if (t > 0x7fff) t -= 0x10000;
  return { data: {
    battery_voltage: (b[3] & 0x7f) / 10,
    low_battery: (b[3] & 0x80) !== 0,
    temperature: t / 100,
    humidity: ((b[6] << 8) | b[7]) / 100
  } };
}`;

// Adeunis TEMP (data frame 0x43): byte 1 status, bytes 2-3 internal sensor and bytes 4-5
// external probe, each int16 in 0.1 °C.
const ADEUNIS_TEMP = `function decodeUplink(input) {
  var b = input.bytes;
  if (b[0] !== 0x43 || b.length < 6) return { errors: ['frame code 0x' + (b[0] || 0).toString(16) + ' is not a data frame'] };
  function s16(hi, lo) { var v = (hi << 8) | lo; return v > 0x7fff ? v - 0x10000 : v; }
  return { data: { status: b[1], internal_temperature: s16(b[2], b[3]) / 10, external_temperature: s16(b[4], b[5]) / 10 } };
}`;

// Cayenne LPP (myDevices), as the RAK7204 WisNode Sense sends it: channel, type, value.
// 0x67 temperature (int16, 0.1 °C), 0x68 humidity (uint8, 0.5 %), 0x73 barometer (uint16,
// 0.1 hPa), 0x02 analog input (int16, 0.01), 0x65 illuminance (uint16, lux).
const CAYENNE_LPP = `function decodeUplink(input) {
  var b = input.bytes, data = {}, i = 0;
  function s16(hi, lo) { var v = (hi << 8) | lo; return v > 0x7fff ? v - 0x10000 : v; }
  while (i + 2 < b.length) {
    var channel = b[i], type = b[i + 1];
    i += 2;
    if (type === 0x67) { data['temperature_' + channel] = s16(b[i], b[i + 1]) / 10; i += 2; }
    else if (type === 0x68) { data['humidity_' + channel] = b[i] / 2; i += 1; }
    else if (type === 0x73) { data['barometer_' + channel] = ((b[i] << 8) | b[i + 1]) / 10; i += 2; }
    else if (type === 0x02) { data['analog_in_' + channel] = s16(b[i], b[i + 1]) / 100; i += 2; }
    else if (type === 0x65) { data['illuminance_' + channel] = (b[i] << 8) | b[i + 1]; i += 2; }
    else return { data: data, errors: ['unknown LPP type 0x' + type.toString(16)] };
  }
  return { data: data };
}`;

const otaaOnly = { supports_otaa: true, supports_class_b: false, supports_class_c: false };

export const otherTemplates: TemplateDefinition[] = [
  {
    ...otaaOnly,
    id: 'browan-tbhh100',
    vendor: 'Browan',
    model: 'TBHH100',
    version: '2.0',
    description: 'Compact indoor temperature and humidity sensor.',
    codec: BROWAN_TBHH100,
    samples: [{ description: 'Periodic report', fPort: 103, bytes_hex: '000B3A31', expected: { data: { status: 0, battery_voltage: 3.6, temperature: 26, humidity: 49 } } }],
  },
  {
    ...otaaOnly,
    id: 'netvox-r718a',
    vendor: 'Netvox',
    model: 'R718A',
    version: '1.0',
    description: 'Temperature and humidity sensor for low-temperature environments.',
    codec: NETVOX_R718A,
    samples: [{ description: 'Data report', fPort: 6, bytes_hex: '010B012409C4157C000000', expected: { data: { battery_voltage: 3.6, low_battery: false, temperature: 25, humidity: 55 } } }],
  },
  {
    ...otaaOnly,
    id: 'adeunis-temp',
    vendor: 'Adeunis',
    model: 'TEMP',
    version: '3.0',
    description: 'Temperature transmitter with internal sensor and external probe.',
    codec: ADEUNIS_TEMP,
    samples: [{ description: 'Data frame', fPort: 1, bytes_hex: '430000E600FA', expected: { data: { status: 0, internal_temperature: 23, external_temperature: 25 } } }],
  },
  {
    ...otaaOnly,
    id: 'rak-rak7204',
    vendor: 'RAK Wireless',
    model: 'RAK7204 WisNode Sense',
    version: '1.1',
    description: 'Environmental sensor (temperature, humidity, pressure, gas) sending Cayenne LPP.',
    supports_class_c: true,
    codec: CAYENNE_LPP,
    samples: [
      { description: 'Environment report', fPort: 8, bytes_hex: '016700F0026864037327100402014D', expected: { data: { temperature_1: 24, humidity_2: 50, barometer_3: 1000, analog_in_4: 3.33 } } },
    ],
  },
];
