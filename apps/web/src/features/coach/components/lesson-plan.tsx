import { DEFAULT_PART_MINUTES, type Curriculum, type PlanDrill, type PlanTechnique } from '@openmat/contract/coaching';
import { durationTextToMinutes, firstNumber } from '@openmat/contract/helpers/duration';
import { ChevronLeft, ChevronRight, Clock, Dumbbell, Flame, Snowflake, Swords, Target } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { CountdownTimer } from './countdown-timer';
import { RoundTimer } from './round-timer';
import { roundsFromPlan } from './round-timer-machine';
import { PlanFeedback } from './plan-feedback';
import { TechniqueSearchDialog } from './technique-search-dialog';

/** The parts of a plan, in class order: the anchors of the sticky navigation. */
export const PLAN_SECTIONS = ['warm-up', 'techniques', 'drills', 'sparring', 'cool-down'] as const;
export type PlanSection = (typeof PLAN_SECTIONS)[number];

const SECTION_KEYS: Record<PlanSection, string> = {
  'warm-up': 'coach.plan.sections.warmUp',
  techniques: 'coach.plan.sections.techniques',
  drills: 'coach.plan.sections.drills',
  sparring: 'coach.plan.sections.sparring',
  'cool-down': 'coach.plan.sections.coolDown',
};

const SECTION_ICONS: Record<PlanSection, LucideIcon> = {
  'warm-up': Flame,
  techniques: Target,
  drills: Dumbbell,
  sparring: Swords,
  'cool-down': Snowflake,
};

/** The id of a section's anchor; the session id keeps two plans on one page apart. */
export const planSectionId = (sessionId: number, section: PlanSection) => `lesson-plan-${sessionId}-${section}`;

/** Sparring guidelines travel as one text separated by semicolons. */
export function splitGuidelines(guidelines: string): string[] {
  return guidelines
    .split(';')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export interface LessonPlanProps {
  sessionId: number;
  curriculum: Curriculum;
  /** Whether the reader may say if the plan helped: its instructor may, the students on the roster read it only. */
  canRate?: boolean;
}

/**
 * A session's lesson plan (product spec, sections 2 and 4): its title and length, a navigation that
 * stays at the top while the plan scrolls, the warm-up, collapsible techniques (each with Search Videos)
 * and drills, sparring with its guidelines, the cool-down, a countdown timer on every timed part, and
 * Helpful / Not Helpful feedback.
 */
export function LessonPlan({ sessionId, curriculum, canRate = true }: LessonPlanProps) {
  const { t } = useTranslation();
  const titleId = `lesson-plan-${sessionId}-title`;
  const totalMinutes = firstNumber(curriculum.duration);
  const section = (part: PlanSection) => t(SECTION_KEYS[part]);
  const warmUpMinutes = durationTextToMinutes(curriculum.warm_up.duration, DEFAULT_PART_MINUTES.warm_up);
  const sparringMinutes = durationTextToMinutes(curriculum.sparring.duration, DEFAULT_PART_MINUTES.sparring);
  const coolDownMinutes = durationTextToMinutes(curriculum.cool_down.duration, DEFAULT_PART_MINUTES.cool_down);
  const guidelines = splitGuidelines(curriculum.sparring.guidelines);

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex flex-col gap-1 px-4 pt-5 sm:px-6">
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase dark:text-brand-500">
          {t('coach.plan.eyebrow')}
        </p>
        <h2 id={titleId} className="text-xl font-bold sm:text-2xl">
          {curriculum.session_title}
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
          <Clock className="h-4 w-4" aria-hidden />
          {t('coach.plan.totalDuration', {
            duration: totalMinutes === null ? curriculum.duration : t('coach.plan.minutes', { count: totalMinutes }),
          })}
        </p>
      </header>

      <SectionNav sessionId={sessionId} label={(part) => section(part)} />

      <div className="flex flex-col gap-8 px-4 py-6 sm:px-6">
        <PlanSectionBlock sessionId={sessionId} part="warm-up" title={section('warm-up')} minutes={warmUpMinutes}>
          <TimedPart
            name={curriculum.warm_up.name}
            description={curriculum.warm_up.description}
            minutes={warmUpMinutes}
            timerLabel={`${section('warm-up')}: ${curriculum.warm_up.name}`}
          />
        </PlanSectionBlock>

        <PlanSectionBlock sessionId={sessionId} part="techniques" title={section('techniques')}>
          <ol className="flex flex-col gap-3">
            {curriculum.techniques.map((technique, index) => (
              <TechniqueItem
                key={`${index}-${technique.name}`}
                sessionId={sessionId}
                technique={technique}
                number={index + 1}
              />
            ))}
          </ol>
        </PlanSectionBlock>

        <PlanSectionBlock sessionId={sessionId} part="drills" title={section('drills')}>
          <ol className="flex flex-col gap-3">
            {curriculum.drills.map((drill, index) => (
              <DrillItem key={`${index}-${drill.name}`} drill={drill} number={index + 1} label={section('drills')} />
            ))}
          </ol>
        </PlanSectionBlock>

        <PlanSectionBlock sessionId={sessionId} part="sparring" title={section('sparring')} minutes={sparringMinutes}>
          <TimedPart
            name={curriculum.sparring.name}
            description={curriculum.sparring.description}
            minutes={sparringMinutes}
            timerLabel={`${section('sparring')}: ${curriculum.sparring.name}`}
            timer={
              <RoundTimer
                sessionId={sessionId}
                label={`${section('sparring')}: ${curriculum.sparring.name}`}
                planned={roundsFromPlan(
                  `${curriculum.sparring.description}\n${curriculum.sparring.guidelines}`,
                  sparringMinutes,
                )}
              />
            }
          >
            {guidelines.length > 0 && (
              <div>
                <h4 className="text-sm font-semibold">{t('coach.plan.guidelines')}</h4>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                  {guidelines.map((line, index) => (
                    <li key={`${index}-${line}`}>{line}</li>
                  ))}
                </ul>
              </div>
            )}
          </TimedPart>
        </PlanSectionBlock>

        <PlanSectionBlock sessionId={sessionId} part="cool-down" title={section('cool-down')} minutes={coolDownMinutes}>
          <TimedPart
            name={curriculum.cool_down.name}
            description={curriculum.cool_down.description}
            minutes={coolDownMinutes}
            timerLabel={`${section('cool-down')}: ${curriculum.cool_down.name}`}
          />
        </PlanSectionBlock>

        {canRate && <PlanFeedback sessionId={sessionId} />}
      </div>
    </section>
  );
}

/** How much of either edge the scroll hint covers: a link is brought this far inside the bar. */
const HINT_ROOM_PX = 40;

/** Whether the bar has more sections out of sight before and after what it shows. */
function useOverflowEdges(list: RefObject<HTMLOListElement | null>) {
  const [edges, setEdges] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((was) => (was.before === before && was.after === after ? was : { before, after }));
  }, [list]);
  useEffect(() => {
    measure();
    const element = list.current;
    window.addEventListener('resize', measure);
    // The bar's width and its links' (once the fonts load, or the language changes) decide it too.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (element && observer) {
      observer.observe(element);
      for (const item of element.children) observer.observe(item);
    }
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [list, measure]);
  return { edges, measure };
}

/**
 * The anchor navigation. It sticks below the site header (`--site-header-height`, 0 while the header
 * scrolls away) and scrolls horizontally on a narrow screen, where a fade and a chevron at an edge show
 * that more sections lie that way. A jump moves the focus to the section and brings its link wholly into
 * the bar, with its neighbours in sight.
 */
function SectionNav({ sessionId, label }: { sessionId: number; label: (part: PlanSection) => string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const { edges, measure } = useOverflowEdges(list);

  function revealInBar(link: HTMLElement) {
    const bar = list.current;
    if (!bar) return;
    const outer = bar.getBoundingClientRect();
    const inner = link.getBoundingClientRect();
    if (inner.left < outer.left + HINT_ROOM_PX) bar.scrollLeft -= outer.left + HINT_ROOM_PX - inner.left;
    else if (inner.right > outer.right - HINT_ROOM_PX) bar.scrollLeft += inner.right - (outer.right - HINT_ROOM_PX);
  }

  function jump(event: MouseEvent<HTMLAnchorElement>, part: PlanSection) {
    const target = document.getElementById(planSectionId(sessionId, part));
    if (!target) return;
    event.preventDefault();
    revealInBar(event.currentTarget);
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }

  const hint =
    'pointer-events-none absolute inset-y-0 flex w-12 items-center text-zinc-500 from-white from-40% to-transparent dark:text-zinc-400 dark:from-zinc-900';
  return (
    <nav
      aria-label={t('coach.plan.navLabel')}
      className="sticky top-[var(--site-header-height,0px)] z-10 mt-4 [contain:inline-size] border-y border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <ol
        ref={list}
        onScroll={measure}
        className="flex gap-1 overflow-x-auto px-2 py-2 motion-safe:scroll-smooth sm:px-4"
      >
        {PLAN_SECTIONS.map((part) => {
          const Icon = SECTION_ICONS[part];
          return (
            <li key={part} className="shrink-0">
              <a
                href={`#${planSectionId(sessionId, part)}`}
                onClick={(event) => jump(event, part)}
                className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              >
                <Icon className="h-4 w-4" aria-hidden />
                {label(part)}
              </a>
            </li>
          );
        })}
      </ol>
      {edges.before && (
        <div aria-hidden data-scroll-hint="before" className={cn(hint, 'left-0 justify-start bg-linear-to-r pl-0.5')}>
          <ChevronLeft className="h-4 w-4" />
        </div>
      )}
      {edges.after && (
        <div aria-hidden data-scroll-hint="after" className={cn(hint, 'right-0 justify-end bg-linear-to-l pr-0.5')}>
          <ChevronRight className="h-4 w-4" />
        </div>
      )}
    </nav>
  );
}

function MinutesBadge({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      <Clock className="h-3 w-3" aria-hidden />
      {t('coach.plan.minutes', { count: minutes })}
    </span>
  );
}

function PlanSectionBlock({
  sessionId,
  part,
  title,
  minutes,
  children,
}: {
  sessionId: number;
  part: PlanSection;
  title: string;
  minutes?: number;
  children: ReactNode;
}) {
  const id = planSectionId(sessionId, part);
  const Icon = SECTION_ICONS[part];
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className="flex scroll-mt-[calc(var(--site-header-height,0px)_+_4.5rem)] flex-col gap-3 rounded-md"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 text-brand-700 dark:text-brand-500" aria-hidden />
        {title}
        {minutes !== undefined && <MinutesBadge minutes={minutes} />}
      </h3>
      {children}
    </section>
  );
}

function TimedPart({
  name,
  description,
  minutes,
  timerLabel,
  timer,
  children,
}: {
  name: string;
  description: string;
  minutes: number;
  timerLabel: string;
  /** A timer of its own in place of the countdown, such as the sparring's round timer. */
  timer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h4 className="font-medium">{name}</h4>
        <p className="mt-1 text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">{description}</p>
      </div>
      {children}
      {timer ?? <CountdownTimer minutes={minutes} label={timerLabel} />}
    </div>
  );
}

/** A collapsible item: a native disclosure, which keeps its content (and a running timer) mounted. */
function Collapsible({
  summary,
  children,
  className,
}: {
  summary: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <details className={cn('group min-w-0 flex-1', className)}>
      <summary className="flex cursor-pointer list-none items-start gap-2 rounded-md py-1 [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="mt-0.5 h-5 w-5 shrink-0 text-zinc-500 transition-transform group-open:rotate-90 motion-reduce:transition-none"
          aria-hidden
        />
        {summary}
      </summary>
      <div className="flex flex-col gap-3 pt-2 pl-7">{children}</div>
    </details>
  );
}

function TechniqueItem({
  sessionId,
  technique,
  number,
}: {
  sessionId: number;
  technique: PlanTechnique;
  number: number;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 sm:flex-row sm:items-start dark:border-zinc-800">
      <Collapsible
        summary={
          <span className="font-medium">
            <span className="mr-1 text-zinc-500 dark:text-zinc-400">{number}.</span>
            {technique.name}
          </span>
        }
      >
        <p className="text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">{technique.description}</p>
        {technique.tips.length > 0 && (
          <div>
            <h4 className="text-sm font-semibold">{t('coach.plan.tips')}</h4>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {technique.tips.map((tip, index) => (
                <li key={`${index}-${tip}`}>{tip}</li>
              ))}
            </ul>
          </div>
        )}
      </Collapsible>
      <div className="pl-7 sm:pl-0">
        <TechniqueSearchDialog sessionId={sessionId} techniqueName={technique.name} />
      </div>
    </li>
  );
}

function DrillItem({ drill, number, label }: { drill: PlanDrill; number: number; label: string }) {
  const { t } = useTranslation();
  const minutes = durationTextToMinutes(drill.duration, DEFAULT_PART_MINUTES.drills);
  return (
    <li className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <Collapsible
        summary={
          <span className="flex flex-1 flex-wrap items-center justify-between gap-2">
            <span className="font-medium">
              <span className="mr-1 text-zinc-500 dark:text-zinc-400">{number}.</span>
              {drill.name}
            </span>
            <MinutesBadge minutes={minutes} />
          </span>
        }
      >
        <p className="text-sm">
          <span className="font-semibold">{t('coach.plan.focus')}</span> {drill.focus}
        </p>
        <p className="text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">{drill.description}</p>
        <CountdownTimer minutes={minutes} label={`${label}: ${drill.name}`} />
      </Collapsible>
    </li>
  );
}
