import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JoinCompanyButton } from '../../../admin/companies/JoinCompanyButton';
import { companyStore } from '../../../admin/stores/companyStore';
import { jsonResponse, renderInAdmin, sampleUser, signInWith, signOut } from '../helpers';

// Issue #21: the invite mail's link is /companies?invite=CODE.
describe("the invite mail's link", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    companyStore.reset();
  });

  it.each([
    ['en', 'Invite code', 'Join'],
    ['de', 'Einladungscode', 'Beitreten'],
  ] as const)('opens the join dialog with its code filled in (%s)', async (locale, label, join) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ count: 1, results: [{ id: 'c2', name: 'Theirs', tenant_id: null }] })),
    );
    const joinWithCode = vi.fn(async () => ({ company_id: 'c2' }));
    renderInAdmin(<JoinCompanyButton />, { path: '/companies?invite=ABCD-EFGH-JKLM', dataProvider: { joinWithCode }, locale });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText(label)).toHaveValue('ABCD-EFGH-JKLM');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: join })));
    expect(joinWithCode).toHaveBeenCalledWith('ABCD-EFGH-JKLM');
  });

  it("leaves it to the onboarding wizard for a new account (it offers the link's code)", async () => {
    await signInWith({ user: { ...sampleUser, is_onboarded: false } });
    renderInAdmin(<JoinCompanyButton />, { path: '/companies?invite=ABCD-EFGH-JKLM' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    signOut();
  });

  it('leaves the dialog closed without one', () => {
    renderInAdmin(<JoinCompanyButton />, { path: '/companies' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
