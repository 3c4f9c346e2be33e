import type { Curriculum, TechniqueSearchResult } from '@openmat/contract/coaching';

/** A complete lesson plan for tests; `overrides` replace whole parts. */
export function makeCurriculum(overrides: Partial<Curriculum> = {}): Curriculum {
  return {
    session_title: 'Closed guard: from posture break to finish',
    duration: '60 minutes',
    warm_up: {
      name: 'Shrimp and bridge lines',
      description: 'Hip escapes down the mat and back with bridges.',
      duration: '12 minutes',
    },
    techniques: [
      {
        name: 'Scissor sweep',
        description: 'Break the posture, cut the knee across and sweep.',
        tips: ['Pull the sleeve across', 'Kick the far leg as you chop'],
        technique_id: 'closed-guard-scissor-sweep',
      },
      {
        name: 'Armbar from closed guard',
        description: 'Control the arm, pivot and extend the hips.',
        tips: ['Keep the knees pinched'],
      },
    ],
    drills: [
      {
        name: 'Posture break flow',
        description: 'Break the posture, partner recovers.',
        focus: 'Grips',
        duration: '6 minutes',
      },
      {
        name: 'Sweep reps',
        description: 'Alternate sides every rep.',
        focus: 'Timing',
        duration: 'as long as it takes',
      },
    ],
    sparring: {
      name: 'Positional guard rounds',
      description: 'Start in closed guard; reset on a sweep or a pass.',
      guidelines: 'Start in closed guard; Reset after a sweep or a pass;  ; Tap early, tap often',
      duration: '15 minutes',
    },
    cool_down: { name: 'Breathing and stretching', description: 'Hips and shoulders.', duration: 'eight minutes' },
    ...overrides,
  };
}

/** A search answer with one entry in each section. */
export function makeSearchResult(overrides: Partial<TechniqueSearchResult> = {}): TechniqueSearchResult {
  return {
    youtube_videos: [
      {
        video_id: 'abc123',
        title: 'Scissor sweep details',
        publication_date: '2024-03-05T10:00:00Z',
        description: 'Three details that make the sweep work.',
        embed_link: 'https://www.youtube-nocookie.com/embed/abc123',
      },
    ],
    free_videos: [{ title: 'Scissor sweep, step by step', link: 'https://example.org/scissor-sweep' }],
    paid_resources: [
      {
        title: 'Closed guard course',
        description: 'A full course on the closed guard.',
        relevance: 'Covers the scissor sweep in chapter 2',
        web_link: 'https://example.com/closed-guard',
      },
    ],
    ...overrides,
  };
}
