import type { DeviceInfo } from '@sahifa/contracts/support';
import { useTranslation } from 'react-i18next';
import styles from './Support.module.css';

const PARTS = ['userAgent', 'screen', 'language', 'appVersion'] as const;

/** What the browser adds to the message, shown (open) before it is sent, so nothing goes unseen. */
export function DeviceDetails({ info }: { info: DeviceInfo }) {
  const { t } = useTranslation();
  return (
    <details className={styles.device} open>
      <summary>{t('support.device.title')}</summary>
      <p className={styles.muted}>{t('support.device.intro')}</p>
      <dl className={styles.deviceList}>
        {PARTS.map((part) => (
          <div key={part}>
            <dt>{t(`support.device.${part}`)}</dt>
            <dd dir="ltr">{info[part] || t('support.device.unknown')}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
