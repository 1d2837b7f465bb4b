import type { MessageParams } from '../types/api';

/** A field problem as the wire carries it; a newer server may send a code this console does not know. */
export interface WireFieldError {
  code: string;
  params?: MessageParams;
}

/**
 * react-admin's own format for a translatable message with arguments in a string (its
 * ValidationError component reads it; form errors must be strings). See ra-core ValidationError.
 */
const WITH_ARGS = '@@react-admin@@';

/**
 * A server field code as a message react-admin translates in the user's language, with its
 * parameters. `english` (the server's own text) is shown only for a code this console does not
 * know yet, a newer server's.
 */
export function fieldErrorMessage(error: WireFieldError, english?: string): string {
  const args: MessageParams & { _?: string } = { ...error.params };
  if (english) args._ = english;
  return WITH_ARGS + JSON.stringify({ message: `app.server.fields.${error.code}`, args });
}

/** The field messages of an error body: codes where the server gave them. */
export function fieldErrorMessages(fields: Record<string, string>, codes: Record<string, WireFieldError>): Record<string, string> {
  const names = new Set([...Object.keys(fields), ...Object.keys(codes)]);
  return Object.fromEntries(
    [...names].map((name) => {
      const code = codes[name];
      return [name, code ? fieldErrorMessage(code, fields[name]) : 'app.errors.validation'];
    }),
  );
}

/**
 * The text of a message as react-admin's ValidationError would show it: a catalogue key, or a
 * key with arguments in react-admin's format (fieldErrorMessage), translated.
 */
export function translateMessage(translate: (key: string, options?: object) => string, message: string): string {
  if (!message.startsWith(WITH_ARGS)) return translate(message, { _: message });
  const { message: key, args } = JSON.parse(message.slice(WITH_ARGS.length)) as { message: string; args?: object };
  return translate(key, { _: key, ...args });
}
