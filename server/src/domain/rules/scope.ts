import type { RuleScope } from '../../schemas/rules.js';

/** Where a device sits: what a rule's scope can name. */
export interface DevicePlace {
  id: string;
  unit_id: string | null;
  /** The group of the device's unit (devices join groups through their unit). */
  group_id: string | null;
  profile_id: string | null;
}

/** Whether a rule with this scope applies to the device (the company is checked by whoever loads the rules). */
export function inScope(scope: { scope: RuleScope; scope_id: string | null }, device: DevicePlace): boolean {
  switch (scope.scope) {
    case 'company':
      return true;
    case 'device':
      return scope.scope_id === device.id;
    case 'unit':
      return scope.scope_id === device.unit_id;
    case 'group':
      return scope.scope_id === device.group_id;
    case 'profile':
      return scope.scope_id === device.profile_id;
  }
}
