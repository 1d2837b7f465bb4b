import { afterEach, describe, expect, it } from 'vitest';
import { credentials, status } from '@grpc/grpc-js';
import deviceGrpc from '@chirpstack/chirpstack-api/api/device_grpc_pb.js';
import devicePb from '@chirpstack/chirpstack-api/api/device_pb.js';
import { createChirpstackNetworkServer } from '../../../server/src/dataplane/network-server/chirpstack.js';
import { parseChirpstackAddress } from '../../../server/src/dataplane/network-server/chirpstack-rpc.js';
import { NetworkServerError, type NetworkServer } from '../../../server/src/dataplane/network-server/port.js';
import { ChirpstackDouble, type ChirpstackDoubleOptions, type RunningDouble } from './chirpstack-double.js';

const GATEWAY = '0016C001F153A14C';

const opened: Array<{ ns: NetworkServer; running: RunningDouble }> = [];
afterEach(async () => {
  for (const { ns, running } of opened.splice(0)) {
    ns.close();
    await running.close();
  }
});

async function connect(options: ChirpstackDoubleOptions = {}, adapterConfig: { apiToken?: string; callTimeoutMs?: number } = {}) {
  const chirpstack = new ChirpstackDouble(options);
  const running = await chirpstack.start();
  const ns = createChirpstackNetworkServer({ ...running.config, ...(adapterConfig.apiToken ? { apiToken: adapterConfig.apiToken } : {}) }, adapterConfig);
  opened.push({ ns, running });
  return { chirpstack, running, ns };
}

/** The error a promise rejects with, to assert on all its fields. */
async function failure(pending: Promise<unknown>): Promise<NetworkServerError> {
  const error = await pending.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof NetworkServerError)) throw new Error(`expected a NetworkServerError, got ${String(error)}`);
  return error;
}

describe('chirpstack adapter: errors', () => {
  it('reports every call as unavailable and retryable while ChirpStack is down, and works again after', async () => {
    const { chirpstack, ns } = await connect();
    chirpstack.unavailable = true;
    const calls: Array<() => Promise<unknown>> = [
      () => ns.putApplication({ remoteId: null, name: 'Acme', description: '' }),
      () => ns.putGateway({ gatewayId: GATEWAY, name: 'Roof' }),
      () => ns.deleteDevice('70B3D57ED0001234'),
      () => ns.getGateway(GATEWAY),
      () => ns.listGateways(),
      () => ns.flushDownlinkQueue('70B3D57ED0001234'),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ code: 'unavailable', message: 'connection refused', retryable: true });

    chirpstack.unavailable = false;
    await ns.putGateway({ gatewayId: GATEWAY, name: 'Roof' });
    expect(chirpstack.gateways.size).toBe(1);
  });

  it('reports a wrong API key as unauthenticated, retryable once an operator fixes it', async () => {
    const { chirpstack, ns } = await connect({}, { apiToken: 'revoked-key' });
    expect(await failure(ns.putGateway({ gatewayId: GATEWAY, name: 'Roof' }))).toMatchObject({
      code: 'unauthenticated',
      message: 'InvalidSignature',
      retryable: true,
    });
    // A denial without a message is checked against the tenant, which the wrong key cannot read either.
    expect(await failure(ns.deleteGateway(GATEWAY))).toMatchObject({ code: 'unauthenticated', retryable: true });
    expect(chirpstack.calls.map((call) => call.authorization)).toContain('Bearer revoked-key');
  });

  it.each([
    ['a tenant key (denied when missing)', 'tenant'],
    ['an admin key (NOT_FOUND when missing)', 'admin'],
  ] as const)('treats an object that is not there as missing with %s', async (_, keyKind) => {
    const { chirpstack, ns } = await connect({ keyKind });
    await ns.deleteGateway(GATEWAY);
    await ns.deleteDevice('70B3D57ED0001234');
    await ns.deleteApplication('8b4f8a11-3c2e-4a8d-9f3b-0d8c2b7e6a51');
    await ns.deleteDeviceProfile('8b4f8a11-3c2e-4a8d-9f3b-0d8c2b7e6a52');
    expect(await ns.getGateway(GATEWAY)).toBeUndefined();
    expect(chirpstack.methods.filter((method) => method === 'ApplicationService/List')).toHaveLength(keyKind === 'tenant' ? 5 : 0);
  });

  it('passes ChirpStack’s words on, with INVALID_ARGUMENT not retryable', async () => {
    const { ns } = await connect({ keyKind: 'admin' });
    const error = await failure(ns.putApplication({ remoteId: 'not-a-uuid', name: 'Acme', description: '' }));
    expect(error).toMatchObject({ code: 'invalid_argument', message: 'invalid UUID "not-a-uuid"', retryable: false });
    expect(error.name).toBe('NetworkServerError');
  });

  it.each([
    [status.UNAVAILABLE, 'unavailable', true],
    [status.RESOURCE_EXHAUSTED, 'unavailable', true],
    [status.ABORTED, 'unavailable', true],
    [status.DEADLINE_EXCEEDED, 'timeout', true],
    [status.INTERNAL, 'internal', true],
    [status.UNAUTHENTICATED, 'unauthenticated', true],
    [status.PERMISSION_DENIED, 'permission_denied', false],
    [status.INVALID_ARGUMENT, 'invalid_argument', false],
    [status.FAILED_PRECONDITION, 'invalid_argument', false],
    [status.ALREADY_EXISTS, 'already_exists', false],
    [status.UNIMPLEMENTED, 'internal', false],
  ] as const)('maps gRPC status %i to %s (retryable: %s)', async (code, expected, retryable) => {
    const { chirpstack, ns } = await connect();
    chirpstack.failNext('GatewayService/List', code, 'what ChirpStack said');
    expect(await failure(ns.listGateways())).toMatchObject({ code: expected, message: 'what ChirpStack said', retryable });
  });

  it('takes ChirpStack’s duplicate-key INTERNAL for already_exists (two writers raced), not for a passing fault', async () => {
    const { chirpstack, ns } = await connect();
    await ns.putGateway({ gatewayId: GATEWAY, name: 'Roof' });
    // Another node created it between this node's look-up and its create.
    chirpstack.failNext('GatewayService/Get', status.NOT_FOUND, `Object does not exist (id: ${GATEWAY.toLowerCase()})`);
    expect(await failure(ns.putGateway({ gatewayId: GATEWAY, name: 'Roof' }))).toMatchObject({
      code: 'already_exists',
      message: 'duplicate key value violates unique constraint "gateway_pkey"',
      retryable: false,
    });
  });

  it('gives up on a call ChirpStack never answers when its deadline passes', async () => {
    const { chirpstack, ns } = await connect({}, { callTimeoutMs: 300 });
    chirpstack.stallNext('GatewayService/Get');
    expect(await failure(ns.getGateway(GATEWAY))).toMatchObject({ code: 'timeout', retryable: true });
  });

  it('answers UNIMPLEMENTED for what the double does not model', async () => {
    const { running } = await connect();
    const client = new deviceGrpc.DeviceServiceClient(running.url, credentials.createInsecure());
    const answer = await new Promise<{ code?: number }>((resolve) =>
      client.getRandomDevAddr(new devicePb.GetRandomDevAddrRequest(), (error) => resolve({ code: error?.code })),
    );
    client.close();
    expect(answer.code).toBe(status.UNIMPLEMENTED);
  });
});

describe('chirpstack adapter: address', () => {
  it.each([
    ['chirpstack:8080', { target: 'chirpstack:8080', tls: false }],
    ['127.0.0.1:8080', { target: '127.0.0.1:8080', tls: false }],
    ['http://chirpstack:8080', { target: 'chirpstack:8080', tls: false }],
    ['https://chirpstack.example.com:8443', { target: 'chirpstack.example.com:8443', tls: true }],
    ['https://chirpstack.example.com', { target: 'chirpstack.example.com:443', tls: true }],
    ['  https://chirpstack.example.com/  ', { target: 'chirpstack.example.com:443', tls: true }],
  ])('reads %s', (url, expected) => {
    expect(parseChirpstackAddress(url)).toEqual(expected);
  });

  it.each([
    ['grpc://chirpstack:8080', 'CHIRPSTACK_API_URL: use host:port or https://host:port, not grpc://'],
    ['https://chirpstack:8080/api', 'CHIRPSTACK_API_URL: a gRPC address has no path'],
  ])('refuses %s', (url, message) => {
    expect(() => parseChirpstackAddress(url)).toThrow(message);
  });

  it('speaks TLS to an https:// address (a plain server cannot answer it)', async () => {
    const { chirpstack, running } = await connect();
    const ns = createChirpstackNetworkServer({ ...running.config, apiUrl: `https://localhost:${running.url.split(':')[1]}` }, { callTimeoutMs: 5000 });
    try {
      expect(await failure(ns.listGateways())).toMatchObject({ code: 'unavailable', retryable: true });
      expect(chirpstack.calls).toEqual([]);
    } finally {
      ns.close();
    }
  });
});
