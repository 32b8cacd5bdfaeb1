import type { AssistantHome, ConversationSummary } from '@sahifa/contracts/assistant';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '#web/components/ui/Button.tsx';
import { Icon } from '#web/components/ui/Icon.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useConversation } from '#web/features/assistant/api/conversation.ts';
import { useAssistantHome } from '#web/features/assistant/api/home.ts';
import { assistantKeys, putConversationFirst } from '#web/features/assistant/api/keys.ts';
import { type ChatSession, ChatSessions } from '#web/features/assistant/chat-sessions.ts';
import styles from '#web/features/assistant/components/Assistant.module.css';
import { ChatPanel } from '#web/features/assistant/components/ChatPanel.tsx';
import { ConversationHistory } from '#web/features/assistant/components/ConversationHistory.tsx';
import { conversationTitle } from '#web/features/assistant/wording.ts';
import { assistantPath } from '#web/lib/assistant-path.ts';

/**
 * /app/moejrAI and /app/moejrAI/:conversationId — MoejrAI, the reading assistant: past
 * conversations beside (or, on phones, above) the open one. `?book=` scopes a new conversation
 * to one book.
 */
export function AssistantPage() {
  const { t } = useTranslation();
  const { conversationId = null } = useParams();
  const [searchParams] = useSearchParams();
  const bookId = searchParams.get('book') || null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const home = useAssistantHome();
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const historyHeadingRef = useRef<HTMLHeadingElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [sessions] = useState(
    () =>
      new ChatSessions({
        onSettled: () => {
          void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() });
          void queryClient.invalidateQueries({ queryKey: assistantKeys.home() });
        },
      }),
  );

  function onCreated(session: ChatSession, conversation: ConversationSummary, question: string) {
    sessions.adopt(session, conversation);
    putConversationFirst(queryClient, { ...conversation, title: conversationTitle(question) });
    // The chat keeps streaming: the same session is found under its new id (see ChatArea).
    navigate(assistantPath({ conversationId: conversation.id }), { replace: true });
  }

  function onDeleted(deletedId: string) {
    sessions.forget(deletedId);
    if (deletedId === conversationId) navigate(assistantPath(), { replace: true });
    // The deleted conversation's button is gone with it: the focus goes to the list's heading.
    requestAnimationFrame(() => historyHeadingRef.current?.focus());
  }

  function onHistoryKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Not an Escape that closes the delete dialog (a portal: its events bubble here through React).
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'Escape' && historyOpen) {
      setHistoryOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t('assistant.title')}</h1>
          <ButtonLink to={assistantPath()} size="small" onClick={() => setHistoryOpen(false)}>
            <Icon name="add" />
            {t('assistant.newConversation')}
          </ButtonLink>
        </div>
        <p className={styles.lead}>{t('assistant.lead')}</p>
      </header>

      <div className={styles.layout}>
        {/* Phones and narrow windows: the conversations open above the chat. */}
        <Button
          ref={toggleRef}
          variant="secondary"
          size="small"
          className={styles.historyToggle}
          aria-expanded={historyOpen}
          aria-controls={historyId}
          onClick={() => setHistoryOpen((open) => !open)}
        >
          <Icon name="history" />
          <span className={styles.historyToggleText}>{t('assistant.history')}</span>
          <span className={styles.chevron} aria-hidden="true" />
        </Button>
        <aside
          id={historyId}
          className={styles.history}
          data-open={historyOpen || undefined}
          aria-label={t('assistant.history')}
          onKeyDown={onHistoryKeyDown}
        >
          <h2 ref={historyHeadingRef} className={styles.historyHeading} tabIndex={-1}>
            {t('assistant.history')}
          </h2>
          <ConversationHistory
            activeId={conversationId}
            onOpen={() => setHistoryOpen(false)}
            onDeleted={onDeleted}
          />
        </aside>

        <div className={styles.main}>
          <ChatArea
            conversationId={conversationId}
            bookId={bookId}
            sessions={sessions}
            home={home.data}
            onCreated={onCreated}
            onReload={(id) => {
              sessions.forget(id);
              rerender();
            }}
          />
        </div>
      </div>
    </div>
  );
}

interface ChatAreaProps {
  conversationId: string | null;
  bookId: string | null;
  sessions: ChatSessions;
  home: AssistantHome | undefined;
  onCreated: (session: ChatSession, conversation: ConversationSummary, question: string) => void;
  onReload: (conversationId: string) => void;
}

/**
 * The open conversation. Its ChatPanel is keyed by the chat, and rendered at the same place
 * whether the chat is a new one or a saved one, so a new conversation receiving its id (and
 * address) keeps its chat, and the answer streaming into it, untouched.
 */
function ChatArea({ conversationId, bookId, sessions, home, onCreated, onReload }: ChatAreaProps) {
  const { t } = useTranslation();
  const { key: visit } = useLocation();
  const live = conversationId ? sessions.get(conversationId) : sessions.draft(bookId, visit);
  const saved = useConversation(conversationId ?? '', !live && conversationId !== null);
  const session = live ?? (saved.data ? sessions.open(saved.data) : undefined);

  if (session) {
    return (
      <ChatPanel
        key={session.chat.id}
        session={session}
        home={home}
        onCreated={onCreated}
        onReload={onReload}
      />
    );
  }
  return (
    <QueryState
      query={saved}
      notFound={
        <div className={styles.missing}>
          <h2>{t('assistant.notFound')}</h2>
          <p>{t('assistant.notFoundBody')}</p>
          <ButtonLink to={assistantPath()} variant="secondary">
            {t('assistant.startNew')}
          </ButtonLink>
        </div>
      }
      error={t('assistant.loadFailed')}
      pending={
        <p className={styles.loading} role="status">
          <Spinner size="small" /> {t('common.loading')}
        </p>
      }
    >
      {() => null}
    </QueryState>
  );
}

export default AssistantPage;
