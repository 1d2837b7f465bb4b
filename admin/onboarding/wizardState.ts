import { useSyncExternalStore } from 'react';
import { Observable } from '../stores/observable';
import type { OnboardingAnswers, Step } from './steps';

export interface WizardState {
  step: Step;
  answers: OnboardingAnswers;
}

/**
 * The wizard's progress lives outside React: changing the language at step 1→2 makes react-admin
 * re-mount the whole tree (its I18nContextProvider re-keys on a locale change), which would
 * otherwise throw the user back to step 1.
 */
class WizardStore extends Observable<WizardState> {
  constructor() {
    super(WizardStore.initial());
  }

  static initial(): WizardState {
    return { step: 1, answers: { language: null, customerType: 'direct', companyName: '', inviteCode: '', tenantModeOff: false } };
  }

  setStep(step: Step): void {
    this.setState({ step });
  }

  answer(patch: Partial<OnboardingAnswers>): void {
    this.setState({ answers: { ...this.state.answers, ...patch } });
  }

  reset(): void {
    this.setState(WizardStore.initial());
  }
}

export const wizardStore = new WizardStore();

export function useWizardState(): WizardState {
  return useSyncExternalStore(wizardStore.subscribe, wizardStore.getState);
}
