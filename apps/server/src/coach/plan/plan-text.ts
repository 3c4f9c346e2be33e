/**
 * The words the lesson-plan composer adds to the knowledge base's own texts. They are in the server's
 * catalog (`plan.*` in src/i18n/*.json); the knowledge base's names and descriptions are its content.
 */
import type { Language } from '@openmat/contract/languages';
import { msg, translator } from '../../i18n/catalog.js';
import type { LocalizedText, Perspective, WeaknessTag } from '../knowledge/types.js';

/** A duration text whose first number is the minutes ('12 minutes', '12 minut', '0.25 min'). */
export function minutesText(minutes: number, language: Language): string {
  const t = translator(language);
  return Number.isInteger(minutes) ? t('plan.minutes', { count: minutes }) : t('plan.minutesShort', { minutes });
}

/** How a drill's focus and a plan's theme read. */
export function weaknessLabel(focus: WeaknessTag, language: Language): string {
  return translator(language)(`plan.weakness.${focus}`);
}

/** "Back control (bottom): Back defence". */
export function sessionTitle(
  positionName: LocalizedText,
  perspective: Perspective,
  focus: WeaknessTag,
  language: Language,
): string {
  const t = translator(language);
  const position =
    perspective === 'neutral'
      ? positionName[language]
      : t('plan.positionSide', { position: positionName[language], side: msg(`plan.side.${perspective}`) });
  return t('plan.title', { position, focus: weaknessLabel(focus, language) });
}

export function instructionName(language: Language): string {
  return translator(language)('plan.instruction.name');
}

/** The technique-instruction block: the techniques of the lesson in order, shown and then repeated. */
export function instructionDescription(techniqueNames: readonly string[], language: Language): string {
  return translator(language)('plan.instruction.description', { chain: techniqueNames.join(' → ') });
}

/**
 * The rounds added to a sparring format's description, with the rest between them when there is one:
 * "4 rounds of 5 minutes with 1 minute of rest between them.", "4 rundy po 5 minut, 1 minuta przerwy między
 * rundami." The web's round timer reads the rounds, their length and the rest from it.
 */
export function roundsText(rounds: number, roundMinutes: number, restMinutes: number, language: Language): string {
  const length = Number.isInteger(roundMinutes)
    ? msg('plan.roundLength', { count: roundMinutes })
    : msg('plan.minutesShort', { minutes: roundMinutes });
  const t = translator(language);
  if (rounds < 2 || restMinutes <= 0) return t('plan.rounds', { count: rounds, length });
  return t('plan.roundsWithRest', { count: rounds, length, rest: msg('plan.restLength', { count: restMinutes }) });
}
