import type { Language } from '@openmat/contract/languages';
import type { ColourName } from './identify.js';
import type { MoveKind } from './moves.js';

/**
 * The words of the findings, in each language the app speaks. Findings are written once, in the
 * language of whoever asked for the analysis, and the coach may then edit them like any other text.
 */
export interface FindingsText {
  move: Record<MoveKind, (from: string, to: string) => string>;
  by: { student: string; partner: string };
  likely: (names: string) => string;
  moveDescription: (who: string, what: string, from: string, to: string, at: string) => string;
  strength: Record<MoveKind, (from: string) => string>;
  heldTop: (position: string, share: number) => string;
  weakness: {
    guardPassed: (count: number) => string;
    swept: (count: number) => string;
    takenDown: (count: number) => string;
    backTaken: (count: number) => string;
    stuckBottom: (position: string, seconds: number) => string;
    noSweeps: (seconds: number) => string;
    noPass: (seconds: number) => string;
    scrambles: (count: number) => string;
  };
  overall: {
    nobody: string;
    onlyOne: string;
    /** Two athletes were seen, but no stretch of the roll could be read. */
    unreadable: string;
    /** How much of the roll could be read: a share of its length, and the time as m:ss. */
    read: (share: number, time: string) => string;
    /** Every second of the roll could be read (its length as m:ss): there is no rest to speak of. */
    readAll: (time: string) => string;
    /** How to film a roll the analysis reads, said when it could read less than half of one. */
    filming: string;
    /** The identification note when there were not two athletes to tell apart. */
    noPair: string;
    analysed: (duration: string, rate: number) => string;
    positions: (list: string) => string;
    top: (share: number) => string;
    moves: (list: string) => string;
    noMoves: string;
    identified: (colour: ColourName) => string;
    noColour: string;
    ambiguous: (colour: ColourName) => string;
    /** A colour was named, but one athlete's clothes were never seen well enough to compare. */
    unseen: (colour: ColourName) => string;
  };
  moveCount: Record<MoveKind, (count: number, who: string) => string>;
  generic: string;
  minutes: (count: number) => string;
}

const plural = (count: number, one: string, few: string, many: string) => {
  if (count === 1) return one;
  const tens = count % 100;
  const units = count % 10;
  return units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? few : many;
};

/**
 * The Polish adjective stem of each colour: "na niebiesko" (dressed in), "po kolorze niebieskim", "koloru
 * niebieskiego". After k and g the endings take an i.
 */
const POLISH_COLOUR: Record<ColourName, string> = {
  white: 'biał',
  black: 'czarn',
  blue: 'niebiesk',
  red: 'czerwon',
  green: 'zielon',
  yellow: 'żółt',
  grey: 'szar',
  pink: 'różow',
  purple: 'fioletow',
  brown: 'brązow',
  orange: 'pomarańczow',
};
const polishColour = (colour: ColourName, ending: 'o' | 'ym' | 'ego') => {
  const stem = POLISH_COLOUR[colour];
  if (!/[kg]$/.test(stem)) return `${stem}${ending}`;
  return `${stem}${ending === 'ym' ? 'im' : ending === 'ego' ? 'iego' : ending}`;
};

/** Position names start a sentence in the knowledge base; inside an English sentence they do not. */
const l = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const en: FindingsText = {
  move: {
    takedown: () => 'Takedown',
    'guard-pull': (_from, to) => `Guard pull to ${l(to)}`,
    sweep: (from) => `Sweep from ${l(from)}`,
    pass: (from, to) => `Guard pass from ${l(from)} to ${l(to)}`,
    'back-take': (from) => `Back take from ${l(from)}`,
    mount: (from) => `Mount from ${l(from)}`,
    'knee-on-belly': (from) => `Knee on belly from ${l(from)}`,
    escape: (from, to) => `Escape from ${l(from)} to ${l(to)}`,
  },
  by: { student: 'you', partner: 'your partner' },
  likely: (names) => `Likely techniques from the knowledge base: ${names}.`,
  moveDescription: (who, what, from, to, at) =>
    `${who.charAt(0).toUpperCase()}${who.slice(1)}: ${what.toLowerCase()} at ${at} (${l(from)} → ${l(to)}).`,
  strength: {
    takedown: () => 'Took the fight to the ground from standing and landed on top.',
    'guard-pull': (from) => `Pulled guard safely from ${l(from)}.`,
    sweep: (from) => `Swept from ${l(from)} and came up on top.`,
    pass: (from) => `Passed the guard from ${l(from)}.`,
    'back-take': (from) => `Took the back from ${l(from)}.`,
    mount: (from) => `Advanced to mount from ${l(from)}.`,
    'knee-on-belly': (from) => `Advanced to knee on belly from ${l(from)}.`,
    escape: (from) => `Escaped from ${l(from)}.`,
  },
  heldTop: (position, share) => `Held ${l(position)} on top for ${share} % of the roll.`,
  weakness: {
    guardPassed: (count) => `The guard was passed ${count === 1 ? 'once' : `${count} times`}.`,
    swept: (count) => `Swept from the top ${count === 1 ? 'once' : `${count} times`}.`,
    takenDown: (count) => `Taken down ${count === 1 ? 'once' : `${count} times`}.`,
    backTaken: (count) => `Gave up the back ${count === 1 ? 'once' : `${count} times`}.`,
    stuckBottom: (position, seconds) => `Spent ${seconds} s under ${l(position)} without escaping.`,
    noSweeps: (seconds) => `${seconds} s in bottom guard without a sweep.`,
    noPass: (seconds) => `${seconds} s in the partner's guard without passing.`,
    scrambles: (count) => `${count} scrambles ended with the partner on top.`,
  },
  overall: {
    nobody: 'No athletes were found in this video, so there are no positions or techniques to report.',
    onlyOne:
      'Only one athlete was visible at a time, so positions between two athletes could not be read and no techniques are reported.',
    unreadable:
      'Two athletes were seen, but never clearly enough to read a position, so no positions or techniques are reported.',
    read: (share, time) =>
      `Positions could be read for ${share} % of the roll (${time}); the rest was unclear or had nobody in the shot.`,
    readAll: (time) => `Positions could be read for the whole roll (${time}).`,
    filming:
      'The analysis reads a roll best when it is filmed from the side at about hip height, close enough for the two athletes to fill a good part of the picture, with nobody passing in front.',
    noPair: 'With fewer than two athletes in the video, the student could not be told from a partner.',
    analysed: (duration, rate) =>
      `Analysed ${duration} of rolling at ${rate} ${rate === 1 ? 'frame' : 'frames'} a second.`,
    positions: (list) => `Time in each position, of the part that could be read: ${list}.`,
    top: (share) => `On the ground you were on top ${share} % of the time.`,
    moves: (list) => `Detected: ${list}.`,
    noMoves: 'No change of position was clear enough to report as a technique.',
    identified: (colour) => `You are the athlete in ${colour}.`,
    noColour:
      'The student identifier names no colour, so the findings are told from the side of the athlete who started on the left.',
    // Not "the two look alike": what is measured is the colour of the two tracks, and on a real roll of red
    // against black, dimly lit, with a bystander taken into a track at times, the two measured alike (dark
    // brown) while the athletes did not. What is always true is that the footage did not tell.
    ambiguous: (colour) =>
      `Which athlete wears "${colour}" could not be told from the footage, so the findings are told from the side of the athlete who started on the left.`,
    unseen: (colour) =>
      `The clothes of one athlete were never seen clearly enough to look for "${colour}", so the findings are told from the side of the athlete who started on the left.`,
  },
  moveCount: {
    takedown: (count, who) => `${count} ${count === 1 ? 'takedown' : 'takedowns'} by ${who}`,
    'guard-pull': (count, who) => `${count} ${count === 1 ? 'guard pull' : 'guard pulls'} by ${who}`,
    sweep: (count, who) => `${count} ${count === 1 ? 'sweep' : 'sweeps'} by ${who}`,
    pass: (count, who) => `${count} ${count === 1 ? 'guard pass' : 'guard passes'} by ${who}`,
    'back-take': (count, who) => `${count} ${count === 1 ? 'back take' : 'back takes'} by ${who}`,
    mount: (count, who) => `${count} ${count === 1 ? 'mount' : 'mounts'} by ${who}`,
    'knee-on-belly': (count, who) => `${count} knee on belly by ${who}`,
    escape: (count, who) => `${count} ${count === 1 ? 'escape' : 'escapes'} by ${who}`,
  },
  generic: 'Generic',
  minutes: (count) => `${count} minutes`,
};

const pl: FindingsText = {
  move: {
    takedown: () => 'Obalenie',
    'guard-pull': (_from, to) => `Wciągnięcie do gardy: ${to}`,
    sweep: (from) => `Zamiatanie z pozycji: ${from}`,
    pass: (from, to) => `Przejście gardy: ${from} → ${to}`,
    'back-take': (from) => `Wejście na plecy z pozycji: ${from}`,
    mount: (from) => `Dosiad z pozycji: ${from}`,
    'knee-on-belly': (from) => `Kolano na brzuchu z pozycji: ${from}`,
    escape: (from, to) => `Ucieczka z pozycji: ${from} → ${to}`,
  },
  by: { student: 'ty', partner: 'partner' },
  likely: (names) => `Prawdopodobne techniki z bazy wiedzy: ${names}.`,
  moveDescription: (who, what, from, to, at) =>
    `${who.charAt(0).toUpperCase()}${who.slice(1)}: ${what.toLocaleLowerCase('pl')} w ${at} (${from} → ${to}).`,
  strength: {
    takedown: () => 'Sprowadzenie walki do parteru ze stójki i wylądowanie na górze.',
    'guard-pull': (from) => `Bezpieczne wciągnięcie do gardy z pozycji: ${from}.`,
    sweep: (from) => `Zamiatanie z pozycji ${from} i wyjście na górę.`,
    pass: (from) => `Przejście gardy z pozycji: ${from}.`,
    'back-take': (from) => `Wejście na plecy z pozycji: ${from}.`,
    mount: (from) => `Przejście do dosiadu z pozycji: ${from}.`,
    'knee-on-belly': (from) => `Przejście do kolana na brzuchu z pozycji: ${from}.`,
    escape: (from) => `Ucieczka z pozycji: ${from}.`,
  },
  heldTop: (position, share) => `Utrzymanie pozycji ${position} na górze przez ${share} % walki.`,
  weakness: {
    guardPassed: (count) => `Partner przeszedł twoją gardę ${count} ${plural(count, 'raz', 'razy', 'razy')}.`,
    swept: (count) => `Zamieciono cię z góry ${count} ${plural(count, 'raz', 'razy', 'razy')}.`,
    takenDown: (count) => `Obalono cię ${count} ${plural(count, 'raz', 'razy', 'razy')}.`,
    backTaken: (count) => `Partner wszedł ci na plecy ${count} ${plural(count, 'raz', 'razy', 'razy')}.`,
    stuckBottom: (position, seconds) => `${seconds} s pod pozycją ${position} bez ucieczki.`,
    noSweeps: (seconds) => `${seconds} s w gardzie na dole bez zamiatania.`,
    noPass: (seconds) => `${seconds} s w gardzie partnera bez przejścia.`,
    scrambles: (count) =>
      `${count} ${plural(count, 'przepychanka zakończyła', 'przepychanki zakończyły', 'przepychanek zakończyło')} się partnerem na górze.`,
  },
  overall: {
    nobody: 'W tym nagraniu nie znaleziono zawodników, więc nie ma pozycji ani technik do opisania.',
    onlyOne:
      'Naraz widać było tylko jednego zawodnika, więc nie dało się odczytać pozycji między dwojgiem zawodników i nie podano technik.',
    unreadable:
      'Widać było dwóch zawodników, ale nigdy na tyle wyraźnie, by odczytać pozycję, więc nie podano pozycji ani technik.',
    read: (share, time) =>
      `Pozycje udało się odczytać dla ${share} % walki (${time}); reszta była nieczytelna albo nikogo nie było w kadrze.`,
    readAll: (time) => `Pozycje udało się odczytać dla całej walki (${time}).`,
    filming:
      'Analiza najlepiej odczytuje walkę nagraną z boku, mniej więcej z wysokości bioder, z tak bliska, by para wypełniała sporą część kadru, i bez nikogo przechodzącego przed kamerą.',
    noPair: 'W nagraniu nie było dwóch zawodników naraz, więc nie dało się odróżnić ucznia od partnera.',
    analysed: (duration, rate) =>
      `Przeanalizowano ${duration} walki, ${String(rate).replace('.', ',')} ${Number.isInteger(rate) ? plural(rate, 'klatka', 'klatki', 'klatek') : 'klatki'} na sekundę.`,
    positions: (list) => `Czas w poszczególnych pozycjach (w odczytanej części): ${list}.`,
    top: (share) => `Twój czas na górze w parterze: ${share} %.`,
    moves: (list) => `Wykryto: ${list}.`,
    noMoves: 'Żadna zmiana pozycji nie była dość wyraźna, by opisać ją jako technikę.',
    identified: (colour) => `Jesteś osobą ubraną na ${polishColour(colour, 'o')}.`,
    noColour:
      'Identyfikator ucznia nie podaje koloru, więc wnioski opisano z perspektywy zawodnika, który zaczynał po lewej.',
    ambiguous: (colour) =>
      `Z nagrania nie dało się rozpoznać, który zawodnik jest ubrany na ${polishColour(colour, 'o')}, więc wnioski opisano z perspektywy zawodnika, który zaczynał po lewej.`,
    unseen: (colour) =>
      `Ubrania jednego z zawodników nie było widać na tyle wyraźnie, by szukać koloru ${polishColour(colour, 'ego')}, więc wnioski opisano z perspektywy zawodnika, który zaczynał po lewej.`,
  },
  moveCount: {
    takedown: (count, who) => `${count} ${plural(count, 'obalenie', 'obalenia', 'obaleń')} (${who})`,
    'guard-pull': (count, who) =>
      `${count} ${plural(count, 'wciągnięcie do gardy', 'wciągnięcia do gardy', 'wciągnięć do gardy')} (${who})`,
    sweep: (count, who) => `${count} ${plural(count, 'zamiatanie', 'zamiatania', 'zamiatań')} (${who})`,
    pass: (count, who) => `${count} ${plural(count, 'przejście gardy', 'przejścia gardy', 'przejść gardy')} (${who})`,
    'back-take': (count, who) =>
      `${count} ${plural(count, 'wejście na plecy', 'wejścia na plecy', 'wejść na plecy')} (${who})`,
    mount: (count, who) => `${count} ${plural(count, 'dosiad', 'dosiady', 'dosiadów')} (${who})`,
    'knee-on-belly': (count, who) => `${count} × kolano na brzuchu (${who})`,
    escape: (count, who) => `${count} ${plural(count, 'ucieczka', 'ucieczki', 'ucieczek')} (${who})`,
  },
  generic: 'Generic',
  minutes: (count) => `${count} ${plural(count, 'minuta', 'minuty', 'minut')}`,
};

export const FINDINGS_TEXT: Record<Language, FindingsText> = { en, pl };
