import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { LoadingPlaceholder } from '#web/components/ui/LoadingPlaceholder.tsx';
import styles from '#web/features/library/components/Library.module.css';
import { LibraryShowcase } from '#web/features/library/components/LibraryShowcase.tsx';
import { useCurrentUser } from '#web/lib/auth.tsx';
import { displayNameOf } from '#web/lib/display-name.ts';
import page from './HomePage.module.css';

interface HomePageProps {
  /**
   * True while the sections' data is still coming: one placeholder stands in for all of them, and
   * they show together once it is in (none moves when another fills in above it).
   */
  loading?: boolean;
  /** The books in progress (My Library's data), composed in by the route; an empty state without it. */
  continueReading?: ReactNode;
  /** The newest thoughts (the thoughts feature), composed in by the route. */
  latestThoughts?: ReactNode;
}

export function HomePage({ loading = false, continueReading, latestThoughts }: HomePageProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className={page.page}>
      <header>
        <h1>
          {/* The name isolated: "Amira T." keeps its full stop on its own side in Arabic. */}
          <Trans
            i18nKey="home.welcomeName"
            values={{ name: displayNameOf(user) }}
            components={{ name: <bdi /> }}
          />
        </h1>
        <p className={page.lead}>{t('home.lead')}</p>
      </header>

      {loading ? (
        <LoadingPlaceholder>
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.section} aria-hidden="true">
              <div className={`${styles.skeleton} ${styles.skeletonHeading}`} />
              <div className={`${styles.skeleton} ${page.skeletonBlock}`} />
            </div>
          ))}
        </LoadingPlaceholder>
      ) : null}
      {/* Mounted (their queries running) but hidden until all have answered: shown together. */}
      <div hidden={loading}>
        <HomeSections continueReading={continueReading} latestThoughts={latestThoughts} />
      </div>
    </div>
  );
}

/** The sections under the greeting. */
function HomeSections({ continueReading, latestThoughts }: Omit<HomePageProps, 'loading'>) {
  const { t } = useTranslation();
  return (
    <>
      <section className={styles.section} aria-labelledby="continue-reading">
        <h2 id="continue-reading">{t('home.continueTitle')}</h2>
        {continueReading ?? (
          <div className={styles.empty}>
            <p>{t('home.continueEmpty')}</p>
            <ButtonLink to="/app/books" variant="secondary" size="small">
              {t('home.browseBooks')}
            </ButtonLink>
          </div>
        )}
      </section>

      {latestThoughts}

      <LibraryShowcase
        categoriesTitle={t('home.categoriesTitle')}
        featuredTitle={t('home.featuredTitle')}
        emptyText={t('home.libraryEmpty')}
        errorText={t('home.libraryError')}
      />
    </>
  );
}

export default HomePage;
