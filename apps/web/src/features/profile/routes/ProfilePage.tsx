import type { ThoughtPage } from '@sahifa/contracts/community';
import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BookCard } from '../../../components/ui/BookCard.tsx';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/States.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useProfile } from '../api/profile.ts';
import { BigAvatar } from '../components/BigAvatar.tsx';
import styles from '../components/Profile.module.css';
import { formatJoinDate } from '../format.ts';
import { parseUserNumber } from '../user-number.ts';
import { websiteHref } from '../website.ts';

export interface ProfileThoughtsSlot {
  userNumber: number;
  firstPage: ThoughtPage;
  loadedAt: number;
  emptyText: string;
}

interface ProfilePageProps {
  /** The member's thoughts (the thoughts feature), composed in by the route; a plain list without it. */
  renderThoughts?: (slot: ProfileThoughtsSlot) => ReactNode;
}

/** /app/:userNumber — a member's public profile; an impossible or unknown number is "Darker not found". */
export function ProfilePage({ renderThoughts }: ProfilePageProps) {
  const { userNumber: raw } = useParams();
  const userNumber = parseUserNumber(raw);
  if (userNumber === null) return <ProfileNotFound />;
  return <ProfileScreen key={userNumber} userNumber={userNumber} renderThoughts={renderThoughts} />;
}

function ProfileNotFound() {
  const { t } = useTranslation();
  return (
    <div className={styles.notFound}>
      <h1>{t('profile.notFound')}</h1>
      <p className={styles.muted}>{t('profile.notFoundBody')}</p>
      <ButtonLink to="/app/home" variant="secondary">
        {t('comingSoon.backHome')}
      </ButtonLink>
    </div>
  );
}

function ProfileScreen({ userNumber, renderThoughts }: { userNumber: number } & ProfilePageProps) {
  const { t } = useTranslation();
  const query = useProfile(userNumber);

  if (query.isPending) {
    return (
      <p role="status">
        <Spinner size="small" /> {t('common.loading')}
      </p>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ProfileNotFound />;
    return <ErrorState message={t('profile.loadFailed')} onRetry={() => void query.refetch()} />;
  }

  const { profile, thoughts, summaries } = query.data;
  const href = websiteHref(profile.website);
  const thoughtsEmpty = profile.isMe ? t('profile.noThoughtsMine') : t('profile.noThoughts');

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <BigAvatar
          name={profile.displayName}
          image={profile.photoURL}
          alt={t('profile.avatarAlt', { name: profile.displayName })}
        />
        <div className={styles.identity}>
          <h1 dir="auto">{profile.displayName}</h1>
          <p className={styles.muted}>
            <bdi dir="ltr">#{profile.userNumber}</bdi>
            {profile.pronouns ? (
              <>
                {' · '}
                <bdi>{profile.pronouns}</bdi>
              </>
            ) : null}
          </p>
          {profile.bio ? (
            <p className={styles.bio} dir="auto">
              {profile.bio}
            </p>
          ) : null}
          <ul className={styles.facts}>
            {profile.location ? (
              <li>
                {t('profile.location')}: <bdi>{profile.location}</bdi>
              </li>
            ) : null}
            {profile.website ? (
              <li>
                {href ? (
                  <a href={href} rel="noopener nofollow ugc" target="_blank" dir="ltr">
                    {profile.website}
                  </a>
                ) : (
                  <bdi>{profile.website}</bdi>
                )}
              </li>
            ) : null}
            <li>
              {t('profile.joined')} <bdi dir="ltr">{formatJoinDate(profile.createdAt)}</bdi>
            </li>
          </ul>
          <ul className={styles.counts}>
            <li>{t('profile.thoughtsCount', { count: profile.counts.thoughts })}</li>
            <li>{t('profile.summariesCount', { count: profile.counts.summaries })}</li>
          </ul>
        </div>
        {profile.isMe ? (
          <div className={styles.headerActions}>
            <ButtonLink to="/app/settings/profile" variant="secondary" size="small">
              {t('profile.edit')}
            </ButtonLink>
          </div>
        ) : null}
      </header>

      <Tabs>
        <TabList className={styles.tabList} aria-label={t('profile.tabsLabel')}>
          <Tab id="thoughts" className={styles.tab}>
            {t('profile.thoughtsTab')}
          </Tab>
          <Tab id="summaries" className={styles.tab}>
            {t('profile.summariesTab')}
          </Tab>
        </TabList>
        <TabPanel id="thoughts">
          {renderThoughts ? (
            renderThoughts({
              userNumber,
              firstPage: thoughts,
              loadedAt: query.dataUpdatedAt,
              emptyText: thoughtsEmpty,
            })
          ) : thoughts.items.length === 0 ? (
            <EmptyState>{thoughtsEmpty}</EmptyState>
          ) : (
            <ul>
              {thoughts.items.map((thought) => (
                <li key={thought.id} dir="auto">
                  {thought.content}
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel id="summaries">
          {summaries.length === 0 ? (
            <EmptyState>{profile.isMe ? t('profile.noSummariesMine') : t('profile.noSummaries')}</EmptyState>
          ) : (
            <ul className={styles.books}>
              {summaries.map((book) => (
                <li key={book.id}>
                  <BookCard book={book} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
      </Tabs>
    </div>
  );
}

export default ProfilePage;
