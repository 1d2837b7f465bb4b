import { useState } from 'react';
import { Button } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFormatters } from '../common/format';
import { Section } from '../common/Section';
import { TablePager } from '../common/TablePager';
import { useApiQuery } from '../common/useApiQuery';
import { useDebouncedValue } from '../common/useDebouncedValue';
import type { AppDataProvider } from '../providers/dataProvider';
import type { OperatorTenantFilter } from '../providers/operatorApi';
import type { OperatorTenant, OperatorTenantOrdering } from '../types/api';
import { EditTenantDialog } from './EditTenantDialog';
import { OperatorTable, type OperatorColumn } from './OperatorTable';
import { OperatorToolbar } from './OperatorToolbar';
import { FIRST_PAGE_SIZE, PAGE_SIZES, refusalText } from './paging';

/** Every reseller tenant of the platform: owners, companies, devices; searched, sorted and paged in the API; each editable. */
export function OperatorTenants() {
  const translate = useTranslate();
  const format = useFormatters();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [search, setSearch] = useState('');
  const [ordering, setOrdering] = useState<OperatorTenantOrdering>('name');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(FIRST_PAGE_SIZE);
  const [edited, setEdited] = useState<OperatorTenant | null>(null);
  const searched = useDebouncedValue(search.trim(), 300);
  const filter: OperatorTenantFilter = { search: searched || undefined, ordering };
  const tenants = useApiQuery({
    queryKey: ['operatorTenants', filter, page, perPage],
    queryFn: () => dataProvider.operatorTenants(filter, page + 1, perPage),
  });
  const rows = tenants.data?.results ?? [];
  const owners = (tenant: OperatorTenant) => tenant.owners.join(', ');
  const columns: OperatorColumn<OperatorTenant>[] = [
    { label: translate('app.operator.tenant'), sort: 'name', render: (tenant) => tenant.name },
    { label: translate('app.operator.owners'), render: owners },
    { label: translate('app.operator.companies_count'), sort: 'companies', align: 'right', render: (tenant) => format.number(tenant.companies) },
    { label: translate('app.operator.devices'), sort: 'devices', align: 'right', render: (tenant) => format.number(tenant.devices) },
    { label: translate('app.operator.created'), sort: 'created_at', render: (tenant) => format.date(tenant.created_at) },
  ];

  return (
    <Section
      title={translate('app.operator.tenants')}
      load={{ isPending: tenants.isPending, isError: tenants.isError }}
      isEmpty={rows.length === 0}
      emptyText={translate('app.operator.tenants_empty')}
      errorText={refusalText(tenants.error, translate, 'app.operator.tenants_error')}
      toolbar={
        <OperatorToolbar
          searchLabel={translate('app.operator.search')}
          search={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
      }
    >
      <OperatorTable
        label={translate('app.operator.tenants')}
        rows={rows}
        columns={columns}
        ordering={ordering}
        onOrdering={(next) => {
          setOrdering(next as OperatorTenantOrdering);
          setPage(0);
        }}
        primary={(tenant) => tenant.name}
        secondary={(tenant) =>
          `${owners(tenant)} · ${translate('app.operator.companies_count')}: ${format.number(tenant.companies)} · ${translate('app.operator.devices')}: ${format.number(tenant.devices)}`
        }
        action={(tenant) => (
          <Button size="small" onClick={() => setEdited(tenant)} aria-label={translate('app.operator.edit_tenant', { name: tenant.name })}>
            {translate('app.operator.edit')}
          </Button>
        )}
      />
      <TablePager count={tenants.data?.count ?? 0} page={page} perPage={perPage} perPageOptions={PAGE_SIZES} onPage={setPage} onPerPage={setPerPage} />
      {edited && <EditTenantDialog tenant={edited} onClose={() => setEdited(null)} />}
    </Section>
  );
}
