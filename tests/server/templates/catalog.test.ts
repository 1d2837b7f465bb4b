import { afterAll, describe, expect, it } from 'vitest';
import { CodecPool } from '../../../server/src/dataplane/codec/index.js';
import { templateCatalog } from '../../../server/src/templates/catalog/index.js';

describe('template catalog', () => {
  const pool = new CodecPool(1);
  afterAll(async () => pool.close());

  it('has at least 12 device models of several vendors with unique ids', () => {
    expect(templateCatalog.length).toBeGreaterThanOrEqual(12);
    expect(new Set(templateCatalog.map((t) => t.id)).size).toBe(templateCatalog.length);
    expect(new Set(templateCatalog.map((t) => t.vendor)).size).toBeGreaterThanOrEqual(6);
    for (const template of templateCatalog) {
      expect(template.id).toMatch(/^[a-z0-9-]+$/);
      expect(template.samples.length).toBeGreaterThan(0);
      expect(template.codec).toContain('function decodeUplink(input)');
    }
  });

  for (const template of templateCatalog) {
    for (const sample of template.samples) {
      it(`${template.vendor} ${template.model}: ${sample.description} decodes in the sandbox as documented`, async () => {
        const bytes = [...Buffer.from(sample.bytes_hex, 'hex')];
        expect(bytes.length * 2).toBe(sample.bytes_hex.length);
        const result = await pool.run(template.codec, { bytes, fPort: sample.fPort, recvTime: new Date('2026-11-22T12:00:00Z'), variables: {} });
        expect(result).toEqual({ ok: true, warnings: [], errors: [], ...(sample.expected as object) });
      });
    }
  }

  it('reports frames a codec does not understand as codec errors, not crashes', async () => {
    const lht65n = templateCatalog.find((t) => t.id === 'dragino-lht65n');
    const result = await pool.run(String(lht65n?.codec), { bytes: [1, 2], fPort: 5, recvTime: new Date(), variables: {} });
    expect(result).toEqual({ ok: true, data: null, warnings: [], errors: ['unsupported frame on port 5'] });
  });
});
