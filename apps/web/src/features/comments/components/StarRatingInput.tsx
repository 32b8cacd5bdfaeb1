import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { StarShape } from '#web/components/ui/Stars.tsx';
import styles from './Comments.module.css';

interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  label: string;
  /** Shown under the stars (and announced) when the form was sent without a rating. */
  error?: string | null;
  isDisabled?: boolean;
}

/**
 * Five stars as a radio group: arrow keys move between them (mirrored in right-to-left text),
 * each star is read as "3 stars", and hovering shows what a click would choose.
 */
export function StarRatingInput({ value, onChange, label, error, isDisabled }: StarRatingInputProps) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <RadioGroup
      className={styles.ratingGroup}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      isRequired
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      aria-describedby={error ? 'rating-error' : undefined}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.starRow}>
        {[1, 2, 3, 4, 5].map((star) => (
          <Radio
            key={star}
            value={String(star)}
            className={styles.starRadio}
            onHoverStart={() => setHovered(star)}
            onHoverEnd={() => setHovered((current) => (current === star ? null : current))}
          >
            <StarShape fill={star <= shown ? 'full' : 'empty'} className={styles.starIcon} />
            <span className="visually-hidden">{t('comments.stars', { count: star })}</span>
          </Radio>
        ))}
        <span className={styles.ratingValue} aria-hidden="true">
          {value ? t('comments.stars', { count: value }) : ''}
        </span>
      </div>
      {error ? (
        <p id="rating-error" className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </RadioGroup>
  );
}
