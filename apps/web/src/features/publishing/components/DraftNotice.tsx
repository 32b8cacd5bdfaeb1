import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';
import styles from './SummaryEditor.module.css';

/** "Your draft was restored": discard it (after a confirmation) or keep it. */
export function DraftNotice({
  mode,
  onDiscard,
  onKeep,
}: {
  mode: 'add' | 'edit';
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.notice} role="status">
      <p>{mode === 'add' ? t('publishing.draft.restored') : t('publishing.draft.restoredEdit')}</p>
      <div className={styles.inlineActions}>
        <ConfirmAction
          label={t('publishing.draft.discard')}
          question={t('publishing.draft.discardQuestion')}
          confirmLabel={t('publishing.draft.discardConfirm')}
          onConfirm={onDiscard}
        />
        <Button variant="ghost" size="small" onClick={onKeep}>
          {t('publishing.draft.keep')}
        </Button>
      </div>
    </div>
  );
}
