/**
 * English texts of the network-server link (under `app.network`): each record's sync state, its
 * retry, the Info page's section and the owners' reconciliation with the network server. Why a sync failed comes from the server's codes (`app.server.sync`).
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
    load_failed: 'The network server status could not be loaded.',
  },
  reconcile: {
    title: 'Reconcile with the network server',
    open: 'Reconcile with the network server',
    open_help: "Compare the selected company's devices, profiles and gateways with the network server and fix what differs.",
    intro: 'Compares the devices, profiles and gateways of %{company} with what the network server holds.',
    no_company: 'Create or select a company to reconcile it.',
    loading: 'Comparing with the network server…',
    agrees: 'Everything agrees: the network server holds what this platform has.',
    differences: 'Differences',
    columns: { kind: 'Kind', name: 'Name', key: 'ID (DevEUI / gateway ID)', problem: 'Problem' },
    select_all: 'Select all',
    select: 'Select %{name}',
    kinds: { device: 'Device', profile: 'Device profile', gateway: 'Gateway' },
    problems: {
      missing_there: 'Missing in the network server',
      missing_here: 'Only in the network server — adopt into this company',
      missing_here_profile: 'Only in the network server — profiles cannot be adopted',
      keys_differ: "Keys differ — this platform's keys will be sent",
      profile_differs: "Device profile differs — this platform's profile will be set",
    },
    fix: 'Fix selected (%{smart_count})',
    check_again: 'Check again',
    confirm_title: 'Fix %{smart_count} difference? |||| Fix %{smart_count} differences?',
    confirm_push:
      "%{smart_count} entry will be sent to the network server again; this platform's version replaces what the network server holds. |||| %{smart_count} entries will be sent to the network server again; this platform's version replaces what the network server holds.",
    confirm_adopt:
      '%{smart_count} entry that exists only in the network server will be added to %{company}. |||| %{smart_count} entries that exist only in the network server will be added to %{company}.',
    confirm_background: 'Nothing is deleted. The network server receives the changes within seconds; each record shows its sync state.',
    confirm: 'Fix',
    result: '%{fixed} fixed, %{skipped} skipped',
    result_gone: '%{smart_count} no longer differed. |||| %{smart_count} no longer differed.',
    result_background: 'The fixes are sent to the network server within seconds; check again to see what remains.',
    skipped: 'Skipped',
    skip_reasons: {
      profile: 'Profiles that exist only in the network server cannot be adopted: it does not hold their codec.',
      no_keys: 'The network server gave no keys for this device, so it cannot be adopted.',
      other: 'It could not be fixed.',
    },
    errors: {
      forbidden: 'Only owners of the company can reconcile it with the network server.',
      no_network_server: 'No network server is linked (standalone mode), so there is nothing to reconcile.',
      unreachable: 'The network server cannot be reached. Try again in a moment.',
      refused: 'The network server refused the request.',
    },
  },
};
