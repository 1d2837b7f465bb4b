import { Alert, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useCompanyState } from '../../stores/hooks';
import { CompanyReconcile } from './CompanyReconcile';

/**
 * Reconcile with the network server (issue #13): the selected company's differences, for its
 * owners only (the server refuses members too; adopting devices changes the company). A member who
 * follows a link here is told so without asking the server.
 */
export function ReconcilePage() {
  const translate = useTranslate();
  const { companies, selectedCompanyId } = useCompanyState();
  const company = companies.find((candidate) => candidate.id === selectedCompanyId);
  return (
    <>
      <Title title={translate('app.network.reconcile.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.network.reconcile.title')}
      </Typography>
      {!company ? (
        <Typography color="text.secondary">{translate('app.network.reconcile.no_company')}</Typography>
      ) : company.role !== 'owner' ? (
        <Alert severity="info">{translate('app.network.reconcile.errors.forbidden')}</Alert>
      ) : (
        // Keyed by company: switching companies starts afresh (selection, last result).
        <CompanyReconcile key={company.id} company={company} />
      )}
    </>
  );
}
