import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTheme, ThemeProvider } from '@mui/material';
import { DeviceList } from '../../../admin/devices/DeviceList';
import { lightTheme } from '../../../admin/layout/theme';
import { ProfileList } from '../../../admin/profiles/ProfileList';
import { renderInAdmin } from '../helpers';
import { listAnswers } from '../listStates';
import { DESKTOP_WIDTH, stubViewportWidth } from '../viewport';

// Issue #22: a list row opens from the keyboard as it does on a click; the hidden bulk actions are no tab stops.

const device = { id: 'd1', name: 'Cellar sensor', dev_eui: 'A84041000181C61E', last_seen: null, power_status: 'battery_low', battery_level: 9 };
const profile = { id: 'p1', name: 'Cellar profile', supports_otaa: true, supports_class_b: false, supports_class_c: false };

const lists = [
  { name: 'devices', ui: () => <DeviceList />, row: device, opens: '/devices/d1/show', selectable: true },
  { name: 'profiles', ui: () => <ProfileList />, row: profile, opens: '/profiles/p1', selectable: false },
] as const;

describe.each(lists)('$name list from the keyboard', ({ name, ui, row, opens, selectable }) => {
  beforeEach(() => stubViewportWidth(DESKTOP_WIDTH));
  afterEach(() => vi.unstubAllGlobals());

  const tableRow = async () => (await screen.findByText(row.name)).closest('tr') as HTMLElement;
  const render = () =>
    renderInAdmin(ui(), { resource: name, path: `/${name}`, dataProvider: { getList: listAnswers.rows([row]), getMany: async () => ({ data: [] }) } });

  it('a row is a tab stop and Enter opens it', async () => {
    render();
    const target = await tableRow();
    expect(target).toHaveAttribute('tabindex', '0');
    target.focus();
    fireEvent.keyDown(target, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(opens));
  });

  it('Space opens it too; a key pressed on a control inside the row stays with the control', async () => {
    render();
    const target = await tableRow();
    // The selection checkbox itself is labelled (react-admin labels its wrapper, which names nothing).
    const inner = within(target).queryAllByRole('checkbox', { name: 'Select this row' });
    expect(inner).toHaveLength(selectable ? 1 : 0);
    expect(target.querySelector('.select-item[aria-label]')).toBeNull();
    for (const checkbox of inner) fireEvent.keyDown(checkbox, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${name}$`));
    fireEvent.keyDown(target, { key: ' ' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(opens));
  });
});

describe('bulk actions', () => {
  beforeEach(() => stubViewportWidth(DESKTOP_WIDTH));
  afterEach(() => vi.unstubAllGlobals());

  it('are no tab stops while nothing is selected, and show once a row is', async () => {
    // The console's theme, which hides the folded toolbar.
    renderInAdmin(
      <ThemeProvider theme={createTheme(lightTheme)}>
        <DeviceList />
      </ThemeProvider>,
      { resource: 'devices', path: '/devices', dataProvider: { getList: listAnswers.rows([device]), getMany: async () => ({ data: [] }) } },
    );
    const rowCheckbox = within((await screen.findByText(device.name)).closest('tr') as HTMLElement).getByRole('checkbox');
    // Hidden, not just folded to 0 px: out of the tab order and the accessibility tree.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(document.querySelector('[data-test="bulk-actions-toolbar"]')).not.toBeVisible();
    fireEvent.click(rowCheckbox);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeVisible();
  });
});
