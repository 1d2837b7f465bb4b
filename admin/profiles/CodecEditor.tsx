import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { FormHelperText, FormLabel, Box } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { cspNonce } from '../common/styleCache';

// CodeMirror writes its theme into a <style> element, which the policy admits only with the page's nonce.
const extensions = [javascript(), EditorView.cspNonce.of(cspNonce() ?? '')];

/** The payload codec script in a code editor with JavaScript highlighting (loaded only with the profile form). */
export function CodecEditor({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source });
  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <FormLabel htmlFor={id}>{translate('resources.profiles.fields.codec')}</FormLabel>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', mt: 0.5 }}>
        <CodeMirror
          id={id}
          value={typeof field.value === 'string' ? field.value : ''}
          height="320px"
          extensions={extensions}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          basicSetup={{ foldGutter: false }}
          aria-label={translate('resources.profiles.fields.codec')}
        />
      </Box>
      <FormHelperText error={Boolean(fieldState.error)}>
        {fieldState.error?.message ? translate(fieldState.error.message) : translate('app.profiles.codec_help')}
      </FormHelperText>
    </Box>
  );
}
