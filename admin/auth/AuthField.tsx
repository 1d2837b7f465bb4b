import { useId, type ChangeEvent } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

export interface AuthFieldProps {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
}

/**
 * An outlined text field as MUI's TextField draws it, from its parts: TextField brings the
 * select and the other input variants along, which the sign-in pages never show (issue #20).
 */
export function AuthField({ label, type, autoComplete, value, onChange, error }: AuthFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth margin="normal" error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type={type}
        autoComplete={autoComplete}
        label={label}
        value={value}
        onChange={onChange}
        aria-describedby={error ? helperId : undefined}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
