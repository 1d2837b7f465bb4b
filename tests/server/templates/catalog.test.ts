import { afterAll, describe, expect, it } from 'vitest';
import { CodecPool } from '../../../server/src/dataplane/codec/index.js';
import { templateCatalog } from '../../../server/src/templates/catalog/index.js';
import { MAC_VERSIONS, REG_PARAMS_REVISIONS, REGIONS } from '../../../server/src/domain/network.js';
import { TEST_CODEC_TIME_LIMITS } from '../helpers/codec-limits.js';

describe('template catalog', () => {
  const pool = new CodecPool(1, TEST_CODEC_TIME_LIMITS);
  const caller = { company: 'catalog', interactive: true };
  afterAll(async () => pool.close());

  it('has at least 12 device models of several vendors with unique ids', () => {
    expect(templateCatalog.length).toBeGreaterThanOrEqual(12);
    expect(new Set(templateCatalog.map((t) => t.id)).size).toBe(templateCatalog.length);
    expect(new Set(templateCatalog.map((t) => t.vendor)).size).toBeGreaterThanOrEqual(6);
  });

  it.each(templateCatalog.map((t) => [t.id, t] as const))('%s has valid fields and samples', (_id, template) => {
    expect(template.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const text of [template.vendor, template.model, template.version, template.description]) expect(text.trim()).not.toBe('');
    for (const flag of [template.supports_otaa, template.supports_class_b, template.supports_class_c]) expect(typeof flag).toBe('boolean');
    expect(template.codec).toContain('function decodeUplink(input)');
    expect(template.samples.length).toBeGreaterThan(0);
    for (const sample of template.samples) {
      expect(sample.bytes_hex).toMatch(/^([0-9A-F]{2})+$/);
      expect(Number.isInteger(sample.fPort) && sample.fPort >= 1 && sample.fPort <= 223).toBe(true);
      expect(sample.expected).toHaveProperty('data');
    }
  });

  it.each(templateCatalog.map((t) => [t.id, t] as const))('%s has the network settings of a European LoRaWAN 1.0.x device', (_id, template) => {
    expect(REGIONS).toContain(template.region);
    expect(MAC_VERSIONS).toContain(template.mac_version);
    expect(REG_PARAMS_REVISIONS).toContain(template.reg_params_revision);
    // The store's vendors ship EU868 devices of LoRaWAN 1.0.2 (revision A or B) or 1.0.3 (revision A only).
    expect(template.region).toBe('EU868');
    expect([
      ['LORAWAN_1_0_2', 'A'],
      ['LORAWAN_1_0_2', 'B'],
      ['LORAWAN_1_0_3', 'A'],
    ]).toContainEqual([template.mac_version, template.reg_params_revision]);
    // From a few minutes to a day: a factory report interval, not a typo.
    expect(Number.isInteger(template.uplink_interval_s)).toBe(true);
    expect(template.uplink_interval_s).toBeGreaterThanOrEqual(60);
    expect(template.uplink_interval_s).toBeLessThanOrEqual(86_400);
  });

  it.each(templateCatalog.map((t) => [t.id, t] as const))(
    '%s answers an empty or foreign frame with data or errors, never an exception',
    async (_id, template) => {
      for (const bytes of [[], [0xff, 0xff, 0xff]]) {
        const result = await pool.run(template.codec, { bytes, fPort: template.samples[0]?.fPort ?? 1, recvTime: new Date(), variables: {} }, caller);
        expect(result.ok).toBe(true);
      }
    },
  );

  for (const template of templateCatalog) {
    for (const sample of template.samples) {
      it(`${template.vendor} ${template.model}: ${sample.description} decodes in the sandbox as documented`, async () => {
        const bytes = [...Buffer.from(sample.bytes_hex, 'hex')];
        expect(bytes.length * 2).toBe(sample.bytes_hex.length);
        const result = await pool.run(template.codec, { bytes, fPort: sample.fPort, recvTime: new Date('2026-11-22T12:00:00Z'), variables: {} }, caller);
        expect(result).toEqual({ ok: true, warnings: [], errors: [], console: { lines: [], truncated: false }, ...(sample.expected as object) });
      });
    }
  }

  it('reports frames a codec does not understand as codec errors, not crashes', async () => {
    const lht65n = templateCatalog.find((t) => t.id === 'dragino-lht65n');
    const result = await pool.run(String(lht65n?.codec), { bytes: [1, 2], fPort: 5, recvTime: new Date(), variables: {} }, caller);
    expect(result).toEqual({ ok: true, data: null, warnings: [], errors: ['unsupported frame on port 5'], console: { lines: [], truncated: false } });
  });
});
