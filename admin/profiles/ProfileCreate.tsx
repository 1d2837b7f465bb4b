import { Create } from 'react-admin';
import { ProfileInputs } from './ProfileInputs';

/** A starting point every vendor codec follows (LoRaWAN Payload Codec API, TS013). */
const STARTER_CODEC = `function decodeUplink(input) {
  // input.bytes: array of numbers, input.fPort: number
  return { data: { length: input.bytes.length }, warnings: [], errors: [] };
}
`;

export function ProfileCreate() {
  return (
    <Create redirect="edit">
      <ProfileInputs defaultValues={{ codec: STARTER_CODEC, supports_otaa: true, supports_class_b: false, supports_class_c: false }} />
    </Create>
  );
}
