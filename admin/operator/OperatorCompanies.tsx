import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { Section } from '../common/Section';
import { TablePager } from '../common/TablePager';
import { useApiQuery } from '../common/useApiQuery';
import { useDebouncedValue } from '../common/useDebouncedValue';
import type { AppDataProvider } from '../providers/dataProvider';
import type { OperatorCompanyFilter } from '../providers/operatorApi';
import { PLANS, type OperatorCompany, type OperatorCompanyOrdering, type Plan } from '../types/api';
import { ManageCompanyDialog } from './ManageCompanyDialog';
import { OperatorCompanyTable } from './OperatorCompanyTable';
import { FIRST_PAGE_SIZE, PAGE_SIZES, refusalText } from './paging';
import { OperatorToolbar } from './OperatorToolbar';

type Status = '' | 'active' | 'suspended';

/**
 * Every company of the platform with its plan, devices, usage this month, overrides and
 * suspension; searched, filtered, sorted and paged in the API. Each company opens a dialog to
 * change its plan and overrides, suspend or resume it, and see its members.
 */
export function OperatorCompanies() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [search, setSearch] = useState('');
  const [plan, setPlan] = useState<Plan | ''>('');
  const [status, setStatus] = useState<Status>('');
  const [ordering, setOrdering] = useState<OperatorCompanyOrdering>('name');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(FIRST_PAGE_SIZE);
  const [managed, setManaged] = useState<OperatorCompany | null>(null);
  const searched = useDebouncedValue(search.trim(), 300);
  const filter: OperatorCompanyFilter = {
    search: searched || undefined,
    plan: plan || undefined,
    suspended: status === '' ? undefined : status === 'suspended',
    ordering,
  };
  const companies = useApiQuery({
    queryKey: ['operatorCompanies', filter, page, perPage],
    queryFn: () => dataProvider.operatorCompanies(filter, page + 1, perPage),
  });
  const results = companies.data?.results ?? [];
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <Section
      title={translate('app.operator.companies')}
      load={{ isPending: companies.isPending, isError: companies.isError }}
      isEmpty={results.length === 0}
      emptyText={translate('app.operator.empty')}
      errorText={refusalText(companies.error, translate, 'app.operator.error')}
      toolbar={
        <OperatorToolbar searchLabel={translate('app.operator.search')} search={search} onSearch={filtered(setSearch)}>
          <TextField
            select
            size="small"
            label={translate('app.operator.plan')}
            value={plan}
            onChange={(event) => filtered(setPlan)(event.target.value as Plan | '')}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">{translate('app.operator.all')}</MenuItem>
            {PLANS.map((option) => (
              <MenuItem key={option} value={option}>
                {translate(`app.usage.plans.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={translate('app.operator.status')}
            value={status}
            onChange={(event) => filtered(setStatus)(event.target.value as Status)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">{translate('app.operator.all')}</MenuItem>
            <MenuItem value="active">{translate('app.operator.active')}</MenuItem>
            <MenuItem value="suspended">{translate('app.operator.suspended')}</MenuItem>
          </TextField>
        </OperatorToolbar>
      }
    >
      <OperatorCompanyTable companies={results} ordering={ordering} onOrdering={filtered(setOrdering)} onManage={setManaged} />
      <TablePager count={companies.data?.count ?? 0} page={page} perPage={perPage} perPageOptions={PAGE_SIZES} onPage={setPage} onPerPage={setPerPage} />
      {managed && <ManageCompanyDialog company={managed} onClose={() => setManaged(null)} />}
    </Section>
  );
}
