import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InfoPage } from '../../../admin/info/InfoPage';
import { version } from '../../../package.json';
import { renderInAdmin } from '../helpers';

describe('info screen', () => {
  it('loading: the frontend version at once, the backend still being asked', () => {
    renderInAdmin(<InfoPage />, { dataProvider: { version: () => new Promise(() => undefined) } });
    expect(screen.getByText(version)).toBeInTheDocument();
    expect(screen.getByTestId('backend-version')).toHaveTextContent('…');
    expect(screen.queryByText('Online')).toBeNull();
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('success: the backend version and Online', async () => {
    renderInAdmin(<InfoPage />, { dataProvider: { version: async () => ({ version: '9.8.7' }) } });
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.getByTestId('backend-version')).toHaveTextContent('9.8.7');
  });

  it("error: 'Backend Unavailable' and Offline", async () => {
    renderInAdmin(<InfoPage />, { dataProvider: { version: () => Promise.reject(new TypeError('Failed to fetch')) } });
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(screen.getByTestId('backend-version')).toHaveTextContent('Backend Unavailable');
  });
});
