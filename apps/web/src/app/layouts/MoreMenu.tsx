import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '#web/app/nav-items.ts';
import { Icon } from '#web/components/ui/Icon.tsx';
import styles from './AppLayout.module.css';

export interface MoreMenuProps {
  items: NavItem[];
  current: boolean;
  /** Open at once: the member pressed the stand-in button before this menu had loaded. */
  defaultOpen?: boolean;
}

/**
 * The phone bottom bar's "More" menu (React Aria's menu, popover and their overlays: the largest
 * part of the shell's code). Its own chunk, loaded after the screen is up (see AppLayout).
 */
export function MoreMenu({ items, current, defaultOpen = false }: MoreMenuProps) {
  const { t } = useTranslation();
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <AriaButton className={styles.bottomLink} data-current={current || undefined} autoFocus={defaultOpen}>
        <Icon name="more" />
        <span>{t('nav.more')}</span>
      </AriaButton>
      <Popover className={styles.popover} placement="top end" offset={6}>
        <Menu
          className={styles.menu}
          aria-label={t('nav.moreMenu')}
          autoFocus={defaultOpen ? 'first' : undefined}
        >
          {items.map((item) => (
            <MenuItem key={item.to} id={item.to} href={item.to} className={styles.menuItem}>
              <Icon name={item.icon} />
              <span>{t(item.label)}</span>
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export default MoreMenu;
