import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import type { FormError } from '#web/features/publishing/form.ts';
import type { serverErrorKey } from '#web/features/publishing/server-error.ts';
import styles from './SummaryEditor.module.css';

/** The server refused the summary: what went wrong, focusable so that focus can move to it. */
export function ServerFailure({
  id,
  mode,
  failure,
}: {
  id: string;
  mode: 'add' | 'edit';
  failure: ReturnType<typeof serverErrorKey>;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} tabIndex={-1} className={styles.focusable}>
      <Alert tone="error">
        <p>
          <strong>
            {t(mode === 'add' ? 'publishing.serverErrors.titleAdd' : 'publishing.serverErrors.titleEdit')}
          </strong>
        </p>
        <p>{t(`publishing.serverErrors.${failure.key}`)}</p>
        {failure.detail ? (
          <p dir="auto" className={styles.detail}>
            {failure.detail}
          </p>
        ) : null}
      </Alert>
    </div>
  );
}

/** "Please fix these": one link per problem, each moving focus to its field. */
export function ErrorSummary({
  problems,
  targetOf,
  lineOf,
  onPick,
}: {
  problems: FormError[];
  targetOf: (path: string) => string;
  lineOf: (problem: FormError) => string;
  onPick: (path: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.errorSummary} role="alert">
      <h2 className={styles.errorSummaryTitle}>{t('publishing.errors.summaryTitle')}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.path}>
            <a
              href={`#${targetOf(problem.path)}`}
              onClick={(event) => {
                event.preventDefault();
                onPick(problem.path);
              }}
            >
              {lineOf(problem)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
