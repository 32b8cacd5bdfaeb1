import { registerSW } from 'virtual:pwa-register';

/**
 * Registers /service-worker.js (production builds only). Its news goes to the console only, as the
 * spec asks: the offline-ready notice and a registration failure.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registerSW({
    immediate: true,
    onOfflineReady() {
      console.info('Sahifa is ready to work offline.');
    },
    onNeedRefresh() {
      console.info('A new version of Sahifa is available; it will be used the next time the app is opened.');
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed:', error);
    },
  });
}
