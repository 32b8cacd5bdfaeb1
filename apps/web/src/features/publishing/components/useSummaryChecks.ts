import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FormError,
  langOfPath,
  PAGE_LISTS,
  type PageLang,
  type SummaryForm,
  validateSummary,
} from '#web/features/publishing/form.ts';

/**
 * The form's problems, shown from the first submit on: the message under each field, the
 * summary at the top (as found at the last submit) and the errors counted on each language tab.
 */
export function useSummaryChecks(form: SummaryForm, fieldId: (path: string) => string) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  const [summaryPaths, setSummaryPaths] = useState<string[]>([]);

  const problems = submitted ? validateSummary(form) : [];
  const problemAt = new Map(problems.map((p) => [p.path, p]));

  const labelOf = (path: string): string => {
    const parts = path.split('.');
    if (parts.length === 3) return t(`publishing.pageFields.${parts[2]}`);
    if (path === 'enPages' || path === 'arPages') return t(`publishing.langs.${langOfPath(path)}`);
    return t(`publishing.fields.${path}`);
  };
  const messageOf = (problem: FormError): string =>
    t(`publishing.errors.${problem.code}`, { field: labelOf(problem.path), ...problem.values });
  const errorFor = (path: string): string | null => {
    const problem = problemAt.get(path);
    return problem ? messageOf(problem) : null;
  };
  /** The summary's line: where (which page) and what. */
  const summaryLine = (problem: FormError): string => {
    const parts = problem.path.split('.');
    const pageLang = langOfPath(problem.path);
    if (parts.length === 3 && pageLang)
      return t('publishing.errors.onPage', {
        lang: t(`publishing.langs.${pageLang}`),
        page: Number(parts[1]) + 1,
        message: messageOf(problem),
      });
    return messageOf(problem);
  };
  /** The element that takes focus for a problem (the pages' heading for page-list problems). */
  const targetOf = (path: string): string =>
    path === 'pages' || path === 'enPages' || path === 'arPages' ? fieldId('pages') : fieldId(path);
  const errorCount = (pageLang: PageLang) =>
    problems.filter((p) => p.path.startsWith(PAGE_LISTS[pageLang])).length;

  const summaryProblems = summaryPaths
    .map((path) => problemAt.get(path))
    .filter((p): p is FormError => p !== undefined);

  /** On submit: from now on problems show; returns them, the first one first. */
  function check(): FormError[] {
    setSubmitted(true);
    const found = validateSummary(form);
    setSummaryPaths(found.map((p) => p.path));
    return found;
  }

  function reset() {
    setSubmitted(false);
    setSummaryPaths([]);
  }

  return { errorFor, summaryLine, targetOf, errorCount, summaryProblems, check, reset };
}
