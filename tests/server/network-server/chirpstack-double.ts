import { Server, ServerCredentials, status, type Metadata } from '@grpc/grpc-js';
import applicationGrpc from '@chirpstack/chirpstack-api/api/application_grpc_pb.js';
import deviceGrpc from '@chirpstack/chirpstack-api/api/device_grpc_pb.js';
import deviceProfileGrpc from '@chirpstack/chirpstack-api/api/device_profile_grpc_pb.js';
import gatewayGrpc from '@chirpstack/chirpstack-api/api/gateway_grpc_pb.js';
import type { ChirpstackConfig } from '../../../server/src/config.js';
import { deviceService } from './chirpstack-double-device-service.js';
import { applicationService, deviceProfileService, gatewayService, type Access, type MethodName, type Unary } from './chirpstack-double-services.js';
import { DoubleError, DoubleStore, eui64, type DeviceQueueItem } from './chirpstack-double-store.js';

export type { MethodName } from './chirpstack-double-services.js';

/**
 * A ChirpStack v4 stand-in for tests: a real gRPC server built from @chirpstack/chirpstack-api's own
 * service definitions, so requests and answers cross the wire exactly as with ChirpStack. It keeps
 * state in memory and answers as ChirpStack v4 does (see chirpstack-double-store.ts), notably:
 * - a duplicate create is INTERNAL `duplicate key value violates unique constraint "…"` (never ALREADY_EXISTS);
 * - with a tenant API key (the default) an object the key cannot see, a missing one included, is
 *   UNAUTHENTICATED with an empty message; with `keyKind: 'admin'` a missing one is NOT_FOUND;
 * - a wrong bearer token is UNAUTHENTICATED `InvalidSignature`.
 *
 *   const chirpstack = new ChirpstackDouble();
 *   const running = await chirpstack.start();
 *   const ns = createChirpstackNetworkServer(running.config);
 *   await ns.putGateway({ gatewayId: '0016C001F153A14C', name: 'Roof' });
 *   expect(chirpstack.requests('GatewayService/Create')).toHaveLength(1);
 *   expect(chirpstack.gateways.get('0016c001f153a14c')?.name).toBe('Roof');
 *   chirpstack.unavailable = true; // ChirpStack is down from here on
 *   await running.close();
 *
 * Faults: `unavailable`, failNext(method, code, details), stallNext(method). Device-side events:
 * setLastSeen(gateway), transmitNext(devEui, fCnt) and acknowledge(devEui) for the downlink queue.
 * Keys of the state views are as ChirpStack writes them: EUIs and keys in lower-case hex.
 * With the tenant key, the adapter follows a denied look-up of a missing object with an
 * `ApplicationService/List` of the tenant (to tell it from a bad key); expect it among `methods`.
 */

export const DOUBLE_TENANT_ID = '52f14cd4-c6f1-4fbd-8f87-4025e1d49242';
export const DOUBLE_API_TOKEN = 'chirpstack-double-api-key';

export interface ChirpstackDoubleOptions {
  /** The API key the double accepts (default DOUBLE_API_TOKEN). */
  apiToken?: string;
  /** The tenant that exists and that a tenant key belongs to (default DOUBLE_TENANT_ID). */
  tenantId?: string;
  /** A tenant key (default) sees only its tenant; an admin key sees everything. */
  keyKind?: 'tenant' | 'admin';
}

export interface RecordedCall {
  method: MethodName;
  /** The request as its `toObject()` (bytes as base64). */
  request: object;
  /** The authorization metadata as sent, e.g. `Bearer …`. */
  authorization: string | undefined;
  /** The client's address, e.g. `127.0.0.1:53122`: calls of separate processes come over separate connections. */
  peer: string;
}

export interface RunningDouble {
  /** The gRPC address, `127.0.0.1:<port>` (plain, as CHIRPSTACK_API_URL takes it). */
  url: string;
  /** A configuration that reaches this double with its key and tenant. */
  config: ChirpstackConfig;
  close(): Promise<void>;
}

/** A downlink as the double holds it, with the bytes as bytes. */
export interface QueueItem {
  id: string;
  devEui: string;
  fPort: number;
  confirmed: boolean;
  data: Uint8Array;
  isPending: boolean;
  fCntDown: number;
}

const queueItem = (item: DeviceQueueItem): QueueItem => ({
  id: item.getId(),
  devEui: item.getDevEui(),
  fPort: item.getFPort(),
  confirmed: item.getConfirmed(),
  data: item.getData_asU8(),
  isPending: item.getIsPending(),
  fCntDown: item.getFCntDown(),
});

const asObjects = <T extends { toObject(): object }>(rows: Map<string, T>): Map<string, ReturnType<T['toObject']>> =>
  new Map([...rows].map(([key, row]) => [key, row.toObject() as ReturnType<T['toObject']>]));

export class ChirpstackDouble {
  /** Every call received, in order, including the ones answered with an error. */
  readonly calls: RecordedCall[] = [];
  /** While true every call is answered UNAVAILABLE, as when ChirpStack is down. */
  unavailable = false;

  private readonly store = new DoubleStore();
  private readonly apiToken: string;
  private readonly tenantId: string;
  private readonly keyKind: 'tenant' | 'admin';
  private readonly failures = new Map<MethodName, DoubleError[]>();
  private readonly stalled = new Set<MethodName>();

  constructor(options: ChirpstackDoubleOptions = {}) {
    this.apiToken = options.apiToken ?? DOUBLE_API_TOKEN;
    this.tenantId = options.tenantId ?? DOUBLE_TENANT_ID;
    this.keyKind = options.keyKind ?? 'tenant';
    this.store.tenants.add(this.tenantId);
  }

  async start(): Promise<RunningDouble> {
    const server = new Server();
    const access = this.access();
    const unary = this.unary();
    server.addService(applicationGrpc.ApplicationServiceService, applicationService(this.store, access, unary));
    server.addService(deviceGrpc.DeviceServiceService, deviceService(this.store, access, unary));
    server.addService(deviceProfileGrpc.DeviceProfileServiceService, deviceProfileService(this.store, access, unary));
    server.addService(gatewayGrpc.GatewayServiceService, gatewayService(this.store, access, unary));
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    const url = `127.0.0.1:${port}`;
    return {
      url,
      config: { apiUrl: url, apiToken: this.apiToken, tenantId: this.tenantId },
      // Cancels calls still open (a stalled one), so a test never waits for them.
      close: async () => server.forceShutdown(),
    };
  }

  /** The method names of the calls so far, e.g. `['DeviceService/Get', 'DeviceService/Create', …]`. */
  get methods(): MethodName[] {
    return this.calls.map((call) => call.method);
  }

  /** The requests (as plain objects) of one method, oldest first. */
  requests(method: MethodName): object[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.request);
  }

  /** Forgets the recorded calls (not the state), e.g. after a test's setup. */
  clearCalls(): void {
    this.calls.length = 0;
  }

  /** The next call of `method` is answered with this status instead (details as ChirpStack would give them). */
  failNext(method: MethodName, code: status, details = ''): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), new DoubleError(code, details)]);
  }

  /** The next call of `method` is never answered (the client's deadline or close() ends it). */
  stallNext(method: MethodName): void {
    this.stalled.add(method);
  }

  // State views: snapshots as plain objects (`toObject()`), keyed as ChirpStack keys its tables.
  get applications() {
    return asObjects(this.store.applications);
  }
  /** HTTP integrations by application id. */
  get integrations() {
    return asObjects(this.store.integrations);
  }
  get profiles() {
    return asObjects(this.store.profiles);
  }
  get devices() {
    return asObjects(this.store.devices);
  }
  /** Device keys by DevEUI. */
  get keys() {
    return asObjects(this.store.keys);
  }
  get gateways() {
    return new Map([...this.store.gateways].map(([id, row]) => [id, { ...row.gateway.toObject(), lastSeenAt: row.lastSeenAt }]));
  }
  /** Downlink queues by DevEUI, oldest first. */
  get queue(): Map<string, QueueItem[]> {
    return new Map([...this.store.queue].map(([devEui, items]) => [devEui, items.map(queueItem)]));
  }

  /** As when the gateway's statistics arrive; `null` for a gateway never seen. */
  setLastSeen(gatewayId: string, at: Date | null): void {
    const row = this.store.gateways.get(eui64(gatewayId));
    if (!row) throw new Error(`the double has no gateway ${gatewayId}`);
    row.lastSeenAt = at;
  }

  /**
   * As when ChirpStack transmits the device's oldest waiting downlink with this frame counter: a
   * confirmed one stays queued as pending until acknowledge(), an unconfirmed one leaves the queue.
   */
  transmitNext(devEui: string, fCntDown: number): QueueItem {
    const items = this.store.queue.get(eui64(devEui)) ?? [];
    const item = items.find((queued) => !queued.getIsPending());
    if (!item) throw new Error(`the double has no waiting downlink for ${devEui}`);
    item.setFCntDown(fCntDown);
    if (item.getConfirmed()) item.setIsPending(true);
    else items.splice(items.indexOf(item), 1);
    return queueItem(item);
  }

  /** As when the device acknowledges its pending (confirmed) downlink. */
  acknowledge(devEui: string): void {
    const items = this.store.queue.get(eui64(devEui)) ?? [];
    const index = items.findIndex((queued) => queued.getIsPending());
    if (index < 0) throw new Error(`the double has no pending downlink for ${devEui}`);
    items.splice(index, 1);
  }

  private access(): Access {
    const denied = () => new DoubleError(status.UNAUTHENTICATED, '');
    return {
      tenant: (tenantId) => {
        if (this.keyKind === 'tenant' && tenantId !== this.tenantId) throw denied();
      },
      object: (ownerTenantId) => {
        if (this.keyKind === 'tenant' && ownerTenantId !== this.tenantId) throw denied();
      },
    };
  }

  /** ChirpStack's auth interceptor (chirpstack/src/api/auth/mod.rs), for the one key the double knows. */
  private authenticate(metadata: Metadata): void {
    const [value] = metadata.get('authorization');
    if (value === undefined) throw new DoubleError(status.UNAUTHENTICATED, 'no authorization provided');
    const header = value.toString();
    if (!header.startsWith('Bearer ')) throw new DoubleError(status.UNAUTHENTICATED, "authorization metadata must be in format 'Bearer <TOKEN>");
    if (header.slice('Bearer '.length) !== this.apiToken) throw new DoubleError(status.UNAUTHENTICATED, 'InvalidSignature');
  }

  private unary(): Unary {
    return (method, handle) => (call, callback) => {
      this.calls.push({ method, request: call.request.toObject(), authorization: call.metadata.get('authorization')[0]?.toString(), peer: call.getPeer() });
      if (this.stalled.delete(method)) return;
      try {
        if (this.unavailable) throw new DoubleError(status.UNAVAILABLE, 'connection refused');
        const injected = this.failures.get(method)?.shift();
        if (injected) throw injected;
        this.authenticate(call.metadata);
        callback(null, handle(call.request));
      } catch (error) {
        // Anything else is a bug of the double: said so, rather than taken for one of ChirpStack's answers.
        if (error instanceof DoubleError) callback({ code: error.code, details: error.details });
        else callback({ code: status.UNKNOWN, details: `chirpstack double: ${error instanceof Error ? error.stack : String(error)}` });
      }
    };
  }
}
