import type { QueuedReport } from '@sahifa/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { useSetSuspension } from '#web/features/admin/api/members.ts';
import { type ReportDecision, useDecideReport } from '#web/features/admin/api/reports.ts';
import { actionError } from '#web/features/admin/errors.ts';
import { reportKindKey, reportReasonKey, reportStatusKey } from '#web/features/admin/labels.ts';
import { Badge } from './Badge.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';
import styles from './Console.module.css';
import { DateTime } from './DateTime.tsx';
import { MemberName } from './MemberName.tsx';

interface ReportCardProps {
  report: QueuedReport;
  /** Says what an action did (the card may leave the list, so the list announces it). */
  onDone: (notice: string) => void;
}

/** One report: what was reported and by whom, its author, and the operator's decisions. */
export function ReportCard({ report, onDone }: ReportCardProps) {
  const { t } = useTranslation();
  const { target } = report;
  const headingId = `report-${report.id}`;
  return (
    <article className={`${styles.card} ${styles.report}`} aria-labelledby={headingId}>
      <div className={styles.rowHead}>
        <h3 id={headingId} className={styles.cardTitle}>
          {t(reportKindKey(report.kind))} · {t(reportReasonKey(report.reason))}
        </h3>
        <DateTime className={styles.meta} value={report.date} />
        {report.status === 'open' ? (
          <Badge tone="accent">{t('admin.reports.openCount', { count: report.reportCount })}</Badge>
        ) : (
          <Badge tone="neutral">{t(reportStatusKey(report.status))}</Badge>
        )}
      </div>

      {target.text === null ? (
        <p className={styles.muted}>{t('admin.reports.deletedItem')}</p>
      ) : (
        <blockquote className={styles.quote} dir="auto">
          {target.text}
        </blockquote>
      )}

      <dl className={styles.facts}>
        <div>
          <dt>{t('admin.reports.author')}</dt>
          <dd className={styles.inline}>
            <MemberName member={target.author} avatar={false} />
            {target.authorSuspended ? <Badge tone="warning">{t('admin.badges.suspended')}</Badge> : null}
          </dd>
        </div>
        <div>
          <dt>{t('admin.reports.reporter')}</dt>
          <dd>
            <MemberName member={report.reporter} avatar={false} />
          </dd>
        </div>
        {report.details ? (
          <div className={styles.wide}>
            <dt>{t('admin.reports.details')}</dt>
            <dd className={styles.messageText} dir="auto">
              {report.details}
            </dd>
          </div>
        ) : null}
        {report.resolvedAt ? (
          <div className={styles.wide}>
            <dt>{t('admin.reports.state')}</dt>
            <dd>
              {t(reportStatusKey(report.status))} <DateTime value={report.resolvedAt} />
            </dd>
          </div>
        ) : target.hidden ? (
          <div className={styles.wide}>
            <dt>{t('admin.reports.state')}</dt>
            <dd>
              <Badge tone="warning">{t('admin.reports.itemHidden')}</Badge>
            </dd>
          </div>
        ) : null}
      </dl>

      <div className={styles.actions}>
        {report.status === 'open' ? <Decisions report={report} onDone={onDone} /> : null}
        {target.author && !target.authorSuspended ? (
          <SuspendAuthor
            userNumber={target.author.userNumber}
            name={target.author.displayName}
            onDone={onDone}
          />
        ) : null}
        {target.path ? (
          <Link className={styles.textLink} to={target.path}>
            {t('admin.reports.view')}
          </Link>
        ) : null}
      </div>
    </article>
  );
}

function Decisions({ report, onDone }: ReportCardProps) {
  const { t } = useTranslation();
  const decide = useDecideReport((action) => onDone(t(`admin.reports.done.${action}`)));
  const running = decide.isPending ? decide.variables?.action : undefined;
  const failed = actionError(decide.error, t('admin.reports.decisionFailed'));
  const run = (action: ReportDecision, onSuccess?: () => void) =>
    decide.mutate({ report, action }, { onSuccess });
  const itemPresent = report.target.text !== null;

  return (
    <>
      {itemPresent && !report.target.hidden ? (
        <Button
          variant="secondary"
          size="small"
          busy={running === 'hide'}
          busyLabel={t('admin.reports.hiding')}
          disabled={decide.isPending}
          onClick={() => run('hide')}
        >
          {t('admin.reports.hide')}
        </Button>
      ) : null}
      {itemPresent ? (
        <ConfirmAction
          label={t('admin.reports.delete')}
          title={t('admin.reports.deleteTitle')}
          confirmLabel={t('admin.reports.delete')}
          busyLabel={t('admin.reports.deleting')}
          busy={running === 'delete'}
          error={running === undefined && decide.variables?.action === 'delete' ? failed : null}
          onReset={() => decide.reset()}
          onConfirm={(close) => run('delete', close)}
        >
          <p>{t('admin.reports.deleteBody')}</p>
        </ConfirmAction>
      ) : null}
      <Button
        variant="ghost"
        size="small"
        busy={running === 'dismiss'}
        busyLabel={t('admin.reports.dismissing')}
        disabled={decide.isPending}
        onClick={() => run('dismiss')}
      >
        {t('admin.reports.dismiss')}
      </Button>
      {failed && decide.variables?.action !== 'delete' ? (
        <div className={styles.fullRow}>
          <Alert tone="error">{failed}</Alert>
        </div>
      ) : null}
    </>
  );
}

function SuspendAuthor({
  userNumber,
  name,
  onDone,
}: {
  userNumber: number;
  name: string;
  onDone: ReportCardProps['onDone'];
}) {
  const { t } = useTranslation();
  const suspend = useSetSuspension();
  return (
    <ConfirmAction
      label={t('admin.reports.suspendAuthor')}
      variant="ghost"
      className={styles.dangerText}
      title={t('admin.members.suspendTitle', { name })}
      confirmLabel={t('admin.members.suspend')}
      busyLabel={t('admin.members.suspending')}
      busy={suspend.isPending}
      error={actionError(suspend.error, t('admin.members.suspendFailed'))}
      onReset={() => suspend.reset()}
      onConfirm={(close) =>
        suspend.mutate(
          { userNumber, suspended: true },
          {
            onSuccess: () => {
              close();
              onDone(t('admin.reports.done.suspend', { name }));
            },
          },
        )
      }
    >
      <p>{t('admin.members.suspendBody')}</p>
    </ConfirmAction>
  );
}
