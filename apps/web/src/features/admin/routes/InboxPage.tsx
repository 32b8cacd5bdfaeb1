import type { InboxMessage } from '@sahifa/contracts/support';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { INBOX_FILTERS, useInbox } from '#web/features/admin/api/inbox.ts';
import { AccessLost } from '#web/features/admin/components/AccessLost.tsx';
import { Badge } from '#web/features/admin/components/Badge.tsx';
import styles from '#web/features/admin/components/Console.module.css';
import { DateTime } from '#web/features/admin/components/DateTime.tsx';
import { FilterBar } from '#web/features/admin/components/FilterBar.tsx';
import { ListFooter } from '#web/features/admin/components/ListFooter.tsx';
import { useStatusFilter } from '#web/features/admin/components/useStatusFilter.ts';
import { messagePreview } from '#web/features/admin/inbox-text.ts';

/** /app/admin/support — members' messages, newest first: open ones unless another filter is chosen. */
export function InboxPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useStatusFilter(INBOX_FILTERS, 'open');
  const inbox = useInbox(status);

  return (
    <section className={styles.panel} aria-labelledby="console-heading">
      <div className={styles.panelHead}>
        <h2 id="console-heading">{t('admin.support.title')}</h2>
        <FilterBar
          label={t('admin.filterLabel')}
          filters={INBOX_FILTERS}
          current={status}
          labelOf={(filter) => t(`admin.support.filters.${filter}`)}
          onSelect={setStatus}
        />
      </div>
      <QueryState query={inbox} notFound={<AccessLost />} error={t('admin.support.loadFailed')}>
        {(data) => {
          const messages = data.pages.flatMap((page) => page.items);
          if (messages.length === 0) return <EmptyState>{t(`admin.support.empty.${status}`)}</EmptyState>;
          return (
            <>
              <ul className={styles.list} aria-label={t('admin.support.listLabel')}>
                {messages.map((message) => (
                  <li key={message.id}>
                    <InboxRow message={message} />
                  </li>
                ))}
              </ul>
              <ListFooter query={inbox} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function InboxRow({ message }: { message: InboxMessage }) {
  const { t } = useTranslation();
  const name = message.sender?.displayName ?? t('admin.deletedAccount');
  return (
    <Link className={`${styles.card} ${styles.rowLink}`} to={`/app/admin/support/${message.id}`}>
      <Avatar name={name} image={message.sender?.photoURL} />
      <span className={styles.rowBody}>
        <span className={styles.rowHead}>
          <strong>
            <bdi>{name}</bdi>
          </strong>
          {message.sender ? (
            <bdi dir="ltr" className={styles.number}>
              #{message.sender.userNumber}
            </bdi>
          ) : null}
          <DateTime className={styles.meta} value={message.date} />
        </span>
        <span className={styles.preview} dir="auto">
          {messagePreview(message.message)}
        </span>
        <span className={styles.badges}>
          <Badge tone={message.status === 'open' ? 'accent' : 'success'}>
            {t(`admin.support.status.${message.status}`)}
          </Badge>
          {message.mailStatus === 'unsent' ? (
            <Badge tone="warning" title={t('admin.support.mailUnsentHint')}>
              {t('admin.support.mailUnsent')}
            </Badge>
          ) : null}
          {message.replies.length > 0 ? (
            <span className={styles.meta}>
              {t('admin.support.replies', { count: message.replies.length })}
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

export default InboxPage;
