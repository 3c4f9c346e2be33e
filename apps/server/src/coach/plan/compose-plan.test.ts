import { Curriculum } from '@openmat/contract/coaching';
import { firstNumber } from '@openmat/contract/helpers/duration';
import { describe, expect, it } from 'vitest';
import { DRILLS, SPARRING_FORMATS, TECHNIQUES, allowedFor, techniqueById } from '../knowledge/knowledge-base.js';
import type { Attire, RestrictedCategory, Technique } from '../knowledge/types.js';
import { planRequest as request } from '../../../test/support/plan-request.js';
import { attireFromText, composePlan, planCandidates } from './compose-plan.js';
import type { TargetLevel } from './plan-audience.js';
import { SPARRING_PROFILES } from './plan-sparring.js';

const LEVELS: readonly TargetLevel[] = ['Kids', 'Beginner', 'Intermediate', 'Advanced', 'Expert'];
const ATTIRES: readonly Attire[] = ['gi', 'nogi', 'both'];

/** The minutes of every timed part, in order: warm-up, drills, sparring, cool-down. */
function partMinutes(curriculum: Curriculum): number[] {
  const durations = [
    curriculum.warm_up.duration,
    ...curriculum.drills.map((drill) => drill.duration),
    curriculum.sparring.duration,
    curriculum.cool_down.duration,
  ];
  return durations.map((duration) => firstNumber(duration) ?? Number.NaN);
}

function techniquesOf(techniqueIds: readonly string[]): Technique[] {
  return techniqueIds.map((id) => {
    const technique = techniqueById(id);
    if (technique === undefined) throw new Error(`unknown technique ${id}`);
    return technique;
  });
}

const SEEDS = [0, 1, 2, 3, 4, 5, 6, 7];

describe('composePlan: minutes', () => {
  const durations = [20, 25, 30, 40, 45, 50, 60, 75, 90, 105, 120, 150, 180];

  it('adds the parts up exactly to the session for every level, length, attire and seed', () => {
    for (const targetLevel of LEVELS) {
      for (const sessionMinutes of durations) {
        for (const attire of ATTIRES) {
          for (const seed of SEEDS.slice(0, 3)) {
            const { curriculum } = composePlan(request({ targetLevel, sessionMinutes, attire, seed }));
            const parts = partMinutes(curriculum);
            const label = `${targetLevel} ${sessionMinutes} min ${attire} seed ${seed}`;
            expect(Curriculum.safeParse(curriculum).success, label).toBe(true);
            expect(
              parts.every((minutes) => Number.isInteger(minutes) && minutes >= 1),
              label,
            ).toBe(true);
            expect(
              parts.reduce((sum, minutes) => sum + minutes, 0),
              label,
            ).toBe(sessionMinutes);
            expect(firstNumber(curriculum.duration), label).toBe(sessionMinutes);
          }
        }
      }
    }
  });

  it('rounds a fractional duration to the whole minute, as hours turned into minutes give it', () => {
    for (const [sessionMinutes, planned] of [
      [1.5 * 60, 90],
      [(10 / 60) * 60, 10],
      [(50 / 60) * 60, 50],
      [89.6, 90],
      [44.4, 44],
    ] as const) {
      const { curriculum } = composePlan(request({ sessionMinutes }));
      expect(firstNumber(curriculum.duration)).toBe(planned);
      expect(partMinutes(curriculum).reduce((sum, minutes) => sum + minutes, 0)).toBe(planned);
    }
  });

  it('still gives every part time in very short sessions, and keeps long ones sensible', () => {
    for (const sessionMinutes of [1, 2, 3, 4, 5, 7, 10, 12, 15]) {
      for (const targetLevel of LEVELS) {
        const { curriculum } = composePlan(request({ sessionMinutes, targetLevel }));
        const parts = partMinutes(curriculum);
        expect(Curriculum.safeParse(curriculum).success).toBe(true);
        expect(parts.every((minutes) => minutes > 0)).toBe(true);
        expect(parts.reduce((sum, minutes) => sum + minutes, 0)).toBeCloseTo(sessionMinutes, 10);
      }
    }
    for (const sessionMinutes of [180, 240, 720]) {
      const { curriculum } = composePlan(request({ sessionMinutes, targetLevel: 'Intermediate' }));
      const [warmUp = 0] = partMinutes(curriculum);
      const drillMinutes = curriculum.drills.map((drill) => firstNumber(drill.duration) ?? 0);
      expect(warmUp).toBeLessThanOrEqual(20);
      expect(firstNumber(curriculum.cool_down.duration)).toBeLessThanOrEqual(15);
      expect(curriculum.drills.length).toBeLessThanOrEqual(8);
      // Library drills stay between 3 and 15 minutes; the instruction block is at most 8 minutes a technique.
      for (const minutes of drillMinutes.slice(1)) expect(minutes).toBeGreaterThanOrEqual(3);
      for (const minutes of drillMinutes.slice(1)) expect(minutes).toBeLessThanOrEqual(15);
      expect(partMinutes(curriculum).reduce((sum, minutes) => sum + minutes, 0)).toBe(sessionMinutes);
    }
  });

  it('counts a 20-minute class as a short warm-up, one instruction block, a drill or two, sparring and cool-down', () => {
    const { curriculum, techniqueIds } = composePlan(request({ sessionMinutes: 20 }));
    expect(techniqueIds).toHaveLength(2);
    expect(curriculum.drills.length).toBeGreaterThanOrEqual(1);
    expect(firstNumber(curriculum.warm_up.duration)).toBeLessThanOrEqual(4);
  });

  it('states the sparring rounds and the rests between them, which fill the sparring minutes', () => {
    for (const seed of SEEDS) {
      const { curriculum } = composePlan(request({ sessionMinutes: 90, seed }));
      const rounds = /(\d+) rounds of (\d+) minutes? with (\d+) minutes? of rest between them\./.exec(
        curriculum.sparring.description,
      );
      expect(rounds, curriculum.sparring.description).not.toBeNull();
      const [count, length, rest] = [rounds?.[1], rounds?.[2], rounds?.[3]].map(Number);
      expect(rest).toBe(1);
      expect((count ?? 0) * (length ?? 0) + ((count ?? 0) - 1) * (rest ?? 0)).toBe(
        firstNumber(curriculum.sparring.duration),
      );
    }
  });
});

describe('composePlan: content', () => {
  it('never repeats a technique or a drill, and teaches a chain of 2 to 4 techniques', () => {
    for (const targetLevel of LEVELS) {
      for (const sessionMinutes of [20, 45, 60, 90, 180]) {
        for (const seed of SEEDS) {
          const { curriculum, techniqueIds } = composePlan(request({ targetLevel, sessionMinutes, seed }));
          expect(new Set(techniqueIds).size).toBe(techniqueIds.length);
          expect(techniqueIds.length).toBeGreaterThanOrEqual(2);
          expect(techniqueIds.length).toBeLessThanOrEqual(4);
          expect(curriculum.techniques.map((technique) => technique.technique_id)).toEqual(techniqueIds);
          const names = curriculum.drills.map((drill) => drill.name);
          expect(new Set(names).size).toBe(names.length);
        }
      }
    }
  });

  it('keeps one position for the chain, and links its techniques by leadsTo where the knowledge base can', () => {
    for (const [targetLevel, share] of [
      ['Beginner', 0.75],
      ['Intermediate', 0.55],
    ] as const) {
      let linkedTechniques = 0;
      let techniques = 0;
      for (let seed = 0; seed < 40; seed++) {
        const chain = techniquesOf(composePlan(request({ sessionMinutes: 90, targetLevel, seed })).techniqueIds);
        // Two techniques of the theme's position at least; a small theme may extend along leadsTo.
        expect(chain.filter((technique) => technique.position === chain[0]?.position).length).toBeGreaterThanOrEqual(2);
        for (const technique of chain) {
          techniques++;
          const others = chain.filter((other) => other !== technique);
          if (others.some((other) => other.leadsTo?.includes(technique.id) || technique.leadsTo?.includes(other.id))) {
            linkedTechniques++;
          }
        }
      }
      expect(linkedTechniques / techniques).toBeGreaterThan(share);
    }
  });

  it('teaches a technique after the one that leads to it, unless they lead to each other', () => {
    for (const targetLevel of LEVELS) {
      for (let seed = 0; seed < 40; seed++) {
        const chain = techniquesOf(composePlan(request({ sessionMinutes: 90, targetLevel, seed })).techniqueIds);
        /** Whether `from` leads to `to` through techniques of the chain. */
        const reaches = (from: Technique, to: Technique): boolean => {
          const seen = new Set<string>([from.id]);
          const queue = [from];
          for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
            for (const next of chain) {
              if (seen.has(next.id) || current.leadsTo?.includes(next.id) !== true) continue;
              if (next === to) return true;
              seen.add(next.id);
              queue.push(next);
            }
          }
          return false;
        };
        chain.forEach((technique, index) => {
          for (const later of chain.slice(index + 1)) {
            const backwards = reaches(later, technique) && !reaches(technique, later);
            expect(backwards, `${later.id} leads to ${technique.id}`).toBe(false);
          }
        });
      }
    }
  });

  it('gives each technique its id, description and tips, and the sparring its guidelines joined with semicolons', () => {
    for (const language of ['en', 'pl'] as const) {
      const { curriculum, techniqueIds } = composePlan(request({ language, seed: 3 }));
      techniquesOf(techniqueIds).forEach((technique, index) => {
        const planned = curriculum.techniques[index];
        expect(planned?.technique_id).toBe(technique.id);
        expect(planned?.name).toBe(technique.name[language]);
        expect(planned?.description).toBe(technique.description[language]);
        expect(planned?.tips).toEqual(technique.tips[language]);
      });
      const format = SPARRING_FORMATS.find((f) => f.name[language] === curriculum.sparring.name);
      expect(format).toBeDefined();
      expect(curriculum.sparring.guidelines).toBe(format?.guidelines[language].join('; '));
    }
  });

  it('writes everything in the requested language, the same plan in English and Polish', () => {
    const english = composePlan(request({ language: 'en', seed: 11, sessionMinutes: 90 }));
    const polish = composePlan(request({ language: 'pl', seed: 11, sessionMinutes: 90 }));
    expect(polish.techniqueIds).toEqual(english.techniqueIds);
    expect(polish.curriculum.session_title).not.toBe(english.curriculum.session_title);
    expect(english.curriculum.duration).toBe('90 minutes');
    expect(polish.curriculum.duration).toBe('90 minut');
    expect(partMinutes(polish.curriculum)).toEqual(partMinutes(english.curriculum));
    const polishTexts = [
      polish.curriculum.session_title,
      polish.curriculum.warm_up.name,
      ...polish.curriculum.drills.flatMap((drill) => [drill.name, drill.focus, drill.description]),
      polish.curriculum.sparring.description,
      polish.curriculum.cool_down.name,
    ];
    for (const text of polishTexts) {
      expect(english.curriculum.drills.some((drill) => drill.description === text)).toBe(false);
    }
    expect(polish.curriculum.drills[0]?.name).toBe('Nauka techniki');
    expect(polish.curriculum.sparring.description).toMatch(
      /\d+ (rundy|rund) po \d+ (minucie|minuty|minut), \d+ (minuta|minuty|minut) przerwy między rundami\.$/,
    );
    for (const duration of [polish.curriculum.warm_up.duration, polish.curriculum.cool_down.duration]) {
      expect(duration).toMatch(/^\d+ (minuta|minuty|minut)$/);
    }
  });

  it('is deterministic for a seed, and different seeds give different plans', () => {
    const same = request({ seed: 424242, sessionMinutes: 75, targetLevel: 'Intermediate' });
    expect(composePlan(same)).toEqual(composePlan(same));
    const plans = new Set<string>();
    const titles = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const { curriculum, techniqueIds } = composePlan(
        request({ seed, sessionMinutes: 75, targetLevel: 'Intermediate' }),
      );
      plans.add(techniqueIds.join(','));
      titles.add(curriculum.session_title);
    }
    expect(plans.size).toBeGreaterThanOrEqual(10);
    expect(titles.size).toBeGreaterThanOrEqual(3);
  });

  it('accepts large seeds such as a session id times a generation count', () => {
    const a = composePlan(request({ seed: 2 ** 40 + 1 }));
    const b = composePlan(request({ seed: 2 ** 41 + 1 }));
    expect(a).toEqual(composePlan(request({ seed: 2 ** 40 + 1 })));
    expect(Curriculum.safeParse(b.curriculum).success).toBe(true);
  });
});

describe('composePlan: level rules', () => {
  /** Families no white belt may use (and no kid may use any family). */
  const WHITE_BELT_FORBIDDEN: readonly RestrictedCategory[] = [
    'wrist-lock',
    'leg-stretch',
    'bicep-slicer',
    'calf-slicer',
    'knee-bar',
    'toe-hold',
    'heel-hook',
    'flying-guard-pull',
  ];
  const leglockWeakness = [{ tag: 'leg-locks', weight: 5 }];

  function drillTechniques(curriculum: Curriculum): Technique[] {
    return curriculum.drills.flatMap((drill) => {
      const source = DRILLS.find((candidate) => candidate.name.en === drill.name);
      return techniquesOf(source?.techniqueIds ?? []);
    });
  }

  it('never gives Beginner plans a technique white belts may not use, whatever the roster and weaknesses', () => {
    const roster = [
      { belt: 'Black' as const, birthdate: '1980-05-05' },
      { belt: 'Brown' as const, birthdate: '1990-05-05' },
    ];
    for (const attire of ATTIRES) {
      for (let seed = 0; seed < 40; seed++) {
        for (const weaknessTags of [[], leglockWeakness, [{ tag: 'finishing', weight: 1 }]]) {
          const { curriculum, techniqueIds } = composePlan(
            request({ targetLevel: 'Beginner', attire, seed, roster, weaknessTags }),
          );
          for (const technique of [...techniquesOf(techniqueIds), ...drillTechniques(curriculum)]) {
            expect(allowedFor(technique.restrictions, { belt: 'white' }), technique.id).toBe(true);
            if (technique.category) expect(WHITE_BELT_FORBIDDEN).not.toContain(technique.category);
          }
          for (const technique of techniquesOf(techniqueIds)) expect(technique.level).toBe('beginner');
        }
      }
    }
  });

  it('never gives Kids plans a technique children may not use, nor any restricted family', () => {
    for (const attire of ATTIRES) {
      for (let seed = 0; seed < 40; seed++) {
        const { curriculum, techniqueIds } = composePlan(
          request({ targetLevel: 'Kids', attire, seed, weaknessTags: leglockWeakness }),
        );
        for (const technique of [...techniquesOf(techniqueIds), ...drillTechniques(curriculum)]) {
          expect(technique.restrictions.kidsAllowed, technique.id).toBe(true);
          expect(technique.category, technique.id).toBeUndefined();
        }
        const format = SPARRING_FORMATS.find((f) => f.name.en === curriculum.sparring.name);
        expect(format?.kidsSuitable).toBe(true);
      }
    }
  });

  it('follows the most restrictive belt on the roster, and kids rules when anyone is under 16', () => {
    const whiteBeltInClass = [
      { belt: 'Black' as const, birthdate: '1985-01-01' },
      { belt: 'White' as const, birthdate: '1999-01-01' },
    ];
    const kidInClass = [
      { belt: 'Brown' as const, birthdate: '1990-01-01' },
      { belt: null, birthdate: '2012-06-01' },
    ];
    for (let seed = 0; seed < 40; seed++) {
      const white = composePlan(
        request({
          targetLevel: 'Expert',
          attire: 'nogi',
          roster: whiteBeltInClass,
          seed,
          weaknessTags: leglockWeakness,
        }),
      );
      for (const technique of techniquesOf(white.techniqueIds)) {
        expect(allowedFor(technique.restrictions, { belt: 'white' }), technique.id).toBe(true);
      }
      const kids = composePlan(
        request({ targetLevel: 'Advanced', attire: 'nogi', roster: kidInClass, seed, weaknessTags: leglockWeakness }),
      );
      for (const technique of techniquesOf(kids.techniqueIds)) {
        expect(technique.restrictions.kidsAllowed, technique.id).toBe(true);
      }
    }
    expect(planCandidates(request({ targetLevel: 'Advanced', roster: kidInClass })).audience.kids).toBe(true);
    // The same student counts as an adult once 16.
    const later = request({ targetLevel: 'Advanced', roster: kidInClass, today: new Date('2028-06-02T00:00:00Z') });
    expect(planCandidates(later).audience.kids).toBe(false);
  });

  it('lets brown and black belts without the gi train heel hooks, but never in the gi', () => {
    const roster = [
      { belt: 'Brown' as const, birthdate: '1990-01-01' },
      { belt: 'Black' as const, birthdate: '1980-01-01' },
    ];
    const heelHooks = (attire: Attire) => {
      let count = 0;
      for (let seed = 0; seed < 40; seed++) {
        const { techniqueIds } = composePlan(
          request({ targetLevel: 'Expert', attire, roster, seed, weaknessTags: leglockWeakness }),
        );
        count += techniquesOf(techniqueIds).filter((technique) => technique.category === 'heel-hook').length;
      }
      return count;
    };
    expect(heelHooks('nogi')).toBeGreaterThan(0);
    expect(heelHooks('gi')).toBe(0);
    expect(heelHooks('both')).toBe(0);
  });

  it('keeps gi-only techniques out of no-gi classes and no-gi-only ones out of gi classes', () => {
    for (let seed = 0; seed < 30; seed++) {
      const nogi = composePlan(request({ attire: 'nogi', seed, targetLevel: 'Intermediate' }));
      for (const technique of techniquesOf(nogi.techniqueIds)) expect(technique.attire).not.toBe('gi');
      const mixed = composePlan(request({ attire: 'both', seed, targetLevel: 'Intermediate' }));
      for (const technique of techniquesOf(mixed.techniqueIds)) expect(technique.attire).toBe('both');
    }
  });
});

describe('composePlan: history and weaknesses', () => {
  it('leaves out the techniques taught in the last sessions', () => {
    for (let seed = 0; seed < 30; seed++) {
      const first = composePlan(request({ seed, targetLevel: 'Beginner' }));
      const second = composePlan(request({ seed, targetLevel: 'Beginner', recentTechniqueIds: first.techniqueIds }));
      for (const id of first.techniqueIds) expect(second.techniqueIds).not.toContain(id);
    }
    // A long history: every technique of three whole positions.
    const recent = TECHNIQUES.filter((technique) =>
      ['closed-guard', 'side-control', 'mount'].includes(technique.position),
    ).map((technique) => technique.id);
    for (let seed = 0; seed < 30; seed++) {
      const { techniqueIds } = composePlan(request({ seed, recentTechniqueIds: recent }));
      for (const id of techniqueIds) expect(recent).not.toContain(id);
    }
  });

  it('still plans when every allowed technique was taught recently', () => {
    const recent = TECHNIQUES.map((technique) => technique.id);
    const { curriculum, techniqueIds } = composePlan(request({ recentTechniqueIds: recent }));
    expect(Curriculum.safeParse(curriculum).success).toBe(true);
    expect(techniqueIds.length).toBeGreaterThanOrEqual(2);
  });

  it('steers the theme to the weaknesses of the roster', () => {
    let backPosition = 0;
    for (let seed = 0; seed < 30; seed++) {
      const { curriculum, techniqueIds } = composePlan(
        request({ seed, targetLevel: 'Intermediate', weaknessTags: [{ tag: 'back-defense', weight: 2 }] }),
      );
      const techniques = techniquesOf(techniqueIds);
      expect(techniques.some((technique) => technique.weaknessTags.includes('back-defense'))).toBe(true);
      expect(techniques.every((technique) => technique.type === 'escape' || technique.perspective === 'bottom')).toBe(
        true,
      );
      if (techniques[0]?.position === 'back') backPosition++;
      expect(curriculum.drills.some((drill) => drill.focus === 'Back defence')).toBe(true);
    }
    expect(backPosition).toBeGreaterThanOrEqual(24);

    let standing = 0;
    for (let seed = 0; seed < 20; seed++) {
      const passing = composePlan(
        request({ seed, targetLevel: 'Intermediate', weaknessTags: [{ tag: 'passing', weight: 1 }] }),
      );
      const techniques = techniquesOf(passing.techniqueIds);
      expect(
        techniques.filter((technique) => technique.weaknessTags.includes('passing')).length,
      ).toBeGreaterThanOrEqual(2);
      const takedowns = composePlan(
        request({ seed, targetLevel: 'Intermediate', weaknessTags: [{ tag: 'takedowns', weight: 1 }] }),
      );
      const takedownTechniques = techniquesOf(takedowns.techniqueIds);
      expect(takedownTechniques.some((technique) => technique.weaknessTags.includes('takedowns'))).toBe(true);
      if (takedownTechniques[0]?.position === 'standing') standing++;
    }
    expect(standing).toBeGreaterThanOrEqual(16);
  });

  it('weighs several weaknesses by their weights, and ignores unknown tags and bad weights', () => {
    let escapes = 0;
    for (let seed = 0; seed < 40; seed++) {
      const { techniqueIds } = composePlan(
        request({
          seed,
          weaknessTags: [
            { tag: 'escapes-from-bottom', weight: 9 },
            { tag: 'sweeps', weight: 1 },
          ],
        }),
      );
      if (techniquesOf(techniqueIds).some((technique) => technique.weaknessTags.includes('escapes-from-bottom'))) {
        escapes++;
      }
    }
    expect(escapes).toBeGreaterThanOrEqual(34);

    const plain = composePlan(request({ seed: 5 }));
    const noise = composePlan(
      request({
        seed: 5,
        weaknessTags: [
          { tag: 'made-up', weight: 10 },
          { tag: 'sweeps', weight: Number.NaN },
          { tag: 'passing', weight: -3 },
        ],
      }),
    );
    expect(noise).toEqual(plain);
  });

  it('uses the typical weaknesses of the level until analyses exist', () => {
    const candidates = planCandidates(request({ targetLevel: 'Beginner' }));
    expect(candidates.weaknessSource).toBe('level');
    expect(candidates.weaknesses.get('escapes-from-bottom')).toBeGreaterThan(0);
    const analysed = planCandidates(request({ weaknessTags: [{ tag: 'sweeps', weight: 1 }] }));
    expect(analysed.weaknessSource).toBe('roster');
    expect([...analysed.weaknesses]).toEqual([['sweeps', 1]]);
    // A weakness no allowed technique answers (leg locks for kids) falls back to the level's.
    const kids = planCandidates(request({ targetLevel: 'Kids', weaknessTags: [{ tag: 'leg-locks', weight: 1 }] }));
    expect(kids.weaknessSource).toBe('level');
  });
});

describe('composePlan: class topic', () => {
  const ARMBAR = 'armbar-from-closed-guard';

  it('builds a plan for "Closed guard: armbar chain" around the closed guard, with the armbar, at every level', () => {
    for (const targetLevel of LEVELS) {
      for (const sessionMinutes of [20, 60, 90]) {
        for (const seed of SEEDS) {
          const { curriculum, techniqueIds } = composePlan(
            request({ targetLevel, sessionMinutes, seed, description: 'Closed guard: armbar chain' }),
          );
          const label = `${targetLevel} ${sessionMinutes} min seed ${seed}`;
          const chain = techniquesOf(techniqueIds);
          expect(techniqueIds, label).toContain(ARMBAR);
          expect(chain[0]?.position, label).toBe('closed-guard');
          expect(
            chain.filter((technique) => technique.position === 'closed-guard').length,
            label,
          ).toBeGreaterThanOrEqual(2);
          expect(curriculum.session_title, label).toContain('Closed guard');
          expect(Curriculum.safeParse(curriculum).success, label).toBe(true);
          expect(
            partMinutes(curriculum).reduce((sum, minutes) => sum + minutes, 0),
            label,
          ).toBe(sessionMinutes);
        }
      }
    }
  });

  it('reads the topic from a Polish description too', () => {
    for (const seed of SEEDS) {
      for (const description of ['Garda zamknięta – dźwignia na łokieć', 'Dźwignia na łokieć z gardy zamkniętej']) {
        const { curriculum, techniqueIds } = composePlan(request({ language: 'pl', seed, description }));
        expect(techniqueIds).toContain(ARMBAR);
        expect(techniqueById(techniqueIds[0] ?? '')?.position).toBe('closed-guard');
        expect(curriculum.techniques.map((technique) => technique.name)).toContain(
          'Dźwignia na łokieć z gardy zamkniętej (armbar)',
        );
      }
    }
  });

  it('teaches a named technique with related ones of its position, even when it was taught recently', () => {
    for (const seed of SEEDS) {
      const { techniqueIds } = composePlan(
        request({ seed, sessionMinutes: 90, description: 'Kimura from side control' }),
      );
      expect(techniqueIds).toContain('kimura-from-side-control');
      expect(techniquesOf(techniqueIds)[0]?.position).toBe('side-control');
      const again = composePlan(
        request({ seed, description: 'Closed guard: armbar chain', recentTechniqueIds: [ARMBAR] }),
      );
      expect(again.techniqueIds).toContain(ARMBAR);
    }
  });

  it('builds around the position of a named technique the level may not use, and leaves the technique out', () => {
    for (const seed of SEEDS) {
      const kids = composePlan(request({ targetLevel: 'Kids', seed, description: 'Omoplata from closed guard' }));
      expect(kids.techniqueIds).not.toContain('omoplata-from-closed-guard');
      expect(techniquesOf(kids.techniqueIds)[0]).toMatchObject({ position: 'closed-guard', perspective: 'bottom' });
      const beginner = composePlan(request({ targetLevel: 'Beginner', seed, description: 'Inside heel hook' }));
      expect(techniquesOf(beginner.techniqueIds).some((technique) => technique.category === 'heel-hook')).toBe(false);
      expect(techniquesOf(beginner.techniqueIds)[0]?.position).toBe('open-guard');
    }
  });

  it('builds around a position named alone, from the side its named kind of technique is done from', () => {
    for (const seed of SEEDS) {
      const { techniqueIds } = composePlan(request({ seed, description: 'Mount escapes' }));
      expect(techniquesOf(techniqueIds)[0]).toMatchObject({ position: 'mount', perspective: 'bottom' });
      const polish = composePlan(request({ seed, language: 'pl', description: 'Półgarda' }));
      expect(techniquesOf(polish.techniqueIds)[0]?.position).toBe('half-guard');
    }
  });

  it('is about the kind of technique a description names alone: takedowns, passes, sweeps, escapes', () => {
    const cases = [
      { description: 'Takedowns', language: 'en', type: 'takedown' },
      { description: 'Guard passing', language: 'en', type: 'pass' },
      { description: 'Wywrotki', language: 'pl', type: 'sweep' },
      { description: 'Escapes', language: 'en', type: 'escape' },
    ] as const;
    for (const { description, language, type } of cases) {
      let ofKind = 0;
      let taughtInAll = 0;
      for (const seed of SEEDS) {
        const { techniqueIds } = composePlan(request({ seed, sessionMinutes: 75, language, description }));
        const taught = techniquesOf(techniqueIds);
        // Each plan teaches the kind; its chain may lead on from it (an escape to the sweep after it).
        expect(
          taught.some((technique) => technique.type === type),
          `${description}, seed ${seed}`,
        ).toBe(true);
        ofKind += taught.filter((technique) => technique.type === type).length;
        taughtInAll += taught.length;
      }
      expect(ofKind * 2, description).toBeGreaterThanOrEqual(taughtInAll);
    }
  });

  it('chooses as before when the description names nothing it knows', () => {
    for (const seed of SEEDS) {
      for (const description of ['Open mat', 'Gi fundamentals', 'Competition prep', '', null]) {
        const plan = composePlan(request({ seed, sessionMinutes: 75, targetLevel: 'Intermediate', description }));
        expect(Curriculum.safeParse(plan.curriculum).success).toBe(true);
        expect(plan).toEqual(composePlan(request({ seed, sessionMinutes: 75, targetLevel: 'Intermediate' })));
      }
    }
  });
});

describe('composePlan: sparring', () => {
  /** The rounds, their minutes and the rest between them that the sparring states (none for one round). */
  function roundsOf(curriculum: Curriculum): { rounds: number; minutes: number; rest: number } {
    const match = /(\d+) rounds? of (\d+) minutes?(?: with (\d+) minutes? of rest between them)?\./.exec(
      curriculum.sparring.description,
    );
    return { rounds: Number(match?.[1]), minutes: Number(match?.[2]), rest: Number(match?.[3] ?? 0) };
  }

  it('gives a 60-minute beginner class a few short rounds, not a dozen', () => {
    for (const seed of SEEDS) {
      for (const targetLevel of ['Kids', 'Beginner'] as const) {
        const { curriculum } = composePlan(request({ targetLevel, sessionMinutes: 60, seed }));
        const { rounds, minutes } = roundsOf(curriculum);
        expect(rounds).toBeGreaterThanOrEqual(3);
        expect(rounds).toBeLessThanOrEqual(5);
        expect(minutes).toBeGreaterThanOrEqual(2);
        expect(minutes).toBeLessThanOrEqual(3);
        expect(firstNumber(curriculum.sparring.duration)).toBeLessThanOrEqual(60 * 0.3);
      }
    }
  });

  it('sets the number and length of rounds by level, within a share of the class', () => {
    const bounds = {
      Kids: { rounds: [3, 5], minutes: [2, 3] },
      Beginner: { rounds: [3, 5], minutes: [2, 3] },
      Intermediate: { rounds: [4, 6], minutes: [4, 5] },
      Advanced: { rounds: [5, 8], minutes: [5, 6] },
      Expert: { rounds: [5, 8], minutes: [5, 6] },
    } as const;
    for (const targetLevel of LEVELS) {
      const { rounds: roundBounds, minutes: minuteBounds } = bounds[targetLevel];
      for (const sessionMinutes of [30, 45, 60, 75, 90, 120]) {
        for (const seed of SEEDS) {
          const { curriculum } = composePlan(request({ targetLevel, sessionMinutes, seed }));
          const label = `${targetLevel} ${sessionMinutes} min seed ${seed}`;
          const { rounds, minutes, rest } = roundsOf(curriculum);
          expect(rest, label).toBe(rounds > 1 ? 1 : 0);
          const block = rounds * minutes + (rounds - 1) * rest;
          expect(block, label).toBe(firstNumber(curriculum.sparring.duration));
          expect(minutes, label).toBeGreaterThanOrEqual(minuteBounds[0]);
          expect(minutes, label).toBeLessThanOrEqual(minuteBounds[1]);
          expect(rounds, label).toBeLessThanOrEqual(roundBounds[1]);
          // A class of usual length has at least the level's fewest rounds; a short one may have fewer.
          if (sessionMinutes >= 90) expect(rounds, label).toBeGreaterThanOrEqual(roundBounds[0]);
          expect(block, label).toBeLessThanOrEqual(sessionMinutes * SPARRING_PROFILES[targetLevel].maxShare);
        }
      }
    }
  });
});

describe('attireFromText', () => {
  it('reads no-gi, gi and mixed classes from the session description', () => {
    expect(attireFromText('No-Gi fundamentals')).toBe('nogi');
    expect(attireFromText('NOGI open mat')).toBe('nogi');
    expect(attireFromText('no gi, bring a rashguard')).toBe('nogi');
    expect(attireFromText('Zajęcia bez gi dla początkujących')).toBe('nogi');
    expect(attireFromText('Submission grappling')).toBe('nogi');
    expect(attireFromText('Gi / No-Gi open mat')).toBe('both');
    expect(attireFromText('gi and nogi')).toBe('both');
    expect(attireFromText('Gi i no-gi')).toBe('both');
    expect(attireFromText('Gi fundamentals')).toBe('gi');
    expect(attireFromText('Origins of the guard')).toBe('gi');
    expect(attireFromText('')).toBe('gi');
    expect(attireFromText(null)).toBe('gi');
  });
});
