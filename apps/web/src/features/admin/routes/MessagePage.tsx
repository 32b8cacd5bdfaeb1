import type { InboxMessage } from '@sahifa/contracts/support';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { NotFoundState } from '#web/components/ui/States.tsx';
import { useInboxMessage, useSetMessageStatus } from '#web/features/admin/api/inbox-message.ts';
import { Badge } from '#web/features/admin/components/Badge.tsx';
import styles from '#web/features/admin/components/Console.module.css';
import { DateTime } from '#web/features/admin/components/DateTime.tsx';
import { MemberName } from '#web/features/admin/components/MemberName.tsx';
import { ReplyForm } from '#web/features/admin/components/ReplyForm.tsx';
import { actionError } from '#web/features/admin/errors.ts';

/** /app/admin/support/:messageId — one message with everything known of its sender, and the answer. */
export function MessagePage() {
  const { t } = useTranslation();
  const { messageId = '' } = useParams();
  const message = useInboxMessage(messageId);
  const back = { to: '/app/admin/support', label: t('admin.message.back') };
  return (
    <QueryState
      query={message}
      notFound={
        <NotFoundState
          title={t('admin.message.notFound')}
          body={t('admin.message.notFoundBody')}
          back={back}
        />
      }
      error={t('admin.message.loadFailed')}
    >
      {(data) => <MessageView key={data.id} message={data} />}
    </QueryState>
  );
}

function MessageView({ message }: { message: InboxMessage }) {
  const { t } = useTranslation();
  const name = message.sender?.displayName ?? t('admin.deletedAccount');
  const device = message.deviceInfo;
  return (
    <article className={styles.panel} aria-labelledby="console-heading">
      <Link className={styles.back} to="/app/admin/support">
        <span aria-hidden="true" className={styles.backArrow}>
          ←
        </span>{' '}
        {t('admin.message.back')}
      </Link>
      <div className={styles.panelHead}>
        <div className={styles.titleBlock}>
          <h2 id="console-heading">{t('admin.message.title', { name })}</h2>
          <p className={styles.inline}>
            <Badge tone={message.status === 'open' ? 'accent' : 'success'}>
              {t(`admin.support.status.${message.status}`)}
            </Badge>
            <DateTime className={styles.meta} value={message.date} />
          </p>
        </div>
        <StatusAction message={message} />
      </div>
      {message.mailStatus === 'unsent' ? (
        <Alert tone="info">{t('admin.support.mailUnsentHint')}</Alert>
      ) : null}
      <div className={`${styles.card} ${styles.messageText}`} dir="auto">
        {message.message}
      </div>

      <section aria-labelledby="console-sender" className={styles.group}>
        <h3 id="console-sender">{t('admin.message.sender')}</h3>
        <dl className={styles.facts}>
          <Fact label={t('admin.message.replyTo')}>
            <a href={`mailto:${message.email}`} dir="ltr">
              {message.email}
            </a>
          </Fact>
          <Fact label={t('admin.message.account')}>
            <MemberName member={message.sender} avatar={false} />
          </Fact>
          <Fact label={t('admin.message.accountEmail')}>
            {message.senderEmail ? <bdi dir="ltr">{message.senderEmail}</bdi> : '—'}
          </Fact>
        </dl>
      </section>

      <section aria-labelledby="console-device" className={styles.group}>
        <h3 id="console-device">{t('admin.message.device')}</h3>
        {device ? (
          <dl className={styles.facts}>
            <Fact label={t('admin.message.userAgent')} wide>
              <bdi dir="ltr" className={styles.code}>
                {device.userAgent || '—'}
              </bdi>
            </Fact>
            <Fact label={t('admin.message.screen')}>
              <bdi dir="ltr">{device.screen || '—'}</bdi>
            </Fact>
            <Fact label={t('admin.message.language')}>
              <bdi dir="ltr">{device.language || '—'}</bdi>
            </Fact>
            <Fact label={t('admin.message.appVersion')}>
              <bdi dir="ltr">{device.appVersion || '—'}</bdi>
            </Fact>
          </dl>
        ) : (
          <p className={styles.muted}>{t('admin.message.noDevice')}</p>
        )}
      </section>

      <section aria-labelledby="console-replies" className={styles.group}>
        <h3 id="console-replies">{t('admin.message.replies')}</h3>
        {message.replies.length === 0 ? (
          <p className={styles.muted}>{t('admin.message.noReplies')}</p>
        ) : (
          <ol className={styles.list}>
            {message.replies.map((reply) => (
              <li key={reply.id} className={styles.card}>
                <div className={styles.rowHead}>
                  <MemberName member={reply.operator} avatar={false} />
                  <DateTime className={styles.meta} value={reply.date} />
                  <Badge tone={reply.mailStatus === 'unsent' ? 'warning' : 'neutral'}>
                    {t(`admin.message.mail.${reply.mailStatus}`)}
                  </Badge>
                </div>
                <p className={styles.messageText} dir="auto">
                  {reply.body}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ReplyForm message={message} />
    </article>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? styles.wide : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Mark answered (e.g. answered elsewhere) or reopen. */
function StatusAction({ message }: { message: InboxMessage }) {
  const { t } = useTranslation();
  const setStatus = useSetMessageStatus(message.id);
  const next = message.status === 'open' ? 'answered' : 'open';
  const error = actionError(setStatus.error, t('admin.message.statusFailed'));
  return (
    <div className={styles.statusAction}>
      <Button
        variant="secondary"
        size="small"
        busy={setStatus.isPending}
        busyLabel={t('admin.saving')}
        onClick={() => setStatus.mutate(next)}
      >
        {next === 'answered' ? t('admin.message.markAnswered') : t('admin.message.reopen')}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

export default MessagePage;
