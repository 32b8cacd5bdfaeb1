import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A screen's placeholder while its data loads: the skeleton is shown, and screen readers hear
 * "Loading…" once (the region is busy until the real content replaces it).
 */
export function LoadingPlaceholder({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      {children}
    </div>
  );
}
