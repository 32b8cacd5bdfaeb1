import type { ProfilePage as ProfileData, ThoughtPage } from '@sahifa/contracts/community';
import { parseUserNumber } from '@sahifa/contracts/members';
import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { PlusBadge } from '#web/components/ui/PlusBadge.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useProfile } from '#web/features/profile/api/profile.ts';
import { BigAvatar } from '#web/features/profile/components/BigAvatar.tsx';
import { BlockAction } from '#web/features/profile/components/BlockAction.tsx';
import styles from '#web/features/profile/components/Profile.module.css';
import { ProfileSummaries } from '#web/features/profile/components/ProfileSummaries.tsx';
import { formatJoinDate } from '#web/features/profile/format.ts';
import { websiteHref } from '#web/features/profile/website.ts';
import { usePageName } from '#web/lib/page-name.ts';

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
  usePageName(t('profile.notFound'));
  return (
    <div className={styles.notFound}>
      <h1>{t('profile.notFound')}</h1>
      <p className={styles.muted}>{t('profile.notFoundBody')}</p>
      <ButtonLink to="/app/home" variant="secondary">
        {t('common.backHome')}
      </ButtonLink>
    </div>
  );
}

function ProfileScreen({ userNumber, renderThoughts }: { userNumber: number } & ProfilePageProps) {
  const { t } = useTranslation();
  const query = useProfile(userNumber);
  return (
    <QueryState query={query} notFound={<ProfileNotFound />} error={t('profile.loadFailed')}>
      {(data) => (
        <ProfileView
          data={data}
          userNumber={userNumber}
          loadedAt={query.dataUpdatedAt}
          renderThoughts={renderThoughts}
        />
      )}
    </QueryState>
  );
}

function ProfileView({
  data,
  userNumber,
  loadedAt,
  renderThoughts,
}: { data: ProfileData; userNumber: number; loadedAt: number } & ProfilePageProps) {
  const { t, i18n } = useTranslation();
  const { profile, thoughts, summaries } = data;
  usePageName(profile.displayName);
  const href = websiteHref(profile.website);
  const thoughtsEmpty = profile.isMe
    ? t('profile.noThoughtsMine')
    : profile.blockedByMe
      ? t('moderation.blockedThoughts')
      : t('profile.noThoughts');

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <BigAvatar
          name={profile.displayName}
          image={profile.photoURL}
          alt={t('profile.avatarAlt', { name: profile.displayName })}
        />
        <div className={styles.identity}>
          <div className={styles.nameLine}>
            <h1>
              <bdi>{profile.displayName}</bdi>
            </h1>
            {profile.plus ? <PlusBadge /> : null}
          </div>
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
              {t('profile.joined')}{' '}
              <bdi>{formatJoinDate(profile.createdAt, i18n.resolvedLanguage ?? 'en')}</bdi>
            </li>
          </ul>
          <ul className={styles.counts}>
            <li>{t('profile.thoughtsCount', { count: profile.counts.thoughts })}</li>
            <li>{t('profile.summariesCount', { count: profile.counts.summaries })}</li>
          </ul>
        </div>
        <div className={styles.headerActions}>
          {profile.isMe ? (
            <ButtonLink to="/app/settings/profile" variant="secondary" size="small">
              {t('profile.edit')}
            </ButtonLink>
          ) : (
            <BlockAction profile={profile} />
          )}
        </div>
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
              loadedAt,
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
          <ProfileSummaries
            userNumber={userNumber}
            firstPage={summaries}
            loadedAt={loadedAt}
            emptyText={profile.isMe ? t('profile.noSummariesMine') : t('profile.noSummaries')}
          />
        </TabPanel>
      </Tabs>
    </div>
  );
}

export default ProfilePage;
