import { useTranslation } from 'react-i18next';
import { type AssistantMessage, messageCitations, messageText } from '#web/features/assistant/messages.ts';
import { textDirection } from '#web/features/assistant/wording.ts';
import { AnswerMarkdown } from './AnswerMarkdown.tsx';
import styles from './Assistant.module.css';
import { CitationChips } from './CitationChips.tsx';

interface MessageItemProps {
  message: AssistantMessage;
  /** The answer is still arriving. */
  streaming: boolean;
}

/** A question (the member's bubble) or an answer (Markdown, its label, its sources, its state). */
export function MessageItem({ message, streaming }: MessageItemProps) {
  const { t } = useTranslation();
  const text = messageText(message);
  const dir = textDirection(text) ?? undefined;

  if (message.role === 'user') {
    return (
      <div className={styles.question}>
        <span className="visually-hidden">{t('assistant.you')}: </span>
        <p className={styles.questionText} dir={dir ?? 'auto'}>
          {text}
        </p>
      </div>
    );
  }

  const citations = messageCitations(message);
  const library = message.metadata?.mode === 'library';
  const incomplete = !streaming && message.metadata?.status === 'incomplete';

  return (
    <article className={styles.answer} aria-busy={streaming || undefined}>
      <p className={styles.answerHead}>
        <span className={styles.answerName}>{t('assistant.title')}</span>
        {library ? <span className={styles.badge}>{t('assistant.fromLibrary')}</span> : null}
      </p>
      <div className={styles.answerBody} dir={dir}>
        <AnswerMarkdown text={text} />
        {streaming ? <span className={styles.caret} aria-hidden="true" /> : null}
      </div>
      {citations.length > 0 ? <CitationChips citations={citations} /> : null}
      {incomplete ? <p className={styles.note}>{t('assistant.incomplete')}</p> : null}
    </article>
  );
}
