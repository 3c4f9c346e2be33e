import type { AnalysisComment, AnalysisPatch } from '@openmat/contract/analysis';
import { MessageSquarePlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatClock } from '../video-format';
import { ConfirmDeleteButton } from './confirm-delete-button';

type SentComments = NonNullable<AnalysisPatch['comments']>;

/**
 * The coach's timestamped comments, in time order: each jumps to its moment. An editor adds one at the
 * playhead and deletes them; the athlete reads them.
 */
export function ReviewComments({
  comments,
  currentTime,
  busy,
  readOnly,
  onJump,
  onSave,
}: {
  comments: readonly AnalysisComment[];
  currentTime: number;
  busy: boolean;
  readOnly: boolean;
  onJump: (time: number) => void;
  /** Answers whether it was saved: the new comment's text stays until it is. */
  onSave: (comments: SentComments) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [text, setText] = useState('');
  const kept = (list: readonly AnalysisComment[]): SentComments =>
    list.map(({ id, time, text: said }) => ({ id, time, text: said }));

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') return;
    void onSave([...kept(comments), { time: Math.round(currentTime * 10) / 10, text: text.trim() }]).then((saved) => {
      if (saved) setText('');
    });
  }

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id={titleId} className="text-sm font-semibold">
        {t('videos.review.comments.title')}
      </h2>
      {comments.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t(readOnly ? 'videos.review.comments.noneRead' : 'videos.review.comments.none')}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="review-comments">
          {comments.map((comment) => (
            <li key={comment.id} className="flex items-start gap-2 py-2">
              <Button
                size="sm"
                variant="secondary"
                className="shrink-0 tabular-nums"
                onClick={() => onJump(comment.time)}
                aria-label={t('videos.review.comments.jump', { time: formatClock(comment.time) })}
              >
                {formatClock(comment.time)}
              </Button>
              <div className="min-w-0 flex-1">
                <p className="break-words whitespace-pre-line">{comment.text}</p>
                {comment.authorName && <p className="text-xs text-zinc-500 dark:text-zinc-400">{comment.authorName}</p>}
              </div>
              {!readOnly && (
                <ConfirmDeleteButton
                  label={t('videos.review.comments.delete', { time: formatClock(comment.time) })}
                  question={t('videos.review.comments.deleteQuestion')}
                  disabled={busy}
                  onConfirm={() => void onSave(kept(comments.filter((other) => other.id !== comment.id)))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <form onSubmit={add} className="space-y-2">
          <label className="block text-sm">
            {t('videos.review.comments.new', { time: formatClock(currentTime) })}
            <textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={2}
              maxLength={2000}
              className="mt-1 block w-full rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          <Button type="submit" size="sm" disabled={busy || text.trim() === ''}>
            <MessageSquarePlus className="h-4 w-4" aria-hidden />
            {t('videos.review.comments.add')}
          </Button>
        </form>
      )}
    </section>
  );
}
