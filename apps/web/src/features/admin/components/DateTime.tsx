import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#web/lib/time.ts';

/** A date and time in the interface language. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time className={className} dateTime={value}>
      {formatDateTime(value, i18n.resolvedLanguage ?? 'en')}
    </time>
  );
}
