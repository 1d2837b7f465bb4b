import { EU868_LORAWAN_1_0_3, type TemplateDefinition } from './types.js';

/**
 * Milesight devices send channel/type records (Milesight payload structure, "channel id,
 * channel type, data", little-endian). Each model knows its own channels; the decoding loop is
 * the same, so each codec is this loop plus the model's channel table.
 */
const CHANNEL_TYPES = {
  battery: 'case 0x0175: data.battery = b[i]; i += 1; break;',
  temperature: 'case 0x0367: data.temperature = s16(b[i], b[i + 1]) / 10; i += 2; break;',
  humidity: 'case 0x0468: data.humidity = b[i] / 2; i += 1; break;',
  activity: 'case 0x056a: data.activity = u16(b[i], b[i + 1]); i += 2; break;',
  light: 'case 0x06cb: data.light_level = b[i]; i += 1; break;',
  co2: 'case 0x077d: data.co2 = u16(b[i], b[i + 1]); i += 2; break;',
  tvoc: 'case 0x087d: data.tvoc = u16(b[i], b[i + 1]); i += 2; break;',
  pressure: 'case 0x0973: data.pressure = u16(b[i], b[i + 1]) / 10; i += 2; break;',
  magnet: "case 0x0600: data.magnet_status = b[i] === 1 ? 'open' : 'closed'; i += 1; break;",
  button: "case 0xff2e: data.press = ['short', 'long', 'double'][b[i] - 1] || 'unknown'; i += 1; break;",
} as const;

/**
 * Channel 0xFF: what every model sends after joining (protocol, hardware and firmware version,
 * power-on, LoRaWAN class, serial number). Decoded so a join report is data, not an error.
 */
const DEVICE_INFO = [
  'case 0xff01: data.ipso_version = b[i]; i += 1; break;',
  'case 0xff09: data.hardware_version = version(b[i], b[i + 1] >> 4); i += 2; break;',
  'case 0xff0a: data.firmware_version = version(b[i], b[i + 1]); i += 2; break;',
  'case 0xff0b: data.power_on = true; i += 1; break;',
  "case 0xff0f: data.lorawan_class = ['A', 'B', 'C', 'C to B'][b[i]] || 'unknown'; i += 1; break;",
  "case 0xff16: data.serial_number = b.slice(i, i + 8).map(function (x) { return (x < 16 ? '0' : '') + x.toString(16); }).join(''); i += 8; break;",
];

function milesightCodec(channels: (keyof typeof CHANNEL_TYPES)[]): string {
  return `function u16(lo, hi) { return (hi << 8) | lo; }
function s16(lo, hi) { var v = u16(lo, hi); return v > 0x7fff ? v - 0x10000 : v; }
function version(hi, lo) { return 'v' + hi + '.' + lo; }
function decodeUplink(input) {
  var b = input.bytes, data = {}, i = 0;
  while (i + 1 < b.length) {
    var key = (b[i] << 8) | b[i + 1];
    i += 2;
    switch (key) {
      ${channels.map((c) => CHANNEL_TYPES[c]).join('\n      ')}
      ${DEVICE_INFO.join('\n      ')}
      default: return { data: data, errors: ['unknown channel 0x' + key.toString(16)] };
    }
  }
  return { data: data };
}`;
}

const base = { vendor: 'Milesight', supports_otaa: true, supports_class_b: false, supports_class_c: false, ...EU868_LORAWAN_1_0_3 };

export const milesightTemplates: TemplateDefinition[] = [
  {
    ...base,
    id: 'milesight-em300-th',
    // Reporting interval 10 minutes by default.
    uplink_interval_s: 600,
    model: 'EM300-TH',
    version: 'V1.3',
    description: 'Rugged temperature and humidity sensor for indoor and outdoor use.',
    codec: milesightCodec(['battery', 'temperature', 'humidity']),
    samples: [
      { description: 'Periodic report', fPort: 85, bytes_hex: '01755C03673401046865', expected: { data: { battery: 92, temperature: 30.8, humidity: 50.5 } } },
      { description: 'Freezer below zero', fPort: 85, bytes_hex: '036738FF04685B', expected: { data: { temperature: -20, humidity: 45.5 } } },
      {
        description: 'Device information after joining',
        fPort: 85,
        bytes_hex: 'FF0101FF090110FF0A0114FF0B01FF0F00FF166136C19146940012',
        expected: {
          data: { ipso_version: 1, hardware_version: 'v1.1', firmware_version: 'v1.20', power_on: true, lorawan_class: 'A', serial_number: '6136c19146940012' },
        },
      },
    ],
  },
  {
    ...base,
    id: 'milesight-am102',
    // Reporting interval 10 minutes by default.
    uplink_interval_s: 600,
    model: 'AM102',
    version: 'V1.1',
    description: 'Indoor ambience monitor with an e-ink screen: temperature and humidity.',
    codec: milesightCodec(['battery', 'temperature', 'humidity']),
    samples: [
      { description: 'Periodic report', fPort: 85, bytes_hex: '0175640367180104686D', expected: { data: { battery: 100, temperature: 28, humidity: 54.5 } } },
    ],
  },
  {
    ...base,
    id: 'milesight-em300-mcs',
    // Reporting interval 10 minutes by default, and an uplink at every opening and closing.
    uplink_interval_s: 600,
    model: 'EM300-MCS',
    version: 'V1.1',
    description: 'Magnetic contact switch with temperature and humidity.',
    codec: milesightCodec(['battery', 'temperature', 'humidity', 'magnet']),
    samples: [
      {
        description: 'Door opened',
        fPort: 85,
        bytes_hex: '0175640367FA00046850060001',
        expected: { data: { battery: 100, temperature: 25, humidity: 40, magnet_status: 'open' } },
      },
    ],
  },
  {
    ...base,
    id: 'milesight-am307',
    // Reporting interval 10 minutes by default.
    uplink_interval_s: 600,
    model: 'AM307',
    version: 'V1.2',
    description: 'Indoor ambience monitor: temperature, humidity, motion, light, CO2, TVOC and pressure.',
    codec: milesightCodec(['battery', 'temperature', 'humidity', 'activity', 'light', 'co2', 'tvoc', 'pressure']),
    samples: [
      {
        description: 'Full periodic report',
        fPort: 85,
        bytes_hex: '01756403671001046871056A490006CB02077D6704087D070009733F27',
        expected: { data: { battery: 100, temperature: 27.2, humidity: 56.5, activity: 73, light_level: 2, co2: 1127, tvoc: 7, pressure: 1004.7 } },
      },
    ],
  },
  {
    ...base,
    id: 'milesight-ws101',
    // Battery report every 1080 minutes by default; presses are sent as they happen.
    uplink_interval_s: 64800,
    model: 'WS101',
    version: 'V1.0',
    description: 'Smart button with short, long and double press.',
    supports_class_c: true,
    codec: milesightCodec(['battery', 'button']),
    samples: [{ description: 'Double press', fPort: 85, bytes_hex: '017555FF2E03', expected: { data: { battery: 85, press: 'double' } } }],
  },
];
