import { required, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import { ReferenceCombobox } from '../common/ReferenceCombobox';
import { normaliseAppKey, normaliseDevEui, normaliseJoinEui, validateAppKey, validateDevEui, validateJoinEui } from './hex';
import { FormToolbar } from '../common/FormToolbar';

/**
 * The device form: DevEUI, JoinEUI and AppKey are checked as hex of the right length before
 * anything is sent. The JoinEUI (AppEUI) may stay empty: the device then joins with zeros.
 */
export function DeviceInputs(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm toolbar={<FormToolbar />} {...props} sanitizeEmptyValues>
      <TextInput source="name" fullWidth />
      <TextInput
        source="dev_eui"
        validate={[required(), validateDevEui]}
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <TextInput
        source="join_eui"
        validate={validateJoinEui}
        helperText="app.devices.join_eui_help"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <TextInput
        source="app_key"
        validate={[required(), validateAppKey]}
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <ReferenceCombobox source="config" reference="profiles" label="resources.devices.fields.config" fullWidth />
      <ReferenceCombobox source="unit" reference="units" label="resources.devices.fields.unit" fullWidth />
    </SimpleForm>
  );
}

/** What the API gets: hex in the stored form (upper case, no prefix or separators); a JoinEUI cleared is the zeros of none. */
export function toDeviceBody<T extends { dev_eui?: string; join_eui?: string | null; app_key?: string }>(data: T): T {
  return {
    ...data,
    ...(typeof data.dev_eui === 'string' ? { dev_eui: normaliseDevEui(data.dev_eui) } : {}),
    ...(data.join_eui !== undefined ? { join_eui: normaliseJoinEui(data.join_eui) } : {}),
    ...(typeof data.app_key === 'string' ? { app_key: normaliseAppKey(data.app_key) } : {}),
  };
}
