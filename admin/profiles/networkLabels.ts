import type { MacVersion, Region, RegParamsRevision } from '../types/api';

/**
 * How the console names the network settings of a profile (ChirpStack's identifiers). The MAC
 * versions and regional-parameter revisions are the standards' own names, the same in every
 * language; a region also gets its frequency plan in the user's language.
 */

/** `AS923_2` as the LoRaWAN Regional Parameters write it: `AS923-2`. */
const regionCode = (region: Region): string => region.replace('_', '-');

export const regionLabel = (translate: (key: string) => string, region: Region): string =>
  `${regionCode(region)} (${translate(`app.profiles.regions.${region}`)})`;

/** `LORAWAN_1_0_3` → `LoRaWAN 1.0.3`. */
export const macVersionLabel = (version: MacVersion): string => `LoRaWAN ${version.replace('LORAWAN_', '').replaceAll('_', '.')}`;

/** `A` and `B` stay; `RP002_1_0_3` → `RP002-1.0.3`. */
export const regParamsRevisionLabel = (revision: RegParamsRevision): string =>
  revision.startsWith('RP002_') ? `RP002-${revision.slice('RP002_'.length).replaceAll('_', '.')}` : revision;
