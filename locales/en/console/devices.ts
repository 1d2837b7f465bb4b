import type { Decoder } from '../../../admin/types/api';
import { downlinks } from './downlinks';
import { unregistered } from './unregistered';
import { bulkJobs } from './bulk-jobs';

/** English texts of the device screens (under `app.devices`). */
export const devices = {
  dev_eui_invalid: 'DevEUI must be 16 hexadecimal digits.',
  app_key_invalid: 'AppKey must be 32 hexadecimal digits.',
  join_eui_invalid: 'JoinEUI must be 16 hexadecimal digits.',
  join_eui_help: 'Also called AppEUI. Leave empty if the device has none: it then joins with zeros.',
  empty_hint: 'Register one by its DevEUI and AppKey, import the CSV your device shop sent, or start from a device profile of the template store.',
  empty_register: 'Register a device',
  export: 'Export CSV',
  empty_templates: 'See the templates',
  topics: 'Topics',
  topic: 'Topic',
  last_value: 'Last value',
  last_timestamp: 'Last timestamp',
  decoded_by: 'Decoded by',
  /** Who produced a topic's last value (short: a chip in the topics table). */
  decoders: {
    network_server: 'Network server',
    profile_codec: 'Profile codec',
  } satisfies Record<Decoder, string>,
  topics_empty: 'No data received yet.',
  topics_error: 'Error loading topics',
  bulk_delete_title: 'Delete %{smart_count} device? |||| Delete %{smart_count} devices?',
  downlinks,
  unregistered,
  bulk: bulkJobs,
  power_filter: {
    external: 'External power',
    battery: 'Battery',
    battery_low: 'Battery low',
    unknown: 'Unknown',
  },
};
