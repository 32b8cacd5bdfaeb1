import { useTranslation } from 'react-i18next';
import { HomePage } from '#web/features/library/routes/HomePage.tsx';
import { ContinueReading } from '#web/features/my-library/components/ContinueReading.tsx';
import { LatestThoughts } from '#web/features/thoughts/components/LatestThoughts.tsx';

/** The home screen, with the member's books in progress and the latest thoughts composed in (features stay apart). */
export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <HomePage
      continueReading={<ContinueReading emptyText={t('home.continueEmpty')} />}
      latestThoughts={<LatestThoughts />}
    />
  );
}

export default HomeRoute;
