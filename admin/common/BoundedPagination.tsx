import type { TablePaginationProps } from '@mui/material';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import type { BoundedListMeta } from '../providers/dataProvider';
import { useFormatters } from './format';

/**
 * react-admin's pager, which says "1–25 of more than 1,000" when the API stopped counting (the
 * device list at fleet scale, issue #20) where react-admin would say "of more than 25"; with an
 * exact count it is react-admin's own.
 */
export function BoundedPagination(props: PaginationProps) {
  const translate = useTranslate();
  const format = useFormatters();
  const { meta } = useListContext();
  const moreThan = (meta as BoundedListMeta | undefined)?.moreThan;
  if (moreThan === undefined) return <Pagination {...props} />;
  // react-admin hands its other props on to MUI's TablePagination after its own, so this label
  // replaces react-admin's; its PaginationProps type does not list the prop, the spread carries it.
  const labelled: PaginationProps & Pick<TablePaginationProps, 'labelDisplayedRows'> = {
    ...props,
    labelDisplayedRows: ({ from, to }) => translate('app.list.more_than_range', { offsetBegin: from, offsetEnd: to, total: format.number(moreThan) }),
  };
  return <Pagination {...labelled} />;
}
