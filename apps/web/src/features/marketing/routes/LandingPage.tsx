import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { Icon, type IconName } from '#web/components/ui/Icon.tsx';
import styles from './LandingPage.module.css';
import { SAMPLE_PAGE } from './sample-page.ts';

const FEATURES: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: 'bilingual', icon: 'books' },
  { key: 'pages', icon: 'library' },
  { key: 'progress', icon: 'home' },
  { key: 'community', icon: 'thoughts' },
];

/**
 * The sample's progress bar, drawn in SVG: its fill is an attribute, not an inline style, which
 * the Content-Security-Policy would refuse in the prerendered page (src/prerender.tsx).
 */
function SampleProgress() {
  return (
    <svg
      className={styles.progress}
      aria-hidden="true"
      viewBox={`0 0 ${SAMPLE_PAGE.pageCount} 1`}
      preserveAspectRatio="none"
    >
      <rect width={SAMPLE_PAGE.page} height="1" />
    </svg>
  );
}

/** Two sample pages (decorative): the same page of a demo summary, in English and in Arabic. */
function SamplePages() {
  return (
    <div className={styles.pages} aria-hidden="true">
      <div className={styles.sheet} lang="en" dir="ltr">
        <span className={styles.sheetKicker}>
          Page {SAMPLE_PAGE.page} of {SAMPLE_PAGE.pageCount}
        </span>
        <span className={styles.sheetTitle}>The Muqaddimah</span>
        <span>Ibn Khaldun on why dynasties rise and fall.</span>
        <span className={styles.line} />
        <span className={styles.line} />
        <span className={styles.line} />
        <span className={styles.line} />
        <SampleProgress />
      </div>
      <div className={styles.sheet} lang="ar" dir="rtl">
        <span className={styles.sheetKicker}>
          الصفحة {SAMPLE_PAGE.page} من {SAMPLE_PAGE.pageCount}
        </span>
        <span className={styles.sheetTitle}>المقدمة</span>
        <span>ابن خلدون في قيام الدول وسقوطها.</span>
        <span className={styles.line} />
        <span className={styles.line} />
        <span className={styles.line} />
        <span className={styles.line} />
        <SampleProgress />
      </div>
    </div>
  );
}

/** The public landing page; `showcase` is the library's categories and featured books. */
export function LandingPage({ showcase }: { showcase: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.heroInner}>
          <div>
            <h1 id="landing-title" className={styles.heroTitle}>
              {t('landing.title')}
            </h1>
            <p className={styles.lead}>{t('landing.lead')}</p>
            <div className={styles.ctas}>
              <ButtonLink to="/sign-up">{t('landing.ctaPrimary')}</ButtonLink>
              <ButtonLink to="/login" variant="secondary">
                {t('landing.ctaSecondary')}
              </ButtonLink>
            </div>
          </div>
          <SamplePages />
        </div>
      </section>

      <div className={styles.body}>
        <section className={styles.section} aria-labelledby="landing-features">
          <h2 id="landing-features">{t('landing.featuresTitle')}</h2>
          <ul className={styles.features}>
            {FEATURES.map(({ key, icon }) => (
              <li key={key} className={styles.feature}>
                <span className={styles.featureIcon}>
                  <Icon name={icon} />
                </span>
                <h3>{t(`landing.features.${key}.title`)}</h3>
                <p>{t(`landing.features.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        {showcase}

        <section className={`${styles.section} ${styles.closing}`} aria-labelledby="landing-closing">
          <h2 id="landing-closing">{t('landing.closingTitle')}</h2>
          <p>{t('landing.closingBody')}</p>
          <ButtonLink to="/sign-up">{t('landing.ctaPrimary')}</ButtonLink>
          <p className={styles.hint}>{t('landing.installHint')}</p>
        </section>
      </div>
    </>
  );
}

export default LandingPage;
