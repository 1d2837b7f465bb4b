import { describe, expect, it } from 'vitest';
import { crc32, zipFiles } from '../../../admin/common/zip';
import { readZip } from './readZip';

describe('zip of text files', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('an independent reader (yauzl) finds every file with its exact text, UTF-8 names included', async () => {
    const files = [
      { name: 'ca.pem', text: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' },
      { name: 'README.txt', text: 'Schlüssel geheim halten' },
      { name: 'ä.txt', text: '' },
    ];
    expect(await readZip(zipFiles(files, new Date(2026, 10, 27, 23, 59, 58)))).toEqual(Object.fromEntries(files.map((file) => [file.name, file.text])));
  });
});
