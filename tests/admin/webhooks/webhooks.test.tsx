import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, Notification, type DataProvider } from 'react-admin';
import { WebhookList } from '../../../admin/webhooks/WebhookList';
import { fieldErrorMessages } from '../../../admin/providers/serverMessages';
import type { Language } from '../../../admin/providers/i18nProvider';
import type { WebhookDelivery } from '../../../admin/types/api';
import { formatters } from '../../../admin/common/format';
import { renderInAdmin } from '../helpers';
import { describePhoneCards, isShowingSkeleton, listAnswers } from '../listStates';

const hook = {
  id: 'w1',
  company_id: 'c1',
  url: 'https://hooks.example.com/in',
  header_name: null,
  has_header_value: false,
  enabled: true,
  created_at: '2026-11-01T08:00:00.000Z',
};
const delivery = (fields: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  status: 'pending',
  attempts: 1,
  next_attempt_at: '2026-11-01T08:01:00.000Z',
  last_error: null,
  response_status: null,
  duration_ms: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  ...fields,
});

const renderList = (dataProvider: Partial<DataProvider> & Record<string, unknown>, locale?: Language) =>
  renderInAdmin(
    <>
      <WebhookList />
      <Notification />
    </>,
    { resource: 'webhooks', dataProvider, ...(locale ? { locale } : {}) },
  );
const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr') as HTMLElement;

describe('webhooks screen', () => {
  it('loading: skeleton rows', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });

  it('empty: says what a webhook does and offers a new one', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New webhook' })).toBeInTheDocument();
  });

  it('error: shows the failure, not the empty page', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(screen.queryByText(/No webhooks yet/)).toBeNull();
  });

  it('a new webhook shows its signing secret once, with a copy button', async () => {
    const create = vi.fn(async () => ({ data: { ...hook, id: 'w2', secret: 'whsec_c2VjcmV0' } })) as DataProvider['create'] & Mock;
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderList({ getList: listAnswers.rows([hook]), create });
    await rowOf(hook.url);
    fireEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/URL/), { target: { value: ' https://hooks.example.com/new ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(create).toHaveBeenCalledWith('webhooks', expect.objectContaining({ data: { url: 'https://hooks.example.com/new' } }));
    expect(await screen.findByTestId('webhook-secret')).toHaveValue('whsec_c2VjcmV0');
    expect(screen.getByText(/It will not be shown again/)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    // The next new webhook starts from an empty form.
    fireEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(/URL/)).toHaveValue('');
  });

  it('an address webhooks may not reach is said under the URL, in German too', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('app.errors.validation', 400, {
        errors: fieldErrorMessages({ url: 'Webhooks must point to a public address.' }, { url: { code: 'private_address' } }),
      });
    }) as DataProvider['create'] & Mock;
    renderList({ getList: listAnswers.rows([hook]), create }, 'de');
    await rowOf(hook.url);
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Webhook' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/URL/), { target: { value: 'http://localhost./x' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' })));
    expect(await within(dialog).findByText('Webhooks müssen auf eine öffentliche Adresse zeigen.')).toBeInTheDocument();
  });

  it("editing starts from the webhook's URL and header, keeps a stored header value left empty, and sends the changes", async () => {
    const withHeader = { ...hook, header_name: 'X-Token', has_header_value: true };
    const update = vi.fn(async (_resource: string, params: { data: Partial<typeof hook> }) => ({
      data: { ...withHeader, ...params.data },
    })) as DataProvider['update'] & Mock;
    renderList({ getList: listAnswers.rows([withHeader]), update });
    fireEvent.click(within(await rowOf(hook.url)).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Change the webhook to ${hook.url}`);
    expect(within(dialog).getByLabelText(/URL/)).toHaveValue(hook.url);
    expect(within(dialog).getByLabelText('Header')).toHaveValue('X-Token');
    expect(dialog).toHaveTextContent('A value is stored. Leave this empty to keep it.');
    fireEvent.change(within(dialog).getByLabelText(/URL/), { target: { value: 'https://hooks.example.com/v2' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'webhooks',
        expect.objectContaining({ id: 'w1', data: { url: 'https://hooks.example.com/v2', header_name: 'X-Token' } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('editing: removing the header removes its value; a refused address is said under the URL', async () => {
    const withHeader = { ...hook, header_name: 'X-Token', has_header_value: true };
    const update = vi.fn(async () => {
      throw new HttpError('app.errors.validation', 400, {
        errors: fieldErrorMessages({ url: 'Webhooks must point to a public address.' }, { url: { code: 'private_address' } }),
      });
    }) as DataProvider['update'] & Mock;
    renderList({ getList: listAnswers.rows([withHeader]), update });
    fireEvent.click(within(await rowOf(hook.url)).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Header'), { target: { value: '' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(update).toHaveBeenCalledWith('webhooks', expect.objectContaining({ data: { url: hook.url, header_name: null, header_value: null } }));
    expect(await within(dialog).findByText('Webhooks must point to a public address.')).toBeInTheDocument();
  });

  it('the cap on webhooks per company is said in words', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('app.errors.webhookLimit', 409, { code: 'webhookLimit', errors: {} });
    }) as DataProvider['create'] & Mock;
    renderList({ getList: listAnswers.rows([hook]), create });
    await rowOf(hook.url);
    fireEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/URL/), { target: { value: 'https://hooks.example.com/eleventh' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(await screen.findByText('A company can have at most 10 webhooks.')).toBeInTheDocument();
  });

  it('rotating the secret asks first, then shows the new one', async () => {
    const rotateWebhookSecret = vi.fn(async () => ({ ...hook, secret: 'whsec_bmV3' }));
    renderList({ getList: listAnswers.rows([hook]), rotateWebhookSecret });
    fireEvent.click(within(await rowOf(hook.url)).getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(`Rotate the signing secret of ${hook.url}?`);
    expect(rotateWebhookSecret).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })));
    expect(rotateWebhookSecret).toHaveBeenCalledWith('w1');
    expect(await screen.findByTestId('webhook-secret')).toHaveValue('whsec_bmV3');
  });

  it("a row opens its deliveries with our categories translated, never the network's text", async () => {
    const webhookDeliveries = vi.fn(async () => [
      delivery({ id: 'd1', status: 'delivered', response_status: 200 }),
      delivery({ id: 'd2', last_error: 'blocked_address' }),
      delivery({ id: 'd3', status: 'failed', attempts: 8, last_error: 'http_status', response_status: 503 }),
    ]);
    renderList({ getList: listAnswers.rows([hook]), webhookDeliveries }, 'de');
    fireEvent.click(await screen.findByText(hook.url));
    expect(await screen.findByText(/Der Host verweist auf eine Adresse/)).toBeInTheDocument();
    expect(screen.getByText('Der Empfänger hat mit einem Status außerhalb von 2xx geantwortet. (HTTP 503)')).toBeInTheDocument();
    expect(screen.getByText('Zugestellt')).toBeInTheDocument();
    expect(webhookDeliveries).toHaveBeenCalledWith('w1');
  });

  it.each([
    ['en', 'Duration', '1,234 ms'],
    ['de', 'Dauer', '1.234 ms'],
  ] as const)('shows how long each attempt took, in ms written the %s way, and none before the first', async (locale, header, took) => {
    const webhookDeliveries = vi.fn(async () => [
      delivery({ id: 'd1', status: 'delivered', response_status: 200, duration_ms: 1234 }),
      delivery({ id: 'd2', attempts: 0, duration_ms: null }),
    ]);
    renderList({ getList: listAnswers.rows([hook]), webhookDeliveries }, locale);
    fireEvent.click(await screen.findByText(hook.url));
    const durationHeader = await screen.findByRole('columnheader', { name: header });
    const table = durationHeader.closest('table') as HTMLElement;
    const column = within(table).getAllByRole('columnheader').indexOf(durationHeader);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[column]?.textContent)).toEqual([took, '–']);
  });

  it("a pending delivery shows when it is tried again, in the reader's language", async () => {
    const webhookDeliveries = vi.fn(async () => [delivery({ id: 'd2', last_error: 'timeout', next_attempt_at: '2026-11-01T08:05:00.000Z' })]);
    renderList({ getList: listAnswers.rows([hook]), webhookDeliveries }, 'de');
    fireEvent.click(await screen.findByText(hook.url));
    expect(await screen.findByRole('columnheader', { name: 'Nächster Versuch' })).toBeInTheDocument();
    expect(screen.getByText(formatters('de').dateTime('2026-11-01T08:05:00.000Z'))).toBeInTheDocument();
  });

  it('the switch in a row pauses the webhook without opening the row, and resumes it', async () => {
    const update = vi.fn(async (_resource: string, params: { data: Partial<typeof hook> }) => ({
      data: { ...hook, ...params.data },
    })) as DataProvider['update'] & Mock;
    const webhookDeliveries = vi.fn(async () => [] as WebhookDelivery[]);
    renderList({ getList: listAnswers.rows([hook]), update, webhookDeliveries });
    const toggle = within(await rowOf(hook.url)).getByRole('switch', { name: `Pause the webhook to ${hook.url}` });
    expect(toggle).toBeChecked();
    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(update).toHaveBeenCalledWith('webhooks', expect.objectContaining({ id: 'w1', data: { enabled: false } })));
    expect(webhookDeliveries).not.toHaveBeenCalled();
  });

  it('sends a test event from its row without opening it, and says where to find it (German too)', async () => {
    const sendWebhookTestEvent = vi.fn(async () => delivery({ id: 'd9', attempts: 0 }));
    const webhookDeliveries = vi.fn(async () => [] as WebhookDelivery[]);
    renderList({ getList: listAnswers.rows([hook]), sendWebhookTestEvent, webhookDeliveries }, 'de');
    const row = await rowOf(hook.url);
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Testereignis senden' })));
    expect(sendWebhookTestEvent).toHaveBeenCalledWith('w1');
    expect(await screen.findByText('Testereignis eingereiht. Öffnen Sie die Zeile, um die Zustellung zu sehen.')).toBeInTheDocument();
    expect(webhookDeliveries).not.toHaveBeenCalled();
  });

  it('a refused test event says why', async () => {
    renderList({ getList: listAnswers.rows([hook]), sendWebhookTestEvent: () => Promise.reject(new HttpError('app.errors.general', 500)) });
    await act(async () => fireEvent.click(within(await rowOf(hook.url)).getByRole('button', { name: 'Send test event' })));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('a refused pause says why', async () => {
    const update = vi.fn(() => Promise.reject(new HttpError('app.errors.general', 500)));
    renderList({ getList: listAnswers.rows([hook]), update });
    await act(async () => fireEvent.click(within(await rowOf(hook.url)).getByRole('switch', { name: `Pause the webhook to ${hook.url}` })));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('deliveries: empty and error states', async () => {
    const webhookDeliveries = vi.fn(async () => [] as WebhookDelivery[]);
    const { unmount } = renderList({ getList: listAnswers.rows([hook]), webhookDeliveries });
    fireEvent.click(await screen.findByText(hook.url));
    expect(await screen.findByText('Nothing sent yet.')).toBeInTheDocument();
    unmount();
    renderList({ getList: listAnswers.rows([hook]), webhookDeliveries: () => Promise.reject(new HttpError('app.errors.general', 500)) });
    fireEvent.click(await screen.findByText(hook.url));
    expect(await screen.findByText('The deliveries could not be loaded.')).toBeInTheDocument();
  });

  it('deleting asks for confirmation and says it cannot be undone', async () => {
    const deleteOne = vi.fn(async () => ({ data: hook })) as DataProvider['delete'] & Mock;
    renderList({ getList: listAnswers.rows([hook]), delete: deleteOne });
    fireEvent.click(within(await rowOf(hook.url)).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(`Delete the webhook to ${hook.url}?`);
    expect(confirm).toHaveTextContent('This cannot be undone.');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })));
    expect(deleteOne).toHaveBeenCalledWith('webhooks', expect.objectContaining({ id: 'w1' }));
  });
});

describePhoneCards('webhooks', () => <WebhookList />, hook, {
  title: 'https://hooks.example.com/in',
  facts: { en: [/2026/], de: [/2026/] },
  action: /Send test event/,
  empty: /webhook/i,
});
