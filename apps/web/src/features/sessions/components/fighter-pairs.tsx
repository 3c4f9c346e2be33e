import { PairsPage } from '@openmat/contract/coaching';
import { Shuffle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

function parsePairs(raw: string | null) {
  if (!raw) return null;
  try {
    const parsed = PairsPage.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The fighter pairs list, from the session's saved pairing; the owner can ask for the next round. */
export function FighterPairs({
  rawFighterPairsJson,
  onNextRound,
  busy = false,
  pending = false,
  ended = false,
}: {
  rawFighterPairsJson: string | null;
  onNextRound?: () => void;
  busy?: boolean;
  pending?: boolean;
  /** The class is over (for this reader): no pairs means none were made, not that PAIR UP is to come. */
  ended?: boolean;
}) {
  const { t } = useTranslation();
  const pairing = parsePairs(rawFighterPairsJson);
  const sittingOut = pairing?.unpaired_student ?? null;
  const summary = pairing?.pairing_rationale ?? '';
  // The server's summary already says why the student sits out: their line then names them only, so the
  // reason is read once. A summary that does not give it leaves the reason to the line.
  const reason =
    sittingOut && sittingOut.reason.trim() !== '' && !summary.includes(sittingOut.reason) ? sittingOut.reason : null;
  return (
    <Card className="flex flex-col gap-3" aria-labelledby="fighter-pairs-title" aria-busy={pending}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="fighter-pairs-title" className="text-lg font-semibold">
          {t('sessionDetails.pairsTitle')}
          {pairing?.round && (
            <span className="ml-2 text-sm font-normal text-zinc-500">
              {t('sessionDetails.round', { round: pairing.round })}
            </span>
          )}
        </h2>
        {pairing && onNextRound && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={onNextRound}>
            <Shuffle className="h-4 w-4" aria-hidden />
            {pending ? t('sessionDetails.pending.pairUp') : t('sessionDetails.nextRound')}
          </Button>
        )}
      </div>
      {!pairing ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {ended ? t('sessionDetails.noPairsEnded') : t('sessionDetails.noPairs')}
        </p>
      ) : (
        <>
          <ol className="flex flex-col gap-2">
            {pairing.pairs.map((pair, index) => (
              <li
                key={`${pair.fighter1_name}-${pair.fighter2_name}`}
                className="rounded-md bg-zinc-50 px-3 py-2 [overflow-wrap:anywhere] dark:bg-zinc-800/60"
              >
                <span className="mr-2 text-sm text-zinc-500">{index + 1}.</span>
                {pair.fighter1_name} <span className="text-zinc-500">&amp;</span> {pair.fighter2_name}
                {/* Why this pair (the summary refers to these notes, e.g. for a weight assumed). */}
                {pair.notes && pair.notes.length > 0 && (
                  <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{pair.notes.join(' · ')}</p>
                )}
              </li>
            ))}
          </ol>
          {sittingOut && (
            <p className="text-sm [overflow-wrap:anywhere]">
              {reason
                ? t('sessionDetails.unpaired', {
                    name: sittingOut.studentName,
                    reason,
                  })
                : t('sessionDetails.unpairedNoReason', { name: sittingOut.studentName })}
            </p>
          )}
          {summary && <p className="text-sm text-zinc-600 dark:text-zinc-400">{summary}</p>}
        </>
      )}
    </Card>
  );
}
