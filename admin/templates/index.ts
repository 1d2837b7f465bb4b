import Storefront from '@mui/icons-material/Storefront';
import { lazyNamed } from '../common/lazy';

/** Templates are read-only: the list shows each one's details inline and copies it into the company as a profile. */
export const templates = {
  list: lazyNamed(() => import('./TemplateList'), 'TemplateList'),
  icon: Storefront,
  recordRepresentation: 'model',
};
