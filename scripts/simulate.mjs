// `npm run simulate`: sends realistic uplinks of template devices through the real ingest path
// (POST /api/ingest/chirpstack) of a running instance, so a new user sees live data at once.
//   SIMULATOR_URL   base URL of the instance (default http://localhost:8000)
//   SIMULATOR_KEY   an API key (console: API Keys → New key)
//   SIMULATOR_EVERY seconds between rounds (default 10); SIMULATOR_ROUNDS to stop after N rounds
// Without template devices in the key owner's first company it sets up three demo devices.
import { randomBytes } from 'node:crypto';

const base = (process.env.SIMULATOR_URL ?? 'http://localhost:8000').replace(/\/$/, '');
const key = process.env.SIMULATOR_KEY;
const every = Number(process.env.SIMULATOR_EVERY ?? 10) * 1000;
const rounds = Number(process.env.SIMULATOR_ROUNDS ?? Infinity);
if (!key) {
  console.error('Set SIMULATOR_KEY to an API key of your account (console → API Keys → New key).');
  process.exit(1);
}

async function api(method, path, body) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok && response.status !== 409) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const u16 = (v) => [(v >> 8) & 0xff, v & 0xff];
const le16 = (v) => [v & 0xff, (v >> 8) & 0xff];
const wave = (t, mid, amp, periodMin) => mid + amp * Math.sin((2 * Math.PI * t) / (periodMin * 60_000)) + (Math.random() - 0.5) * amp * 0.1;

/** Payload encoders following the vendors' formats (the inverse of the catalog codecs). */
const ENCODERS = {
  'dragino-lht65n': (t) => ({
    fPort: 2,
    bytes: [
      ...u16(0xc000 | 3050),
      ...u16(Math.round(wave(t, 21, 3, 60) * 100) & 0xffff),
      ...u16(Math.round(wave(t, 50, 10, 90) * 10)),
      0x01,
      ...u16(Math.round(wave(t, 18, 2, 45) * 100) & 0xffff),
      0x7f,
      0xff,
    ],
  }),
  'milesight-em300-th': (t) => ({
    fPort: 85,
    bytes: [0x01, 0x75, 95, 0x03, 0x67, ...le16(Math.round(wave(t, 12, 6, 120) * 10) & 0xffff), 0x04, 0x68, Math.round(wave(t, 70, 15, 100) * 2)],
  }),
  'milesight-am307': (t) => ({
    fPort: 85,
    bytes: [
      0x01,
      0x75,
      100,
      0x03,
      0x67,
      ...le16(Math.round(wave(t, 22, 1.5, 60) * 10)),
      0x04,
      0x68,
      Math.round(wave(t, 45, 5, 80) * 2),
      0x07,
      0x7d,
      ...le16(Math.round(wave(t, 800, 300, 30))),
    ],
  }),
};

async function demoDevices(companyId) {
  const profiles = [];
  for (const templateId of Object.keys(ENCODERS)) {
    await api('POST', `/template/${companyId}/${templateId}`);
  }
  const copied = (await api('GET', `/config/${companyId}/templates?page_size=100`)).results;
  for (const profile of copied.filter((p) => ENCODERS[p.template_id])) profiles.push(profile);
  const devices = profiles.map((profile) => ({
    dev_eui: `70B3D5${randomBytes(5).toString('hex').toUpperCase()}`,
    app_key: randomBytes(16).toString('hex'),
    name: `Demo ${profile.name}`,
    config: profile.id,
  }));
  await api('POST', '/device/bulk/', { company_id: companyId, devices });
  console.log(`set up ${devices.length} demo devices`);
}

async function simulatedDevices() {
  const companies = (await api('GET', '/company/?page_size=100')).results;
  if (companies.length === 0) throw new Error('The key owner has no company yet: finish the onboarding in the console first.');
  const found = [];
  for (const company of companies) {
    const templates = new Map((await api('GET', `/config/${company.id}/templates?page_size=1000`)).results.map((p) => [p.id, p.template_id]));
    const devices = (await api('GET', `/device/?company_id=${company.id}&page_size=1000`)).results;
    for (const device of devices) if (ENCODERS[templates.get(device.config)]) found.push({ ...device, template: templates.get(device.config) });
  }
  return { companies, found };
}

let { companies, found } = await simulatedDevices();
if (found.length === 0) {
  await demoDevices(companies[0].id);
  ({ found } = await simulatedDevices());
}
console.log(`simulating ${found.length} devices against ${base} every ${every / 1000} s`);
for (let round = 0; round < rounds; round++) {
  const now = Date.now();
  let sent = 0;
  for (const device of [...found]) {
    const { fPort, bytes } = ENCODERS[device.template](now);
    const answer = await api('POST', '/ingest/chirpstack?event=up', {
      deviceInfo: { devEui: device.dev_eui },
      time: new Date(now).toISOString(),
      fPort,
      fCnt: round,
      data: Buffer.from(bytes).toString('base64'),
    });
    // A device deleted in the console while the simulator runs is not registered any more: stop
    // sending for it (its uplinks would only show up as an unregistered device heard).
    if (answer?.status === 'unregistered') {
      found = found.filter((other) => other.dev_eui !== device.dev_eui);
      console.log(`skipping ${device.name || device.dev_eui}: no longer registered`);
      continue;
    }
    if (round % 30 === 0)
      await api('POST', '/ingest/chirpstack?event=status', { deviceInfo: { devEui: device.dev_eui }, batteryLevel: 90 - (round % 60), margin: 8 });
    sent++;
  }
  console.log(`${new Date(now).toISOString()} sent ${sent} uplinks`);
  if (round + 1 < rounds) await new Promise((resolve) => setTimeout(resolve, every));
}
