import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { OnboardingDialog } from '../../../admin/onboarding/OnboardingDialog';
import { needsName, OnboardingGate, shouldOnboard } from '../../../admin/onboarding/OnboardingGate';
import { canComplete, canGoBack, canGoNext, isStepValid, type Start } from '../../../admin/onboarding/steps';
import { submitOnboarding, type OnboardingCalls } from '../../../admin/onboarding/submit';
import { wizardStore } from '../../../admin/onboarding/wizardState';
import { companyStore } from '../../../admin/stores/companyStore';
import { userStore } from '../../../admin/stores/userStore';
import { connectStores, jsonResponse, renderInAdmin, sampleUser } from '../helpers';

function recordingCalls(overrides: Partial<OnboardingCalls> = {}) {
  const log: string[] = [];
  const calls: OnboardingCalls = {
    updateUser: vi.fn(async (fields) => void log.push(`user ${JSON.stringify(fields)}`)),
    createTenant: vi.fn(async (body) => (log.push(`tenant ${JSON.stringify(body)}`), { id: 't1' })),
    createCompany: vi.fn(async (body) => (log.push(`company ${JSON.stringify(body)}`), { id: 'c1' })),
    joinWithCode: vi.fn(async (code) => (log.push(`join ${code}`), { company_id: 'c9' })),
    ...overrides,
  };
  return { calls, log };
}

const founding = (customerType: Start, companyName: string) => ({ customerType, companyName, inviteCode: '', tenantModeOff: false });

describe('onboarding rules (spec §4, §5)', () => {
  it('each step is valid only with its answer; the company name must not be blank', () => {
    const answers = { language: null, customerType: null, companyName: '', inviteCode: '', tenantModeOff: false };
    expect(isStepValid(1, answers)).toBe(false);
    expect(isStepValid(1, { ...answers, language: 'de' })).toBe(true);
    expect(isStepValid(2, answers)).toBe(false);
    expect(isStepValid(2, { ...answers, customerType: 'direct' })).toBe(true);
    expect(isStepValid(3, { ...answers, companyName: '   ' })).toBe(false);
    expect(isStepValid(3, { ...answers, companyName: ' Acme ' })).toBe(true);
    expect(isStepValid(3, { ...answers, customerType: 'join', companyName: 'Acme', inviteCode: '  ' })).toBe(false);
    expect(isStepValid(3, { ...answers, customerType: 'join', inviteCode: 'ABCD-EFGH' })).toBe(true);
  });

  it('Next from 1 and 2, Back from 2 and 3, Complete only on 3', () => {
    expect([1, 2, 3].map((s) => canGoNext(s as 1))).toEqual([true, true, false]);
    expect([1, 2, 3].map((s) => canGoBack(s as 1))).toEqual([false, true, true]);
    expect([1, 2, 3].map((s) => canComplete(s as 1))).toEqual([false, false, true]);
  });

  it('direct customers: tenant flag off, company without tenant, then onboarded', async () => {
    const { calls, log } = recordingCalls();
    await expect(submitOnboarding(founding('direct', '  Acme  '), false, calls)).resolves.toBe('c1');
    expect(log).toEqual(['user {"is_tenant_enabled":false}', 'company {"name":"Acme"}', 'user {"is_onboarded":true}']);
    expect(calls.createTenant).not.toHaveBeenCalled();
  });

  it('indirect customers: tenant flag on, tenant first, company with tenant_id, then onboarded', async () => {
    const { calls, log } = recordingCalls();
    await submitOnboarding(founding('indirect', 'Acme'), false, calls);
    expect(log).toEqual([
      'user {"is_tenant_enabled":true}',
      'tenant {"name":"Acme"}',
      'company {"name":"Acme","tenant_id":"t1"}',
      'user {"is_onboarded":true}',
    ]);
  });

  it('joining with an invite code creates nothing, keeps the tenant mode and lands in the joined company', async () => {
    const { calls, log } = recordingCalls();
    const companyId = await submitOnboarding({ ...founding('join', ''), inviteCode: ' ABCD-EFGH ' }, true, calls);
    expect(log).toEqual(['join ABCD-EFGH', 'user {"is_onboarded":true}']);
    expect(companyId).toBe('c9');
    expect(calls.createCompany).not.toHaveBeenCalled();
  });

  it('"direct" keeps a multi-tenant mode that is on unless the user ticked to turn it off', async () => {
    const kept = recordingCalls();
    await submitOnboarding(founding('direct', 'Acme'), true, kept.calls);
    expect(kept.log[0]).toBe('user {"is_tenant_enabled":true}');
    const off = recordingCalls();
    await submitOnboarding({ ...founding('direct', 'Acme'), tenantModeOff: true }, true, off.calls);
    expect(off.log[0]).toBe('user {"is_tenant_enabled":false}');
  });

  it('a response without data fails with "Failed to create tenant" / "Failed to create company"', async () => {
    await expect(submitOnboarding(founding('indirect', 'A'), false, recordingCalls({ createTenant: async () => undefined }).calls)).rejects.toMatchObject({
      key: 'app.errors.failedCreateTenant',
    });
    await expect(submitOnboarding(founding('direct', 'A'), false, recordingCalls({ createCompany: async () => ({}) }).calls)).rejects.toMatchObject({
      key: 'app.errors.failedCreateCompany',
    });
  });

  it('shows when initialised, a user exists and is not onboarded; then asks for the name', () => {
    const state = (user: typeof sampleUser | null, initialised = true) => ({ user, initialised, error: null });
    expect(shouldOnboard(state({ ...sampleUser, is_onboarded: false }))).toBe(true);
    expect(shouldOnboard(state({ ...sampleUser, is_onboarded: false }, false))).toBe(false);
    expect(shouldOnboard(state(null))).toBe(false);
    expect(shouldOnboard(state(sampleUser))).toBe(false);
    expect(needsName(state({ ...sampleUser, last_name: '' }))).toBe(true);
    expect(needsName(state(sampleUser))).toBe(false);
  });
});

describe('onboarding dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    wizardStore.reset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    userStore.reset();
  });

  const next = () => fireEvent.click(screen.getByRole('button', { name: /^(Next|Weiter)$/ }));

  it('walks the steps, applies German at step 1→2, completes in order and reloads', async () => {
    const { calls, log } = recordingCalls();
    const onDone = vi.fn(async () => undefined);
    renderInAdmin(<OnboardingDialog calls={calls} onDone={onDone} />);
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Deutsch'));
    next();
    expect(localStorage.getItem('language')).toBe('de');
    fireEvent.click(await screen.findByRole('radio', { name: /Indirekter Kunde/ }));
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeEnabled();
    next();
    const complete = screen.getByRole('button', { name: 'Abschließen' });
    expect(complete).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Weiter' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Firmenname'), { target: { value: '  ' } });
    expect(complete).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Firmenname'), { target: { value: ' Acme ' } });
    await act(async () => fireEvent.click(complete));
    // The calls run one after another; onDone follows the last of them.
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(log).toEqual([
      'user {"is_tenant_enabled":true}',
      'tenant {"name":"Acme"}',
      'company {"name":"Acme","tenant_id":"t1"}',
      'user {"is_onboarded":true}',
    ]);
  });

  it("arriving by an invite mail's link, offers joining with its code and joins", async () => {
    const { calls, log } = recordingCalls();
    renderInAdmin(<OnboardingDialog calls={calls} onDone={async () => undefined} />, { path: '/companies?invite=K3Y' });
    next();
    expect(screen.getByRole('radio', { name: /invite code/i })).toBeChecked();
    next();
    expect(screen.getByRole('textbox')).toHaveValue('K3Y');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete' })));
    expect(log).toContain('join K3Y');
  });

  it('disables the buttons and shows the spinner text while submitting; Back returns a step', async () => {
    let release: () => void = () => undefined;
    const { calls } = recordingCalls({ updateUser: () => new Promise<void>((resolve) => (release = resolve)) });
    renderInAdmin(<OnboardingDialog calls={calls} onDone={async () => undefined} />);
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    next();
    next();
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Setting up your account…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await act(async () => release());
  });

  it('shows a failure in a red box: the error text, else the setup error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = recordingCalls({ createCompany: async () => Promise.reject(new Error('Company name taken')) });
    renderInAdmin(<OnboardingDialog calls={calls} onDone={async () => undefined} />);
    next();
    next();
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Acme' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete' })));
    expect(screen.getByTestId('onboarding-error')).toHaveTextContent('Company name taken');
    expect(screen.getByRole('button', { name: 'Complete' })).toBeEnabled();
  });

  it('falls back to the translated setup error when the failure has no message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = recordingCalls({ updateUser: async () => Promise.reject('no message') });
    renderInAdmin(<OnboardingDialog calls={calls} onDone={async () => undefined} />);
    next();
    next();
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Acme' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete' })));
    expect(screen.getByTestId('onboarding-error')).toHaveTextContent('Failed to setup account. Please try again.');
  });

  it('the gate creates tenant and company through the data provider', async () => {
    connectStores();
    const newcomer = { ...sampleUser, is_onboarded: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.startsWith('/api/user/') ? jsonResponse(newcomer) : jsonResponse({ count: 0, results: [] }))),
    );
    await userStore.fetch();
    const create = vi.fn(async (resource: string, params: { data: object }) => ({ data: { id: `${resource}-1`, ...params.data } })) as DataProvider['create'] &
      Mock;
    renderInAdmin(<OnboardingGate />, { dataProvider: { create } });
    next();
    fireEvent.click(screen.getByRole('radio', { name: /Indirect customer/ }));
    next();
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Acme' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete' })));
    // The user's save comes first and waits for the session client, which a write loads (admin/auth/sessionFetch.ts).
    await waitFor(() =>
      expect(create.mock.calls).toEqual([
        ['tenants', { data: { name: 'Acme' } }],
        ['companies', { data: { name: 'Acme', tenant_id: 'tenants-1' } }],
      ]),
    );
  });

  it('an invited user joins with the code in German and lands in the company joined, without creating one', async () => {
    connectStores();
    const newcomer = { ...sampleUser, is_onboarded: false };
    const companies = [
      { id: 'c1', name: 'Other', tenant_id: null },
      { id: 'c9', name: 'Joined', tenant_id: null },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        // PUT saves the sent fields (the language at step 1→2, is_onboarded at the end).
        if (url.startsWith('/api/user/') && init?.method === 'PUT') Object.assign(newcomer, JSON.parse(String(init.body)));
        if (url.startsWith('/api/user/')) return jsonResponse(newcomer);
        if (url.startsWith('/api/company/')) return jsonResponse({ count: companies.length, results: companies });
        return jsonResponse({ code: 'notFound', message: 'Not found' }, 404);
      }),
    );
    await userStore.fetch();
    const create = vi.fn();
    const joinWithCode = vi.fn(async () => ({ company_id: 'c9' }));
    renderInAdmin(<OnboardingGate />, { dataProvider: { create, joinWithCode } });
    fireEvent.click(screen.getByLabelText('Deutsch'));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /Ich habe einen Einladungscode/ }));
    next();
    expect(screen.getByRole('button', { name: 'Abschließen' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Einladungscode'), { target: { value: 'ABCD-EFGH' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Abschließen' })));
    await waitFor(() => expect(userStore.getState().user?.is_onboarded).toBe(true));
    expect(joinWithCode).toHaveBeenCalledWith('ABCD-EFGH');
    expect(create).not.toHaveBeenCalled();
    expect(companyStore.getState().selectedCompanyId).toBe('c9');
    expect(userStore.getState().user?.is_onboarded).toBe(true);
    expect(newcomer.language).toBe('de');
  });

  it('a bad invite code says so and lets the user try again or go back to create a company', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = recordingCalls({ joinWithCode: async () => Promise.reject(new HttpError('Not found', 404)) });
    renderInAdmin(<OnboardingDialog calls={calls} onDone={async () => undefined} />);
    next();
    fireEvent.click(screen.getByRole('radio', { name: /I have an invite code/ }));
    next();
    fireEvent.change(screen.getByLabelText('Invite code'), { target: { value: 'NOPE' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete' })));
    expect(screen.getByTestId('onboarding-error')).toHaveTextContent('This invite code is not valid or has already been used.');
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('a user in multi-tenant mode is asked before "direct" turns it off', () => {
    renderInAdmin(<OnboardingDialog calls={recordingCalls().calls} tenantModeNow onDone={async () => undefined} />);
    next();
    expect(screen.getByRole('checkbox', { name: /Turn multi-tenant mode off/ })).not.toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /Indirect customer/ }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('cannot be dismissed with Escape', () => {
    renderInAdmin(<OnboardingDialog calls={recordingCalls().calls} onDone={async () => undefined} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
