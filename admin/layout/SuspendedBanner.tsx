import { Alert, AlertTitle, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCompanyState } from '../stores/hooks';

/**
 * While the operator has suspended the selected company (issue #17): why, that its data is
 * read-only, and whom to write to. Nothing for a company that is not suspended or before the
 * companies are loaded.
 */
export function SuspendedBanner() {
  const translate = useTranslate();
  const { companies, selectedCompanyId } = useCompanyState();
  const company = companies.find((candidate) => candidate.id === selectedCompanyId);
  if (!company?.suspended_at) return null;
  const contact = company.suspension_contact;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="suspended-banner">
      <AlertTitle>{translate('app.suspended_banner.title', { name: company.name })}</AlertTitle>
      {translate('app.suspended_banner.read_only')}
      {company.suspension_reason && <div>{translate('app.suspended_banner.reason', { reason: company.suspension_reason })}</div>}
      <div>
        {contact ? (
          <>
            {translate('app.suspended_banner.contact')} <Link href={`mailto:${contact}`}>{contact}</Link>
          </>
        ) : (
          translate('app.suspended_banner.contact_operator')
        )}
      </div>
    </Alert>
  );
}
