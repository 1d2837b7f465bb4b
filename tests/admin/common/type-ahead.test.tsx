import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuItem } from '@mui/material';
import { TypeAheadMenu } from '../../../admin/common/TypeAheadMenu';
import { createTypeAhead, matchItem, TYPE_AHEAD_RESET_MS } from '../../../admin/common/typeAhead';

describe('type-ahead (spec §9: resets after 350 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds keys up to one prefix and starts afresh after the pause', () => {
    let time = 0;
    const typeAhead = createTypeAhead(() => time);
    expect(typeAhead('B')).toBe('b');
    time += TYPE_AHEAD_RESET_MS;
    expect(typeAhead('e')).toBe('be');
    time += TYPE_AHEAD_RESET_MS + 1;
    expect(typeAhead('g')).toBe('g');
  });

  it('finds the next item by prefix, wrapping; a repeated letter steps through', () => {
    const items = ['Acme', 'Beta', 'Berlin Lab', 'Delta'].map((name) => Object.assign(document.createElement('li'), { textContent: name }));
    const [acme, beta, berlin] = items;
    expect(matchItem(items, acme ?? null, 'b')).toBe(beta);
    expect(matchItem(items, beta ?? null, 'ber')).toBe(berlin);
    expect(matchItem(items, beta ?? null, 'bb')).toBe(berlin);
    expect(matchItem(items, berlin ?? null, 'b')).toBe(beta);
    expect(matchItem(items, acme ?? null, 'z')).toBeUndefined();
  });

  it('in a menu, typing moves the focus; after 350 ms a new word starts', () => {
    // The menu's clock (performance.now) moves only when the test says: keys typed together stay
    // one word however slowly a busy machine runs the test, and a pause is one without waiting.
    vi.useFakeTimers({ toFake: ['performance'] });
    render(
      <TypeAheadMenu open anchorEl={document.body}>
        {['Acme', 'Beta', 'Berlin Lab', 'Delta'].map((name) => (
          <MenuItem key={name}>{name}</MenuItem>
        ))}
      </TypeAheadMenu>,
    );
    const list = screen.getByRole('menu');
    const type = (key: string) => fireEvent.keyDown(document.activeElement ?? list, { key });
    type('b');
    type('e');
    type('r');
    expect(document.activeElement).toHaveTextContent('Berlin Lab');
    vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS + 1);
    type('d');
    expect(document.activeElement).toHaveTextContent('Delta');
    // Within the pause the letters join: "de" still finds Delta, "a" alone would have found Acme.
    type('e');
    expect(document.activeElement).toHaveTextContent('Delta');
  });
});
