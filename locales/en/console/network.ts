/**
 * English texts of the network-server link (under `app.network`): each record's sync state, its
 * retry, and the Info page's section. Why a sync failed comes from the server's codes (`app.server.sync`).
 */
export const network = {
  title: 'Network server',
  states: { synced: 'In sync', pending: 'Pending', failed: 'Failed' },
  chip_label: 'Network server: %{state}',
  state_help: {
    synced: 'The network server has the current version.',
    pending: 'The change waits to be sent to the network server.',
    failed: 'The network server did not take the change.',
  },
  since: 'Since %{time}',
  server_says: 'Network server says: %{message}',
  retry: 'Retry now',
  info: {
    mode: 'Mode',
    modes: { standalone: 'Standalone', chirpstack: 'ChirpStack' },
    standalone_help: 'Device data arrives through the ingest API; nothing is provisioned in a network server.',
    pending: 'Changes waiting',
    failed: 'Changes failed',
    mqtt: 'MQTT link of this server',
    mqtt_states: { connecting: 'Connecting', connected: 'Connected', reconnecting: 'Reconnecting', stopped: 'Stopped' },
    mqtt_since: 'Since %{time}',
    mqtt_help: 'Events from the network server’s broker (MQTT_URL). While the link is down the broker keeps them for this server.',
    mqtt_last_error: 'Last MQTT problem',
    mqtt_error_at: 'At %{time}',
    load_failed: 'The network server status could not be loaded.',
  },
};
