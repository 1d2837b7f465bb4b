import { downlinks } from './downlinks';

/** English texts of the device screens (under `app.devices`). */
export const devices = {
  dev_eui_invalid: 'DevEUI must be 16 hexadecimal digits.',
  app_key_invalid: 'AppKey must be 32 hexadecimal digits.',
  join_eui_invalid: 'JoinEUI must be 16 hexadecimal digits.',
  join_eui_help: 'Also called AppEUI. Leave empty if the device has none: it then joins with zeros.',
  topics: 'Topics',
  topic: 'Topic',
  last_value: 'Last value',
  last_timestamp: 'Last timestamp',
  topics_empty: 'No data received yet.',
  topics_error: 'Error loading topics',
  bulk_delete_title: 'Delete %{smart_count} device? |||| Delete %{smart_count} devices?',
  downlinks,
  power_filter: {
    external: 'External power',
    battery: 'Battery',
    battery_low: 'Battery low',
    unknown: 'Unknown',
  },
};
