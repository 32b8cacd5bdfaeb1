import { COMMUNITY_LIMITS, type Reply, type Thought } from '@sahifa/contracts/community';
import { parseUserNumber } from '@sahifa/contracts/members';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { DeleteWithConfirm } from '#web/components/ui/DeleteWithConfirm.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { QueryState } from '#web/components/ui/QueryState.tsx';
import { ReportButton } from '#web/components/ui/ReportButton.tsx';
import { EmptyState, NotFoundState } from '#web/components/ui/States.tsx';
import { useAddReply, useDeleteReply } from '#web/features/thoughts/api/replies.ts';
import { useThought } from '#web/features/thoughts/api/thought.ts';
import { Composer } from '#web/features/thoughts/components/Composer.tsx';
import { ThoughtCard } from '#web/features/thoughts/components/ThoughtCard.tsx';
import styles from '#web/features/thoughts/components/Thoughts.module.css';
import { ThoughtText } from '#web/features/thoughts/components/ThoughtText.tsx';
import { usePageName } from '#web/lib/page-name.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/time.ts';

/** /app/thoughts/:userNumber/:thoughtId — one thought, a reply box and its replies (newest first). */
export function ThoughtPage() {
  const { userNumber: rawNumber, thoughtId = '' } = useParams();
  const userNumber = parseUserNumber(rawNumber);
  if (userNumber === null) return <ThoughtNotFound />;
  return <ThoughtScreen key={thoughtId} userNumber={userNumber} thoughtId={thoughtId} />;
}

function ThoughtNotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundState
      title={t('thoughts.notFound')}
      body={t('thoughts.notFoundBody')}
      back={{ to: '/app/thoughts', label: t('thoughts.backToThoughts') }}
    />
  );
}

function ThoughtScreen({ userNumber, thoughtId }: { userNumber: number; thoughtId: string }) {
  const { t } = useTranslation();
  const query = useThought(userNumber, thoughtId);
  const add = useAddReply(thoughtId);

  return (
    <QueryState query={query} notFound={<ThoughtNotFound />} error={t('thoughts.loadOneFailed')}>
      {(data) => {
        const thought = data.pages[0]?.thought;
        if (!thought) return <ThoughtNotFound />;
        const replies = data.pages.flatMap((page) => page.replies.items);
        return (
          <ThoughtView thoughtId={thoughtId} thought={thought} replies={replies} query={query} add={add} />
        );
      }}
    </QueryState>
  );
}

interface ThoughtViewProps {
  thoughtId: string;
  thought: Thought;
  replies: Reply[];
  /** The thought's query: its next pages are more replies. */
  query: ReturnType<typeof useThought>;
  add: ReturnType<typeof useAddReply>;
}

function ThoughtView({ thoughtId, thought, replies, query, add }: ThoughtViewProps) {
  const { t } = useTranslation();
  const heading = t('thoughts.thoughtBy', { name: thought.author.displayName });
  usePageName(heading);
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <Link className={styles.back} to="/app/thoughts">
        {t('thoughts.backToFeed')}
      </Link>
      <h1 className="visually-hidden">{heading}</h1>
      <ThoughtCard thought={thought} onDeleted={() => navigate('/app/thoughts', { replace: true })} />
      <Composer
        name="reply"
        label={t('thoughts.replyLabel')}
        placeholder={t('thoughts.replyPlaceholder')}
        submitLabel={t('thoughts.reply')}
        busyLabel={t('thoughts.replying')}
        max={COMMUNITY_LIMITS.reply}
        busy={add.isPending}
        error={add.error}
        failedText={t('thoughts.replyFailed')}
        onSubmit={(text) => add.mutateAsync(text)}
      />
      <h2 className={styles.repliesTitle}>{t('thoughts.repliesTitle', { count: thought.replyCount })}</h2>
      {replies.length === 0 ? (
        <EmptyState>{t('thoughts.noReplies')}</EmptyState>
      ) : (
        <ol className={styles.list} aria-label={t('thoughts.repliesLabel')}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <ReplyItem reply={reply} thoughtId={thoughtId} />
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <LoadMore
          label={t('thoughts.moreReplies')}
          failedText={t('thoughts.loadMoreFailed')}
          failed={query.isFetchNextPageError}
          busy={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}

function ReplyItem({ reply, thoughtId }: { reply: Reply; thoughtId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const remove = useDeleteReply(thoughtId);
  const profile = `/app/${reply.author.userNumber}`;
  return (
    <article className={styles.card}>
      <Link to={profile} tabIndex={-1} aria-hidden="true">
        <Avatar name={reply.author.displayName} image={reply.author.photoURL} />
      </Link>
      <div className={styles.cardBody}>
        <div className={styles.head}>
          <Link className={styles.name} to={profile} dir="auto">
            {reply.author.displayName}
          </Link>
          <span className={styles.number}>
            <bdi dir="ltr">#{reply.author.userNumber}</bdi>
          </span>
          <time className={styles.time} dateTime={reply.date} title={formatDateTime(reply.date, language)}>
            {formatRelativeTime(reply.date, language, t)}
          </time>
        </div>
        <ThoughtText className={styles.text} text={reply.reply} />
        <div className={styles.actions}>
          {reply.isMine ? (
            <DeleteWithConfirm
              label={t('thoughts.deleteReply')}
              className={styles.delete}
              title={t('thoughts.deleteReplyTitle')}
              confirmLabel={t('thoughts.deleteConfirm')}
              busyLabel={t('thoughts.deleting')}
              failedText={t('thoughts.deleteFailed')}
              mutation={remove}
              onConfirm={(close) => remove.mutate(reply.id, { onSuccess: close })}
            >
              <p>{t('thoughts.deleteReplyBody')}</p>
            </DeleteWithConfirm>
          ) : (
            <ReportButton kind="reply" targetId={reply.id} className={styles.report} />
          )}
        </div>
      </div>
    </article>
  );
}

export default ThoughtPage;
