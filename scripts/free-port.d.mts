export function freePortSync(): number;
export function reservePorts(...names: string[]): void;
