/** The provider identification of the imprint (§ 5 DDG), as the operator configures it at build time. */
export interface Imprint {
  company: string;
  address: string;
  register: string;
  contact: string | null;
}

export const IMPRINT_FIELDS = ['company', 'address', 'register', 'contact'] as const;

/**
 * Reads IMPRINT_COMPANY, IMPRINT_ADDRESS, IMPRINT_REGISTER and optionally IMPRINT_CONTACT. Without
 * the first three there is no imprint: the page then says so instead of showing made-up details.
 */
export function imprintFromEnv(env: Record<string, string | undefined>): Imprint | null {
  const read = (name: string) => env[name]?.trim() || null;
  const company = read('IMPRINT_COMPANY');
  const address = read('IMPRINT_ADDRESS');
  const register = read('IMPRINT_REGISTER');
  if (!company || !address || !register) return null;
  return { company, address, register, contact: read('IMPRINT_CONTACT') };
}
