import type { Language } from '../providers/i18nProvider';

export type CustomerType = 'direct' | 'indirect';
/** How the account starts: founding a company (direct or indirect) or joining one with an invite code. */
export type Start = CustomerType | 'join';
export type Step = 1 | 2 | 3;
export const STEP_COUNT = 3;

export interface OnboardingAnswers {
  language: Language | null;
  customerType: Start | null;
  companyName: string;
  inviteCode: string;
  /** Asked only of a user whose multi-tenant mode is on and who chooses "direct": turn it off? */
  tenantModeOff: boolean;
}

/**
 * Validation of spec §5: a language, a way to start, and on step 3 a company name (or, for joining,
 * an invite code) that is not blank once trimmed.
 */
export function isStepValid(step: Step, answers: OnboardingAnswers): boolean {
  if (step === 1) return answers.language !== null;
  if (step === 2) return answers.customerType !== null;
  if (answers.customerType === 'join') return answers.inviteCode.trim().length > 0;
  return answers.companyName.trim().length > 0;
}

/** Next only from steps 1 and 2, Back from 2 and 3, Complete only on 3 (spec §4). */
export const canGoNext = (step: Step) => step < STEP_COUNT;
export const canGoBack = (step: Step) => step > 1;
export const canComplete = (step: Step) => step === STEP_COUNT;
