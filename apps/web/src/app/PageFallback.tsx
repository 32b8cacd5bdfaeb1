import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '#web/components/ui/Spinner.tsx';

/** Shown while a screen's code loads on the first visit (the router's HydrateFallback). */
export function PageFallback() {
  const { t } = useTranslation();
  return <LoadingScreen label={t('common.loadingPage')} />;
}
