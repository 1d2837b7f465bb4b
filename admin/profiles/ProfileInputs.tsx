import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { BooleanInput, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import { requiredText } from '../common/validators';
import { CodecTestPanel } from './CodecTestPanel';
import { DecoderPrecedenceInput } from './DecoderPrecedenceInput';
import { NetworkInputs } from './NetworkInputs';
import { FormToolbar } from '../common/FormToolbar';

// The editor brings CodeMirror; only the profile form downloads it.
const CodecEditor = lazy(async () => ({ default: (await import('./CodecEditor')).CodecEditor }));

/**
 * A custom profile: name, payload codec script (JS) with a test run and which decoding wins when
 * ChirpStack decodes too, OTAA, Class B, Class C, and what the network server needs (region,
 * LoRaWAN version, uplink interval).
 */
export function ProfileInputs(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm toolbar={<FormToolbar />} {...props}>
      <TextInput source="name" validate={requiredText} fullWidth />
      <Suspense fallback={<LinearProgress />}>
        <CodecEditor source="codec" />
      </Suspense>
      <CodecTestPanel />
      <DecoderPrecedenceInput />
      <BooleanInput source="supports_otaa" />
      <BooleanInput source="supports_class_b" />
      <BooleanInput source="supports_class_c" />
      <NetworkInputs />
    </SimpleForm>
  );
}
