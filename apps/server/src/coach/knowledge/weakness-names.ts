import type { LocalizedList } from './types.js';
import type { WeaknessTag } from './types.js';

/**
 * Words for each weakness tag, for the keywords of an analysis's areas for improvement: the tag's
 * name first, then words a coach would search for.
 */
export const WEAKNESS_KEYWORDS: Readonly<Record<WeaknessTag, LocalizedList>> = {
  takedowns: { en: ['takedowns', 'wrestling', 'standing'], pl: ['obalenia', 'zapasy', 'stójka'] },
  'takedown-defense': {
    en: ['takedown defense', 'sprawl', 'base'],
    pl: ['obrona przed obaleniem', 'sprawl', 'balans'],
  },
  'grip-fighting': { en: ['grip fighting', 'grips', 'collar'], pl: ['walka o chwyty', 'chwyty', 'kołnierz'] },
  'guard-retention': {
    en: ['guard retention', 'frames', 'hip escape'],
    pl: ['utrzymanie gardy', 'ramy', 'ucieczka biodrem'],
  },
  sweeps: { en: ['sweeps', 'off-balancing', 'guard'], pl: ['zamiatania', 'wytrącanie z równowagi', 'garda'] },
  passing: { en: ['guard passing', 'pressure', 'posture'], pl: ['przechodzenie gardy', 'nacisk', 'postawa'] },
  'top-control': { en: ['top control', 'base', 'pressure'], pl: ['kontrola z góry', 'balans', 'nacisk'] },
  'escapes-from-bottom': {
    en: ['escapes', 'bridge', 'shrimp'],
    pl: ['ucieczki', 'most', 'krewetka'],
  },
  'back-defense': { en: ['back defense', 'hand fighting', 'seat belt'], pl: ['obrona pleców', 'walka rąk', 'pas'] },
  'submission-defense': {
    en: ['submission defense', 'early defense', 'posture'],
    pl: ['obrona przed poddaniem', 'wczesna obrona', 'postawa'],
  },
  transitions: { en: ['transitions', 'chaining', 'movement'], pl: ['przejścia', 'łączenie technik', 'ruch'] },
  finishing: { en: ['finishing', 'submissions', 'control first'], pl: ['kończenie', 'poddania', 'najpierw kontrola'] },
  posture: { en: ['posture', 'base', 'alignment'], pl: ['postawa', 'balans', 'ustawienie'] },
  'leg-locks': {
    en: ['leg locks', 'heel line', 'leg entanglements'],
    pl: ['dźwignie na nogi', 'linia pięty', 'splątania nóg'],
  },
  scrambles: {
    en: ['scrambles', 'wrestling up', 'first to the top'],
    pl: ['przepychanki', 'wstawanie', 'pierwszy na górze'],
  },
};
