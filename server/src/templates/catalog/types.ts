import type { TemplateSeed } from '../../repositories/templates.js';

/** A device model of the template store: metadata, its codec and sample uplinks with their decoding. */
export type TemplateDefinition = TemplateSeed;

type LorawanSettings = Pick<TemplateDefinition, 'region' | 'mac_version' | 'reg_params_revision'>;

/**
 * The LoRaWAN versions the store's vendors ship their European devices with, as each vendor's
 * profile in The Things Network's device repository states them (RP001-1.0.3-RevA,
 * RP001-1.0.2, RP001-1.0.2-RevB); ChirpStack names the revisions A and B.
 */
export const EU868_LORAWAN_1_0_3: LorawanSettings = { region: 'EU868', mac_version: 'LORAWAN_1_0_3', reg_params_revision: 'A' };
export const EU868_LORAWAN_1_0_2_A: LorawanSettings = { region: 'EU868', mac_version: 'LORAWAN_1_0_2', reg_params_revision: 'A' };
export const EU868_LORAWAN_1_0_2_B: LorawanSettings = { region: 'EU868', mac_version: 'LORAWAN_1_0_2', reg_params_revision: 'B' };
