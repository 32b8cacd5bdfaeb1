import { type ComponentType, useState } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
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
import { useAuth, useCurrentUser } from '#web/lib/auth.tsx';
import { displayNameOf } from '#web/lib/display-name.ts';
import styles from './AppLayout.module.css';
import type { MoreMenuProps } from './MoreMenu.tsx';
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
            {/* Named by its text, not an aria-label: the name it shows is part of what it is called. */}
            <Link className={styles.me} to={profilePath}>
              <Avatar name={name} image={user.image} />
              <span className={styles.meName} dir="auto">
                {name}
              </span>
              <span className="visually-hidden">{t('nav.profile')}</span>
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
              <LazyMoreMenu items={more} current={moreIsCurrent} />
            </li>
          </ul>
        </nav>
      </div>
    </AriaRouterProvider>
  );
}

const loadMoreMenu = () => import('./MoreMenu.tsx').then((module) => module.MoreMenu);

/**
 * The "More" menu, kept out of the shell's load: a plain button of the same look stands in until
 * the first press, which loads the menu and opens it. Its code (React Aria's menu, whose locale
 * check alone is ~120 ms of a slow phone's main thread: docs/performance.md) starts loading as
 * the pointer or the focus comes to the button, so the press rarely waits for it.
 */
function LazyMoreMenu({ items, current }: MoreMenuProps) {
  const { t } = useTranslation();
  const [Menu, setMenu] = useState<ComponentType<MoreMenuProps> | null>(null);
  const preload = () => void loadMoreMenu().catch(() => undefined);

  if (Menu) return <Menu items={items} current={current} />;
  return (
    <button
      type="button"
      className={styles.bottomLink}
      data-current={current || undefined}
      aria-haspopup="menu"
      aria-expanded="false"
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
      onClick={() =>
        void loadMoreMenu().then(
          (component) => setMenu(() => component),
          () => undefined, // offline before the app was cached: the button stays as it is
        )
      }
    >
      <Icon name="more" />
      <span>{t('nav.more')}</span>
    </button>
  );
}

export default AppLayout;
