import { ApiError } from '../providers/dataProvider';

/** An error whose text is a translation key (spec §8 store fallbacks and internal errors). */
export class AppError extends Error {
  constructor(
    readonly key: string,
    override readonly cause?: unknown,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/**
 * Keeps an error that already says what went wrong (an API error, or any error with a message)
 * and otherwise falls back to the given catalogue key, as the stores of spec §4 do.
 */
export function withFallback(error: unknown, fallbackKey: string): Error {
  if (error instanceof ApiError || error instanceof AppError) return error;
  if (error instanceof Error && error.message) return error;
  return new AppError(fallbackKey, error);
}

/**
 * The text to show for an error: its translation key when it has one, else its message. Errors
 * from the data provider are react-admin HttpErrors whose message is a catalogue key; translating
 * a message that is not a key returns it unchanged.
 */
export function describeError(error: unknown, translate: (key: string) => string, fallbackKey: string): string {
  if (error instanceof ApiError) return translate(error.key);
  if (error instanceof AppError) return translate(error.key);
  if (error instanceof Error && error.message) return translate(error.message);
  return translate(fallbackKey);
}
