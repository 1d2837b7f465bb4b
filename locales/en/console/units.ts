/** English texts of the unit screens (under `app.units`). */
export const units = {
  create_group: 'Create group "%{item}"',
  add_device: 'Add a device',
  remove_device: 'Remove from unit',
  no_devices: 'No devices in this unit yet.',
};
