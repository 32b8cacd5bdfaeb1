import { useState } from 'react';
import {
  Button as AriaButton,
  RouterProvider as AriaRouterProvider,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useHref, useLocation, useNavigate } from 'react-router';
import { PRIMARY_NAV, secondaryNav } from '#web/app/nav-items.ts';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Icon } from '#web/components/ui/Icon.tsx';
import { Logo } from '#web/components/ui/Logo.tsx';
import { OfflineBanner } from '#web/components/ui/OfflineBanner.tsx';
import { LanguagePicker } from '#web/i18n/LanguagePicker.tsx';
import { useAccount } from '#web/lib/account.ts';
import { displayNameOf, useAuth, useCurrentUser } from '#web/lib/auth.tsx';
import styles from './AppLayout.module.css';
import { SuspendedNotice } from './SuspendedNotice.tsx';

/** The signed-in shell: side bar (wide screens) or bottom bar + "More" menu (phones). */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const name = displayNameOf(user);
  const operator = useAccount().data?.operator === true;
  const more = secondaryNav(user.userNumber, operator);
  const profilePath = user.userNumber ? `/app/${user.userNumber}` : '/app/settings';
  // A screen under "More" is current on its own address and below it (/app/moejrAI/:id).
  const moreIsCurrent = more.some(
    (item) => location.pathname === item.to || location.pathname.startsWith(`${item.to}/`),
  );

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
      navigate('/', { replace: true });
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <AriaRouterProvider navigate={(path) => void navigate(path)} useHref={useHref}>
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <div className={styles.shell}>
        <aside className={styles.sidebar}>
          <div className={styles.sidebarInner}>
            <div className={styles.sideLogo}>
              <Logo to="/app/home" />
            </div>
            <nav aria-label={t('nav.app')}>
              <ul className={styles.sideList}>
                {PRIMARY_NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink className={styles.sideLink} to={item.to}>
                      <Icon name={item.icon} />
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
                <li className={styles.separator} aria-hidden="true" />
                {more.map((item) => (
                  <li key={item.to}>
                    <NavLink className={styles.sideLink} to={item.to}>
                      <Icon name={item.icon} />
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </aside>

        <div className={styles.column}>
          <header className={styles.topbar}>
            <div className={styles.topLogo}>
              <Logo to="/app/home" />
            </div>
            <LanguagePicker compact />
            <Link className={styles.me} to={profilePath} aria-label={t('nav.profile')}>
              <Avatar name={name} image={user.image} />
              <span className={styles.meName} dir="auto">
                {name}
              </span>
            </Link>
            <Button
              variant="ghost"
              size="small"
              className={styles.signOut}
              onClick={onSignOut}
              disabled={signingOut}
            >
              <Icon name="signOut" />
              <span className={styles.signOutText}>
                {signingOut ? t('common.signingOut') : t('common.signOut')}
              </span>
            </Button>
          </header>
          <OfflineBanner />
          <SuspendedNotice />
          <main id="main-content" className={styles.content} tabIndex={-1}>
            <Outlet />
          </main>
        </div>

        <nav className={styles.bottomBar} aria-label={t('nav.app')} data-bottom-nav="">
          <ul className={styles.bottomList}>
            {PRIMARY_NAV.map((item) => (
              <li key={item.to}>
                <NavLink className={styles.bottomLink} to={item.to}>
                  <Icon name={item.icon} />
                  <span>{t(item.shortLabel ?? item.label)}</span>
                </NavLink>
              </li>
            ))}
            <li>
              <MenuTrigger>
                <AriaButton className={styles.bottomLink} data-current={moreIsCurrent || undefined}>
                  <Icon name="more" />
                  <span>{t('nav.more')}</span>
                </AriaButton>
                <Popover className={styles.popover} placement="top end" offset={6}>
                  <Menu className={styles.menu} aria-label={t('nav.moreMenu')}>
                    {more.map((item) => (
                      <MenuItem key={item.to} id={item.to} href={item.to} className={styles.menuItem}>
                        <Icon name={item.icon} />
                        <span>{t(item.label)}</span>
                      </MenuItem>
                    ))}
                  </Menu>
                </Popover>
              </MenuTrigger>
            </li>
          </ul>
        </nav>
      </div>
    </AriaRouterProvider>
  );
}

export default AppLayout;
