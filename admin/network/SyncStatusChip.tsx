import type { MouseEvent } from 'react';
import { Chip, Tooltip } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SyncStatus } from '../types/api';
import { syncReason, type WithSyncStatus } from './syncText';

const ICONS = { synced: <CheckCircleOutlineIcon />, pending: <ScheduleIcon />, failed: <ErrorOutlineIcon /> };

/** Pending after a failed attempt (e.g. the network server is down) is a warning; a first wait is only news. */
const colour = (status: SyncStatus) => (status.state === 'synced' ? 'success' : status.state === 'failed' ? 'error' : status.error_code ? 'warning' : 'info');

/** A chip that opens the record's sync details (e.g. its list row's expand panel, by id). */
export interface SyncDetailsToggle {
  expanded: boolean;
  controls: string;
  onToggle: () => void;
}

/**
 * The record's sync state as a compact chip for list columns (`label` names the column). Its
 * accessible name says what the state is of; why the last attempt failed is its description, shown
 * as a tooltip on hover or keyboard focus. With `details` it is the button that shows them.
 * Renders nothing without a sync state (standalone mode).
 */
export function SyncStatusChip({ details }: { label?: string; details?: SyncDetailsToggle }) {
  const record = useRecordContext<WithSyncStatus>();
  const translate = useTranslate();
  const status = record?.network_sync;
  if (!status) return null;
  const state = translate(`app.network.states.${status.state}`);
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      aria-label={translate('app.network.chip_label', { state })}
      color={colour(status)}
      icon={ICONS[status.state]}
      label={state}
      {...(details
        ? {
            // The row around the chip opens the record's page on a click; this click only toggles the details.
            onClick: (event: MouseEvent) => {
              event.stopPropagation();
              details.onToggle();
            },
            'aria-expanded': details.expanded,
            'aria-controls': details.controls,
          }
        : // A plain chip is a generic element, which may carry no name; as an image it does, and the reason's tooltip needs focus.
          { role: 'img', tabIndex: status.error_code ? 0 : undefined })}
    />
  );
  if (!status.error_code) return chip;
  return (
    <Tooltip title={syncReason(translate, status.error_code)} describeChild>
      {chip}
    </Tooltip>
  );
}
