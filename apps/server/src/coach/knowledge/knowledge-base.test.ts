import { describe, expect, it } from 'vitest';
import { COOL_DOWNS } from './cool-downs.js';
import { DRILLS } from './drills.js';
import {
  attireFits,
  drillsFor,
  sparringFormatsFor,
  techniqueById,
  techniquesFor,
  warmUpsFor,
} from './knowledge-base.js';
import { POSITIONS } from './positions.js';
import { CATEGORY_RESTRICTIONS, beltAtLeast, satisfiesRule } from './restrictions.js';
import { SPARRING_FORMATS } from './sparring-formats.js';
import { TECHNIQUES } from './techniques.js';
import {
  ATTIRES,
  BELT_RANKS,
  LEVELS,
  PERSPECTIVES,
  POSITION_IDS,
  REFERENCE_KINDS,
  TECHNIQUE_TYPES,
  WEAKNESS_TAGS,
  type LocalizedList,
  type LocalizedText,
} from './types.js';
import { WARM_UPS } from './warm-ups.js';

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POLISH_LETTERS = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;

/** Families that must never be open to kids, recognised by id (escapes from them are fine). */
const RESTRICTED_ID =
  /heel-hook|knee-bar|kneebar|toe-hold|calf-slicer|bicep-slicer|wrist-lock|ankle-lock|foot-lock|electric-chair|banana-split|guillotine|darce|anaconda|arm-triangle|north-south-choke|ezekiel|omoplata|mounted-triangle|body-triangle|jumping|flying/;
/** Families the IBJJF forbids to everyone; the knowledge base leaves them out. */
const FORBIDDEN_ID = /slam|neck-crank|can-opener|spinal-lock|scissor-takedown|kani-basami|twister|knee-reap/;

const kinds = {
  positions: POSITIONS,
  techniques: TECHNIQUES,
  drills: DRILLS,
  warmUps: WARM_UPS,
  sparringFormats: SPARRING_FORMATS,
  coolDowns: COOL_DOWNS,
};

function expectText(text: LocalizedText, where: string): void {
  expect(text.en.trim(), `${where} (en)`).not.toBe('');
  expect(text.pl.trim(), `${where} (pl)`).not.toBe('');
  expect(text.pl, `${where}: the Polish text is a copy of the English one`).not.toBe(text.en);
}

function expectList(list: LocalizedList, where: string, min: number, max: number): void {
  expect(list.en.length, `${where}: count`).toBeGreaterThanOrEqual(min);
  expect(list.en.length, `${where}: count`).toBeLessThanOrEqual(max);
  expect(list.pl.length, `${where}: same count in both languages`).toBe(list.en.length);
  list.en.forEach((en, index) => expectText({ en, pl: list.pl[index] ?? '' }, `${where} #${index + 1}`));
}

/** Sentences end with . ! or ? followed by a space or the end of the text. */
function sentenceCount(text: string): number {
  return text.match(/[.!?](?=\s|$)/g)?.length ?? 0;
}

describe('the technique knowledge base', () => {
  describe('size', () => {
    it('has the minimum number of items of each kind', () => {
      expect(POSITIONS.map((position) => position.id)).toEqual([...POSITION_IDS]);
      expect(TECHNIQUES.length).toBeGreaterThanOrEqual(120);
      expect(DRILLS.length).toBeGreaterThanOrEqual(40);
      expect(WARM_UPS.length).toBeGreaterThanOrEqual(10);
      expect(SPARRING_FORMATS.length).toBeGreaterThanOrEqual(10);
      expect(COOL_DOWNS.length).toBeGreaterThanOrEqual(8);
    });

    it.each(POSITION_IDS)('has at least 8 techniques in %s, from both sides where there are two', (position) => {
      const here = TECHNIQUES.filter((technique) => technique.position === position);
      expect(here.length).toBeGreaterThanOrEqual(8);
      if (position !== 'standing') {
        expect(here.some((technique) => technique.perspective === 'top')).toBe(true);
        expect(here.some((technique) => technique.perspective === 'bottom')).toBe(true);
      }
    });

    it('covers every technique type', () => {
      for (const type of TECHNIQUE_TYPES) expect(TECHNIQUES.some((technique) => technique.type === type)).toBe(true);
    });
  });

  describe('ids', () => {
    it.each(Object.entries(kinds))('are unique and kebab-case among the %s', (_kind, items) => {
      const ids = items.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(KEBAB_CASE);
    });
  });

  describe('texts', () => {
    it.each(Object.entries(kinds))('are complete in English and Polish for the %s', (kind, items) => {
      for (const item of items) {
        expectText(item.name, `${kind} ${item.id} name`);
        expectText(item.description, `${kind} ${item.id} description`);
        expect(item.description.pl, `${kind} ${item.id}: Polish without diacritics`).toMatch(POLISH_LETTERS);
      }
    });

    it('describe each technique in two or three sentences in both languages', () => {
      for (const technique of TECHNIQUES) {
        expect(sentenceCount(technique.description.en), `${technique.id} (en)`).toBeGreaterThanOrEqual(2);
        expect(sentenceCount(technique.description.en), `${technique.id} (en)`).toBeLessThanOrEqual(3);
        expect(sentenceCount(technique.description.pl), `${technique.id} (pl)`).toBeGreaterThanOrEqual(2);
        expect(sentenceCount(technique.description.pl), `${technique.id} (pl)`).toBeLessThanOrEqual(3);
      }
    });

    it('give every technique 2 to 4 tips, the same number in both languages', () => {
      for (const technique of TECHNIQUES) expectList(technique.tips, `${technique.id} tips`, 2, 4);
    });

    it('give every sparring format 3 to 5 guidelines without semicolons, which the plan uses as separators', () => {
      for (const format of SPARRING_FORMATS) {
        expectList(format.guidelines, `${format.id} guidelines`, 3, 5);
        for (const line of [...format.guidelines.en, ...format.guidelines.pl]) expect(line).not.toContain(';');
      }
    });
  });

  describe('fields', () => {
    it('use only known values', () => {
      for (const technique of TECHNIQUES) {
        expect(POSITION_IDS).toContain(technique.position);
        expect(PERSPECTIVES).toContain(technique.perspective);
        expect(TECHNIQUE_TYPES).toContain(technique.type);
        expect(LEVELS).toContain(technique.level);
        expect(ATTIRES).toContain(technique.attire);
        expect(BELT_RANKS).toContain(technique.restrictions.minBelt);
      }
      for (const drill of DRILLS) {
        expect(LEVELS).toContain(drill.level);
        expect(ATTIRES).toContain(drill.attire);
      }
    });

    it('tag techniques and drills only with the weakness vocabulary', () => {
      for (const technique of TECHNIQUES) {
        expect(technique.weaknessTags.length, technique.id).toBeGreaterThan(0);
        expect(new Set(technique.weaknessTags).size, technique.id).toBe(technique.weaknessTags.length);
        for (const tag of technique.weaknessTags) expect(WEAKNESS_TAGS, technique.id).toContain(tag);
      }
      for (const drill of DRILLS) expect(WEAKNESS_TAGS, drill.id).toContain(drill.focus);
    });

    it('give drills 3 to 10 minutes and the other parts a sensible length', () => {
      for (const drill of DRILLS) {
        expect(Number.isInteger(drill.minutes), drill.id).toBe(true);
        expect(drill.minutes, drill.id).toBeGreaterThanOrEqual(3);
        expect(drill.minutes, drill.id).toBeLessThanOrEqual(10);
      }
      for (const part of [...WARM_UPS, ...COOL_DOWNS]) {
        expect(Number.isInteger(part.minutes), part.id).toBe(true);
        expect(part.minutes, part.id).toBeGreaterThanOrEqual(3);
        expect(part.minutes, part.id).toBeLessThanOrEqual(15);
      }
      for (const format of SPARRING_FORMATS) {
        expect(format.roundMinutes, format.id).toBeGreaterThan(0);
        expect(Number.isInteger(format.rounds) && format.rounds > 0, format.id).toBe(true);
        expect(LEVELS.indexOf(format.minLevel), format.id).toBeLessThanOrEqual(LEVELS.indexOf(format.maxLevel));
      }
    });

    it('offer warm-ups and sparring formats for kids', () => {
      expect(WARM_UPS.filter((warmUp) => warmUp.kidsSuitable).length).toBeGreaterThanOrEqual(3);
      expect(SPARRING_FORMATS.filter((format) => format.kidsSuitable).length).toBeGreaterThanOrEqual(3);
      for (const level of LEVELS) expect(sparringFormatsFor({ level }).length, level).toBeGreaterThan(0);
    });
  });

  describe('links between items', () => {
    it('point techniques at existing positions and at existing follow-ups', () => {
      for (const technique of TECHNIQUES) {
        expect(POSITIONS.some((position) => position.id === technique.position)).toBe(true);
        for (const next of technique.leadsTo ?? []) {
          expect(techniqueById(next), `${technique.id} leads to ${next}`).toBeDefined();
          expect(next, `${technique.id} leads to itself`).not.toBe(technique.id);
        }
      }
    });

    it('point drills at existing techniques whose attire fits the drill', () => {
      for (const drill of DRILLS) {
        for (const id of drill.techniqueIds ?? []) {
          const technique = techniqueById(id);
          expect(technique, `${drill.id} trains ${id}`).toBeDefined();
          if (technique !== undefined)
            expect(attireFits(technique.attire, drill.attire), `${drill.id}: ${id}`).toBe(true);
        }
      }
    });

    it('train most techniques in at least one drill', () => {
      const drilled = new Set(DRILLS.flatMap((drill) => drill.techniqueIds ?? []));
      expect(drilled.size).toBeGreaterThanOrEqual(60);
    });
  });

  describe('references', () => {
    it('are at most two per technique, https, free or paid, and described in both languages', () => {
      for (const technique of TECHNIQUES) {
        expect(technique.references.length, technique.id).toBeLessThanOrEqual(2);
        for (const reference of technique.references) {
          expect(REFERENCE_KINDS).toContain(reference.kind);
          expect(new URL(reference.url).protocol, reference.url).toBe('https:');
          expect(reference.title.trim()).not.toBe('');
          if (reference.description !== undefined) expectText(reference.description, reference.url);
        }
        const urls = technique.references.map((reference) => reference.url);
        expect(new Set(urls).size, technique.id).toBe(urls.length);
      }
    });
  });

  describe('restrictions (the IBJJF table of illegal techniques by belt and age, in spirit)', () => {
    it('make every technique at least as strict as the rule of its family', () => {
      for (const technique of TECHNIQUES) {
        if (technique.category === undefined) continue;
        const rule = CATEGORY_RESTRICTIONS[technique.category];
        expect(satisfiesRule(technique.restrictions, technique.attire, rule), technique.id).toBe(true);
      }
    });

    it('name the family of every technique whose id says it is restricted, and keep it from kids', () => {
      const restricted = TECHNIQUES.filter(
        (technique) => technique.type !== 'escape' && RESTRICTED_ID.test(technique.id),
      );
      expect(restricted.length).toBeGreaterThanOrEqual(15);
      for (const technique of restricted) {
        expect(technique.category, technique.id).toBeDefined();
        expect(technique.restrictions.kidsAllowed, technique.id).toBe(false);
      }
    });

    it('keep heel hooks, knee bars, toe holds, slicers and wrist locks from kids and white belts', () => {
      const severe = TECHNIQUES.filter(
        (technique) =>
          technique.category !== undefined &&
          ['heel-hook', 'knee-bar', 'toe-hold', 'calf-slicer', 'bicep-slicer', 'wrist-lock', 'leg-stretch'].includes(
            technique.category,
          ),
      );
      expect(severe.length).toBeGreaterThanOrEqual(8);
      for (const technique of severe) {
        expect(technique.restrictions.kidsAllowed, technique.id).toBe(false);
        expect(technique.restrictions.minBelt, technique.id).not.toBe('white');
      }
    });

    it('train heel hooks only without the gi', () => {
      for (const technique of TECHNIQUES.filter((item) => item.category === 'heel-hook')) {
        expect(technique.attire, technique.id).toBe('nogi');
      }
    });

    it('leave out the families the IBJJF forbids to everyone', () => {
      for (const technique of TECHNIQUES) expect(technique.id).not.toMatch(FORBIDDEN_ID);
    });
  });

  describe('lookups', () => {
    it('find a technique by id', () => {
      expect(techniqueById('armbar-from-closed-guard')?.position).toBe('closed-guard');
      expect(techniqueById('no-such-technique')).toBeUndefined();
    });

    it('filter techniques by position, level, attire and type', () => {
      const found = techniquesFor({ position: 'mount', level: 'beginner', attire: 'nogi', type: 'submission' });
      expect(found.length).toBeGreaterThan(0);
      for (const technique of found) {
        expect(technique.position).toBe('mount');
        expect(technique.level).toBe('beginner');
        expect(technique.attire).not.toBe('gi');
        expect(technique.type).toBe('submission');
      }
      expect(techniquesFor({ maxLevel: 'beginner' }).every((technique) => technique.level === 'beginner')).toBe(true);
      expect(techniquesFor()).toHaveLength(TECHNIQUES.length);
    });

    it('give kids only techniques allowed for kids', () => {
      const forKids = techniquesFor({ kids: true });
      expect(forKids.length).toBeGreaterThanOrEqual(60);
      for (const technique of forKids) {
        expect(technique.restrictions.kidsAllowed, technique.id).toBe(true);
        if (technique.type !== 'escape') expect(technique.id).not.toMatch(RESTRICTED_ID);
      }
      for (const position of POSITION_IDS) expect(techniquesFor({ kids: true, position }).length).toBeGreaterThan(0);
    });

    it('give white belts only techniques allowed for white belts', () => {
      const forWhiteBelts = techniquesFor({ belt: 'white' });
      for (const technique of forWhiteBelts) expect(technique.restrictions.minBelt, technique.id).toBe('white');
      const ids = new Set(forWhiteBelts.map((technique) => technique.id));
      for (const technique of TECHNIQUES.filter((item) => item.restrictions.minBelt !== 'white')) {
        expect(ids.has(technique.id), technique.id).toBe(false);
      }
    });

    it('open restricted techniques as the belt rises', () => {
      const brown = techniquesFor({ belt: 'brown', attire: 'nogi' });
      expect(brown.some((technique) => technique.category === 'heel-hook')).toBe(true);
      expect(techniquesFor({ belt: 'blue' }).some((technique) => technique.category === 'wrist-lock')).toBe(true);
      expect(techniquesFor({ belt: 'blue' }).some((technique) => technique.category === 'knee-bar')).toBe(false);
      expect(techniquesFor({ belt: 'black' })).toHaveLength(TECHNIQUES.length);
      expect(beltAtLeast('purple', 'blue')).toBe(true);
      expect(beltAtLeast('blue', 'purple')).toBe(false);
    });

    it('never give heel hooks to a gi class', () => {
      const gi = techniquesFor({ attire: 'gi', belt: 'black' });
      expect(gi.some((technique) => technique.category === 'heel-hook')).toBe(false);
    });

    it('leave out the drills of techniques the students may not use', () => {
      const forKids = drillsFor({ kids: true });
      expect(forKids.length).toBeGreaterThan(10);
      expect(forKids.length).toBeLessThan(DRILLS.length);
      for (const drill of forKids) {
        for (const id of drill.techniqueIds ?? [])
          expect(techniqueById(id)?.restrictions.kidsAllowed, drill.id).toBe(true);
      }
      for (const drill of drillsFor({ belt: 'white' })) {
        for (const id of drill.techniqueIds ?? [])
          expect(techniqueById(id)?.restrictions.minBelt, drill.id).toBe('white');
      }
      const focused = drillsFor({ focus: 'escapes-from-bottom', maxMinutes: 6 });
      expect(focused.length).toBeGreaterThan(0);
      for (const drill of focused) {
        expect(drill.focus).toBe('escapes-from-bottom');
        expect(drill.minutes).toBeLessThanOrEqual(6);
      }
    });

    it('find warm-ups and sparring formats for kids', () => {
      expect(warmUpsFor({ kids: true }).every((warmUp) => warmUp.kidsSuitable)).toBe(true);
      expect(sparringFormatsFor({ kids: true }).every((format) => format.kidsSuitable)).toBe(true);
      for (const format of sparringFormatsFor({ level: 'advanced' })) expect(format.maxLevel).toBe('advanced');
    });
  });
});
