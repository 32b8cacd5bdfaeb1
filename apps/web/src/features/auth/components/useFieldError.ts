import { useTranslation } from 'react-i18next';
import type { AuthFailure } from '#web/features/auth/errors.ts';
import type { FieldError } from '#web/features/auth/validation.ts';

/**
 * Translates a validation result or a server refusal (both keys under auth.errors) into the text
 * shown under a field or above a form. A refusal that carries the server's English text (the
 * weak-password hint) shows that text when the interface is in English.
 */
export function useFieldErrorText() {
  const { t, i18n } = useTranslation();
  return (error: FieldError | AuthFailure | null | undefined): string | null => {
    if (!error) return null;
    if ('serverText' in error && error.serverText && i18n.resolvedLanguage === 'en') return error.serverText;
    return t(`auth.errors.${error.key}`, error.values ?? {});
  };
}
