import type { Position } from './types.js';

/** The nine positions the curriculum is built around, in the order a class usually meets them. */
export const POSITIONS: readonly Position[] = [
  {
    id: 'standing',
    name: { en: 'Standing', pl: 'Stójka' },
    description: {
      en: 'Both athletes on their feet, fighting for grips to take the other down or to pull guard safely.',
      pl: 'Obaj zawodnicy stoją i walczą o chwyty, aby obalić przeciwnika albo bezpiecznie przejść do gardy.',
    },
  },
  {
    id: 'closed-guard',
    name: { en: 'Closed guard', pl: 'Garda zamknięta' },
    description: {
      en: 'The bottom athlete locks the legs around the waist of the top athlete, controlling posture and distance.',
      pl: 'Zawodnik na dole zapina nogi wokół pasa przeciwnika i kontroluje jego postawę oraz dystans.',
    },
  },
  {
    id: 'open-guard',
    name: { en: 'Open guard', pl: 'Garda otwarta' },
    description: {
      en: 'Guards without crossed ankles, such as de la Riva, spider, butterfly, X and single-leg X, built on hooks, frames and grips.',
      pl: 'Gardy bez skrzyżowanych kostek, takie jak de la Riva, pająk, motylek, X i single-leg X, oparte na hakach, ramach i chwytach.',
    },
  },
  {
    id: 'half-guard',
    name: { en: 'Half guard', pl: 'Półgarda' },
    description: {
      en: 'The bottom athlete traps one leg of the top athlete; a fight for the underhook and the crossface decides who moves forward.',
      pl: 'Zawodnik na dole więzi jedną nogę przeciwnika; o tym, kto idzie do przodu, decyduje walka o podchwyt i crossface.',
    },
  },
  {
    id: 'side-control',
    name: { en: 'Side control', pl: 'Kontrola boczna' },
    description: {
      en: 'The top athlete lies chest to chest across the opponent after passing the legs, pinning the hips and the head.',
      pl: 'Zawodnik na górze leży w poprzek przeciwnika, klatka do klatki, po minięciu nóg i przyszpila biodra oraz głowę.',
    },
  },
  {
    id: 'mount',
    name: { en: 'Mount', pl: 'Dosiad' },
    description: {
      en: 'The top athlete sits astride the torso of the opponent, knees on the mat, with the strongest attacks and the fewest escapes for the bottom.',
      pl: 'Zawodnik na górze siedzi okrakiem na tułowiu przeciwnika z kolanami na macie; ma najgroźniejsze ataki, a dolny najmniej ucieczek.',
    },
  },
  {
    id: 'back',
    name: { en: 'Back control', pl: 'Kontrola pleców' },
    description: {
      en: 'The attacker controls the opponent from behind with a seatbelt grip and hooks, the most dominant position in jiu-jitsu.',
      pl: 'Atakujący kontroluje przeciwnika od tyłu chwytem „pas bezpieczeństwa” (seatbelt) i hakami; to najbardziej dominująca pozycja w jiu-jitsu.',
    },
  },
  {
    id: 'knee-on-belly',
    name: { en: 'Knee on belly', pl: 'Kolano na brzuchu' },
    description: {
      en: 'The top athlete drives one knee across the belly of the opponent while staying mobile, trading some stability for pressure and movement.',
      pl: 'Zawodnik na górze dociska jedno kolano do brzucha przeciwnika, pozostając mobilnym; oddaje trochę stabilności za nacisk i ruchliwość.',
    },
  },
  {
    id: 'turtle',
    name: { en: 'Turtle', pl: 'Żółw' },
    description: {
      en: 'The bottom athlete is on knees and elbows, protecting the neck and hips; the top athlete attacks the back, the neck or the arms.',
      pl: 'Zawodnik na dole jest na kolanach i łokciach, chroni szyję i biodra; zawodnik na górze atakuje plecy, szyję lub ręce.',
    },
  },
];
