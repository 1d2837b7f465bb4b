import WebhookIcon from '@mui/icons-material/Webhook';
import { lazyNamed } from '../common/lazy';

export const webhooks = {
  list: lazyNamed(() => import('./WebhookList'), 'WebhookList'),
  icon: WebhookIcon,
  recordRepresentation: 'url',
};
