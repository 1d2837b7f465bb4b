import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface TablePagerProps {
  count: number;
  /** Zero-based, as MUI counts pages. */
  page: number;
  perPage: number;
  perPageOptions: number[];
  onPage: (page: number) => void;
  /** A new page size starts again on the first page. */
  onPerPage: (perPage: number) => void;
}

/** The pager under a custom table (audit log, device events), in react-admin's translated words. */
export function TablePager({ count, page, perPage, perPageOptions, onPage, onPerPage }: TablePagerProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={perPage}
      rowsPerPageOptions={perPageOptions}
      onPageChange={(_event, next) => onPage(next)}
      onRowsPerPageChange={(event) => {
        onPerPage(Number(event.target.value));
        onPage(0);
      }}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count: total }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total })}
    />
  );
}
