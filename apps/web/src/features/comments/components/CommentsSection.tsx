import type { BookPreview } from '@sahifa/contracts/books';
import { LIMITS } from '@sahifa/contracts/library';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { DeleteWithConfirm } from '#web/components/ui/DeleteWithConfirm.tsx';
import fieldStyles from '#web/components/ui/Field.module.css';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { ReportButton } from '#web/components/ui/ReportButton.tsx';
import { Stars } from '#web/components/ui/Stars.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';
import { useAddComment } from '#web/features/comments/api/add-comment.ts';
import { useComments } from '#web/features/comments/api/comments.ts';
import { useDeleteComment } from '#web/features/comments/api/delete-comment.ts';
import { errorMessageOf } from '#web/lib/error-message.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/time.ts';
import styles from './Comments.module.css';
import { StarRatingInput } from './StarRatingInput.tsx';

type Comment = BookPreview['comments']['items'][number];
type Rating = { averageRating: number; ratingCount: number };

interface CommentsSectionProps {
  bookId: string;
  /** The first page of comments, as the preview brought it. */
  initial: BookPreview['comments'];
  rating: Rating;
  /** When the preview was loaded (so the cached first page ages with it). */
  loadedAt: number;
  /** A comment was added or deleted: the new average, to show at once. */
  onRatingChange: (rating: Rating) => void;
}

/**
 * Ratings and comments of a book: the form (id "rate", linked from the reader) and the list. A
 * member has one review per book: once they have one, the form edits it.
 */
export function CommentsSection({ bookId, initial, rating, loadedAt, onRatingChange }: CommentsSectionProps) {
  const { t } = useTranslation();
  const comments = useComments(bookId, { ...initial, rating }, loadedAt);
  const items = comments.data.pages.flatMap((page) => page.items);
  const myReview = comments.data.pages[0]?.myReview ?? null;

  return (
    <section className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title">{t('comments.title')}</h2>
      <CommentForm bookId={bookId} myReview={myReview} onRatingChange={onRatingChange} />
      {items.length === 0 ? (
        <EmptyState>{t('comments.empty')}</EmptyState>
      ) : (
        <ol className={styles.list} aria-label={t('comments.listLabel')}>
          {items.map((comment) => (
            <CommentItem key={comment.id} bookId={bookId} comment={comment} onRatingChange={onRatingChange} />
          ))}
        </ol>
      )}
      {comments.hasNextPage ? (
        <LoadMore
          label={t('comments.loadMore')}
          failedText={t('comments.loadMoreFailed')}
          failed={comments.isFetchNextPageError}
          busy={comments.isFetchingNextPage}
          onLoad={() => void comments.fetchNextPage()}
        />
      ) : null}
    </section>
  );
}

function CommentForm({
  bookId,
  myReview,
  onRatingChange,
}: {
  bookId: string;
  /** The member's own review of the book: the form shows it and sending edits it. */
  myReview: Comment | null;
  onRatingChange: (r: Rating) => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const add = useAddComment(bookId);
  const [stars, setStars] = useState<number | null>(myReview?.rating ?? null);
  const [text, setText] = useState(myReview?.comment ?? '');
  const [missingRating, setMissingRating] = useState(false);
  const [sent, setSent] = useState<'added' | 'updated' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const textId = useId();
  const counterId = useId();
  const editing = myReview !== null;

  // Their review came or went (first posted, or deleted from the list): show it as it now is.
  const reviewId = myReview?.id ?? null;
  const [shownReviewId, setShownReviewId] = useState(reviewId);
  if (reviewId !== shownReviewId) {
    setShownReviewId(reviewId);
    setStars(myReview?.rating ?? null);
    setText(myReview?.comment ?? '');
    if (!myReview) setSent(null);
  }

  // Arriving from the reader's "Rate this book" (…/preview/:bookId#rate): bring the form into view.
  useEffect(() => {
    if (location.hash !== '#rate') return;
    const form = formRef.current;
    form?.scrollIntoView({ block: 'center' });
    form?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus({ preventScroll: true });
  }, [location.hash]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    if (stars === null) {
      setMissingRating(true);
      formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    add.mutate(
      { rating: stars, comment: text.trim() },
      {
        onSuccess: ({ comment, rating }) => {
          onRatingChange(rating);
          // The form now holds the saved review, ready to be edited again.
          setStars(comment.rating);
          setText(comment.comment);
          setSent(editing ? 'updated' : 'added');
        },
      },
    );
  }

  const serverError = add.error ? errorMessageOf(add.error, t('comments.addFailed')) : null;

  return (
    <form
      ref={formRef}
      id="rate"
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={styles.formTitle}>
        {editing ? t('comments.editTitle') : t('comments.formTitle')}
      </h3>
      <StarRatingInput
        label={t('comments.yourRating')}
        value={stars}
        onChange={(value) => {
          setStars(value);
          setMissingRating(false);
        }}
        error={missingRating ? t('comments.ratingRequired') : null}
        isDisabled={add.isPending}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={textId}>
          {t('comments.commentLabel')} <span className={styles.optional}>{t('comments.optional')}</span>
        </label>
        <textarea
          id={textId}
          name="comment"
          className={`${fieldStyles.textArea} ${styles.commentInput}`}
          rows={4}
          maxLength={LIMITS.comment}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={counterId}
          disabled={add.isPending}
          dir="auto"
        />
        <p id={counterId} className={styles.counter}>
          <bdi dir="ltr">{t('comments.counter', { count: text.length, max: LIMITS.comment })}</bdi>
        </p>
      </div>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      {sent ? (
        <Alert tone="success">{sent === 'updated' ? t('comments.updated') : t('comments.thanks')}</Alert>
      ) : null}
      <div>
        <Button
          type="submit"
          busy={add.isPending}
          busyLabel={editing ? t('comments.updating') : t('comments.sending')}
        >
          {editing ? t('comments.update') : t('comments.submit')}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  bookId,
  comment,
  onRatingChange,
}: {
  bookId: string;
  comment: Comment;
  onRatingChange: (r: Rating) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const remove = useDeleteComment(bookId);
  const name = comment.author.displayName;
  return (
    <li className={styles.item}>
      <Avatar name={name} image={comment.author.photoURL} />
      <div className={styles.body}>
        <div className={styles.head}>
          <Link className={styles.author} to={`/app/${comment.author.userNumber}`} dir="auto">
            {name}
          </Link>
          <time
            className={styles.time}
            dateTime={comment.date}
            title={formatDateTime(comment.date, language)}
          >
            {formatRelativeTime(comment.date, language, t)}
          </time>
        </div>
        <Stars value={comment.rating} label={t('comments.ratedStars', { count: comment.rating })} />
        {comment.comment ? (
          <p className={styles.text} dir="auto">
            {comment.comment}
          </p>
        ) : null}
        {comment.isMine ? (
          <div>
            <DeleteWithConfirm
              label={t('comments.delete')}
              className={styles.delete}
              title={t('comments.deleteTitle')}
              confirmLabel={t('comments.deleteConfirm')}
              busyLabel={t('comments.deleting')}
              failedText={t('comments.deleteFailed')}
              mutation={remove}
              onConfirm={(close) =>
                remove.mutate(comment.id, {
                  onSuccess: (rating) => {
                    close();
                    onRatingChange(rating);
                  },
                })
              }
            >
              <p>{t('comments.deleteBody')}</p>
            </DeleteWithConfirm>
          </div>
        ) : (
          <div>
            <ReportButton kind="comment" targetId={comment.id} className={styles.report} />
          </div>
        )}
      </div>
    </li>
  );
}
