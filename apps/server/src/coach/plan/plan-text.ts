/** The words the lesson-plan composer adds to the knowledge base's own texts, in English and Polish. */
import type { Language, LocalizedText, Perspective, WeaknessTag } from '../knowledge/types.js';

/** A duration text whose first number is the minutes ('12 minutes', '12 minut', '0.25 min'). */
export function minutesText(minutes: number, language: Language): string {
  if (!Number.isInteger(minutes)) return `${minutes} min`;
  if (language === 'en') return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${minutes} ${polishMinuteWord(minutes)}`;
}

/** The Polish plural form for a count: 1 → `one`, 2–4 (but not 12–14) → `few`, else `many`. */
export function polishPlural(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const lastDigit = count % 10;
  const lastTwo = count % 100;
  return lastDigit >= 2 && lastDigit <= 4 && !(lastTwo >= 12 && lastTwo <= 14) ? few : many;
}

/** 1 minuta, 2 minuty, 5 minut, 22 minuty. */
export function polishMinuteWord(count: number): string {
  return polishPlural(count, 'minuta', 'minuty', 'minut');
}

/** How a drill's focus and a plan's theme read. */
export const WEAKNESS_LABELS: Readonly<Record<WeaknessTag, LocalizedText>> = {
  takedowns: { en: 'Takedowns', pl: 'Obalenia' },
  'takedown-defense': { en: 'Takedown defence', pl: 'Obrona przed obaleniami' },
  'grip-fighting': { en: 'Grip fighting', pl: 'Walka o chwyty' },
  'guard-retention': { en: 'Guard retention', pl: 'Utrzymanie gardy' },
  sweeps: { en: 'Sweeps', pl: 'Wywrotki' },
  passing: { en: 'Guard passing', pl: 'Przejścia gardy' },
  'top-control': { en: 'Top control', pl: 'Kontrola z góry' },
  'escapes-from-bottom': { en: 'Escapes from the bottom', pl: 'Ucieczki z dołu' },
  'back-defense': { en: 'Back defence', pl: 'Obrona pleców' },
  'submission-defense': { en: 'Submission defence', pl: 'Obrona przed poddaniami' },
  transitions: { en: 'Transitions', pl: 'Przejścia między pozycjami' },
  finishing: { en: 'Finishing', pl: 'Kończenie' },
  posture: { en: 'Posture', pl: 'Postawa' },
  'leg-locks': { en: 'Leg locks', pl: 'Dźwignie na nogi' },
  scrambles: { en: 'Scrambles', pl: 'Wymiany w ruchu' },
};

const SIDE_LABELS: Readonly<Record<Perspective, LocalizedText | null>> = {
  top: { en: 'top', pl: 'góra' },
  bottom: { en: 'bottom', pl: 'dół' },
  neutral: null,
};

/** "Back control (bottom): Back defence". */
export function sessionTitle(
  positionName: LocalizedText,
  perspective: Perspective,
  focus: WeaknessTag,
  language: Language,
): string {
  const side = SIDE_LABELS[perspective];
  const position = side === null ? positionName[language] : `${positionName[language]} (${side[language]})`;
  return `${position}: ${WEAKNESS_LABELS[focus][language]}`;
}

export const INSTRUCTION_NAME: LocalizedText = { en: 'Technique instruction', pl: 'Nauka techniki' };

/** The technique-instruction block: the techniques of the lesson in order, shown and then repeated. */
export function instructionDescription(techniqueNames: readonly string[], language: Language): string {
  const chain = techniqueNames.join(' → ');
  return language === 'en'
    ? `Show the techniques of the lesson in order, as one chain: ${chain}. After each demonstration, partners take turns with repetitions at low resistance before the class moves to the next technique.`
    : `Pokaż techniki zajęć po kolei, jako jeden łańcuch: ${chain}. Po każdym pokazie partnerzy na zmianę wykonują powtórzenia przy małym oporze, zanim grupa przejdzie do następnej techniki.`;
}

/** The rounds added to a sparring format's description: "4 rounds of 5 minutes.", "4 rundy po 5 minut.". */
export function roundsText(rounds: number, roundMinutes: number, language: Language): string {
  if (language === 'en') {
    return `${rounds} ${rounds === 1 ? 'round' : 'rounds'} of ${minutesText(roundMinutes, 'en')}.`;
  }
  const length = roundMinutes === 1 ? '1 minucie' : minutesText(roundMinutes, 'pl');
  return `${rounds} ${polishPlural(rounds, 'runda', 'rundy', 'rund')} po ${length}.`;
}
