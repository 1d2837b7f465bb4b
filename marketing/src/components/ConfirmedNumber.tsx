import { useState, type KeyboardEvent } from 'react';

interface ConfirmedNumberProps {
  label: string;
  value: number;
  onConfirm: (value: number) => void;
  max?: number;
}

/**
 * A number input whose typing is a draft: Enter confirms it (spec §2 calculator), Escape
 * restores the last confirmed value. Leaving the field keeps the draft visible but unconfirmed.
 */
export function ConfirmedNumber({ label, value, onConfirm, max = 10_000_000 }: ConfirmedNumberProps) {
  const [draft, setDraft] = useState(String(value));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const parsed = Math.min(max, Math.max(0, Math.floor(Number(draft))));
      const confirmed = Number.isFinite(parsed) ? parsed : value;
      setDraft(String(confirmed));
      onConfirm(confirmed);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(String(value));
    }
  };
  return (
    <label>
      {label}
      <input type="number" inputMode="numeric" min={0} max={max} value={draft} onChange={(event) => setDraft(event.target.value)} onKeyDown={onKeyDown} />
    </label>
  );
}
