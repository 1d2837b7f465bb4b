import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from '../../../admin/layout/contrast';

describe('readable text on a tenant colour', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1976d2', '#ffffff')).toBeCloseTo(4.6, 1);
  });

  it('picks white on dark and black on light colours, always at least 4.5:1', () => {
    expect(readableTextOn('#1976d2')).toBe('#ffffff');
    expect(readableTextOn('#FACC15')).toBe('#000000');
    expect(readableTextOn('#3B82F6')).toBe('#000000');
    for (let value = 0; value < 0x1000000; value += 0x0f0f0f) {
      const colour = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(colour, readableTextOn(colour))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
