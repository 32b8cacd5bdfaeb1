import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import type { ConsoleContext } from '#web/features/admin/components/AccessLost.tsx';
import styles from '#web/features/admin/components/Console.module.css';

const SECTIONS = [
  { to: '/app/admin/support', label: 'admin.tabs.support' },
  { to: '/app/admin/reports', label: 'admin.tabs.reports' },
  { to: '/app/admin/members', label: 'admin.tabs.members' },
  { to: '/app/admin/audit', label: 'admin.tabs.audit' },
] as const;

/** /app/admin/* for operators: the console's heading and sections; the app decides who gets here. */
export function ConsoleLayout({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation();
  const context: ConsoleContext = { notFound };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('admin.title')}</h1>
      <nav className={styles.sections} aria-label={t('admin.sections')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} className={styles.section}>
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={context} />
    </div>
  );
}
