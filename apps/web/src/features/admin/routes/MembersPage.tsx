import type { AdminMember } from '@sahifa/contracts/admin';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '#web/components/ui/Icon.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useMemberSearch } from '#web/features/admin/api/members.ts';
import { AccessLost } from '#web/features/admin/components/AccessLost.tsx';
import styles from '#web/features/admin/components/Console.module.css';
import { ListFooter } from '#web/features/admin/components/ListFooter.tsx';
import { MemberCard } from '#web/features/admin/components/MemberCard.tsx';
import { MEMBER_QUERY_MAX, memberQuery } from '#web/features/admin/members.ts';
import { useCurrentUser } from '#web/lib/auth.tsx';

const DEBOUNCE_MS = 300;

/** /app/admin/members?q= — find members by name, email or number; every member, newest first, without one. */
export function MembersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const written = useRef(urlQuery);
  const query = memberQuery(urlQuery);
  const search = useMemberSearch(query);

  // The URL changed from outside (Back, a link): show its query in the box.
  useEffect(() => {
    if (urlQuery !== written.current) {
      written.current = urlQuery;
      setText(urlQuery);
    }
  }, [urlQuery]);

  function writeUrl(value: string) {
    written.current = value;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // What is typed is searched after a pause; Enter searches at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: writeUrl only reads a ref and the stable setter
  useEffect(() => {
    const value = text.trim();
    if (value === written.current) return;
    const timer = setTimeout(() => writeUrl(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (value !== written.current) writeUrl(value);
  }

  const updating = search.isFetching && search.isPlaceholderData;

  return (
    <section className={styles.panel} aria-labelledby="console-heading">
      <h2 id="console-heading">{t('admin.members.title')}</h2>
      <search>
        <form className={styles.searchForm} onSubmit={onSubmit}>
          <label htmlFor={inputId} className={styles.label}>
            {t('admin.members.searchLabel')}
          </label>
          <div className={styles.searchBox}>
            <Icon name="search" className={styles.searchIcon} />
            <input
              id={inputId}
              name="q"
              type="search"
              className={styles.searchInput}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('admin.members.searchPlaceholder')}
              maxLength={MEMBER_QUERY_MAX}
              autoComplete="off"
              enterKeyHint="search"
              dir="auto"
            />
            {updating ? <Spinner size="small" /> : null}
          </div>
        </form>
      </search>
      <QueryState query={search} notFound={<AccessLost />} error={t('admin.members.loadFailed')}>
        {(data) => {
          const members = data.pages.flatMap((page) => page.items);
          if (members.length === 0) {
            return (
              <EmptyState>
                {query ? t('admin.members.empty', { query }) : t('admin.members.emptyAll')}
              </EmptyState>
            );
          }
          return (
            <>
              <ul
                className={styles.list}
                aria-label={t('admin.members.listLabel')}
                aria-busy={updating || undefined}
              >
                {members.map((member: AdminMember) => (
                  <li key={member.userNumber}>
                    <MemberCard member={member} myUserNumber={me.userNumber} />
                  </li>
                ))}
              </ul>
              <ListFooter query={search} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

export default MembersPage;
