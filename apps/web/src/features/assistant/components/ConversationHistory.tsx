import type { ConversationSummary } from '@sahifa/contracts/assistant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Icon } from '#web/components/ui/Icon.tsx';
import { LoadingPlaceholder } from '#web/components/ui/LoadingPlaceholder.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useConversations } from '#web/features/assistant/api/conversations.ts';
import { useDeleteConversation } from '#web/features/assistant/api/delete-conversation.ts';
import { assistantPath } from '#web/lib/assistant-path.ts';
import { bookTitle, isolate } from '#web/lib/localized.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/time.ts';
import styles from './Assistant.module.css';

interface ConversationHistoryProps {
  activeId: string | null;
  /** A conversation was chosen (the phone's list then closes). */
  onOpen: () => void;
  /** A conversation was deleted on the server. */
  onDeleted: (conversationId: string) => void;
}

/** The member's conversations, last active first: open one, or delete it (after asking). */
export function ConversationHistory({ activeId, onOpen, onDeleted }: ConversationHistoryProps) {
  const { t } = useTranslation();
  const query = useConversations();
  const remove = useDeleteConversation();
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const deletingTitle = deleting ? deleting.title || t('assistant.untitled') : '';

  return (
    <>
      <QueryState
        query={query}
        error={t('assistant.historyLoadFailed')}
        keepDataOnError
        pending={<HistorySkeleton />}
      >
        {(data) => {
          const conversations = data.pages.flatMap((page) => page.conversations);
          if (conversations.length === 0)
            return <p className={styles.historyEmpty}>{t('assistant.historyEmpty')}</p>;
          return (
            <>
              <ul className={styles.historyList}>
                {conversations.map((conversation) => (
                  <HistoryItem
                    key={conversation.id}
                    conversation={conversation}
                    active={conversation.id === activeId}
                    onOpen={onOpen}
                    onDelete={() => setDeleting(conversation)}
                  />
                ))}
              </ul>
              {query.hasNextPage ? (
                <div className={styles.historyMore}>
                  {query.isFetchNextPageError ? (
                    <p className={styles.error} role="alert">
                      {t('assistant.loadMoreFailed')}
                    </p>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => void query.fetchNextPage()}
                    busy={query.isFetchingNextPage}
                    busyLabel={t('common.loading')}
                  >
                    {t('assistant.loadMore')}
                  </Button>
                </div>
              ) : null}
            </>
          );
        }}
      </QueryState>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            remove.reset();
            setDeleting(null);
          }
        }}
        title={t('assistant.deleteTitle')}
        confirmLabel={t('assistant.deleteConfirm')}
        busyLabel={t('assistant.deleting')}
        busy={remove.isPending}
        error={remove.isError ? t('assistant.deleteFailed') : null}
        onConfirm={() => {
          if (!deleting) return;
          const conversationId = deleting.id;
          remove.mutate(conversationId, {
            onSuccess: () => {
              setDeleting(null);
              onDeleted(conversationId);
            },
          });
        }}
      >
        <p>{t('assistant.deleteBody', { title: isolate(deletingTitle) })}</p>
      </ConfirmDialog>
    </>
  );
}

interface HistoryItemProps {
  conversation: ConversationSummary;
  active: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

function HistoryItem({ conversation, active, onOpen, onDelete }: HistoryItemProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const title = conversation.title || t('assistant.untitled');
  return (
    <li className={styles.historyItem} data-active={active || undefined}>
      <Link
        className={styles.historyLink}
        to={assistantPath({ conversationId: conversation.id })}
        aria-current={active ? 'page' : undefined}
        onClick={onOpen}
      >
        <span className={styles.historyTitle} dir="auto">
          {title}
        </span>
        <span className={styles.historyMeta}>
          {conversation.book ? (
            <>
              <bdi>{bookTitle(conversation.book, language)}</bdi>
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          <time dateTime={conversation.updatedAt} title={formatDateTime(conversation.updatedAt, language)}>
            {formatRelativeTime(conversation.updatedAt, language, t)}
          </time>
        </span>
      </Link>
      <button
        type="button"
        className={styles.historyDelete}
        onClick={onDelete}
        aria-label={t('assistant.deleteLabel', { title: isolate(title) })}
      >
        <Icon name="trash" />
      </button>
    </li>
  );
}

function HistorySkeleton() {
  return (
    <LoadingPlaceholder className={styles.historySkeleton}>
      <Spinner size="small" />
    </LoadingPlaceholder>
  );
}
