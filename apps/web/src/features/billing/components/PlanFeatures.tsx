import { useTranslation } from 'react-i18next';
import styles from './Billing.module.css';

/** What a plan includes, as a checked list. */
export function PlanFeatures({ plan, dailyQuestions }: { plan: 'free' | 'plus'; dailyQuestions: number }) {
  const { t } = useTranslation();
  const features =
    plan === 'free'
      ? [
          t('pricing.free.reading'),
          t('pricing.free.community'),
          t('pricing.questions', { number: dailyQuestions }),
        ]
      : [
          t('pricing.plus.everything'),
          t('pricing.questions', { number: dailyQuestions }),
          t('pricing.plus.badge'),
        ];
  return (
    <ul className={styles.features}>
      {features.map((feature) => (
        <li key={feature}>{feature}</li>
      ))}
    </ul>
  );
}
