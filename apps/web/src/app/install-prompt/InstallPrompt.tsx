import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import { Icon } from '#web/components/ui/Icon.tsx';
import { LogoMark } from '#web/components/ui/Logo.tsx';
import { initialInstallMode } from '#web/lib/device.ts';
import styles from './InstallPrompt.module.css';

/** Chromium's install event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

type Mode = 'hidden' | 'ios' | 'native';

/**
 * The browser's offer, kept from the moment the app starts: it may come while a screen's code is
 * still loading, before this component is mounted (it is rendered with the first screen).
 */
let earlyOffer: BeforeInstallPromptEvent | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    earlyOffer = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    earlyOffer = null;
  });
}

function detectInitialMode(): Mode {
  // Rendered in Node (at build time, or by the server): no window. Not `navigator`, which Node 21+
  // has too.
  if (typeof window === 'undefined') return 'hidden';
  const nav = navigator as Navigator & { standalone?: boolean };
  const mode = initialInstallMode(
    { userAgent: nav.userAgent, maxTouchPoints: nav.maxTouchPoints ?? 0 },
    {
      navigatorStandalone: nav.standalone,
      displayModeStandalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
    },
  );
  return mode === 'ios' ? 'ios' : 'hidden';
}

/**
 * Offers installation on every screen: instructions on iPhone/iPad/iPod browsers, and the browser's
 * own prompt elsewhere once `beforeinstallprompt` fires. It closes on ×, or after the member
 * accepts or dismisses the native prompt.
 */
export function InstallPrompt() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(() => (earlyOffer ? 'native' : detectInitialMode()));
  const [busy, setBusy] = useState(false);
  const deferred = useRef<BeforeInstallPromptEvent | null>(earlyOffer);
  const closed = useRef(false);

  useEffect(() => {
    const onBeforeInstall = (event: Event) => {
      event.preventDefault();
      deferred.current = event as BeforeInstallPromptEvent;
      if (!closed.current) setMode('native');
    };
    const onInstalled = () => {
      deferred.current = null;
      setMode('hidden');
    };
    window.addEventListener('beforeinstallprompt', onBeforeInstall);
    window.addEventListener('appinstalled', onInstalled);
    // An offer that came between this component's first render and now (a transition renders
    // in slices): only the listener above the component saw it.
    if (earlyOffer && !deferred.current && !closed.current) {
      deferred.current = earlyOffer;
      setMode('native');
    }
    return () => {
      window.removeEventListener('beforeinstallprompt', onBeforeInstall);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  function close() {
    closed.current = true;
    earlyOffer = null;
    setMode('hidden');
  }

  async function install() {
    const event = deferred.current;
    if (!event) return close();
    setBusy(true);
    try {
      await event.prompt();
      await event.userChoice;
    } catch (error) {
      console.error('Install prompt failed', error);
    } finally {
      // The event can be used once; accepted or dismissed, the overlay closes.
      deferred.current = null;
      earlyOffer = null;
      setBusy(false);
      close();
    }
  }

  if (mode === 'hidden') return null;

  return (
    <section className={styles.prompt} aria-label={t('install.title')}>
      <LogoMark className={styles.icon} />
      {mode === 'ios' ? (
        <p className={styles.text}>
          <Icon name="share" className={styles.share} /> {t('install.ios')}
        </p>
      ) : (
        <p className={styles.text}>{t('install.prompt')}</p>
      )}
      <div className={styles.actions}>
        {mode === 'native' ? (
          <Button size="small" onClick={install} busy={busy}>
            {t('install.install')}
          </Button>
        ) : null}
        <button type="button" className={styles.close} onClick={close} aria-label={t('install.close')}>
          <Icon name="close" />
        </button>
      </div>
    </section>
  );
}
