/** English texts of the device list's bulk operations, run by the server as jobs (under `app.devices.bulk`). */
export const bulkJobs = {
  select_all: 'Select all %{smart_count} matching device |||| Select all %{smart_count} matching devices',
  all_selected: 'All %{smart_count} matching device selected |||| All %{smart_count} matching devices selected',
  delete: 'Delete',
  move: 'Move to unit',
  profile: 'Change profile',
  move_title: 'Move %{smart_count} device to a unit? |||| Move %{smart_count} devices to a unit?',
  profile_title: 'Change the profile of %{smart_count} device? |||| Change the profile of %{smart_count} devices?',
  unit: 'Unit (empty: no unit)',
  config: 'Device profile',
  start: 'Start',
  running: {
    delete: 'Deleting devices…',
    move: 'Moving devices…',
    profile: 'Changing profiles…',
  },
  progress: '%{done} of %{total} devices',
  cancel: 'Cancel job',
  finished: {
    delete: '%{smart_count} device deleted |||| %{smart_count} devices deleted',
    move: '%{smart_count} device moved |||| %{smart_count} devices moved',
    profile: 'Profile changed on %{smart_count} device |||| Profile changed on %{smart_count} devices',
  },
  cancelled: 'Job cancelled after %{smart_count} device |||| Job cancelled after %{smart_count} devices',
  failed: 'The job stopped with an error after %{smart_count} device |||| The job stopped with an error after %{smart_count} devices',
};
