import { useTranslation } from 'react-i18next';
import type { FieldError } from '#web/features/auth/validation.ts';

/** Translates a validation result (auth.errors.*) into the text shown under a field. */
export function useFieldErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | null | undefined): string | null =>
    error ? t(`auth.errors.${error.key}`, error.values ?? {}) : null;
}
