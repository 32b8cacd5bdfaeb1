import type { AuditEvent } from '@sahifa/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useAuditLog } from '#web/features/admin/api/audit.ts';
import { auditTargetPath } from '#web/features/admin/audit-target.ts';
import { AccessLost } from '#web/features/admin/components/AccessLost.tsx';
import { Badge } from '#web/features/admin/components/Badge.tsx';
import styles from '#web/features/admin/components/Console.module.css';
import { DateTime } from '#web/features/admin/components/DateTime.tsx';
import { ListFooter } from '#web/features/admin/components/ListFooter.tsx';
import { auditActionKey } from '#web/features/admin/labels.ts';

/** /app/admin/audit — every operator action (who, what, when), newest first. */
export function AuditPage() {
  const { t } = useTranslation();
  const audit = useAuditLog();
  return (
    <section className={styles.panel} aria-labelledby="console-heading">
      <h2 id="console-heading">{t('admin.audit.title')}</h2>
      <p className={styles.muted}>{t('admin.audit.lead')}</p>
      <QueryState query={audit} notFound={<AccessLost />} error={t('admin.audit.loadFailed')}>
        {(data) => {
          const events = data.pages.flatMap((page) => page.items);
          if (events.length === 0) return <EmptyState>{t('admin.audit.empty')}</EmptyState>;
          return (
            <>
              <ol className={styles.list} aria-label={t('admin.audit.listLabel')}>
                {events.map((event) => (
                  <li key={event.id}>
                    <AuditRow event={event} />
                  </li>
                ))}
              </ol>
              <ListFooter query={audit} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

/** The contract's actor for actions taken with `npm run operator` rather than in the console. */
const COMMAND_LINE = 'command line';

function AuditRow({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const actor = event.actor === COMMAND_LINE ? t('admin.audit.commandLine') : event.actor;
  const path = auditTargetPath(event.targetKind, event.targetId);
  return (
    <div className={`${styles.card} ${styles.auditRow}`}>
      <div className={styles.rowHead}>
        <Badge tone="accent">{t(auditActionKey(event.action))}</Badge>
        <DateTime className={styles.meta} value={event.date} />
      </div>
      <p className={styles.auditSummary} dir="auto">
        {event.summary}
      </p>
      <p className={styles.meta}>
        {t('admin.audit.by')} <bdi>{actor}</bdi>
        {' · '}
        {t('admin.audit.target')}{' '}
        {path ? (
          <Link to={path} dir="ltr" className={styles.code}>
            {event.targetKind} {event.targetId}
          </Link>
        ) : (
          <bdi dir="ltr" className={styles.code}>
            {event.targetKind} {event.targetId}
          </bdi>
        )}
      </p>
    </div>
  );
}

export default AuditPage;
