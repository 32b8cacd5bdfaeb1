import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/Alert.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { REPORT_FILTERS, useReportQueue } from '#web/features/admin/api/reports.ts';
import { AccessLost } from '#web/features/admin/components/AccessLost.tsx';
import styles from '#web/features/admin/components/Console.module.css';
import { FilterBar } from '#web/features/admin/components/FilterBar.tsx';
import { ListFooter } from '#web/features/admin/components/ListFooter.tsx';
import { ReportCard } from '#web/features/admin/components/ReportCard.tsx';
import { useStatusFilter } from '#web/features/admin/components/useStatusFilter.ts';

/** /app/admin/reports — what members reported, newest first: the open queue, or what was decided. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useStatusFilter(REPORT_FILTERS, 'open');
  const queue = useReportQueue(status);
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<{ text: string; count: number } | null>(null);
  const onDone = (text: string) => setNotice((last) => ({ text, count: (last?.count ?? 0) + 1 }));

  // The decided card leaves the list and takes the focus with it: say what happened, and go on
  // from the top of the list. After the commit, so a closing dialog does not take the focus back.
  useEffect(() => {
    if (notice) heading.current?.focus();
  }, [notice]);

  return (
    <section className={styles.panel} aria-labelledby="console-heading">
      <div className={styles.panelHead}>
        <h2 id="console-heading" ref={heading} tabIndex={-1}>
          {t('admin.reports.title')}
        </h2>
        <FilterBar
          label={t('admin.filterLabel')}
          filters={REPORT_FILTERS}
          current={status}
          labelOf={(filter) => t(`admin.reports.filters.${filter}`)}
          onSelect={(filter) => {
            setNotice(null);
            setStatus(filter);
          }}
        />
      </div>
      {notice ? <Alert tone="success">{notice.text}</Alert> : null}
      <QueryState query={queue} notFound={<AccessLost />} error={t('admin.reports.loadFailed')}>
        {(data) => {
          const reports = data.pages.flatMap((page) => page.items);
          if (reports.length === 0) return <EmptyState>{t(`admin.reports.empty.${status}`)}</EmptyState>;
          return (
            <>
              <ul className={styles.list} aria-label={t('admin.reports.listLabel')}>
                {reports.map((report) => (
                  <li key={report.id}>
                    <ReportCard report={report} onDone={onDone} />
                  </li>
                ))}
              </ul>
              <ListFooter query={queue} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

export default ReportsPage;
