/** Required, where blanks count as empty too (the API refuses names that are only spaces). */
export const requiredText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? undefined : 'ra.validation.required');
