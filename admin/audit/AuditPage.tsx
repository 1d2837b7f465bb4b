import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { TablePager } from '../common/TablePager';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Section } from '../common/Section';
import { useApiQuery } from '../common/useApiQuery';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { AuditFilter } from '../providers/auditApi';
import type { AppDataProvider } from '../providers/dataProvider';
import { saveDownload } from '../common/saveDownload';
import { useCompanyState } from '../stores/hooks';
import { AuditFilters, isoMoment, NO_AUDIT_FILTERS, type AuditFilterState } from './AuditFilters';
import { AuditTable } from './AuditTable';

const PAGE_SIZES = [25, 50, 100];

const apiFilter = (state: AuditFilterState): AuditFilter => ({
  actor: state.actor?.id,
  action: state.action || undefined,
  resource_type: state.resource || undefined,
  from: isoMoment(state.from),
  to: isoMoment(state.to),
});

/** The audit log of the selected company (issue #15): who changed what, when and from where; filtered, paged, exported as CSV. */
export function AuditPage() {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedCompanyId } = useCompanyState();
  const [filters, setFilters] = useState<AuditFilterState>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0] ?? 25);
  const filter = apiFilter(filters);
  const events = useApiQuery({
    queryKey: ['auditEvents', selectedCompanyId, filter, page, perPage],
    queryFn: () => dataProvider.auditEvents(selectedCompanyId ?? '', filter, page + 1, perPage),
    enabled: Boolean(selectedCompanyId),
  });
  const exporting = useMutation({
    mutationFn: () => dataProvider.exportAuditEvents(selectedCompanyId ?? '', filter),
    onSuccess: saveDownload,
    onError: notifyFailure,
  });
  const filterBy = (next: AuditFilterState) => {
    setFilters(next);
    setPage(0);
  };
  const results = events.data?.results ?? [];

  return (
    <>
      <Title title={translate('app.audit.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {translate('app.audit.title')}
        </Typography>
        {selectedCompanyId && (
          <Button startIcon={<DownloadIcon />} disabled={exporting.isPending} onClick={() => exporting.mutate()}>
            {translate('app.audit.export')}
          </Button>
        )}
      </Box>
      {!selectedCompanyId ? (
        <Typography color="text.secondary">{translate('app.audit.no_company')}</Typography>
      ) : (
        <Section
          title={translate('app.audit.entries')}
          load={{ isPending: events.isPending, isError: events.isError }}
          isEmpty={results.length === 0}
          emptyText={translate('app.audit.empty')}
          errorText={translate('app.audit.error')}
          toolbar={<AuditFilters value={filters} onChange={filterBy} />}
        >
          <AuditTable events={results} onActor={(actor) => filterBy({ ...filters, actor })} />
          <TablePager count={events.data?.count ?? 0} page={page} perPage={perPage} perPageOptions={PAGE_SIZES} onPage={setPage} onPerPage={setPerPage} />
        </Section>
      )}
    </>
  );
}
