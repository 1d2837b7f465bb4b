import { NumberInput, required, SelectInput, useTranslate } from 'react-admin';
import { MAC_VERSIONS, REG_PARAMS_REVISIONS, REGIONS } from '../types/api';
import { macVersionLabel, regionLabel, regParamsRevisionLabel } from './networkLabels';

/**
 * Whole seconds, at least one (the API refuses anything else with a field code). Checked here, not
 * by the input's min and step attributes: the browser would block the form with its own message,
 * in its own language.
 */
const validateInterval = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? undefined : 'app.profiles.uplink_interval_invalid';

/** What the network server needs of a profile: region, LoRaWAN MAC version, regional-parameters revision, uplink interval. */
export function NetworkInputs() {
  const translate = useTranslate();
  return (
    <>
      <SelectInput source="region" choices={REGIONS.map((region) => ({ id: region, name: regionLabel(translate, region) }))} validate={required()} />
      <SelectInput source="mac_version" choices={MAC_VERSIONS.map((version) => ({ id: version, name: macVersionLabel(version) }))} validate={required()} />
      <SelectInput
        source="reg_params_revision"
        choices={REG_PARAMS_REVISIONS.map((revision) => ({ id: revision, name: regParamsRevisionLabel(revision) }))}
        validate={required()}
        helperText="app.profiles.reg_params_help"
      />
      <NumberInput source="uplink_interval_s" validate={[required(), validateInterval]} helperText="app.profiles.uplink_interval_help" />
    </>
  );
}
