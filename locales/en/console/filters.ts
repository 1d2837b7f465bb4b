/** English texts of the column filter dialog (under `app.filters`). */
export const filters = {
  title: 'Filter by %{column}',
  search: 'Search options',
  all: 'All',
  show_all: 'Show all',
  count: '%{smart_count} record |||| %{smart_count} records',
  none: 'No options',
  active: 'filtered',
  error: 'Unable to load filter options',
};
