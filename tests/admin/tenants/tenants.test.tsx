import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Form } from 'react-admin';
import { BarPreview } from '../../../admin/tenants/BarPreview';
import { TenantInputs } from '../../../admin/tenants/TenantInputs';
import { TenantList } from '../../../admin/tenants/TenantList';
import { renderInAdmin } from '../helpers';
import { describeListStates, describePhoneCards } from '../listStates';

describeListStates(
  'tenants',
  () => <TenantList />,
  { id: 't1', name: 'Reseller', logo_url: null, color_hex: '#3B82F6', created_at: '2026-11-01T00:00:00.000Z' },
  /No Tenants yet/i,
);

describe('tenant form', () => {
  it('previews the bar with the colour and name as they are typed', async () => {
    renderInAdmin(
      <Form defaultValues={{ name: 'Reseller', logo_url: null, color_hex: '#3B82F6' }}>
        <BarPreview />
      </Form>,
    );
    expect(screen.getByTestId('bar-preview')).toHaveStyle({ backgroundColor: '#3B82F6' });
  });

  it('refuses a colour that is not #RRGGBB and updates the preview live', async () => {
    renderInAdmin(<TenantInputs />, { resource: 'tenants' });
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Reseller' } });
    fireEvent.change(screen.getByLabelText(/Primary colour/), { target: { value: '#10B981' } });
    expect(screen.getByTestId('bar-preview')).toHaveStyle({ backgroundColor: '#10B981' });
    fireEvent.change(screen.getByLabelText(/Primary colour/), { target: { value: 'blue' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Enter a colour as # and six hexadecimal digits, e.g. #3B82F6.')).toBeInTheDocument();
  });
});

describePhoneCards(
  'tenants',
  () => <TenantList />,
  { id: 't1', name: 'Reseller', logo_url: null, color_hex: '#3B82F6', created_at: '2026-11-01T00:00:00.000Z' },
  { title: 'Reseller', facts: { en: ['#3B82F6', /^Created:/], de: ['#3B82F6', /^Erstellt:/] }, href: '/tenants/t1', empty: /No Tenants yet/i },
);
