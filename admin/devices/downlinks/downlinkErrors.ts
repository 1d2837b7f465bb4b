import { HttpError } from 'react-admin';
import { describeError } from '../../stores/appError';

type Translate = (key: string, options?: object) => string;

/** A failed downlink call as the data provider reports it: the API's code and the field messages (react-admin's format). */
export interface DownlinkFailure {
  code: string | undefined;
  fields: Record<string, string>;
}

export function readFailure(error: unknown): DownlinkFailure {
  const body: unknown = error instanceof HttpError ? error.body : undefined;
  if (typeof body !== 'object' || body === null) return { code: undefined, fields: {} };
  const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  const errors = 'errors' in body && typeof body.errors === 'object' && body.errors !== null ? (body.errors as Record<string, string>) : {};
  return { code, fields: errors };
}

/** The API's answer in standalone mode: there is no network server to send downlinks through. */
export const needsNetworkServer = (error: unknown): boolean => readFailure(error).code === 'networkServerRequired';

/** What to say about a failure that is not a field's: the catalogue text of its code. */
export const failureText = (error: unknown, translate: Translate): string => describeError(error, translate, 'app.errors.general');
