import type { SupportMessage } from '@sahifa/contracts/support';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useSupportMessages } from '#web/features/support/api/support-messages.ts';
import { formatDate, formatDateTime } from '#web/lib/time.ts';
import styles from './Support.module.css';

/** The member's own messages, newest first, each with its status (open / answered). */
export function MessageHistory() {
  const { t } = useTranslation();
  const query = useSupportMessages();
  return (
    <section className={styles.history} aria-labelledby="support-history">
      <h2 id="support-history">{t('support.historyTitle')}</h2>
      <QueryState query={query} error={t('support.historyLoadFailed')} keepDataOnError>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <EmptyState>{t('support.historyEmpty')}</EmptyState>;
          return (
            <>
              <ol className={styles.messages}>
                {items.map((message) => (
                  <MessageItem key={message.id} message={message} />
                ))}
              </ol>
              {query.hasNextPage ? (
                <LoadMore
                  label={t('support.loadMore')}
                  failedText={t('support.loadMoreFailed')}
                  failed={query.isFetchNextPageError}
                  busy={query.isFetchingNextPage}
                  onLoad={() => void query.fetchNextPage()}
                />
              ) : null}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function MessageItem({ message }: { message: SupportMessage }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <li className={styles.message}>
      <div className={styles.messageHead}>
        <span className={`${styles.status} ${styles[message.status]}`}>
          {t(`support.status.${message.status}`)}
        </span>
        <time dateTime={message.date} title={formatDateTime(message.date, language)}>
          {formatDate(message.date, language)}
        </time>
      </div>
      <p className={styles.messageText} dir="auto">
        {message.message}
      </p>
      <p className={styles.muted}>
        {message.answeredAt
          ? t('support.answeredOn', { date: formatDate(message.answeredAt, language) })
          : t('support.waiting')}
        {' · '}
        {t('support.replyTo')}{' '}
        <bdi dir="ltr" className={styles.email}>
          {message.email}
        </bdi>
      </p>
    </li>
  );
}
