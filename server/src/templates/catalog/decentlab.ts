import { EU868_LORAWAN_1_0_3, type TemplateDefinition } from './types.js';

// Decentlab protocol version 2 (Decentlab data sheets, "Payload"): byte 0 the version (2),
// bytes 1-2 the device id, bytes 3-4 a flag word saying which sensor groups follow, then each
// present group as big-endian uint16 words. DL-SHT35: group 0 = two words, air temperature
// (175·x/65535 − 45 °C) and humidity (100·x/65535 %); group 1 = battery (mV).
// Values are rounded to two decimals, the sensor's own resolution.
const DL_SHT35 = `function word(b, i) { return (b[i] << 8) | b[i + 1]; }
function round2(v) { return Math.round(v * 100) / 100; }
var GROUPS = [
  [2, function (x, d) { d.air_temperature = round2(175 * x[0] / 65535 - 45); d.air_humidity = round2(100 * x[1] / 65535); }],
  [1, function (x, d) { d.battery_voltage = x[0] / 1000; }]
];
function decodeUplink(input) {
  var b = input.bytes;
  if (b.length < 5 || b[0] !== 2) return { errors: ['not a Decentlab protocol version 2 frame'] };
  var data = { device_id: word(b, 1) }, flags = word(b, 3), pos = 5;
  for (var g = 0; g < GROUPS.length; g++, flags >>= 1) {
    if (!(flags & 1)) continue;
    var words = [];
    for (var k = 0; k < GROUPS[g][0]; k++, pos += 2) {
      if (pos + 1 >= b.length) return { data: data, errors: ['frame ends inside sensor group ' + g] };
      words.push(word(b, pos));
    }
    GROUPS[g][1](words, data);
  }
  return { data: data };
}`;

export const decentlabTemplates: TemplateDefinition[] = [
  {
    id: 'decentlab-dl-sht35',
    vendor: 'Decentlab',
    model: 'DL-SHT35',
    version: '2',
    description: 'Air temperature and humidity sensor with radiation shield for outdoor use.',
    supports_otaa: true,
    supports_class_b: false,
    supports_class_c: false,
    ...EU868_LORAWAN_1_0_3,
    // Decentlab's factory measurement and transmit interval is 10 minutes.
    uplink_interval_s: 600,
    codec: DL_SHT35,
    samples: [
      {
        description: 'Measurement with battery',
        fPort: 1,
        bytes_hex: '02030E000364A079B10C60',
        expected: { data: { device_id: 782, air_temperature: 23.79, air_humidity: 47.54, battery_voltage: 3.168 } },
      },
      { description: 'Battery only', fPort: 1, bytes_hex: '02030E00020C60', expected: { data: { device_id: 782, battery_voltage: 3.168 } } },
    ],
  },
];
