import type { AppContext } from '../../context.js';
import type { NetworkEntitiesRepository } from '../../repositories/network-entities.js';
import type { NetworkServer, RemoteDevice, RemoteGateway } from './port.js';
import type { Drift } from '../../schemas/network.js';

/** A difference, with what the network server holds of something missing here (for adoption). */
export type FoundDrift = Drift & { remoteDevice?: RemoteDevice; remoteGateway?: RemoteGateway };

/** The difference as the API shows it. */
export const withoutRemote = (found: FoundDrift): Drift => ({
  kind: found.kind,
  problem: found.problem,
  key: found.key,
  name: found.name,
  entity_id: found.entity_id,
  company_id: found.company_id,
});

/** One company's entities, or the whole installation's (the operator's command). */
export type ReconcileScope = { companyId: string } | 'installation';

/**
 * Compares what is registered here with what the network server holds (issue #13): entities missing
 * there, devices and gateways missing here (offered for adoption), devices whose keys or profile
 * differ. A company sees its own application's devices and its own profiles and gateways; only the
 * installation scope lists the tenant's profiles and gateways that belong to no company here.
 */
export async function findDrift(
  server: NetworkServer,
  repos: Pick<AppContext['repos'], 'networkEntities' | 'deviceImport'>,
  scope: ReconcileScope,
): Promise<FoundDrift[]> {
  const entities = repos.networkEntities;
  const companyId = scope === 'installation' ? undefined : scope.companyId;
  const [devices, profiles, gateways, applications] = await Promise.all([
    entities.devicesOf(companyId),
    entities.profilesOf(companyId),
    entities.gatewaysOf(companyId),
    entities.applicationsOf(companyId),
  ]);
  const drift: FoundDrift[] = [];

  // Devices, application by application: every device here must be in its company's application.
  const remoteDevices = new Map<string, RemoteDevice & { companyId: string }>();
  for (const application of applications) {
    for (const device of await server.listDevices(application.remote_id as string))
      remoteDevices.set(device.devEui, { ...device, companyId: application.company_id });
  }
  // A device registered here in another company is that company's drift, not one to adopt.
  const localEuis = companyId ? await repos.deviceImport.existing([...remoteDevices.keys()]) : new Set(devices.map((device) => device.dev_eui));
  for (const device of devices) {
    const base = { kind: 'device' as const, key: device.dev_eui, name: device.name || device.dev_eui, entity_id: device.id, company_id: device.company_id };
    const remote = remoteDevices.get(device.dev_eui);
    if (!remote || remote.companyId !== device.company_id) drift.push({ ...base, problem: 'missing_there' });
    else if (remote.nwkKey !== device.app_key) drift.push({ ...base, problem: 'keys_differ' });
    else if (remote.deviceProfileId !== device.profile_remote_id) drift.push({ ...base, problem: 'profile_differs' });
  }
  for (const remote of remoteDevices.values()) {
    if (!localEuis.has(remote.devEui)) {
      const { companyId: owner, ...remoteDevice } = remote;
      drift.push({
        kind: 'device',
        problem: 'missing_here',
        key: remote.devEui,
        name: remote.name || remote.devEui,
        entity_id: null,
        company_id: owner,
        remoteDevice,
      });
    }
  }

  // Profiles and gateways are the tenant's; a company compares its own, the installation all of them.
  const remoteProfiles = new Map((await server.listDeviceProfiles()).map((profile) => [profile.remoteId, profile]));
  for (const profile of profiles) {
    if (!profile.remote_id || !remoteProfiles.has(profile.remote_id)) {
      drift.push({ kind: 'profile', problem: 'missing_there', key: profile.id, name: profile.name, entity_id: profile.id, company_id: profile.company_id });
    }
  }
  const remoteGateways = await server.listGateways();
  const remoteGatewayIds = new Set(remoteGateways.map((gateway) => gateway.gatewayId));
  for (const gateway of gateways) {
    if (!remoteGatewayIds.has(gateway.gateway_id)) {
      drift.push({
        kind: 'gateway',
        problem: 'missing_there',
        key: gateway.gateway_id,
        name: gateway.name || gateway.gateway_id,
        entity_id: gateway.id,
        company_id: gateway.company_id,
      });
    }
  }
  if (scope === 'installation') {
    const knownProfiles = new Set(profiles.map((profile) => profile.remote_id));
    for (const [remoteId, profile] of remoteProfiles) {
      if (!knownProfiles.has(remoteId))
        drift.push({ kind: 'profile', problem: 'missing_here', key: remoteId, name: profile.name, entity_id: null, company_id: null });
    }
    const localGateways = new Set(gateways.map((gateway) => gateway.gateway_id));
    for (const gateway of remoteGateways) {
      if (!localGateways.has(gateway.gatewayId)) {
        drift.push({
          kind: 'gateway',
          problem: 'missing_here',
          key: gateway.gatewayId,
          name: gateway.name || gateway.gatewayId,
          entity_id: null,
          company_id: null,
          remoteGateway: gateway,
        });
      }
    }
  }
  return drift;
}

interface FixDeps {
  entities: NetworkEntitiesRepository;
  transaction: AppContext['transaction'];
  now: () => Date;
}

/**
 * Fixes differences: ours is pushed again (missing there, keys or profile differing); a device or
 * gateway missing here is adopted into `adoptInto` and then pushed, so the network server gets this
 * platform's application and names. A profile missing here is only reported: the network server
 * does not hold what a profile here needs (its codec as edited here, the template it came from).
 */
export async function fixDrift(deps: FixDeps, found: readonly FoundDrift[], adoptInto: string | null): Promise<{ fixed: number; skipped: Drift[] }> {
  const skipped: Drift[] = [];
  let fixed = 0;
  const at = deps.now().toISOString();
  const profiles = adoptInto ? await deps.entities.profilesOf(adoptInto) : [];
  for (const item of found) {
    const { remoteDevice, remoteGateway } = item;
    const drift = withoutRemote(item);
    const companyId = drift.problem === 'missing_here' ? adoptInto : drift.company_id;
    if (!companyId || (drift.problem === 'missing_here' && drift.kind === 'profile') || (remoteDevice && !remoteDevice.nwkKey)) {
      skipped.push(drift);
      continue;
    }
    await deps.transaction(async (tx) => {
      let entityId = drift.entity_id;
      if (remoteDevice) {
        const profile = profiles.find((candidate) => candidate.remote_id === remoteDevice.deviceProfileId);
        entityId = await tx.devices.create(
          companyId,
          {
            dev_eui: remoteDevice.devEui,
            join_eui: remoteDevice.joinEui,
            app_key: remoteDevice.nwkKey as string,
            name: remoteDevice.name,
            profile_id: profile?.id ?? null,
            unit_id: null,
          },
          at,
        );
      } else if (remoteGateway) {
        entityId = (await tx.gateways.create(companyId, remoteGateway.gatewayId, remoteGateway.name, at)).id;
      }
      await tx.networkOutbox.record({ kind: drift.kind, entityId: entityId as string, companyId, action: 'put' }, at);
    });
    fixed += 1;
  }
  return { fixed, skipped };
}
