import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { Logo } from '#web/components/ui/Logo.tsx';
import { LanguagePicker } from '#web/i18n/LanguagePicker.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { ThemePicker } from '#web/theme/ThemePicker.tsx';
import styles from './PublicLayout.module.css';

/**
 * Header (logo, nav, language, log in / sign up) and footer of the public pages. The only one a
 * signed-in member stays on is the 404 page (PublicOnly sends them on from the others): it offers
 * them the app, not a log in.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <div className={styles.logo}>
            <Logo />
          </div>
          <nav className={styles.nav} aria-label={t('nav.public')}>
            <ul>
              <li>
                <NavLink className={styles.navLink} to="/about">
                  {t('nav.about')}
                </NavLink>
              </li>
              <li>
                <NavLink className={styles.navLink} to="/pricing">
                  {t('nav.pricing')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className={styles.language}>
            <LanguagePicker compact />
          </div>
          <div className={styles.account}>
            {user ? (
              <ButtonLink to="/app/home" size="small">
                {t('common.openApp')}
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/login" variant="ghost" size="small">
                  {t('common.logIn')}
                </ButtonLink>
                <ButtonLink to="/sign-up" size="small">
                  {t('common.signUp')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <div>
            <nav aria-label={t('nav.footer')}>
              <ul className={styles.footerLinks}>
                <li>
                  <Link to="/about">{t('nav.about')}</Link>
                </li>
                <li>
                  <Link to="/pricing">{t('nav.pricing')}</Link>
                </li>
                <li>
                  <Link to="/privacy-policy">{t('nav.privacy')}</Link>
                </li>
                <li>
                  <Link to="/terms-conditions">{t('nav.terms')}</Link>
                </li>
              </ul>
            </nav>
            <p className={styles.copyright}>{t('nav.copyright')}</p>
          </div>
          <div className={styles.footerTheme}>
            <ThemePicker inline />
          </div>
        </div>
      </footer>
    </>
  );
}

export default PublicLayout;
