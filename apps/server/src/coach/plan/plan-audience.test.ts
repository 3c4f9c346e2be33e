import { describe, expect, it } from 'vitest';
import { LEVEL_PROFILES, ageOn, decidingBelt, planAudience, rosterHasKids } from './plan-audience.js';

const TODAY = new Date('2026-03-01T12:00:00Z');

describe('ageOn', () => {
  it('counts whole years up to the birthday, from a date or a date-time', () => {
    expect(ageOn('2010-03-01', TODAY)).toBe(16);
    expect(ageOn('2010-03-02', TODAY)).toBe(15);
    expect(ageOn('2010-03-02T00:00:00Z', TODAY)).toBe(15);
    expect(ageOn('1990-12-31', TODAY)).toBe(35);
  });

  it('gives null for text that is not a date, or a date in the future', () => {
    expect(ageOn('', TODAY)).toBeNull();
    expect(ageOn('yesterday', TODAY)).toBeNull();
    expect(ageOn('2010-13-01', TODAY)).toBeNull();
    expect(ageOn('2030-01-01', TODAY)).toBeNull();
  });
});

describe('rosterHasKids', () => {
  it('finds anyone under 16, counting unknown birthdates as adults', () => {
    expect(rosterHasKids([{ belt: 'White', birthdate: '2011-01-01' }], TODAY)).toBe(true);
    expect(rosterHasKids([{ belt: 'White', birthdate: '2010-03-01' }], TODAY)).toBe(false);
    expect(rosterHasKids([{ belt: 'White', birthdate: null }], TODAY)).toBe(false);
    expect(rosterHasKids([], TODAY)).toBe(false);
  });
});

describe('decidingBelt', () => {
  it('takes the lowest belt on the roster, an unknown belt counting as white', () => {
    expect(decidingBelt([{ belt: 'Black', birthdate: null }], LEVEL_PROFILES.Expert)).toBe('black');
    expect(
      decidingBelt(
        [
          { belt: 'Black', birthdate: null },
          { belt: 'Purple', birthdate: null },
        ],
        LEVEL_PROFILES.Expert,
      ),
    ).toBe('purple');
    expect(
      decidingBelt(
        [
          { belt: 'Black', birthdate: null },
          { belt: null, birthdate: null },
        ],
        LEVEL_PROFILES.Expert,
      ),
    ).toBe('white');
  });

  it('holds Kids and Beginner plans to white-belt rules, and assumes the usual belt of an empty class', () => {
    expect(decidingBelt([{ belt: 'Black', birthdate: null }], LEVEL_PROFILES.Beginner)).toBe('white');
    expect(decidingBelt([{ belt: 'Brown', birthdate: null }], LEVEL_PROFILES.Kids)).toBe('white');
    expect(decidingBelt([], LEVEL_PROFILES.Intermediate)).toBe('blue');
    expect(decidingBelt([], LEVEL_PROFILES.Expert)).toBe('brown');
  });
});

describe('planAudience', () => {
  it('applies kids rules to a Kids class and to any class with a child on the roster', () => {
    expect(planAudience({ targetLevel: 'Kids', attire: 'gi', roster: [] }, TODAY).kids).toBe(true);
    const mixed = planAudience(
      { targetLevel: 'Advanced', attire: 'nogi', roster: [{ belt: 'Brown', birthdate: '2012-01-01' }] },
      TODAY,
    );
    expect(mixed).toMatchObject({ kids: true, belt: 'brown', maxLevel: 'advanced', attire: 'nogi' });
  });

  it('has typical weaknesses for every level', () => {
    for (const profile of Object.values(LEVEL_PROFILES)) {
      expect(Object.keys(profile.typicalWeaknesses).length).toBeGreaterThanOrEqual(5);
    }
  });
});
