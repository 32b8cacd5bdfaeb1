import type { ReportKind } from '@sahifa/contracts/moderation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotFoundError } from '#web/lib/api.ts';
import { errorMessageOf } from '#web/lib/error-message.ts';
import { useReportContent } from '#web/lib/moderation.ts';
import { Button } from './Button.tsx';
import { ReportDialog } from './ReportDialog.tsx';

interface ReportButtonProps {
  kind: ReportKind;
  targetId: string;
  className?: string;
}

/** "Report" on something another member wrote: opens the report dialog and sends what it gathers. */
export function ReportButton({ kind, targetId, className }: ReportButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const report = useReportContent();
  const error = report.isError
    ? isNotFoundError(report.error)
      ? t('moderation.gone')
      : errorMessageOf(report.error, t('moderation.failed'))
    : null;

  return (
    <>
      <Button variant="ghost" size="small" className={className} onClick={() => setOpen(true)}>
        {t('moderation.report')}
      </Button>
      <ReportDialog
        isOpen={open}
        onOpenChange={(next) => {
          if (!next) report.reset();
          setOpen(next);
        }}
        title={t(`moderation.reportTitle.${kind}`)}
        busy={report.isPending}
        error={error}
        sent={report.isSuccess}
        onSubmit={({ reason, details }) => report.mutate({ kind, targetId, reason, details })}
      />
    </>
  );
}
