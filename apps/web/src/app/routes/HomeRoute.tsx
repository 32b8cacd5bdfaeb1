import { useTranslation } from 'react-i18next';
import { HomePage } from '../../features/library/routes/HomePage.tsx';
import { ContinueReading } from '../../features/my-library/components/ContinueReading.tsx';

/** The home screen, with the member's books in progress composed in (features stay apart). */
export function HomeRoute() {
  const { t } = useTranslation();
  return <HomePage continueReading={<ContinueReading emptyText={t('home.continueEmpty')} />} />;
}

export default HomeRoute;
