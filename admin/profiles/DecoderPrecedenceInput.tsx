import { RadioButtonGroupInput, useTranslate } from 'react-admin';
import { DECODERS } from '../types/api';

/**
 * Which decoding gives the device's values when ChirpStack sent its own (`object`) and the profile
 * has a codec too. Radio buttons: two choices whose meaning needs reading, not a menu to open.
 */
export function DecoderPrecedenceInput() {
  const translate = useTranslate();
  return (
    <RadioButtonGroupInput
      source="decoder_precedence"
      choices={DECODERS.map((decoder) => ({ id: decoder, name: translate(`app.profiles.decoder_precedence.${decoder}`) }))}
      row={false}
      helperText="app.profiles.decoder_precedence_help"
    />
  );
}
