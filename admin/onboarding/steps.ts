import type { Language } from '../providers/i18nProvider';

export type CustomerType = 'direct' | 'indirect';
export type Step = 1 | 2 | 3;
export const STEP_COUNT = 3;

export interface OnboardingAnswers {
  language: Language | null;
  customerType: CustomerType | null;
  companyName: string;
}

/** Validation of spec §5: a language, a customer type, a company name that is not blank once trimmed. */
export function isStepValid(step: Step, answers: OnboardingAnswers): boolean {
  if (step === 1) return answers.language !== null;
  if (step === 2) return answers.customerType !== null;
  return answers.companyName.trim().length > 0;
}

/** Next only from steps 1 and 2, Back from 2 and 3, Complete only on 3 (spec §4). */
export const canGoNext = (step: Step) => step < STEP_COUNT;
export const canGoBack = (step: Step) => step > 1;
export const canComplete = (step: Step) => step === STEP_COUNT;
