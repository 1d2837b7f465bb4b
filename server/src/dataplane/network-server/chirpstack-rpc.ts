import { credentials, Metadata, status, type CallOptions, type ClientUnaryCall, type ServiceError } from '@grpc/grpc-js';
import applicationGrpc from '@chirpstack/chirpstack-api/api/application_grpc_pb.js';
import applicationPb from '@chirpstack/chirpstack-api/api/application_pb.js';
import deviceGrpc from '@chirpstack/chirpstack-api/api/device_grpc_pb.js';
import deviceProfileGrpc from '@chirpstack/chirpstack-api/api/device_profile_grpc_pb.js';
import gatewayGrpc from '@chirpstack/chirpstack-api/api/gateway_grpc_pb.js';
import type { ChirpstackConfig } from '../../config.js';
import { NetworkServerError } from './port.js';

/** How long one call may take: a ChirpStack that accepts the connection but never answers must not hold the outbox. */
export const CALL_TIMEOUT_MS = 10_000;

/** A generated client method in its four-argument form (its last overload, which TypeScript infers from). */
type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: CallOptions,
  callback: (error: ServiceError | null, response?: Res) => void,
) => ClientUnaryCall;
type RequestOf<M> = M extends UnaryMethod<infer Req, unknown> ? Req : never;
type ResponseOf<M> = M extends UnaryMethod<never, infer Res> ? Res : never;

export interface ChirpstackAddress {
  /** gRPC target, `host:port`. */
  target: string;
  tls: boolean;
}

/** `host:port` is plain gRPC (ChirpStack's default); `https://host[:port]` is TLS; `http://` is accepted as plain. */
export function parseChirpstackAddress(apiUrl: string): ChirpstackAddress {
  const url = apiUrl.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return { target: url, tls: false };
  if (scheme !== 'https' && scheme !== 'http') throw new Error(`CHIRPSTACK_API_URL: use host:port or https://host:port, not ${scheme}://`);
  const parsed = new URL(url);
  if (parsed.pathname !== '/' || parsed.search) throw new Error('CHIRPSTACK_API_URL: a gRPC address has no path');
  const tls = scheme === 'https';
  return { target: `${parsed.hostname}:${parsed.port || (tls ? 443 : 80)}`, tls };
}

const isServiceError = (error: unknown): error is ServiceError =>
  error instanceof Error && typeof (error as Partial<ServiceError>).code === 'number' && typeof (error as Partial<ServiceError>).details === 'string';

/** ChirpStack v4 never answers ALREADY_EXISTS: a duplicate insert reaches us as INTERNAL with the database's words. */
const DUPLICATE = /duplicate key value violates unique constraint|UNIQUE constraint failed/;

/** A gRPC failure as the port's error: a stable code, ChirpStack's own words, and whether trying later can help. */
export function toNetworkServerError(error: unknown): NetworkServerError {
  if (error instanceof NetworkServerError) return error;
  if (!isServiceError(error)) return new NetworkServerError('internal', error instanceof Error ? error.message : String(error), false);
  const message = error.details || status[error.code] || `gRPC status ${error.code}`;
  switch (error.code) {
    case status.UNAVAILABLE:
    case status.RESOURCE_EXHAUSTED:
    case status.ABORTED:
    case status.CANCELLED:
      return new NetworkServerError('unavailable', message, true);
    case status.DEADLINE_EXCEEDED:
      return new NetworkServerError('timeout', message, true);
    // An operator fixes the API key in the configuration; the queued work stays valid.
    case status.UNAUTHENTICATED:
      return new NetworkServerError('unauthenticated', message, true);
    case status.PERMISSION_DENIED:
      return new NetworkServerError('permission_denied', message, false);
    case status.INVALID_ARGUMENT:
    case status.FAILED_PRECONDITION:
    case status.OUT_OF_RANGE:
      return new NetworkServerError('invalid_argument', message, false);
    case status.NOT_FOUND:
      return new NetworkServerError('not_found', message, false);
    case status.ALREADY_EXISTS:
      return new NetworkServerError('already_exists', message, false);
    case status.UNIMPLEMENTED:
      return new NetworkServerError('internal', message, false);
    default:
      if (DUPLICATE.test(error.details)) return new NetworkServerError('already_exists', message, false);
      // INTERNAL and UNKNOWN: ChirpStack's database or Redis failed; that passes.
      return new NetworkServerError('internal', message, true);
  }
}

export interface ChirpstackConnection {
  applications: InstanceType<typeof applicationGrpc.ApplicationServiceClient>;
  devices: InstanceType<typeof deviceGrpc.DeviceServiceClient>;
  profiles: InstanceType<typeof deviceProfileGrpc.DeviceProfileServiceClient>;
  gateways: InstanceType<typeof gatewayGrpc.GatewayServiceClient>;
  /** One unary call, e.g. `call(devices, 'get', request)`, with the API key and a deadline; failures become NetworkServerError. */
  call<C, K extends keyof C>(client: C, method: K, request: RequestOf<C[K]>): Promise<ResponseOf<C[K]>>;
  close(): void;
}

export function connectChirpstack(config: ChirpstackConfig, timeoutMs: number): ChirpstackConnection {
  const address = parseChirpstackAddress(config.apiUrl);
  const channelCredentials = address.tls ? credentials.createSsl() : credentials.createInsecure();
  const applications = new applicationGrpc.ApplicationServiceClient(address.target, channelCredentials);
  const devices = new deviceGrpc.DeviceServiceClient(address.target, channelCredentials);
  const profiles = new deviceProfileGrpc.DeviceProfileServiceClient(address.target, channelCredentials);
  const gateways = new gatewayGrpc.GatewayServiceClient(address.target, channelCredentials);

  const send = <C, K extends keyof C>(client: C, method: K, request: RequestOf<C[K]>): Promise<ResponseOf<C[K]>> => {
    // RequestOf/ResponseOf read their types off C[K]; the cast only restates them for the call below.
    const unary = client[method] as UnaryMethod<RequestOf<C[K]>, ResponseOf<C[K]>>;
    // ChirpStack's API-key scheme; per call, because grpc-js sends call credentials over TLS only.
    const metadata = new Metadata();
    metadata.set('authorization', `Bearer ${config.apiToken}`);
    return new Promise((resolve, reject) => {
      unary.call(client, request, metadata, { deadline: Date.now() + timeoutMs }, (error, response) => {
        if (error) reject(error);
        else if (response === undefined) reject(new Error('ChirpStack sent no response'));
        else resolve(response);
      });
    });
  };

  /** A read of the whole tenant, which any valid key for it (even read-only) may make. */
  const probeTenant = () => {
    const request = new applicationPb.ListApplicationsRequest();
    request.setTenantId(config.tenantId);
    request.setLimit(1);
    return send(applications, 'list', request);
  };

  return {
    applications,
    devices,
    profiles,
    gateways,
    async call(client, method, request) {
      try {
        return await send(client, method, request);
      } catch (error) {
        // ChirpStack's access check (api/auth/validator.rs) answers UNAUTHENTICATED with no message both for
        // a key it does not accept and for an object a tenant key cannot see, which includes a missing one.
        // A read of the tenant tells the two apart: if it passes, the object is not there for us.
        if (!isServiceError(error) || error.code !== status.UNAUTHENTICATED || error.details !== '') throw toNetworkServerError(error);
        try {
          await probeTenant();
        } catch (probeError) {
          throw toNetworkServerError(probeError);
        }
        throw new NetworkServerError('not_found', `not found in tenant ${config.tenantId} (or the API key is read-only)`, false);
      }
    },
    close() {
      for (const client of [applications, devices, profiles, gateways]) client.close();
    },
  };
}
