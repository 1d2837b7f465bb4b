import { useId, useState, type KeyboardEvent } from 'react';

interface ConfirmedNumberProps {
  label: string;
  value: number;
  onConfirm: (value: number) => void;
  /** Shown while the typed value differs from the confirmed one. */
  pendingHint: string;
  max?: number;
}

/** A whole number in range, or null for anything else (empty field, letters, e-notation overflow). */
export function parseWhole(text: string, max: number): number | null {
  if (text.trim() === '') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? Math.min(max, Math.max(0, Math.floor(parsed))) : null;
}

/**
 * A number input whose typing is a draft: Enter confirms it, Escape restores the last confirmed
 * value (issue #7). The result never follows an unconfirmed draft, so while one is pending the
 * field says so instead of silently showing a figure the price does not use.
 */
export function ConfirmedNumber({ label, value, onConfirm, pendingHint, max = 10_000_000 }: ConfirmedNumberProps) {
  const [draft, setDraft] = useState(String(value));
  const hintId = useId();
  const pending = draft !== String(value);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const confirmed = parseWhole(draft, max) ?? value;
      setDraft(String(confirmed));
      onConfirm(confirmed);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(String(value));
    }
  };
  return (
    <label className={pending ? 'pending' : undefined}>
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={draft}
        aria-describedby={hintId}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <small id={hintId} className="hint">
        {pending ? pendingHint : '\u00a0'}
      </small>
    </label>
  );
}
