import { useEffect, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '#web/app/nav-items.ts';
import { Icon } from '#web/components/ui/Icon.tsx';
import styles from './AppLayout.module.css';

export interface MoreMenuProps {
  items: NavItem[];
  current: boolean;
}

/**
 * The phone bottom bar's "More" menu (React Aria's menu, popover and their overlays: the largest
 * part of the shell's code). Its own chunk, loaded and shown by the first press on the stand-in
 * "More" button (see AppLayout), so it opens as soon as it is there, with the focus on its first
 * item. Opened once its own button has the focus, not on mounting: closing it then gives the focus
 * back to that button (the stand-in that had it is gone).
 */
export function MoreMenu({ items, current }: MoreMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // After the button's own autofocus (children's effects run first).
  useEffect(() => setOpen(true), []);
  return (
    <MenuTrigger isOpen={open} onOpenChange={setOpen}>
      <AriaButton className={styles.bottomLink} data-current={current || undefined} autoFocus>
        <Icon name="more" />
        <span>{t('nav.more')}</span>
      </AriaButton>
      <Popover className={styles.popover} placement="top end" offset={6}>
        <Menu className={styles.menu} aria-label={t('nav.moreMenu')} autoFocus="first">
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
