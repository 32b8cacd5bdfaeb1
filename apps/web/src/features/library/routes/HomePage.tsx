import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import styles from '#web/features/library/components/Library.module.css';
import { LibraryShowcase } from '#web/features/library/components/LibraryShowcase.tsx';
import { displayNameOf, useCurrentUser } from '#web/lib/auth.tsx';
import page from './HomePage.module.css';

interface HomePageProps {
  /** The books in progress (My Library's data), composed in by the route; an empty state without it. */
  continueReading?: ReactNode;
  /** The newest thoughts (the thoughts feature), composed in by the route. */
  latestThoughts?: ReactNode;
}

export function HomePage({ continueReading, latestThoughts }: HomePageProps) {
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
    </div>
  );
}

export default HomePage;
