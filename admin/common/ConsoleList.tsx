import { CreateButton, List, SearchInput, TopToolbar, type ListProps } from 'react-admin';
import { useUrlFilters } from './useUrlFilters';
import { ListError } from './ListError';
import { PermittedForResource } from './Permitted';
import { ColumnChooser } from './KeyboardDataTable';
import { BoundedPagination } from './BoundedPagination';

const searchFilter = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * A resource list as every console list behaves: it honours `?filters=` from the global search
 * (spec §2), searches on the server, sorts by name, shows a load failure as such (ListError), and
 * offers Create (disabled with the reason for a role that may not), and the column chooser of a
 * KeyboardDataTable when asked to, and a pager that says "of more than N" when the API stopped
 * counting (BoundedPagination). Each default can be overridden.
 */
export function ConsoleList({
  filters = searchFilter,
  sort = { field: 'name', order: 'ASC' },
  actions,
  columnChooser = false,
  ...props
}: ListProps & { columnChooser?: boolean }) {
  return (
    <List
      filter={useUrlFilters()}
      filters={filters}
      sort={sort}
      error={<ListError />}
      pagination={<BoundedPagination />}
      actions={
        actions ?? (
          <TopToolbar>
            {columnChooser && <ColumnChooser />}
            <PermittedForResource kind="create">
              <CreateButton />
            </PermittedForResource>
          </TopToolbar>
        )
      }
      {...props}
    />
  );
}
