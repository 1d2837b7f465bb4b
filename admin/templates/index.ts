import Storefront from '@mui/icons-material/Storefront';
import { lazyNamed } from '../common/lazy';

/** Issue #5/#6 add the forms and detail screens; the list is real and honours ?filters=. */
export const templates = {
  list: lazyNamed(() => import('./TemplateList'), 'TemplateList'),
  icon: Storefront,
  recordRepresentation: 'model',
};
