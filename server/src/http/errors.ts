/**
 * The one error body of the API (DESIGN §4): `code` is a key of the console's error catalogue
 * (spec §8) or a more precise one; `message` is English; `fields` names the offending inputs.
 */
export type ErrorCode =
  | 'general'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'validation'
  | 'duplicate'
  | 'tooLarge'
  | 'rateLimited'
  | 'expired';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.fields ? { code: this.code, message: this.message, fields: this.fields } : { code: this.code, message: this.message };
  }
}

/** English reference texts; the console shows its own translation of `code`. */
export const messages = {
  general: 'An error occurred. Please try again.',
  unauthorized: 'You are not authorized to access this resource.',
  notFound: 'The requested resource was not found.',
  validation: 'Please check your input and try again.',
} as const;

export const notFound = (): AppError => new AppError(404, 'notFound', messages.notFound);
export const forbidden = (message: string = messages.unauthorized): AppError => new AppError(403, 'forbidden', message);
export const invalid = (fields: Record<string, string>): AppError =>
  new AppError(400, 'validation', messages.validation, fields);
export const duplicate = (message: string, fields?: Record<string, string>): AppError =>
  new AppError(409, 'duplicate', message, fields);
