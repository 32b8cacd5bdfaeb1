import { LIMITS } from '@sahifa/contracts/library';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/Button.tsx';
import field from '#web/components/ui/Field.module.css';
import { COVER_TYPES, checkCoverFile, megabytes } from '#web/features/publishing/form.ts';
import styles from './SummaryEditor.module.css';

interface CoverInputProps {
  id: string;
  /** A newly chosen file (to upload). */
  file: File | null;
  onFile: (file: File | null) => void;
  /** Edit: the summary's current cover. */
  currentUrl?: string | null;
  /** Edit: the member chose to remove the current cover. */
  removeCover: boolean;
  onRemoveCover: (remove: boolean) => void;
  /** False when the browser cannot keep the file with the draft (it must be chosen again after a reload). */
  keptWithDraft: boolean;
  error?: string | null;
  onError: (message: string | null) => void;
}

/** Choose, preview, replace or remove the cover. Size and type are checked here; the server re-checks. */
export function CoverInput({
  id,
  file,
  onFile,
  currentUrl,
  removeCover,
  onRemoveCover,
  keptWithDraft,
  error,
  onError,
}: CoverInputProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function onChoose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = checkCoverFile(chosen);
    if (problem) {
      onError(
        problem === 'tooLarge'
          ? t('publishing.cover.tooLarge', {
              size: megabytes(chosen.size),
              max: megabytes(LIMITS.uploadBytes),
            })
          : t('publishing.cover.notAnImage'),
      );
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    onError(null);
    onFile(chosen);
  }

  function clearFile() {
    onFile(null);
    onError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  const shown = previewUrl ?? (removeCover ? null : (currentUrl ?? null));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.coverField}>
      <legend className={field.label}>{t('publishing.cover.legend')}</legend>
      <div className={styles.coverRow}>
        {shown ? (
          <img
            className={styles.coverPreview}
            src={shown}
            alt={t('publishing.cover.previewAlt')}
            width={120}
            height={180}
          />
        ) : (
          <div className={`${styles.coverPreview} ${styles.coverEmpty}`}>
            {removeCover ? t('publishing.cover.willBeRemoved') : t('publishing.cover.none')}
          </div>
        )}
        <div className={styles.coverControls}>
          <p id={hintId} className={field.hint}>
            {t('publishing.cover.hint', { max: megabytes(LIMITS.uploadBytes) })}
          </p>
          {/* The native input stays in the page (keyboard, screen readers, tests) but is drawn by
              its label: the browser's own "Choose File / No file chosen" would not follow the
              interface language. */}
          <div className={styles.fileWrap}>
            <input
              ref={inputRef}
              id={id}
              type="file"
              className={styles.fileInput}
              accept={COVER_TYPES.join(',')}
              aria-invalid={error ? true : undefined}
              aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
              onChange={(event) => onChoose(event.target.files?.[0])}
            />
            <label className={styles.fileButton} htmlFor={id}>
              {file || (currentUrl && !removeCover)
                ? t('publishing.cover.replace')
                : t('publishing.cover.choose')}
            </label>
          </div>
          {file ? (
            <p className={field.hint}>
              <bdi>{file.name}</bdi> · {t('publishing.cover.size', { size: megabytes(file.size) })}
              {keptWithDraft ? null : (
                <>
                  <br />
                  {t('publishing.cover.notKept')}
                </>
              )}
            </p>
          ) : null}
          <div className={styles.inlineActions}>
            {file ? (
              <Button variant="ghost" size="small" onClick={clearFile}>
                {currentUrl ? t('publishing.cover.keepCurrent') : t('publishing.cover.clear')}
              </Button>
            ) : null}
            {currentUrl && !file && !removeCover ? (
              <Button variant="ghost" size="small" onClick={() => onRemoveCover(true)}>
                {t('publishing.cover.remove')}
              </Button>
            ) : null}
            {currentUrl && removeCover && !file ? (
              <Button variant="ghost" size="small" onClick={() => onRemoveCover(false)}>
                {t('publishing.cover.undoRemove')}
              </Button>
            ) : null}
          </div>
          {error ? (
            <p id={errorId} className={field.error}>
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
