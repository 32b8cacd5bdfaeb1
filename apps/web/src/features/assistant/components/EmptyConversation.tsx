import type { AssistantMode, Suggestion } from '@sahifa/contracts/assistant';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '#web/components/ui/Icon.tsx';
import { suggestionText } from '#web/features/assistant/wording.ts';
import styles from './Assistant.module.css';

interface EmptyConversationProps {
  mode: AssistantMode | undefined;
  suggestions: Suggestion[];
  onAsk: (question: string) => void;
  disabled: boolean;
}

/** A conversation with no question yet: what MoejrAI does, and questions to start with. */
export function EmptyConversation({ mode, suggestions, onAsk, disabled }: EmptyConversationProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const suggestionsId = useId();

  return (
    <section className={styles.intro} aria-labelledby={titleId}>
      <span className={styles.introIcon}>
        <Icon name="assistant" />
      </span>
      <h2 id={titleId} className={styles.introTitle}>
        {t('assistant.introTitle')}
      </h2>
      <p className={styles.introText}>{t('assistant.intro')}</p>
      {mode === 'library' ? <p className={styles.modeNote}>{t('assistant.libraryMode')}</p> : null}
      {suggestions.length > 0 ? (
        <div className={styles.suggestions}>
          <h3 id={suggestionsId} className={styles.suggestionsTitle}>
            {t('assistant.suggestionsTitle')}
          </h3>
          <ul className={styles.suggestionList} aria-labelledby={suggestionsId}>
            {suggestions.map((suggestion) => {
              const question = suggestionText(suggestion, language, t);
              return (
                <li key={`${suggestion.kind}:${suggestion.book.id}`}>
                  <button
                    type="button"
                    className={styles.suggestion}
                    onClick={() => onAsk(question)}
                    disabled={disabled}
                  >
                    <bdi>{question}</bdi>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
