import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { FormHelperText, FormLabel, Box } from '@mui/material';
import { useMemo } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { cspNonce } from '../common/styleCache';

// CodeMirror writes its theme into a <style> element, which the policy admits only with the page's nonce.
const baseExtensions = [javascript(), EditorView.cspNonce.of(cspNonce() ?? '')];

/** The payload codec script in a code editor with JavaScript highlighting (loaded only with the profile form). */
export function CodecEditor({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source });
  const label = translate('resources.profiles.fields.codec');
  // The name belongs on the editable element (role textbox), not on CodeMirror's wrapper div.
  const extensions = useMemo(() => [...baseExtensions, EditorView.contentAttributes.of({ 'aria-label': label })], [label]);
  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      {/* The editor is light in both themes: its highlight colours read on white only, and the dark theme's white text would not. */}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', mt: 0.5, bgcolor: '#fff', color: 'rgba(0, 0, 0, 0.87)' }}>
        <CodeMirror
          id={id}
          value={typeof field.value === 'string' ? field.value : ''}
          height="320px"
          extensions={extensions}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          basicSetup={{ foldGutter: false }}
        />
      </Box>
      <FormHelperText error={Boolean(fieldState.error)}>
        {fieldState.error?.message ? translate(fieldState.error.message) : translate('app.profiles.codec_help')}
      </FormHelperText>
    </Box>
  );
}
