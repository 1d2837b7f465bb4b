import { Create } from 'react-admin';
import { useCreatedNotice } from '../common/useCreatedNotice';
import { ProfileInputs } from './ProfileInputs';
import { DEFAULT_DECODER_PRECEDENCE, DEFAULT_MAC_VERSION, DEFAULT_REG_PARAMS_REVISION, DEFAULT_REGION, DEFAULT_UPLINK_INTERVAL_S } from '../types/api';

/** A starting point every vendor codec follows (LoRaWAN Payload Codec API, TS013). */
const STARTER_CODEC = `function decodeUplink(input) {
  // input.bytes: array of numbers, input.fPort: number
  return { data: { length: input.bytes.length }, warnings: [], errors: [] };
}
`;

export function ProfileCreate() {
  const notice = useCreatedNotice('edit');
  return (
    <Create redirect="edit" mutationOptions={notice}>
      <ProfileInputs
        defaultValues={{
          codec: STARTER_CODEC,
          supports_otaa: true,
          supports_class_b: false,
          supports_class_c: false,
          region: DEFAULT_REGION,
          mac_version: DEFAULT_MAC_VERSION,
          reg_params_revision: DEFAULT_REG_PARAMS_REVISION,
          uplink_interval_s: DEFAULT_UPLINK_INTERVAL_S,
          decoder_precedence: DEFAULT_DECODER_PRECEDENCE,
        }}
      />
    </Create>
  );
}
