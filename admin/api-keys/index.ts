import KeyIcon from '@mui/icons-material/Key';
import { lazyNamed } from '../common/lazy';

export const apiKeys = {
  list: lazyNamed(() => import('./ApiKeyList'), 'ApiKeyList'),
  icon: KeyIcon,
  recordRepresentation: 'name',
};
