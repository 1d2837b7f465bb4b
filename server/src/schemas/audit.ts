import { Type, type Static } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, AUDIT_RESOURCES } from '../domain/audit.js';
import { ListQueryFields, Page, Timestamp, Uuid } from './common.js';

export const AuditAction = Type.Enum(AUDIT_ACTIONS);
export const AuditResourceType = Type.Enum(AUDIT_RESOURCES);
export const AuditActorType = Type.Enum(AUDIT_ACTOR_TYPES);

/** One changed field of an update: secrets appear as "[redacted]", never with their values. */
export const AuditFieldChange = Type.Object({ field: Type.String(), old: Type.Unknown(), new: Type.Unknown() });

export const AuditEvent = Type.Object({
  id: Uuid,
  company_id: Uuid,
  at: Timestamp,
  actor_type: AuditActorType,
  /** The user's id, or the API key's; null for the platform's own work (the operator's commands, the network server's sync). */
  actor_id: Type.Union([Type.String(), Type.Null()]),
  /** The user's e-mail, or the key's name and its owner's e-mail, as they were at the time. */
  actor_label: Type.String(),
  action: AuditAction,
  resource_type: AuditResourceType,
  resource_id: Type.Union([Type.String(), Type.Null()]),
  /** The caller's address (behind the proxies TRUST_PROXY names, the client's). */
  address: Type.Union([Type.String(), Type.Null()]),
  /** Changed fields of a create or update; counts of an import; the payload of a downlink. */
  changes: Type.Union([Type.Array(AuditFieldChange), Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventPage = Page(AuditEvent);

const AuditFilterFields = {
  /** A user's or API key's id (actor_id). */
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  action: Type.Optional(AuditAction),
  resource_type: Type.Optional(AuditResourceType),
  resource_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Entries at or after this moment. */
  from: Type.Optional(Timestamp),
  /** Entries before this moment. */
  to: Type.Optional(Timestamp),
};

export const AuditListQuery = Type.Object(
  { page: ListQueryFields.page, page_size: ListQueryFields.page_size, ...AuditFilterFields },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof AuditListQuery>;

export const AuditExportQuery = Type.Object(AuditFilterFields, { additionalProperties: false });
export type AuditExportQuery = Static<typeof AuditExportQuery>;

/** The export's answer: CSV text, one entry a line after the header (AUDIT_EXPORT_COLUMNS). */
export const AuditExportResponse = {
  description: 'CSV (RFC 4180), UTF-8, one audit entry a line after the header, newest first.',
  content: { 'text/csv': { schema: Type.String() } },
};

export const AUDIT_EXPORT_COLUMNS = ['at', 'actor_type', 'actor_id', 'actor', 'action', 'resource_type', 'resource_id', 'address', 'changes'] as const;
