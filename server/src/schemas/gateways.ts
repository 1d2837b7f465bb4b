import { Type, type Static } from 'typebox';
import { IdsFilter, ListQueryFields, NonBlank, Page, SecretString, Timestamp, Uuid } from './common.js';
import { hexInput } from './devices.js';
import { EUI_BYTES } from '../domain/eui.js';
import { NetworkMode, WithSyncStatus } from './network.js';

/** EUI-64 as 16 hex digits; separators and any case are accepted and normalised. */
export const GatewayIdInput = hexInput(EUI_BYTES, 'gateway_id_invalid');

export const GatewayResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  gateway_id: Type.String(),
  name: Type.String(),
  last_seen: Type.Union([Timestamp, Type.Null()]),
  connected: Type.Boolean(),
  cert_expires_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
  ...WithSyncStatus,
});
export type Gateway = Static<typeof GatewayResponse>;

export const GatewayPage = Page(GatewayResponse);

export const GatewayListQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Enum(['name', '-name', 'last_seen', '-last_seen', 'gateway_id', '-gateway_id', 'created_at', '-created_at'])),
    company_id: Type.Optional(Uuid),
    id: Type.Optional(Uuid),
    ids: IdsFilter,
    connected: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type GatewayListQuery = Static<typeof GatewayListQuery>;

export const GatewayCreateBody = Type.Object(
  { company_id: Uuid, gateway_id: GatewayIdInput, name: Type.Optional(Type.Union([NonBlank(200), Type.Literal('')])) },
  { additionalProperties: false, example: { company_id: '5f0c6a1e-2b7d-4c3a-9e8f-1a2b3c4d5e6f', gateway_id: '0016C001FF10A235', name: 'Roof, building A' } },
);

export const GatewayUpdateBody = Type.Object({ name: Type.Union([NonBlank(200), Type.Literal('')]) }, { additionalProperties: false });

const certificateBundle = {
  server: Type.String(),
  ca_cert: Type.String(),
  tls_cert: Type.String(),
  expires_at: Timestamp,
};

/**
 * A newly issued client certificate with its private key: what a gateway needs to connect to the
 * broker (setup wizard step 3). The key exists only in this answer of POST /gateway/{id}/cert.
 */
export const GatewayCertResponse = Type.Object({ ...certificateBundle, tls_key: SecretString() });
export type GatewayCertificate = Static<typeof GatewayCertResponse>;

/** The certificate in force, downloaded again (GET /gateway/{id}/cert): everything but the key, which is never stored. */
export const GatewayCertBundle = Type.Object(certificateBundle);
export type GatewayCertificateBundle = Static<typeof GatewayCertBundle>;

/**
 * Whether the network server hears the gateway (setup wizard, verify step): `seen` when its
 * last-seen lies within GATEWAY_SEEN_WINDOW_MS (domain/network.ts). Standalone has no network server
 * to ask: never seen, and the broker connection alone counts.
 */
export const GatewayNetworkResponse = Type.Object({
  mode: NetworkMode,
  seen: Type.Boolean(),
  /** When the network server last heard from the gateway; null if never, or if it does not know the gateway (yet). */
  last_seen_at: Type.Union([Timestamp, Type.Null()]),
});
export type GatewayNetwork = Static<typeof GatewayNetworkResponse>;
