import Storefront from '@mui/icons-material/Storefront';
import { lazyScreen } from '../common/lazy';

/** Templates are read-only: the list shows each one's details inline and copies it into the company as a profile. */
export const templates = {
  list: lazyScreen(() => import('./TemplateList'), 'TemplateList'),
  icon: Storefront,
  recordRepresentation: 'model',
};
