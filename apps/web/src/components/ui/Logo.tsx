import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Logo.module.css';

/** The page mark (the same drawing as the app icons) and the name: "Sahifa" / "صحيفة". */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className ?? styles.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M19 14h19l9 9v27H19z" fill="#fffdf9" />
      <path d="M38 14v9h9z" fill="#d8cdb8" />
      <path d="M24 30h18M24 36h18M24 42h12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={styles.logo} aria-label={t('common.homeLink')}>
      <LogoMark />
      <span>{t('common.appName')}</span>
    </Link>
  );
}
