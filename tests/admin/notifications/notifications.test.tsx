import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { DataProvider } from 'react-admin';
import { NotificationList } from '../../../admin/notifications/NotificationList';
import { notificationText } from '../../../admin/notifications/NotificationText';
import { createI18nProvider } from '../../../admin/providers/i18nProvider';
import type { Notification } from '../../../admin/types/api';
import { renderInAdmin } from '../helpers';
import { describePhoneCards, isShowingSkeleton, listAnswers } from '../listStates';

// Stored before notifications had parameters: only their English text.
const unread = { id: 'n1', title: 'Battery low', message: 'Cellar sensor is at 8 %.', is_read: false, created_at: '2026-11-20T08:00:00.000Z' };
const read = { id: 'n2', title: 'Gateway disconnected', message: 'Roof gateway went offline.', is_read: true, created_at: '2026-11-19T08:00:00.000Z' };
const since = '2026-11-20T08:00:00.000Z';
const silent: Notification = {
  id: 'n3',
  kind: 'device_silent',
  params: { name: 'Well pump', minutes: 10, since },
  title: 'Device silent: Well pump',
  message: `Well pump usually reports every 10 min and has not been heard since ${since}.`,
  is_read: false,
  created_at: '2026-11-21T08:00:00.000Z',
};

const renderList = (dataProvider: Partial<DataProvider>) => renderInAdmin(<NotificationList />, { resource: 'notifications', dataProvider });

describe('notifications screen', () => {
  it('loading: skeleton rows, no empty text', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
    expect(screen.queryByText('No notifications yet.')).toBeNull();
  });

  it('empty: says there are none', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });

  it('error: says what failed instead of pretending the list is empty, and retries', async () => {
    const getList = vi.fn(listAnswers.error);
    renderList({ getList });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(screen.queryByText('No notifications yet.')).toBeNull();
    const calls = getList.mock.calls.length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(calls));
  });

  it('success: title, message and read state; marking one read updates it', async () => {
    const update = vi.fn(async () => ({ data: { ...unread, is_read: true } })) as DataProvider['update'] & Mock;
    renderList({ getList: listAnswers.rows([unread, read]), update });
    const row = (await screen.findByText('Battery low')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cellar sensor is at 8 %.')).toBeInTheDocument();
    expect(within(row).getByText('Unread')).toBeInTheDocument();
    const readRow = screen.getByText('Gateway disconnected').closest('tr') as HTMLElement;
    expect(within(readRow).getByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Mark as read' })));
    expect(update).toHaveBeenCalledWith('notifications', expect.objectContaining({ id: 'n1', data: { is_read: true } }));
  });

  it("success: a notification with parameters reads in the reader's language, its dates in the reader's format", async () => {
    renderList({ getList: listAnswers.rows([silent]) });
    const row = (await screen.findByText('Device silent: Well pump')).closest('tr') as HTMLElement;
    const sinceInEnglish = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(since));
    expect(within(row).getByText(`Well pump usually reports every 10 min and has not been heard since ${sinceInEnglish}.`)).toBeInTheDocument();
    const de = await createI18nProvider('de');
    const sinceInGerman = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(since));
    expect(notificationText(silent, 'title', de.translate, 'de')).toBe('Gerät meldet sich nicht: Well pump');
    expect(notificationText(silent, 'message', de.translate, 'de')).toBe(
      `Well pump meldet sich sonst alle 10 min und wurde seit ${sinceInGerman} nicht mehr gehört.`,
    );
    expect(notificationText({ ...silent, params: null }, 'title', de.translate, 'de')).toBe('Device silent: Well pump');
  });

  it('bulk: marks the selected notifications read in one call', async () => {
    const updateMany = vi.fn(async () => ({ data: ['n1'] }));
    renderList({ getList: listAnswers.rows([unread, read]), updateMany });
    const row = (await screen.findByText('Battery low')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    // The bulk toolbar's button, not the one in the row.
    const bulkButton = (await screen.findAllByRole('button', { name: 'Mark as read' })).find((button) => !button.closest('tr'));
    await act(async () => fireEvent.click(bulkButton as HTMLElement));
    await waitFor(() => expect(updateMany).toHaveBeenCalledWith('notifications', expect.objectContaining({ ids: ['n1'], data: { is_read: true } })));
  });
});

describePhoneCards('notifications', () => <NotificationList />, unread, {
  title: 'Battery low',
  facts: { en: ['Unread', 'Cellar sensor is at 8 %.'], de: ['Ungelesen', 'Cellar sensor is at 8 %.'] },
  action: /Mark as read/,
  empty: /notifications/i,
});
