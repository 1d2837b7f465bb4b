import { screen } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { DataProvider } from 'react-admin';
import { NotificationBell } from '../../../admin/layout/NotificationBell';
import { renderInAdmin } from '../helpers';
import { listAnswers } from '../listStates';

const unread = (total: number) => vi.fn(async () => ({ data: total ? [{ id: 'n1' }] : [], total })) as DataProvider['getList'] & Mock;

describe('the bell shows the unread count', () => {
  it('success: the number of unread notifications, in the link name too; reads only a page of one', async () => {
    const getList = unread(3);
    renderInAdmin(<NotificationBell />, { dataProvider: { getList } });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('notifications', expect.objectContaining({ filter: { unread: true }, pagination: { page: 1, perPage: 1 } }));
  });

  it('in German', async () => {
    renderInAdmin(<NotificationBell />, { dataProvider: { getList: unread(120) }, locale: 'de' });
    expect(await screen.findByRole('link', { name: 'Benachrichtigungen, 120 ungelesen' })).toBeInTheDocument();
    expect(screen.getByText('99+')).toBeInTheDocument();
  });

  it('empty, loading and error: the plain bell without a number', async () => {
    for (const getList of [unread(0), listAnswers.loading, listAnswers.error]) {
      const { unmount } = renderInAdmin(<NotificationBell />, { dataProvider: { getList } });
      expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
      unmount();
    }
  });
});
