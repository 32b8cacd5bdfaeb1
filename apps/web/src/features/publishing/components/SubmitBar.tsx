import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import styles from './SummaryEditor.module.css';

/** Publish (or save), and whether the draft is kept in this browser. */
export function SubmitBar({
  mode,
  busy,
  draftKept,
}: {
  mode: 'add' | 'edit';
  busy: boolean;
  draftKept: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.submitBar}>
      <Button
        type="submit"
        busy={busy}
        busyLabel={mode === 'add' ? t('publishing.publishing') : t('publishing.saving')}
      >
        {mode === 'add' ? t('publishing.publish') : t('publishing.save')}
      </Button>
      <p className={styles.draftState}>
        {draftKept ? t(`publishing.draft.kept.${mode}`) : t('publishing.draft.notKept')}
      </p>
    </div>
  );
}
