import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import styles from '#web/features/marketing/components/Prose.module.css';

export default function PricingPage() {
  const { t } = useTranslation();
  const future = t('pricing.futureBody', { returnObjects: true }) as string[];
  return (
    <article className={styles.page}>
      <h1>{t('pricing.title')}</h1>
      <p className={styles.lead}>{t('pricing.lead')}</p>
      <section className={styles.card} aria-labelledby="plan-free">
        <div className={styles.price}>
          <h2 id="plan-free">{t('pricing.freeTitle')}</h2>
        </div>
        <p>{t('pricing.freeBody')}</p>
        <ButtonLink to="/sign-up">{t('pricing.freeCta')}</ButtonLink>
      </section>
      <section className={styles.section} aria-labelledby="plan-future">
        <h2 id="plan-future">{t('pricing.futureTitle')}</h2>
        {Array.isArray(future) ? future.map((paragraph) => <p key={paragraph}>{paragraph}</p>) : null}
      </section>
    </article>
  );
}
