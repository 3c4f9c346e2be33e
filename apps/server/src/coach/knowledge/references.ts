import type { Reference } from './types.js';

/*
 * Links to real resources, shared by the techniques. Only long-standing pages are listed here: Wikipedia
 * articles on techniques and positions, the IBJJF rule book page, and the home pages of well-known
 * instructional publishers. A technique without a fitting page here has no references rather than a
 * guessed link.
 */

function wikipedia(title: string, article: string): Reference {
  return {
    kind: 'free',
    title: `Wikipedia: ${title}`,
    url: `https://en.wikipedia.org/wiki/${article}`,
    description: {
      en: 'Encyclopedia article on the technique: history, variations and names in other grappling arts.',
      pl: 'Artykuł encyklopedyczny o technice: historia, warianty i nazwy w innych sztukach chwytanych.',
    },
  };
}

export const WIKI_ARMBAR = wikipedia('Armbar', 'Armbar');
export const WIKI_TRIANGLE = wikipedia('Triangle choke', 'Triangle_choke');
export const WIKI_REAR_NAKED_CHOKE = wikipedia('Rear naked choke', 'Rear_naked_choke');
export const WIKI_KIMURA = wikipedia('Kimura lock', 'Kimura_lock');
export const WIKI_AMERICANA = wikipedia('Keylock (americana)', 'Keylock');
export const WIKI_HEEL_HOOK = wikipedia('Heel hook', 'Heel_hook');
export const WIKI_GUILLOTINE = wikipedia('Guillotine choke', 'Guillotine_choke');
export const WIKI_OMOPLATA = wikipedia('Omoplata', 'Omoplata');
export const WIKI_ARM_TRIANGLE = wikipedia('Arm triangle choke', 'Arm_triangle_choke');
export const WIKI_DARCE = wikipedia("D'Arce choke", 'D%27Arce_choke');
export const WIKI_ANACONDA = wikipedia('Anaconda choke', 'Anaconda_choke');
export const WIKI_EZEKIEL = wikipedia('Ezekiel choke', 'Ezekiel_choke');
export const WIKI_KNEEBAR = wikipedia('Kneebar', 'Kneebar');
export const WIKI_ANKLE_LOCK = wikipedia('Ankle lock', 'Ankle_lock');
export const WIKI_DOUBLE_LEG = wikipedia('Double leg takedown', 'Double_leg_takedown');
export const WIKI_SINGLE_LEG = wikipedia('Single leg takedown', 'Single_leg_takedown');
export const WIKI_SEOI_NAGE = wikipedia('Seoi nage', 'Seoi_nage');
export const WIKI_UCHI_MATA = wikipedia('Uchi mata', 'Uchi_mata');
export const WIKI_WRISTLOCK = wikipedia('Wristlock', 'Wristlock');

export const WIKI_GUARD = wikipedia('Guard (grappling)', 'Guard_(grappling)');
export const WIKI_HALF_GUARD = wikipedia('Half guard', 'Half_guard');
export const WIKI_MOUNT = wikipedia('Mount (grappling)', 'Mount_(grappling)');
export const WIKI_BACK_MOUNT = wikipedia('Back mount', 'Back_mount');

/** The IBJJF publishes its rule book, with the table of illegal techniques by belt and age, on this page. */
export const IBJJF_RULES: Reference = {
  kind: 'free',
  title: 'IBJJF rule book (Books & Videos)',
  url: 'https://ibjjf.com/books-videos',
  description: {
    en: 'The official IBJJF rule book, including the table of techniques that are illegal by belt and age.',
    pl: 'Oficjalny regulamin IBJJF wraz z tabelą technik zakazanych w zależności od pasa i wieku.',
  },
};

export const GRAPPLEARTS: Reference = {
  kind: 'free',
  title: 'Grapplearts (Stephan Kesting)',
  url: 'https://www.grapplearts.com/',
  description: {
    en: 'Long-running site with free BJJ articles and videos on fundamentals, plus paid courses.',
    pl: 'Działający od lat serwis z darmowymi artykułami i filmami o podstawach BJJ oraz płatnymi kursami.',
  },
};

export const BJJ_FANATICS: Reference = {
  kind: 'paid',
  title: 'BJJ Fanatics instructionals',
  url: 'https://bjjfanatics.com/',
  description: {
    en: 'Large catalogue of paid instructional videos by well-known competitors; search it for this technique.',
    pl: 'Duży katalog płatnych kursów wideo znanych zawodników; wyszukaj w nim tę technikę.',
  },
};
