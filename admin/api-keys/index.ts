import KeyIcon from '@mui/icons-material/Key';
import { lazyScreen } from '../common/lazy';

export const apiKeys = {
  list: lazyScreen(() => import('./ApiKeyList'), 'ApiKeyList'),
  icon: KeyIcon,
  recordRepresentation: 'name',
};
