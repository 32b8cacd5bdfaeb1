import { useTranslation } from 'react-i18next';
import { LibraryShowcase } from '#web/features/library/components/LibraryShowcase.tsx';
import { LandingPage } from '#web/features/marketing/routes/LandingPage.tsx';

/** The landing page, with the library's categories and featured books composed in (features stay apart). */
export function LandingRoute() {
  const { t } = useTranslation();
  return (
    <LandingPage
      showcase={
        <LibraryShowcase
          categoriesTitle={t('landing.categoriesTitle')}
          featuredTitle={t('landing.featuredTitle')}
          emptyText={t('landing.libraryEmpty')}
          errorText={t('landing.libraryError')}
          limit={8}
        />
      }
    />
  );
}

export default LandingRoute;
