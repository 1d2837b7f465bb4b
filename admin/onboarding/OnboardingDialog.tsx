import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLanguage } from '../common/useLanguage';
import { describeError } from '../stores/appError';
import { canComplete, canGoBack, canGoNext, isStepValid, STEP_COUNT, type Step } from './steps';
import { joinError } from '../companies/joinError';
import { CompanyStep, CustomerTypeStep, InviteCodeStep, LanguageStep } from './StepFields';
import { submitOnboarding, type OnboardingCalls } from './submit';
import { useWizardState, wizardStore } from './wizardState';

export interface OnboardingDialogProps {
  calls: OnboardingCalls;
  /** Whether the user's multi-tenant mode is on now (after "Reset onboarding"): it is not turned off unasked. */
  tenantModeNow?: boolean;
  /** Reloads user data and companies after a successful submission and selects the company to land in. */
  onDone: (companyId: string) => Promise<void>;
}

/** The onboarding wizard of spec §2/§4/§5: a modal that cannot be dismissed. */
export function OnboardingDialog({ calls, tenantModeNow = false, onDone }: OnboardingDialogProps) {
  const translate = useTranslate();
  const [language, setLanguage] = useLanguage();
  const { step, answers } = useWizardState();
  // The language starts as the one in use (English by default, spec §9).
  useEffect(() => {
    if (wizardStore.getState().answers.language === null) wizardStore.answer({ language });
  }, [language]);
  // Arriving by an invite mail's link (/companies?invite=CODE): the wizard offers joining with that code.
  const invited = useSearchParams()[0].get('invite') ?? '';
  useEffect(() => {
    const current = wizardStore.getState().answers;
    if (invited && !current.inviteCode) wizardStore.answer({ customerType: 'join', inviteCode: invited });
  }, [invited]);
  const setAnswers = (patch: Parameters<typeof wizardStore.answer>[0]) => wizardStore.answer(patch);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = isStepValid(step, answers);

  const next = () => {
    // Step 1 → 2 applies the chosen language at once and stores it (spec §4).
    if (step === 1 && answers.language) setLanguage(answers.language);
    wizardStore.setStep((step + 1) as Step);
  };
  const back = () => wizardStore.setStep((step - 1) as Step);
  const complete = async () => {
    if (!answers.customerType) return;
    setSubmitting(true);
    setError(null);
    try {
      const companyId = await submitOnboarding(answers, tenantModeNow, calls);
      wizardStore.reset();
      await onDone(companyId);
    } catch (failure) {
      console.error('Onboarding failed', failure);
      const joinFailure = answers.customerType === 'join' ? joinError(failure) : null;
      setError(joinFailure ? translate(joinFailure) : describeError(failure, translate, 'app.errors.setupError'));
      setSubmitting(false);
    }
  };

  return (
    <Dialog open disableEscapeKeyDown fullWidth maxWidth="sm" aria-labelledby="onboarding-title">
      <DialogTitle id="onboarding-title">{translate('app.onboarding.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="overline">{translate('app.onboarding.step', { step, total: STEP_COUNT })}</Typography>
        {step === 1 && <LanguageStep value={answers.language} onChange={(value) => setAnswers({ language: value })} />}
        {step === 2 && (
          <CustomerTypeStep
            value={answers.customerType}
            onChange={(value) => setAnswers({ customerType: value })}
            tenantModeOff={tenantModeNow ? { value: answers.tenantModeOff, onChange: (value) => setAnswers({ tenantModeOff: value }) } : undefined}
          />
        )}
        {step === 3 && answers.customerType === 'join' && (
          <InviteCodeStep value={answers.inviteCode} disabled={submitting} onChange={(value) => setAnswers({ inviteCode: value })} />
        )}
        {step === 3 && answers.customerType !== 'join' && (
          <CompanyStep value={answers.companyName} disabled={submitting} onChange={(value) => setAnswers({ companyName: value })} />
        )}
        {submitting && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
            <CircularProgress size={20} />
            <Typography>{translate('app.onboarding.setting_up')}</Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" variant="filled" sx={{ mt: 2 }} data-testid="onboarding-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {canGoBack(step) && (
          <Button onClick={back} disabled={submitting}>
            {translate('app.onboarding.back')}
          </Button>
        )}
        {canGoNext(step) && (
          <Button variant="contained" onClick={next} disabled={!valid || submitting}>
            {translate('app.onboarding.next')}
          </Button>
        )}
        {canComplete(step) && (
          <Button variant="contained" onClick={() => void complete()} disabled={!valid || submitting}>
            {translate('app.onboarding.complete')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
