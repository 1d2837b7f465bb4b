import { EU868_LORAWAN_1_0_3, type TemplateDefinition } from './types.js';

// Dragino LHT65N (user manual, "Uplink Payload", fPort 2, 11 bytes, big-endian):
// bytes 0-1  battery state in bits 15-14 (0 ultra low … 3 good), battery voltage in mV in bits 13-0;
// bytes 2-3  on-board SHT temperature, int16 in 0.01 °C; bytes 4-5 humidity in 0.1 % (12 bits);
// byte 6     external sensor type in bits 3-0, bit 7 set when the external probe is unplugged;
// bytes 7-10 the external reading by type: 1 DS18B20 and 2 TMP117 temperature (int16, 0.01 °C,
//            0x7FFF = no reading), 4 interrupt pin level and trigger, 5 illuminance (lux),
//            6 ADC (mV), 7 16-bit pulse counter, 8 32-bit pulse counter.
const LHT65N = `var BATTERY_STATES = ['ultra low', 'low', 'ok', 'good'];
function s16(hi, lo) { var v = (hi << 8) | lo; return v > 0x7fff ? v - 0x10000 : v; }
function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 2 || b.length < 11) return { errors: ['unsupported frame on port ' + input.fPort] };
  var data = {
    battery_voltage: (((b[0] << 8) | b[1]) & 0x3fff) / 1000,
    battery_state: BATTERY_STATES[b[0] >> 6],
    temperature: s16(b[2], b[3]) / 100,
    humidity: (((b[4] << 8) | b[5]) & 0x0fff) / 10
  };
  var warnings = [];
  var type = b[6] & 0x0f;
  if (b[6] & 0x80) {
    warnings.push('external sensor not connected');
  } else if (type === 1 || type === 2) {
    var probe = s16(b[7], b[8]);
    if (probe !== 0x7fff) data.external_temperature = probe / 100;
  } else if (type === 4) {
    data.interrupt_level = b[7] ? 'high' : 'low';
    data.interrupt_triggered = b[8] !== 0;
  } else if (type === 5) {
    data.illuminance = (b[7] << 8) | b[8];
  } else if (type === 6) {
    data.adc_voltage = ((b[7] << 8) | b[8]) / 1000;
  } else if (type === 7) {
    data.pulse_count = (b[7] << 8) | b[8];
  } else if (type === 8) {
    data.pulse_count = b[7] * 0x1000000 + ((b[8] << 16) | (b[9] << 8) | b[10]);
  }
  return { data: data, warnings: warnings };
}`;

// Dragino LDS02 door sensor (user manual, fPort 10, 10 bytes, big-endian): bit 15 of bytes 0-1
// is the door (1 = open), bits 13-0 the battery in mV; byte 2 the working mode (1 = door
// counting); bytes 3-5 count door openings, bytes 6-8 give the last open duration in minutes;
// byte 9 bit 0 is the "door open too long" alarm.
const LDS02 = `function u24(b, i) { return (b[i] << 16) | (b[i + 1] << 8) | b[i + 2]; }
function decodeUplink(input) {
  var b = input.bytes;
  if (input.fPort !== 10 || b.length < 10) return { errors: ['unsupported frame on port ' + input.fPort] };
  var data = {
    battery_voltage: (((b[0] << 8) | b[1]) & 0x3fff) / 1000,
    door_open: (b[0] & 0x80) !== 0,
    mode: b[2]
  };
  if (b[2] !== 1) return { data: data, warnings: ['mode ' + b[2] + ' is not the door counting mode'] };
  data.open_count = u24(b, 3);
  data.last_open_minutes = u24(b, 6);
  data.alarm = (b[9] & 0x01) === 1;
  return { data: data };
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
    ...EU868_LORAWAN_1_0_3,
    // The factory uplink interval (TDC) is 20 minutes.
    uplink_interval_s: 1200,
    codec: LHT65N,
    samples: [
      {
        description: 'Periodic reading with an external probe',
        fPort: 2,
        bytes_hex: 'CBF60B0D0376010ADD7FFF',
        expected: { data: { battery_voltage: 3.062, battery_state: 'good', temperature: 28.29, humidity: 88.6, external_temperature: 27.81 } },
      },
      {
        description: 'Below zero, no external sensor',
        fPort: 2,
        bytes_hex: 'CC1EFF9C01F4007FFF7FFF',
        expected: { data: { battery_voltage: 3.102, battery_state: 'good', temperature: -1, humidity: 50 } },
      },
      {
        description: 'Probe unplugged, battery low',
        fPort: 2,
        bytes_hex: '4B0008FC02588100000000',
        expected: { data: { battery_voltage: 2.816, battery_state: 'low', temperature: 23, humidity: 60 }, warnings: ['external sensor not connected'] },
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
    ...EU868_LORAWAN_1_0_3,
    // A status uplink every 2 hours, and one at every opening and closing.
    uplink_interval_s: 7200,
    codec: LDS02,
    samples: [
      {
        description: 'Door open, 17 openings so far',
        fPort: 10,
        bytes_hex: '8BB80100001100000500',
        expected: { data: { battery_voltage: 3, door_open: true, mode: 1, open_count: 17, last_open_minutes: 5, alarm: false } },
      },
      {
        description: 'Door closed after an alarm',
        fPort: 10,
        bytes_hex: '0B880100002500000101',
        expected: { data: { battery_voltage: 2.952, door_open: false, mode: 1, open_count: 37, last_open_minutes: 1, alarm: true } },
      },
    ],
  },
];
