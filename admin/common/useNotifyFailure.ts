import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { describeError } from '../stores/appError';

/** Tells the user that an action failed, in their language (catalogue key, or the error's text). */
export function useNotifyFailure(fallbackKey = 'app.errors.general'): (error: unknown) => void {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback((error: unknown) => notify(describeError(error, translate, fallbackKey), { type: 'error' }), [notify, translate, fallbackKey]);
}
