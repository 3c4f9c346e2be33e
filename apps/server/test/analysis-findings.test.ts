import { AnalysisResult, type PositionSegment } from '@openmat/contract/analysis';
import { describe, expect, it } from 'vitest';
import { buildFindings, type FindingsInput } from '../src/analysis/findings.js';
import { colourNamed, identifyStudent, limbColour, torsoColour } from '../src/analysis/identify.js';
import { seenFrame } from '../src/analysis/pipeline.js';
import { movesOf } from '../src/analysis/moves.js';
import { applyPatch } from '../src/analysis/patch.js';
import { KEYPOINT_NAMES, type Skeleton } from '../src/analysis/skeleton.js';
import { trackAthletes, type SeenPerson } from '../src/analysis/tracking.js';
import { analysisKnowledge } from '../src/services/analysis-knowledge.js';

const segment = (
  position: PositionSegment['position'],
  top: PositionSegment['top'],
  start: number,
  end: number,
): PositionSegment => ({ position, top, start, end, confidence: 0.8 });

/** A roll: standing, the partner pulls guard, the student passes, mounts, is swept, and escapes. */
const ROLL: PositionSegment[] = [
  segment('standing', null, 0, 12),
  segment('closed-guard', 'student', 12, 40),
  segment('side-control', 'student', 40, 55),
  segment('mount', 'student', 55, 70),
  segment('closed-guard', 'partner', 70, 75),
  segment('mount', 'partner', 75, 110),
  segment('half-guard', 'partner', 110, 130),
];

function input(timeline: PositionSegment[], overrides: Partial<FindingsInput> = {}): FindingsInput {
  return {
    timeline,
    durationSeconds: 130,
    framesPerSecond: 3,
    athletes: { found: 2, identification: 'identified', colour: 'blue' },
    language: 'en',
    analyzer: { name: 'openmat-local', version: '1.0.0' },
    ...overrides,
  };
}

describe('moves from a position timeline', () => {
  it('reads each change of position as the move it is, and who made it', () => {
    expect(movesOf(ROLL).map((move) => `${move.kind} by ${move.by} at ${move.at}`)).toEqual([
      'guard-pull by partner at 12',
      'pass by student at 40',
      'mount by student at 55',
      // Mount to the partner's closed guard... with the partner on top: the bottom athlete reversed.
      'escape by partner at 70',
      // From the partner's guard straight to mount on top: a pass.
      'pass by partner at 75',
      'escape by student at 110',
    ]);
  });

  it('reports nothing for a roll without clear changes', () => {
    expect(movesOf([segment('standing', null, 0, 60)])).toEqual([]);
    expect(movesOf([segment('standing', null, 0, 10), segment('scramble', null, 10, 20)])).toEqual([]);
  });
});

describe('findings', () => {
  it('lists each move as a technique with HH:MM:SS times, a confidence and a knowledge-base name', () => {
    const result = AnalysisResult.parse(buildFindings(input(ROLL), analysisKnowledge));
    const pass = result.techniques.find((technique) => technique.techniqueType.name === 'Guard Pass');
    expect(pass).toMatchObject({
      name: 'Guard pass from closed guard to side control',
      startTimestamp: '00:00:38',
      endTimestamp: '00:00:42',
      confidence: 0.8,
      positionalScenario: { id: 2, name: 'Closed guard' },
    });
    expect(pass?.description).toMatch(/^You: guard pass .* at 00:00:40/);
    expect(pass?.description).toMatch(/Likely techniques from the knowledge base: /);
    expect(pass?.knowledgeId).toEqual(expect.any(String));
    expect(result.techniques.map((technique) => technique.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('names as likely only the knowledge base’s techniques that end where the roll went', () => {
    const findings = buildFindings(
      input([
        segment('standing', null, 0, 10),
        segment('closed-guard', 'partner', 10, 30),
        segment('side-control', 'partner', 30, 50),
        segment('mount', 'partner', 50, 70),
      ]),
      analysisKnowledge,
    );
    const described = (name: string) =>
      findings.techniques.find((technique) => technique.name === name)?.description ?? '';
    // Side control to mount is the mount; side control to knee on belly or to north-south are other changes.
    const mount = findings.techniques.find((technique) => technique.name === 'Mount from side control');
    expect(mount?.knowledgeId).toBe('side-control-to-mount');
    expect(mount?.description).toContain('Likely techniques from the knowledge base: Side control to mount.');
    // A pull to closed guard: an arm drag from standing goes to the back, not to the guard.
    const pull = described('Guard pull to closed guard');
    expect(pull).toContain('Jumping to closed guard');
    expect(pull).not.toContain('Arm drag');
  });

  it('turns the partner mounting the student for 35 s into an area for improvement with drills that fix it', () => {
    const result = buildFindings(input(ROLL), analysisKnowledge);
    const escapes = result.areasForImprovement.find((area) => area.weaknessCategory === 'escapes-from-bottom');
    expect(escapes?.description).toBe('Spent 35 s under mount without escaping.');
    expect(escapes?.keywords).toContain('escapes');
    const drills = result.drills.filter((drill) => drill.focus === 'escapes-from-bottom');
    expect(drills.length).toBeGreaterThan(0);
    expect(drills[0]).toMatchObject({ relatedTechniqueName: 'Generic', relatedTechniqueId: null });
    expect(drills[0]?.duration).toMatch(/^\d+ minutes$/);
    expect(result.strengths.map((strength) => strength.description)).toContain('Passed the guard from closed guard.');
  });

  it('writes the summary from the numbers, in Polish for a Polish requester', () => {
    const english = buildFindings(input(ROLL), analysisKnowledge).overallDescription;
    expect(english).toContain('Analysed 2:10 of rolling at 3 frames a second.');
    expect(english).toContain('You are the athlete in blue.');
    const polish = buildFindings(
      input(ROLL, { language: 'pl', athletes: { found: 2, identification: 'identified', colour: 'blue' } }),
      analysisKnowledge,
    );
    expect(polish.overallDescription).toContain('Przeanalizowano 2:10 walki');
    expect(polish.techniques[1]?.name).toBe('Przejście gardy: Garda zamknięta → Kontrola boczna');
    expect(polish.language).toBe('pl');
  });

  it('says the frame rate as a reader would, and never "100 %" of a roll with a rest unread', () => {
    const summary = (overrides: Partial<FindingsInput>) => buildFindings(input(ROLL, overrides), analysisKnowledge);
    expect(summary({ framesPerSecond: 1 }).overallDescription).toContain('at 1 frame a second.');
    expect(summary({ framesPerSecond: 1, language: 'pl' }).overallDescription).toContain('1 klatka na sekundę.');
    expect(summary({ framesPerSecond: 0.5, language: 'pl' }).overallDescription).toContain('0,5 klatki na sekundę.');
    expect(summary({ framesPerSecond: 2, language: 'pl' }).overallDescription).toContain('2 klatki na sekundę.');
    expect(summary({ framesPerSecond: 30, language: 'pl' }).overallDescription).toContain('30 klatek na sekundę.');
    // 130 s read of 130.6: less than a frame of the roll unread is still a rest, so 99 %, not 100 %.
    const nearlyAll = summary({ durationSeconds: 130.6 }).overallDescription;
    expect(nearlyAll).toContain('Positions could be read for 99 % of the roll (2:10); the rest was unclear');
    // A timeline ending a hair before the video (its times rounded) is the whole roll.
    expect(summary({ durationSeconds: 130.0001 }).overallDescription).toContain(
      'Positions could be read for the whole roll (2:10).',
    );
    const barely = buildFindings(
      input([segment('unclear', null, 0, 400), segment('mount', 'student', 400, 401)], { durationSeconds: 401 }),
      analysisKnowledge,
    ).overallDescription;
    expect(barely).toContain('Positions could be read for 1 % of the roll (0:01)');
    expect(barely).toContain('The analysis reads a roll best when it is filmed from the side at about hip height');
    expect(nearlyAll).not.toContain('reads a roll best');
  });

  it('says in plain Polish that the partner passed the guard or took the back', () => {
    const roll = [
      segment('closed-guard', 'partner', 0, 20),
      segment('side-control', 'partner', 20, 30),
      segment('turtle', 'partner', 30, 40),
      segment('back', 'partner', 40, 60),
    ];
    const polish = buildFindings(input(roll, { durationSeconds: 60, language: 'pl' }), analysisKnowledge);
    const weaknesses = polish.areasForImprovement.map((area) => area.description);
    expect(weaknesses).toContain('Partner przeszedł twoją gardę 1 raz.');
    expect(weaknesses).toContain('Partner wszedł ci na plecy 1 raz.');
  });

  it('gives the time in each position in whole percent that add up to 100', () => {
    const back = [
      segment('back', 'partner', 0, 40),
      segment('turtle', 'partner', 40, 50),
      segment('back', 'partner', 50, 80),
    ];
    const { overallDescription } = buildFindings(input(back, { durationSeconds: 80 }), analysisKnowledge);
    // 87.5 % and 12.5 % each round up alone, to 101 %.
    expect(overallDescription).toContain('Back control 88 %, Turtle 12 %.');
  });

  it('names the colour in the reader’s language, whichever language the identifier was written in', () => {
    expect(colourNamed('w niebieskim kimonie')?.name).toBe('blue');
    expect(colourNamed('navy gi')?.name).toBe('blue');
    expect(colourNamed('szara koszulka')?.name).toBe('grey');
    const note = (
      language: 'en' | 'pl',
      identification: 'identified' | 'ambiguous' | 'unseen',
      colour: 'blue' | 'white',
    ) => buildFindings(input(ROLL, { language, athletes: { found: 2, identification, colour } }), analysisKnowledge);
    expect(note('en', 'identified', 'blue').athletes?.note).toBe('You are the athlete in blue.');
    expect(note('pl', 'identified', 'blue').athletes?.note).toBe('Jesteś osobą ubraną na niebiesko.');
    expect(note('pl', 'identified', 'blue').overallDescription).toContain('Jesteś osobą ubraną na niebiesko.');
    expect(note('pl', 'ambiguous', 'white').athletes?.note).toBe(
      'Z nagrania nie dało się rozpoznać, który zawodnik jest ubrany na biało, więc wnioski opisano z perspektywy zawodnika, który zaczynał po lewej.',
    );
    // What is true whichever clue failed: not that the two look alike (on a real roll of red against black the
    // two tracks measured alike, dark brown, while the athletes did not).
    expect(note('en', 'ambiguous', 'white').athletes?.note).toBe(
      'Which athlete wears "white" could not be told from the footage, so the findings are told from the side of the athlete who started on the left.',
    );
    expect(note('en', 'ambiguous', 'blue').overallDescription).not.toMatch(/look alike/);
    expect(note('pl', 'ambiguous', 'blue').overallDescription).not.toMatch(/wyglądają podobnie/);
    expect(note('pl', 'unseen', 'white').athletes?.note).toContain('by szukać koloru białego,');
    expect(note('pl', 'ambiguous', 'blue').athletes?.note).toContain('ubrany na niebiesko,');
    expect(note('pl', 'unseen', 'blue').athletes?.note).toContain('by szukać koloru niebieskiego,');
  });

  it('speaks to the student in Polish without assuming they are a man', () => {
    // Taken down, then swept from the top: the findings that speak of what happened to the student.
    const rough = [
      segment('standing', null, 0, 10),
      segment('side-control', 'partner', 10, 30),
      segment('closed-guard', 'student', 30, 50),
      segment('mount', 'partner', 50, 70),
    ];
    const polish = buildFindings(input(rough, { durationSeconds: 70, language: 'pl' }), analysisKnowledge);
    const words = [
      polish.overallDescription,
      polish.athletes?.note ?? '',
      ...polish.areasForImprovement.map((area) => area.description),
    ].join(' ');
    expect(words).toContain('Obalono cię 1 raz.');
    expect(words).toContain('Zamieciono cię z góry 1 raz.');
    expect(words).toContain('Twój czas na górze w parterze:');
    expect(words).toContain('Jesteś osobą ubraną na niebiesko.');
    // Masculine forms for "you": byłeś, obalony, zamieciony, zawodnikiem (the athletes in general may stay).
    expect(words).not.toMatch(/byłeś|[Oo]balony|[Zz]amieciony|zawodnikiem/);
  });

  it('says honestly that nobody was found, and lists no techniques', () => {
    const result = buildFindings(
      input([], { athletes: { found: 0, identification: 'no-colour', colour: null } }),
      analysisKnowledge,
    );
    expect(result.techniques).toEqual([]);
    expect(result.drills).toEqual([]);
    expect(result.overallDescription).toBe(
      'No athletes were found in this video, so there are no positions or techniques to report.',
    );
    expect(result.athletes).toMatchObject({ found: 0, studentIdentified: false });
  });
});

describe('honest findings', () => {
  /** Standing, ten unreadable seconds, the student's mount, the partner reversing, nobody in the shot, then side control. */
  const PATCHY: PositionSegment[] = [
    segment('standing', null, 0, 10),
    segment('unclear', null, 10, 30),
    segment('mount', 'student', 30, 50),
    segment('closed-guard', 'partner', 50, 60),
    segment('side-control', 'student', 65, 80),
  ];

  it('reports no technique into or out of an unclear stretch, or across a gap with nobody in the shot', () => {
    expect(movesOf(PATCHY).map((move) => `${move.kind} by ${move.by} at ${move.at}`)).toEqual([
      'escape by partner at 50',
    ]);
  });

  it('reads a change across a moment of unclear (a second or less) between two readable positions, not across longer', () => {
    const pass = (unclearSeconds: number) =>
      movesOf([
        segment('closed-guard', 'partner', 10, 24),
        segment('unclear', null, 24, 24 + unclearSeconds),
        segment('side-control', 'partner', 24 + unclearSeconds, 40),
      ]).map((move) => `${move.kind} by ${move.by} at ${move.at} to ${move.to.position}`);
    expect(pass(0.5)).toEqual(['pass by partner at 24 to side-control']);
    expect(pass(1)).toEqual(['pass by partner at 24 to side-control']);
    expect(pass(1.5)).toEqual([]);
    // Not into or out of a second unclear stretch, nor across nobody in the shot.
    expect(
      movesOf([
        segment('closed-guard', 'partner', 10, 24),
        segment('unclear', null, 24, 24.5),
        segment('side-control', 'partner', 25, 40),
      ]),
    ).toEqual([]);
  });

  it('says how much of the roll could be read, and gives the time in each position of that part only', () => {
    const result = buildFindings(input(PATCHY, { durationSeconds: 80 }), analysisKnowledge);
    expect(result.overallDescription).toContain(
      'Positions could be read for 69 % of the roll (0:55); the rest was unclear or had nobody in the shot.',
    );
    expect(result.overallDescription).not.toMatch(/Unclear \d+ %/);
    // 20, 15, 10 and 10 s of the 55 read: 36.4, 27.3, 18.2 and 18.2 %, whole percent adding up to 100.
    expect(result.overallDescription).toContain('Mount 37 %, Side control 27 %, Standing 18 %, Closed guard 18 %.');
    const polish = buildFindings(input(PATCHY, { durationSeconds: 80, language: 'pl' }), analysisKnowledge);
    expect(polish.overallDescription).toContain('Pozycje udało się odczytać dla 69 % walki (0:55)');
  });

  it('says the whole roll could be read when it could, with no "rest" that was unclear', () => {
    const whole = [segment('standing', null, 0, 20), segment('mount', 'student', 20, 64)];
    const result = buildFindings(input(whole, { durationSeconds: 64 }), analysisKnowledge);
    expect(result.overallDescription).toContain('Positions could be read for the whole roll (1:04).');
    expect(result.overallDescription).not.toContain('the rest was unclear');
    const polish = buildFindings(input(whole, { durationSeconds: 64, language: 'pl' }), analysisKnowledge);
    expect(polish.overallDescription).toContain('Pozycje udało się odczytać dla całej walki (1:04).');
    expect(polish.overallDescription).not.toContain('reszta');
  });

  it('says so when two athletes were seen but nothing could be read, with no techniques', () => {
    const result = buildFindings(input([segment('unclear', null, 0, 130)]), analysisKnowledge);
    expect(result.techniques).toEqual([]);
    expect(result.overallDescription).toMatch(/^Two athletes were seen, but never clearly enough to read a position/);
  });

  it('never talks about what the athletes wear when fewer than two were found', () => {
    for (const [found, identification] of [
      [0, 'ambiguous'],
      [1, 'identified'],
    ] as const) {
      const result = buildFindings(
        input([], { athletes: { found, identification, colour: 'blue' } }),
        analysisKnowledge,
      );
      expect(result.athletes?.note).toBe(
        'With fewer than two athletes in the video, the student could not be told from a partner.',
      );
      expect(result.athletes?.studentIdentified).toBe(false);
    }
  });
});

describe('telling the student from the partner', () => {
  it('finds colour words in English and Polish', () => {
    expect(colourNamed('Ana, blue gi')?.word).toBe('blue');
    expect(colourNamed('Kasia w czarnym kimonie')?.word).toBe('czarnym');
    expect(colourNamed('student 7')).toBeNull();
  });

  it('takes the clothes over the belt, never a name, and Polish colour words in any form', () => {
    expect(colourNamed('blue belt, white gi')?.word).toBe('white');
    expect(colourNamed('Ana (purple belt) in a black rash guard')?.word).toBe('black');
    expect(colourNamed('niebieski pas, białe kimono')?.word).toBe('białe');
    expect(colourNamed('z niebieskim pasem, w czarnej koszulce')?.word).toBe('czarnej');
    expect(colourNamed('blue belt')).toBeNull();
    expect(colourNamed('Bianca')).toBeNull();
    expect(colourNamed('Szarlota, Redford, Greenwood')).toBeNull();
    for (const word of ['czarny', 'biały', 'bialy', 'niebieskie', 'granatowym', 'czerwona', 'zielonej', 'żółte']) {
      expect(colourNamed(`Ola ${word}`)?.word, word).toBe(word);
    }
  });

  it('picks the athlete whose clothes are nearest the named colour, and admits when it cannot', () => {
    const blue = [40, 70, 160] as const;
    const white = [230, 228, 220] as const;
    expect(identifyStudent('white rash guard', { a: blue, b: white })).toEqual({
      kind: 'identified',
      student: 'b',
      colour: 'white',
    });
    expect(identifyStudent('blue gi', { a: blue, b: [45, 72, 150] })).toEqual({
      kind: 'ambiguous',
      colour: 'blue',
    });
    expect(identifyStudent('Ana', { a: blue, b: white })).toEqual({ kind: 'no-colour' });
    // The partner's clothes never seen: nothing to compare with, which is not looking alike.
    expect(identifyStudent('blue gi', { a: blue, b: null })).toEqual({ kind: 'unseen', colour: 'blue' });
  });

  it('reads the torso colour between the shoulders and hips', () => {
    const width = 20;
    const height = 20;
    const rgb = new Uint8Array(width * height * 3).fill(200);
    for (let y = 5; y < 15; y++) for (let x = 5; x < 15; x++) rgb.set([10, 20, 200], (y * width + x) * 3);
    const corner = (x: number, y: number) => ({ x, y, score: 0.9 });
    const colour = torsoColour({ width, height, rgb }, [
      corner(0.3, 0.3),
      corner(0.7, 0.3),
      corner(0.3, 0.7),
      corner(0.7, 0.7),
    ]);
    expect(colour).toEqual([10, 20, 200]);
    // A hip hidden under the partner: following the athlete takes the torso whole only, but what they wear
    // is read from the other three corners, which place the fourth: the same cloth.
    const hidden = { x: 0, y: 0, score: 0 };
    const threeSeen = [corner(0.3, 0.3), corner(0.7, 0.3), corner(0.3, 0.7), hidden];
    expect(torsoColour({ width, height, rgb }, threeSeen)).toBeNull();
    expect(torsoColour({ width, height, rgb }, threeSeen, { oneHidden: true })).toEqual([10, 20, 200]);
    expect(
      torsoColour({ width, height, rgb }, [hidden, corner(0.7, 0.3), corner(0.3, 0.7), corner(0.7, 0.7)], {
        oneHidden: true,
      }),
    ).toEqual([10, 20, 200]);
    // Two corners hidden leave too little of the torso to tell cloth from background.
    expect(
      torsoColour({ width, height, rgb }, [corner(0.3, 0.3), corner(0.7, 0.3), hidden, hidden], { oneHidden: true }),
    ).toBeNull();
  });

  it('reads what an athlete whose torso is hidden wears from their sleeves and trouser legs', () => {
    // A mount seen from the side: the athlete in blue sits on top, and the one in white lies under him,
    // shoulders hidden, so that only the hips and the thighs of the one underneath are seen.
    const width = 64;
    const height = 36;
    const rgb = new Uint8Array(width * height * 3).fill(90);
    const paint = (x0: number, y0: number, x1: number, y1: number, colour: readonly [number, number, number]) => {
      for (let y = Math.round(y0 * height); y < Math.round(y1 * height); y++)
        for (let x = Math.round(x0 * width); x < Math.round(x1 * width); x++) rgb.set(colour, (y * width + x) * 3);
    };
    const blue = [30, 60, 160] as const;
    const white = [230, 228, 220] as const;
    paint(0.4, 0.2, 0.6, 0.6, blue); // the top athlete's jacket
    paint(0.1, 0.62, 0.9, 0.75, white); // the bottom athlete's trousers, along the mat
    const at = (joints: Partial<Record<(typeof KEYPOINT_NAMES)[number], [number, number, number]>>): Skeleton => ({
      keypoints: KEYPOINT_NAMES.map((name) => {
        const [x, y, score] = joints[name] ?? [0.5, 0.5, 0.05];
        return { x, y, score };
      }),
      score: 0.5,
      box: { x: 0.1, y: 0.2, width: 0.8, height: 0.6 },
    });
    const top = at({
      leftShoulder: [0.42, 0.22, 0.9],
      rightShoulder: [0.58, 0.22, 0.9],
      leftHip: [0.42, 0.58, 0.9],
      rightHip: [0.58, 0.58, 0.9],
    });
    const bottom = at({
      leftShoulder: [0.15, 0.68, 0.1],
      rightShoulder: [0.15, 0.7, 0.1],
      leftHip: [0.45, 0.66, 0.8],
      rightHip: [0.45, 0.71, 0.8],
      leftKnee: [0.75, 0.66, 0.8],
      rightKnee: [0.75, 0.71, 0.8],
    });
    const frames = Array.from({ length: 4 }, (_, t) => seenFrame({ time: t / 2, width, height, rgb }, [top, bottom]));
    const [seenTop, seenBottom] = frames[0]?.people ?? [];
    expect(seenTop?.clothes).toEqual(blue);
    expect(seenBottom?.clothes).toBeNull();
    expect(seenBottom?.limbs).toEqual(white);
    const { colours, frames: tracked } = trackAthletes(frames);
    const underneath = tracked[0]?.a === seenBottom || tracked[0]?.a?.keypoints === bottom.keypoints ? 'a' : 'b';
    expect(identifyStudent('white gi', colours)).toEqual({ kind: 'identified', student: underneath, colour: 'white' });
    expect(identifyStudent('niebieskie kimono', colours)).toEqual({
      kind: 'identified',
      student: underneath === 'a' ? 'b' : 'a',
      colour: 'blue',
    });
    // A track whose torso is seen even once is read by its torso: sleeves and trouser legs may differ.
    const green = [40, 140, 60] as const;
    const onceSeen = frames.map((frame, t) =>
      t === 0 && seenBottom && seenTop ? { ...frame, people: [seenTop, { ...seenBottom, clothes: green }] } : frame,
    );
    expect(trackAthletes(onceSeen).colours[underneath]).toEqual(green);
    // One limb seen is too little to stand for the clothes.
    expect(
      limbColour({ width, height, rgb }, [
        [
          { x: 0.45, y: 0.66, score: 0.8 },
          { x: 0.75, y: 0.66, score: 0.8 },
        ],
      ]),
    ).toBeNull();
  });

  it('tells a red shirt from a black one in a dim gym, by its hue, where neither is near a bright red', () => {
    // Torso colours measured on a real open-mat roll filmed in a dim room: both athletes are dark.
    const red = [58, 21, 22] as const;
    const black = [28, 20, 19] as const;
    expect(identifyStudent('red rash guard', { a: black, b: red })).toEqual({
      kind: 'identified',
      student: 'b',
      colour: 'red',
    });
    expect(identifyStudent('czerwona koszulka', { a: red, b: black })).toMatchObject({ student: 'a' });
    // Two dark red shirts: no plain difference of hue, so it cannot tell.
    expect(identifyStudent('red', { a: red, b: [60, 29, 29] })).toEqual({
      kind: 'ambiguous',
      colour: 'red',
    });
    // Two white gis (as a real judo clip measures them): one is nearer to blue, but neither is blue.
    expect(identifyStudent('blue gi', { a: [102, 92, 89], b: [147, 140, 147] })).toEqual({
      kind: 'ambiguous',
      colour: 'blue',
    });
    // The hue says nothing about white, black or grey: those go by the nearer colour (black with one rule more, below).
    expect(identifyStudent('black', { a: red, b: black })).toMatchObject({ student: 'b' });
  });

  it('never calls one athlete both colours: a dim red shirt beside a dark grey one is not "the black one"', () => {
    // The two rollers of a real open-mat roll as the analysis measured them over the roll (red patterned
    // shorts and top; black top and shorts): the red is the darker, so nearness alone gave it "black" too.
    const dimRed = [61, 33, 32] as const;
    const darkGrey = [69, 60, 58] as const;
    expect(identifyStudent('red shorts', { a: dimRed, b: darkGrey })).toEqual({
      kind: 'identified',
      student: 'a',
      colour: 'red',
    });
    expect(identifyStudent('black top', { a: dimRed, b: darkGrey })).toEqual({ kind: 'ambiguous', colour: 'black' });
    expect(identifyStudent('czarna koszulka', { a: darkGrey, b: dimRed })).toEqual({
      kind: 'ambiguous',
      colour: 'black',
    });
    // A white gi tinted by warm light (as measured on a real still) is still "the white one" beside a black gi.
    expect(identifyStudent('white gi', { a: [245, 238, 206], b: [28, 20, 19] })).toMatchObject({ student: 'a' });
  });

  it('names nobody "the black one" or "the white one" of two white gis, one of them in shadow', () => {
    // The two judoka of a real judo clip as the analysis measured them: both in white, one in the shadow.
    const shadowed = [101, 90, 88] as const;
    const lit = [145, 137, 143] as const;
    expect(identifyStudent('black gi', { a: shadowed, b: lit })).toEqual({ kind: 'ambiguous', colour: 'black' });
    expect(identifyStudent('biała bluza', { a: shadowed, b: lit })).toEqual({ kind: 'ambiguous', colour: 'white' });
    // Black beside white in a dim room is plainly darker, though nearer to grey than to black.
    expect(identifyStudent('czarne kimono', { a: [40, 38, 40], b: [120, 118, 115] })).toEqual({
      kind: 'identified',
      student: 'a',
      colour: 'black',
    });
    expect(identifyStudent('white gi', { a: [40, 38, 40], b: [120, 118, 115] })).toMatchObject({ student: 'b' });
  });
});

describe('tracking two athletes', () => {
  function person(x: number, colour: readonly [number, number, number]): SeenPerson {
    const keypoints = KEYPOINT_NAMES.map((name) => ({
      x: name.includes('left') ? x - 0.03 : x + 0.03,
      y: name.includes('Hip') ? 0.6 : 0.4,
      score: 0.9,
    }));
    const skeleton: Skeleton = { keypoints, score: 0.9, box: { x: x - 0.1, y: 0.2, width: 0.2, height: 0.6 } };
    return { ...skeleton, colour };
  }
  const blue = [30, 60, 170] as const;
  const white = [235, 235, 230] as const;

  it('keeps each identity by clothing when the athletes cross, and leaves out a passer-by', () => {
    const frames = [
      { time: 0, people: [person(0.3, blue), person(0.7, white)] },
      { time: 0.33, people: [person(0.45, blue), person(0.55, white)] },
      // They cross: the blue athlete is now right of the white one.
      { time: 0.66, people: [person(0.52, white), person(0.5, blue)] },
      { time: 1, people: [person(0.4, white), person(0.62, blue), { ...person(0.99, [90, 90, 90]), score: 0.2 }] },
    ];
    const tracking = trackAthletes(frames);
    expect(tracking.frames.map((frame) => frame.a?.colour)).toEqual([blue, blue, blue, blue]);
    expect(tracking.frames.map((frame) => frame.b?.colour)).toEqual([white, white, white, white]);
    expect(tracking.mostPeople).toBe(3);
  });

  it('tells what each athlete wears from the torso seen with a corner hidden, and follows them by the whole torso', () => {
    // The white athlete's hip is under the blue one's leg in every frame: no whole torso, but the clothes show.
    const frames = [0, 0.5, 1].map((time) => ({
      time,
      people: [person(0.35, blue), { ...person(0.6, white), colour: null, clothes: white }],
    }));
    const tracking = trackAthletes(frames);
    expect(tracking.colours).toEqual({ a: blue, b: white });
    expect(identifyStudent('white gi', tracking.colours)).toMatchObject({ kind: 'identified', student: 'b' });
    // A pose stream recorded before `clothes` existed reads as it did: the whole torso's colour.
    const recorded = trackAthletes(
      frames.map((frame) => ({ ...frame, people: frame.people.map(({ clothes: _, ...rest }) => rest) })),
    );
    expect(recorded.colours).toEqual({ a: blue, b: null });
  });
});

describe('correcting an analysis (replace-by-list)', () => {
  const stored = buildFindings(input(ROLL), analysisKnowledge);

  it('keeps items sent with their id, adds items sent without one, and leaves lists not sent alone', () => {
    const [first, second] = stored.techniques;
    if (!first || !second) throw new Error('the roll has techniques');
    const { id: _dropped, ...added } = { ...second, name: 'Scissor sweep' };
    const patched = applyPatch(stored, { techniques: [{ ...first, name: 'Guard pull (coach)' }, added] });
    expect(patched.techniques.map((technique) => [technique.id, technique.name])).toEqual([
      [1, 'Guard pull (coach)'],
      [7, 'Scissor sweep'],
    ]);
    expect(patched.strengths).toEqual(
      stored.strengths.map((strength) => ({
        ...strength,
        relatedTechniqueId: strength.relatedTechniqueId === 1 ? 1 : null,
      })),
    );
    expect(patched.positionTimeline).toEqual(stored.positionTimeline);
    expect(applyPatch(stored, { overallDescription: 'Good roll.' }).techniques).toEqual(stored.techniques);
  });

  it("keeps a drill's technique name in step with the technique: renamed it follows, deleted the drill is generic", () => {
    const [first, second] = stored.techniques;
    if (!first || !second) throw new Error('the roll has techniques');
    const drills = [
      {
        name: 'Hip escapes',
        focus: null,
        duration: '5 minutes',
        description: '',
        relatedTechniqueName: first.name,
        relatedTechniqueId: first.id,
      },
      {
        name: 'Bridges',
        focus: null,
        duration: '5 minutes',
        description: '',
        relatedTechniqueName: second.name,
        relatedTechniqueId: second.id,
      },
      {
        name: 'Breathing',
        focus: null,
        duration: '5 minutes',
        description: '',
        relatedTechniqueName: 'Generic',
        relatedTechniqueId: null,
      },
    ];
    const withDrills = applyPatch(stored, { drills });
    const patched = applyPatch(withDrills, { techniques: [{ ...first, name: 'Guard pull (coach)' }] });
    expect(patched.drills.map((drill) => [drill.name, drill.relatedTechniqueName, drill.relatedTechniqueId])).toEqual([
      ['Hip escapes', 'Guard pull (coach)', first.id],
      ['Bridges', 'Generic', null],
      ['Breathing', 'Generic', null],
    ]);
  });
});
