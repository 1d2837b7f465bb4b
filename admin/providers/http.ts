import type { WireFieldError } from './serverMessages';
import { sessionFetch } from '../auth/sessionFetch';

/**
 * The one place the console talks to the REST API (DESIGN §4): same origin by default, or
 * VITE_API_URL; cookies always sent; JSON bodies; every failure becomes an ApiError whose `key`
 * is the translation key of the spec §8 catalogue text to show.
 */
export const CATALOGUE_KEYS = [
  'general',
  'networkError',
  'unauthorized',
  'notFound',
  'validation',
  'webhookLimit',
  'codecBusy',
  'invite_used',
  'invite_expired',
  'invite_deleted',
  'invite_wrong_account',
  'last_owner',
  'role_above_own',
  'planLimit',
  'tokenQuota',
  'suspended',
  'operator_self',
  'operator_environment',
] as const;
export type CatalogueKey = (typeof CATALOGUE_KEYS)[number];

export interface ErrorBody {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
  field_codes?: Record<string, WireFieldError>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly key: string;
  readonly fields: Record<string, string>;
  /** The same field problems as codes with parameters, which the console translates. */
  readonly fieldCodes: Record<string, WireFieldError>;

  constructor(status: number, body: ErrorBody) {
    const key = `app.errors.${catalogueKey(status, body.code)}`;
    super(body.message || key);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? catalogueKey(status, undefined);
    this.key = key;
    this.fields = body.fields ?? {};
    this.fieldCodes = body.field_codes ?? {};
  }
}

/** Maps the server's `code` (or, for precise codes, the HTTP status) to a catalogue key. */
export function catalogueKey(status: number, code: string | undefined): CatalogueKey {
  if (code && (CATALOGUE_KEYS as readonly string[]).includes(code)) return code as CatalogueKey;
  if (status === 0) return 'networkError';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'notFound';
  if (status === 400 || status === 409 || status === 413 || status === 422) return 'validation';
  return 'general';
}

export function apiBaseUrl(): string {
  const configured: string | undefined = import.meta.env.VITE_API_URL;
  return `${(configured ?? '').replace(/\/$/, '')}/api`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Aborts the request (react-admin passes one when a query is cancelled or superseded). */
  signal?: AbortSignal;
}

export function buildUrl(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const search = params.toString();
  return `${apiBaseUrl()}${path}${search ? `?${search}` : ''}`;
}

/** Sends a request; a failure to reach the API, or an answer other than 2xx, is an ApiError. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include', headers: { Accept: accept }, signal: options.signal };
  if (options.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    // Through the session client, which refreshes an expired session (loaded when first needed).
    response = await sessionFetch(buildUrl(path, options.query), init);
  } catch (error) {
    // A request the console dropped (a newer filter, a page left) is no failure to report.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, { code: 'networkError', message: error instanceof Error ? error.message : String(error) });
  }
  if (!response.ok) {
    const payload = await readJson(response);
    throw new ApiError(response.status, isErrorBody(payload) ? payload : {});
  }
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Calls the API and returns the parsed JSON (undefined for 204); throws ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readJson(await send(path, options, 'application/json'))) as T;
}

/** Opens a streamed answer (server-sent events); the caller reads its body until it ends or `signal` aborts. */
export async function apiStream(path: string, options: RequestOptions): Promise<ReadableStream<Uint8Array>> {
  const response = await send(path, options, 'text/event-stream');
  if (!response.body) throw new ApiError(0, { code: 'networkError' });
  return response.body;
}

/** A file the API answers (an export): its content and the name the server gives it. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** Fetches a file from the API; the name comes from its Content-Disposition, else `fallback`. */
export async function apiDownload(path: string, options: RequestOptions, fallback: string): Promise<Download> {
  const response = await send(path, options, '*/*');
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), filename: named?.[1] ?? fallback };
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null;
}
