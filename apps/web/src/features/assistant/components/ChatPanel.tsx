import { useChat } from '@ai-sdk/react';
import type { AssistantHome, ConversationSummary, ScopedBook, Suggestion } from '@sahifa/contracts/assistant';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useCreateConversation } from '#web/features/assistant/api/create-conversation.ts';
import { useScopedBook } from '#web/features/assistant/api/scoped-book.ts';
import type { ChatSession } from '#web/features/assistant/chat-sessions.ts';
import { type ChatProblem, chatProblem } from '#web/features/assistant/errors.ts';
import { conversationEnd, messageText, withoutEmptyAnswers } from '#web/features/assistant/messages.ts';
import { formatResetTime } from '#web/features/assistant/wording.ts';
import { isNotFoundError } from '#web/lib/api.ts';
import { assistantPath } from '#web/lib/assistant-path.ts';
import { previewPath } from '#web/lib/book-paths.ts';
import { bookTitle } from '#web/lib/localized.ts';
import { AskBox, canSendQuestion } from './AskBox.tsx';
import styles from './Assistant.module.css';
import { EmptyConversation } from './EmptyConversation.tsx';
import { MessageItem } from './MessageItem.tsx';

interface ChatPanelProps {
  session: ChatSession;
  home: AssistantHome | undefined;
  /** The first question created the conversation on the server. */
  onCreated: (session: ChatSession, conversation: ConversationSummary, question: string) => void;
  /** Load the conversation again from the server (it changed elsewhere). */
  onReload: (conversationId: string) => void;
}

const NEAR_END_PX = 160;

function nearPageEnd(): boolean {
  const root = document.documentElement;
  return window.innerHeight + window.scrollY >= root.scrollHeight - NEAR_END_PX;
}

/** The three suggested questions about the book a conversation is scoped to. */
function bookSuggestions(book: ScopedBook): Suggestion[] {
  return (['ideas', 'next', 'apply'] as const).map((kind) => ({ kind, book }));
}

/** One conversation: its messages, the answer streaming in, what went wrong, and the question box. */
export function ChatPanel({ session, home, onCreated, onReload }: ChatPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { messages, status, error, sendMessage, regenerate, stop, setMessages } = useChat({
    chat: session.chat,
    experimental_throttle: 50,
  });
  const [text, setText] = useState(() => session.unsent ?? '');
  // The member pressed Stop: an unanswered question then says "stopped", not "something went wrong".
  const [stopped, setStopped] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const stickToEnd = useRef(true);
  const create = useCreateConversation();
  const scopedBook = useScopedBook(session.book || session.conversationId ? null : session.bookId);
  const book = session.book ?? scopedBook.data ?? null;

  // A question the server refused comes back to the box, to send again when possible.
  useEffect(() => {
    session.onUnsent = (question) => setText(question);
    return () => {
      session.onUnsent = null;
    };
  }, [session]);

  // Follow the answer as it grows, unless the member scrolled up to read.
  useEffect(() => {
    const onScroll = () => {
      stickToEnd.current = nearPageEnd();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const answering = status === 'submitted' || status === 'streaming';
  const bookMissing =
    (!session.book && isNotFoundError(scopedBook.error)) ||
    (session.conversationId === null && isNotFoundError(create.error));
  const problem: ChatProblem | null = error
    ? chatProblem(error)
    : create.error && !bookMissing
      ? chatProblem(create.error)
      : null;
  const quotaUsedUp =
    home && home.quota.used >= home.quota.limit && Date.parse(home.quota.resetsAt) > Date.now()
      ? new Date(home.quota.resetsAt)
      : null;
  const resetsAt = problem?.kind === 'quota' ? problem.resetsAt : quotaUsedUp;
  const disabled = resetsAt !== null || problem?.kind === 'gone' || bookMissing;
  const visible = withoutEmptyAnswers(messages);
  const last = messages.at(-1);
  const streamingId = status === 'streaming' && last?.role === 'assistant' ? last.id : null;
  const waiting =
    status === 'submitted' || (status === 'streaming' && (last?.role !== 'assistant' || !messageText(last)));
  const stored = answering ? 'none' : conversationEnd(messages);
  const end = stopped && stored === 'unanswered' && problem === null ? 'incomplete' : stored;
  const showFailure =
    !answering && (problem?.kind === 'failure' || (problem === null && end === 'unanswered'));

  // What ends the conversation on screen: the newest words, "reading the library…", a failure
  // or the quota notice; each change brings the end into view unless the member scrolled away.
  const lastLength = last ? messageText(last).length : 0;
  const tail = `${messages.length}:${lastLength}:${status}:${problem?.kind}:${end}:${resetsAt !== null}`;
  useLayoutEffect(() => {
    if (tail && stickToEnd.current && (messages.length > 0 || answering)) {
      window.scrollTo({ top: document.documentElement.scrollHeight });
    }
  }, [tail, messages.length, answering]);

  async function ask(question: string) {
    if (!canSendQuestion(question) || answering || create.isPending || disabled) return;
    const trimmed = question.trim();
    setText('');
    setStopped(false);
    session.unsent = null;
    stickToEnd.current = true;
    if (session.conversationId === null) {
      try {
        const conversation = await create.mutateAsync(session.bookId ? { bookId: session.bookId } : {});
        onCreated(session, conversation, trimmed);
      } catch {
        setText(question);
        return;
      }
    }
    // A failed answer that never got a word is not kept before the next question.
    setMessages(withoutEmptyAnswers(session.chat.messages));
    void sendMessage({ text: trimmed });
  }

  function retry() {
    setStopped(false);
    stickToEnd.current = true;
    void regenerate();
  }

  function onStop() {
    setStopped(true);
    void stop().then(() => textareaRef.current?.focus());
  }

  return (
    <div className={styles.chat}>
      {book || (home && !resetsAt) ? (
        <div className={styles.chatBar}>
          {book ? (
            <p className={styles.scope}>
              <Trans
                i18nKey="assistant.askingAbout"
                values={{ title: bookTitle(book, language) }}
                components={{ book: <Link to={previewPath(book)} /> }}
              />
            </p>
          ) : null}
          {home && !resetsAt ? (
            <p className={styles.quotaLeft}>
              {t('assistant.quotaLeft', { count: Math.max(0, home.quota.limit - home.quota.used) })}
            </p>
          ) : null}
        </div>
      ) : null}

      {bookMissing ? (
        <Alert tone="error">
          <p>{t('assistant.bookMissing')}</p>
          <Link to={assistantPath()}>{t('assistant.askWholeLibrary')}</Link>
        </Alert>
      ) : null}

      {messages.length === 0 ? (
        <EmptyConversation
          mode={home?.mode}
          suggestions={book ? bookSuggestions(book) : (home?.suggestions ?? [])}
          onAsk={(question) => void ask(question)}
          disabled={disabled || create.isPending}
        />
      ) : null}

      <ol
        className={styles.messages}
        role="log"
        aria-live="polite"
        aria-label={t('assistant.conversationLabel')}
        aria-busy={answering || undefined}
      >
        {visible.map((message) => (
          <li key={message.id} className={message.role === 'user' ? styles.fromMember : styles.fromAssistant}>
            <MessageItem message={message} streaming={message.id === streamingId} />
          </li>
        ))}
      </ol>

      {waiting ? (
        <p className={styles.thinking} role="status">
          <Spinner size="small" /> {t('assistant.thinking')}
        </p>
      ) : null}

      {end === 'incomplete' && problem === null ? (
        <div className={styles.endActions}>
          {last?.role === 'user' ? <p className={styles.note}>{t('assistant.incomplete')}</p> : null}
          <Button variant="secondary" size="small" onClick={retry} disabled={disabled}>
            {t('assistant.answerAgain')}
          </Button>
        </div>
      ) : null}

      {showFailure ? (
        <div className={styles.failure} role="alert">
          <p>{t('assistant.failure')}</p>
          <Button variant="secondary" size="small" onClick={retry} disabled={disabled}>
            {t('assistant.retry')}
          </Button>
        </div>
      ) : null}

      {resetsAt ? (
        <Alert tone="info">
          {t('assistant.quota', {
            count: home?.quota.limit ?? 0,
            time: formatResetTime(resetsAt, language),
          })}
        </Alert>
      ) : null}
      <ProblemNotice
        problem={problem}
        onReload={() => session.conversationId && onReload(session.conversationId)}
      />

      <div className={styles.askDock}>
        <AskBox
          text={text}
          onText={setText}
          onAsk={(question) => void ask(question)}
          onStop={onStop}
          answering={answering}
          sending={create.isPending}
          disabled={disabled}
          textareaRef={textareaRef}
        />
      </div>
    </div>
  );
}

/** What the member can do about a refused question (failures and the quota are shown above). */
function ProblemNotice({ problem, onReload }: { problem: ChatProblem | null; onReload: () => void }) {
  const { t } = useTranslation();
  switch (problem?.kind) {
    case 'rateLimited':
      return <Alert tone="error">{t('assistant.rateLimited')}</Alert>;
    case 'network':
      return <Alert tone="error">{t('assistant.network')}</Alert>;
    case 'rejected':
      return <Alert tone="error">{t('assistant.rejected')}</Alert>;
    case 'gone':
      return (
        <Alert tone="error">
          <p>{t('assistant.gone')}</p>
          <ButtonLink to={assistantPath()} variant="secondary" size="small">
            {t('assistant.startNew')}
          </ButtonLink>
        </Alert>
      );
    case 'stale':
      return (
        <Alert tone="error">
          <p>{t('assistant.stale')}</p>
          <Button variant="secondary" size="small" onClick={onReload}>
            {t('assistant.reload')}
          </Button>
        </Alert>
      );
    default:
      return null;
  }
}
