import WebhookIcon from '@mui/icons-material/Webhook';
import { lazyScreen } from '../common/lazy';

export const webhooks = {
  list: lazyScreen(() => import('./WebhookList'), 'WebhookList'),
  icon: WebhookIcon,
  recordRepresentation: 'url',
};
