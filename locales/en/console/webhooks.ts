/** English texts of the webhook screen (the company's webhooks, their signing secrets and deliveries). */
export const webhooks = {
  new: 'New webhook',
  empty: 'No webhooks yet. A webhook posts every decoded uplink of this company to a URL of yours.',
  header_value: 'Header value',
  secret_title: 'Signing secret',
  secret_once:
    'Copy this secret now. It will not be shown again. Your receiver checks the webhook-signature header of each delivery with it (Standard Webhooks).',
  copy: 'Copy',
  copied: 'Copied',
  close: 'Close',
  rotate: 'Rotate secret',
  rotate_title: 'Rotate the signing secret of %{url}?',
  rotate_content: 'From now on deliveries are signed with a new secret; your receiver must switch to it.',
  delete_title: 'Delete the webhook to %{url}?',
  deliveries: 'Latest deliveries',
  no_deliveries: 'Nothing sent yet.',
  deliveries_error: 'The deliveries could not be loaded.',
  queued: 'Queued',
  status: 'State',
  attempts: 'Attempts',
  reason: 'Why not delivered',
  state: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' },
};
