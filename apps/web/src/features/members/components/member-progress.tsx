import { ageOn } from '@openmat/contract/auth';
import {
  isKidsBelt,
  KIDS_BELTS,
  PROMOTION_LIMITS,
  RANK_BELTS,
  type MemberDetails,
  type PromotionDossier,
  type RankBelt,
} from '@openmat/contract/members';
import { Video } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast-store';
import { useRecordPromotion, useRecordWeighIn } from '@/features/members/api/record-progress';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/failure';
import { parseDecimal } from '@/lib/parse-decimal';
import { beltLabel, formatCalendarDay, formatDay } from './member-format';

/** Today in the reader's time zone, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The server's inline messages of a refused form, by field. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.body.kind !== 'problem') return {};
  return Object.fromEntries(
    Object.entries(error.body.problem.errors ?? {}).flatMap(([field, messages]) =>
      messages[0] === undefined ? [] : [[field, messages[0]]],
    ),
  );
}

/**
 * Whether a member may get a kids' belt on `day` (`YYYY-MM-DD`), by the server's rule (ADR 0029): the birth
 * date is on file and the member is under 16 on that day.
 */
function kidsBeltsOn(birthdate: string | null, day: string): boolean {
  if (birthdate === null) return false;
  return ageOn(birthdate, new Date(`${day}T00:00:00Z`)) < PROMOTION_LIMITS.kidsUnderAge;
}

const ADULT_BELTS = RANK_BELTS.filter((belt) => !isKidsBelt(belt));

/**
 * An instructor records a promotion: belt and stripes (0 to 4), the day and an optional note. The kids'
 * belts are offered as the server allows them: for a member whose birth date is on file and who is under 16
 * on the promotion's day, so they come and go with the day. A belt that is no longer offered (a kids' belt
 * a member of 16 holds) is not shown as chosen: the select asks for a belt. Problems show inline.
 */
export function PromotionForm({ member }: { member: MemberDetails }) {
  const { t } = useTranslation();
  const id = useId();
  const record = useRecordPromotion(member.fighter.id);
  const [belt, setBelt] = useState<RankBelt | ''>(member.belt ?? 'White');
  const [stripes, setStripes] = useState(String(member.stripes ?? 0));
  const [promotedOn, setPromotedOn] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const birthdate = member.fighter.birthdate;
  const kids = kidsBeltsOn(birthdate, promotedOn === '' ? today() : promotedOn);
  // What the select shows is what would be sent: a belt on offer, or none.
  const chosen = belt !== '' && (kids || !isKidsBelt(belt)) ? belt : '';
  const hint = kids
    ? t('members.promote.kidsHint')
    : birthdate === null
      ? t('members.promote.kidsNeedBirthdate')
      : belt !== '' && isKidsBelt(belt)
        ? t('members.promote.kidsTooOld')
        : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (chosen === '') local.belt = t('members.promote.beltRequired');
    if (promotedOn === '') local.promotedOn = t('members.weighIn.required');
    setErrors(local);
    if (chosen === '' || Object.keys(local).length > 0) return;
    record.mutate(
      { belt: chosen, stripes: Number(stripes), promotedOn, ...(note.trim() === '' ? {} : { note: note.trim() }) },
      {
        onSuccess: () => {
          setNote('');
          showToast({ title: t('members.promote.done'), tone: 'success' });
        },
        onError: (error) => {
          const inline = fieldErrors(error);
          setErrors(inline);
          if (Object.keys(inline).length === 0) {
            console.error('Failed to record the promotion', error);
            showToast({ title: t('members.promote.failed'), description: errorText(error).message, tone: 'error' });
          }
        },
      },
    );
  }

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('members.promote.title')}</h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={t('members.promote.title')}>
        <div className="grid grid-cols-[2fr_1fr] gap-3">
          <FormField id={`${id}-belt`} label={t('members.promote.belt')} error={errors.belt} hint={hint}>
            <Select
              value={chosen}
              onChange={(event) => setBelt(RANK_BELTS.find((b) => b === event.target.value) ?? '')}
            >
              {chosen === '' && (
                <option value="" disabled>
                  {t('members.promote.chooseBelt')}
                </option>
              )}
              <optgroup label={t('members.adultBelts')}>
                {ADULT_BELTS.map((option) => (
                  <option key={option} value={option}>
                    {t(`members.rankBelts.${option}`)}
                  </option>
                ))}
              </optgroup>
              {kids && (
                <optgroup label={t('members.kidsBelts')}>
                  {KIDS_BELTS.map((option) => (
                    <option key={option} value={option}>
                      {t(`members.rankBelts.${option}`)}
                    </option>
                  ))}
                </optgroup>
              )}
            </Select>
          </FormField>
          <FormField id={`${id}-stripes`} label={t('members.promote.stripes')} error={errors.stripes}>
            <Select value={stripes} onChange={(event) => setStripes(event.target.value)}>
              {[0, 1, 2, 3, 4].map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField id={`${id}-date`} label={t('members.promote.date')} error={errors.promotedOn}>
          <Input type="date" value={promotedOn} max={today()} onChange={(event) => setPromotedOn(event.target.value)} />
        </FormField>
        <FormField id={`${id}-note`} label={t('members.promote.note')} error={errors.note}>
          <Textarea
            rows={2}
            value={note}
            maxLength={PROMOTION_LIMITS.noteMax}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={record.isPending} className="self-start">
          {record.isPending ? t('members.promote.saving') : t('members.promote.save')}
        </Button>
      </form>
    </Card>
  );
}

/** The member or their instructor records a weigh-in: the day and kilograms, checked before sending. */
export function WeighInForm({ member }: { member: MemberDetails }) {
  const { t } = useTranslation();
  const id = useId();
  const record = useRecordWeighIn(member.fighter.id);
  const [weighedOn, setWeighedOn] = useState(today);
  const [weight, setWeight] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const kg = parseDecimal(weight);
    const { min, max } = PROMOTION_LIMITS.weightKg;
    const local: Record<string, string> = {};
    if (weighedOn === '') local.weighedOn = t('members.weighIn.required');
    if (!Number.isFinite(kg) || kg < min || kg > max) local.weightKg = t('members.weighIn.range', { min, max });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    record.mutate(
      { weighedOn, weightKg: kg },
      {
        onSuccess: () => {
          setWeight('');
          showToast({ title: t('members.weighIn.done'), tone: 'success' });
        },
        onError: (error) => {
          const inline = fieldErrors(error);
          setErrors(inline);
          if (Object.keys(inline).length === 0) {
            console.error('Failed to record the weigh-in', error);
            showToast({ title: t('members.weighIn.failed'), description: errorText(error).message, tone: 'error' });
          }
        },
      },
    );
  }

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('members.weighIn.title')}</h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={t('members.weighIn.title')}>
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`${id}-date`} label={t('members.weighIn.date')} error={errors.weighedOn}>
            <Input type="date" value={weighedOn} max={today()} onChange={(event) => setWeighedOn(event.target.value)} />
          </FormField>
          <FormField id={`${id}-kg`} label={t('members.weighIn.weight')} error={errors.weightKg}>
            <Input inputMode="decimal" value={weight} onChange={(event) => setWeight(event.target.value)} />
          </FormField>
        </div>
        <Button type="submit" disabled={record.isPending} className="self-start">
          {record.isPending ? t('members.weighIn.saving') : t('members.weighIn.save')}
        </Button>
      </form>
    </Card>
  );
}

/** Belt history, newest first, and the weigh-ins. */
export function ProgressHistory({ member }: { member: MemberDetails }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <>
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t('members.beltHistory')}</h2>
        {member.promotions.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('members.noPromotions')}</p>
        ) : (
          <ol className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t('members.beltHistory')}>
            {member.promotions.map((promotion) => (
              <li key={promotion.id} className="py-2 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{beltLabel(promotion.belt, t, promotion.stripes)}</span>
                  <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                    {formatCalendarDay(promotion.promotedOn, language)}
                  </span>
                </div>
                {promotion.note && <p className="mt-1 text-zinc-700 dark:text-zinc-300">{promotion.note}</p>}
                {promotion.recordedBy && (
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    {t('members.recordedBy', { name: promotion.recordedBy })}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t('members.weighIns')}</h2>
        {member.weighIns.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('members.noWeighIns')}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t('members.weighIns')}>
            {member.weighIns.map((weighIn) => (
              <li key={weighIn.id} className="flex items-baseline justify-between gap-2 py-2 text-sm tabular-nums">
                <span>{formatCalendarDay(weighIn.weighedOn, language)}</span>
                <span className="font-medium">
                  {new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(weighIn.weightKg)} kg
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** The instructor's promotion dossier: time at belt, classes since, the academy's rule, analysed rolls and notes. */
export function Dossier({ dossier }: { dossier: PromotionDossier }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rule = [
    dossier.minDays === null ? null : t('members.dossier.minDays', { count: dossier.minDays }),
    dossier.minClasses === null ? null : t('members.dossier.minClasses', { count: dossier.minClasses }),
  ].filter((part) => part !== null);
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('members.dossier.title')}</h2>
        {rule.length > 0 && (
          <span
            className={
              dossier.ready
                ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-sm font-medium text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200'
                : 'rounded-full bg-zinc-100 px-2 py-0.5 text-sm font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
            }
          >
            {dossier.ready ? t('members.dossier.ready') : t('members.dossier.notReady')}
          </span>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('members.dossier.timeAtBelt')}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {dossier.daysAtBelt === null ? '—' : t('members.dossier.days', { count: dossier.daysAtBelt })}
          </dd>
          {dossier.since === null && dossier.daysAtBelt !== null && (
            <dd className="text-xs text-zinc-500 dark:text-zinc-400">{t('members.dossier.fromFirstClass')}</dd>
          )}
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('members.dossier.classesSince')}</dt>
          <dd className="text-lg font-semibold tabular-nums">{dossier.classesSincePromotion}</dd>
        </div>
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {rule.length > 0 ? t('members.dossier.rule', { rule: rule.join(', ') }) : t('members.dossier.noRule')}
      </p>
      <h3 className="text-sm font-semibold">{t('members.dossier.rolls')}</h3>
      {dossier.rolls.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('members.dossier.noRolls')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {dossier.rolls.map((roll) => (
            <li key={roll.videoId} className="text-sm">
              <Link
                to={`/video-review/${roll.videoId}`}
                className="inline-flex items-center gap-2 font-medium underline-offset-2 hover:underline"
              >
                <Video className="h-4 w-4" aria-hidden />
                {roll.description.trim() || formatDay(roll.uploadTimestamp, language)}
              </Link>
              {roll.coachNotes.length === 0 ? (
                <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('members.dossier.noNotes')}</p>
              ) : (
                <ul className="ml-6 list-disc text-zinc-700 dark:text-zinc-300">
                  {roll.coachNotes.map((note, index) => (
                    <li key={index}>{note}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
