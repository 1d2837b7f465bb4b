import type { EntityOutboxRow, NetworkChange, NetworkOutboxRepository } from '../../repositories/network-outbox.js';
import type { NetworkEntitiesRepository } from '../../repositories/network-entities.js';
import { newIntegrationKey } from '../../auth/integration-keys.js';
import type { SyncErrorCode } from '../../schemas/messages.js';
import { NetworkServerError, type NetworkServer } from './port.js';

/** A change the network server would refuse whatever we retry: the entity must be changed here first. */
export class ProvisioningProblem extends Error {
  constructor(
    readonly code: 'profile_required',
    message: string,
  ) {
    super(message);
    this.name = 'ProvisioningProblem';
  }
}

/** A device whose application or profile another node is pushing right now: it waits for that. */
export class DependencyPending extends Error {
  constructor(what: string) {
    super(`waiting for ${what}`);
    this.name = 'DependencyPending';
  }
}

/**
 * Why a push failed, for entities and downlinks alike: the network server's answer (retryable as
 * it says), a problem here that retrying cannot fix, or anything else (internal, tried again).
 */
export function pushFailureOf(error: unknown): { code: SyncErrorCode; message: string; retryable: boolean } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof NetworkServerError) return { code: error.code, message, retryable: error.retryable };
  if (error instanceof ProvisioningProblem) return { code: error.code, message, retryable: false };
  return { code: 'internal', message, retryable: true };
}

/** What a delete removes there, recorded with the change while the entity still existed here. */
interface DeleteTarget {
  remoteId?: string;
}

/**
 * Maps this platform's entities onto the network server's (issue #13): a company is an application
 * (with an HTTP integration posting its events back here), a profile a device profile, a device a
 * device with its keys, a gateway a gateway. A device waits until its application and profile are there.
 */
export class Provisioner {
  constructor(
    private readonly server: NetworkServer,
    private readonly outbox: NetworkOutboxRepository,
    private readonly entities: NetworkEntitiesRepository,
    private readonly now: () => Date,
    private readonly ingestUrl: string,
    /** Records the dependency's change if none waits, claims it and pushes it now (the worker's own push, failure handling included). */
    private readonly pushDependency: (change: NetworkChange) => Promise<void>,
  ) {}

  /** Applies one change; returns the network server's id of what it put (null for a delete or an entity gone meanwhile). */
  async apply(row: EntityOutboxRow): Promise<string | null> {
    if (row.action === 'delete') {
      await this.remove(row.kind, row.target ? (JSON.parse(row.target) as DeleteTarget) : {});
      return null;
    }
    switch (row.kind) {
      case 'application':
        return this.putApplication(row.entity_id);
      case 'profile':
        return this.putProfile(row.entity_id);
      case 'device':
        return this.putDevice(row.entity_id);
      case 'gateway':
        return this.putGateway(row.entity_id);
    }
  }

  /** The entity's name for a notification (its id when it is gone). */
  async displayName(row: Pick<EntityOutboxRow, 'kind' | 'entity_id'>): Promise<string> {
    switch (row.kind) {
      case 'application':
        return (await this.entities.company(row.entity_id))?.name ?? row.entity_id;
      case 'profile':
        return (await this.entities.profile(row.entity_id))?.name ?? row.entity_id;
      case 'device': {
        const device = await this.entities.device(row.entity_id);
        return device ? device.name || device.dev_eui : row.entity_id;
      }
      case 'gateway': {
        const gateway = await this.entities.gateway(row.entity_id);
        return gateway ? gateway.name || gateway.gateway_id : row.entity_id;
      }
    }
  }

  private async remove(kind: EntityOutboxRow['kind'], target: DeleteTarget): Promise<void> {
    if (!target.remoteId) return;
    switch (kind) {
      case 'application':
        return this.server.deleteApplication(target.remoteId);
      case 'profile':
        return this.server.deleteDeviceProfile(target.remoteId);
      case 'device':
        return this.server.deleteDevice(target.remoteId);
      case 'gateway':
        return this.server.deleteGateway(target.remoteId);
    }
  }

  private async putApplication(companyId: string): Promise<string | null> {
    const company = await this.entities.company(companyId);
    if (!company) return null;
    const known = await this.outbox.remoteId('application', companyId);
    const remoteId = await this.server.putApplication({ remoteId: known, name: company.name, description: `LoRa console company ${company.id}` });
    if (remoteId !== known) await this.outbox.setRemoteId('application', companyId, remoteId);
    if (remoteId !== known || !(await this.entities.hasIntegrationKey(companyId))) await this.setUpIntegration(companyId, remoteId);
    return remoteId;
  }

  /**
   * The application's HTTP integration posts its events to this installation with a key issued for
   * it alone. The key is kept only once the network server has it, so a failed attempt issues a new one.
   */
  private async setUpIntegration(companyId: string, applicationId: string): Promise<void> {
    const key = newIntegrationKey();
    await this.server.putHttpIntegration({ applicationId, eventEndpointUrl: this.ingestUrl, headers: { Authorization: `Bearer ${key.key}` } });
    await this.entities.replaceIntegrationKey(companyId, key.lookup, key.hash, this.now().toISOString());
  }

  /**
   * The network server's id of a device's application or profile. One not there yet is pushed
   * first, through its own change (claimed like any other, so two nodes never create it twice); if
   * another node holds that change right now, the device waits for it.
   */
  private async dependency(kind: 'application' | 'profile', entityId: string, companyId: string): Promise<string> {
    const known = await this.outbox.remoteId(kind, entityId);
    if (known) return known;
    await this.pushDependency({ kind, entityId, companyId, action: 'put' });
    const remoteId = await this.outbox.remoteId(kind, entityId);
    if (!remoteId) throw new DependencyPending(`${kind} ${entityId}`);
    return remoteId;
  }

  /**
   * The DevEUI a device has in the network server, for its downlinks: once its current DevEUI is
   * there. A device not pushed yet (or whose DevEUI changed) is pushed first, like a dependency;
   * undefined when the device is gone here.
   */
  async deviceEui(deviceId: string): Promise<string | undefined> {
    const device = await this.entities.device(deviceId);
    if (!device) return undefined;
    if ((await this.outbox.remoteId('device', deviceId)) === device.dev_eui) return device.dev_eui;
    await this.pushDependency({ kind: 'device', entityId: deviceId, companyId: device.company_id, action: 'put' });
    if ((await this.outbox.remoteId('device', deviceId)) !== device.dev_eui) throw new DependencyPending(`device ${deviceId}`);
    return device.dev_eui;
  }

  private async putProfile(profileId: string): Promise<string | null> {
    const profile = await this.entities.profile(profileId);
    if (!profile) return null;
    const remoteId = await this.server.putDeviceProfile({
      remoteId: await this.outbox.remoteId('profile', profileId),
      name: profile.name,
      region: profile.region,
      macVersion: profile.mac_version,
      regParamsRevision: profile.reg_params_revision,
      supportsOtaa: profile.supports_otaa === 1,
      supportsClassB: profile.supports_class_b === 1,
      supportsClassC: profile.supports_class_c === 1,
      uplinkIntervalS: profile.uplink_interval_s,
      codecScript: profile.codec,
    });
    await this.outbox.setRemoteId('profile', profileId, remoteId);
    return remoteId;
  }

  private async putDevice(deviceId: string): Promise<string | null> {
    const device = await this.entities.device(deviceId);
    if (!device) return null;
    const previous = await this.outbox.remoteId('device', deviceId);
    if (!device.profile_id) {
      // Without a profile it cannot be there: it goes (which also frees a deleted profile there) until it gets one.
      if (previous) await this.server.deleteDevice(previous);
      throw new ProvisioningProblem('profile_required', 'The network server needs a device profile for every device.');
    }
    const profile = await this.entities.profile(device.profile_id);
    if (!profile) return null;
    const applicationId = await this.dependency('application', device.company_id, device.company_id);
    const deviceProfileId = await this.dependency('profile', profile.id, profile.company_id);
    // A DevEUI is the device's key there: after it changed here, the old device goes.
    if (previous && previous !== device.dev_eui) await this.server.deleteDevice(previous);
    await this.server.putDevice({
      devEui: device.dev_eui,
      joinEui: device.join_eui,
      name: device.name || device.dev_eui,
      applicationId,
      deviceProfileId,
      macVersion: profile.mac_version,
      appKey: device.app_key,
    });
    return device.dev_eui;
  }

  private async putGateway(id: string): Promise<string | null> {
    const gateway = await this.entities.gateway(id);
    if (!gateway) return null;
    const previous = await this.outbox.remoteId('gateway', id);
    if (previous && previous !== gateway.gateway_id) await this.server.deleteGateway(previous);
    await this.server.putGateway({ gatewayId: gateway.gateway_id, name: gateway.name || gateway.gateway_id });
    return gateway.gateway_id;
  }
}
