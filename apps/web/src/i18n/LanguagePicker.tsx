import { LANGUAGES, resolveLanguage } from '@sahifa/contracts/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '#web/components/ui/Select.tsx';

/**
 * The interface language (accessible name "Language"; options "en" and "ar"). i18next stores the
 * choice under i18nextLng and src/i18n/index.ts updates <html lang dir>.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <Select
      id={id}
      label={t('common.language')}
      hideLabel={compact}
      value={resolveLanguage(i18n.resolvedLanguage)}
      onChange={(event) => void i18n.changeLanguage(resolveLanguage(event.target.value))}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`common.languages.${language}`)}
        </option>
      ))}
    </Select>
  );
}
