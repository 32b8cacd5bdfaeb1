import type { AdminMember } from '@sahifa/contracts/admin';
import { useTranslation } from 'react-i18next';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { SearchBox } from '#web/components/ui/SearchBox.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useMemberSearch } from '#web/features/admin/api/members.ts';
import { AccessLost } from '#web/features/admin/components/AccessLost.tsx';
import styles from '#web/features/admin/components/Console.module.css';
import { ListFooter } from '#web/features/admin/components/ListFooter.tsx';
import { MemberCard } from '#web/features/admin/components/MemberCard.tsx';
import { MEMBER_QUERY_MAX, memberQuery } from '#web/features/admin/members.ts';
import { useCurrentUser } from '#web/lib/auth.tsx';
import { useUrlSearchBox } from '#web/lib/use-url-search-box.ts';

const DEBOUNCE_MS = 300;

/** /app/admin/members?q= — find members by name, email or number; every member, newest first, without one. */
export function MembersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const {
    urlQuery,
    text,
    setText,
    submit: onSubmit,
  } = useUrlSearchBox({
    debounceMs: DEBOUNCE_MS,
    toUrl: (typed) => typed.trim(),
  });
  const query = memberQuery(urlQuery);
  const search = useMemberSearch(query);

  const updating = search.isFetching && search.isPlaceholderData;

  return (
    <section className={styles.panel} aria-labelledby="console-heading">
      <h2 id="console-heading">{t('admin.members.title')}</h2>
      <SearchBox
        label={t('admin.members.searchLabel')}
        value={text}
        onChange={setText}
        onSubmit={onSubmit}
        placeholder={t('admin.members.searchPlaceholder')}
        maxLength={MEMBER_QUERY_MAX}
        busy={updating}
      />
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
