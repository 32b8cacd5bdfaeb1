import { useTranslation } from 'react-i18next';
import { HomePage } from '#web/features/library/routes/HomePage.tsx';
import { useMyLibrary } from '#web/features/my-library/api/my-library.ts';
import { ContinueReading } from '#web/features/my-library/components/ContinueReading.tsx';
import { useLatestThoughts } from '#web/features/thoughts/api/latest-thoughts.ts';
import { LatestThoughts } from '#web/features/thoughts/components/LatestThoughts.tsx';
import { useLibraryOverview } from '#web/lib/library-overview.ts';

/** The home screen, with the member's books in progress and the latest thoughts composed in (features stay apart). */
export function HomeRoute() {
  const { t } = useTranslation();
  // The sections' own queries (the same cache entries, observed from the same render: no request
  // more). The sections show once all have answered, so none of them moves when one above it fills
  // in (each one's final height depends on its data). A query paused offline does not hold them back.
  const loading = [useMyLibrary(), useLatestThoughts(), useLibraryOverview()].some(
    (query) => query.isPending && query.fetchStatus === 'fetching',
  );
  return (
    <HomePage
      loading={loading}
      continueReading={<ContinueReading emptyText={t('home.continueEmpty')} />}
      latestThoughts={<LatestThoughts />}
    />
  );
}

export default HomeRoute;
