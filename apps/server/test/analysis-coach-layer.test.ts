import type { AnalysisResult, AnalysisTechnique, PositionSegment } from '@openmat/contract/analysis';
import { describe, expect, it } from 'vitest';
import { coachLayer, correctedSpans, overlay, overlaySpans } from '../src/analysis/coach-layer.js';
import { applyPatch } from '../src/analysis/patch.js';

const band = (position: PositionSegment['position'], top: PositionSegment['top'], start: number, end: number) => ({
  position,
  top,
  start,
  end,
  confidence: 0.7,
});

const technique = (id: number, knowledgeId: string, name: string, start: string): AnalysisTechnique => ({
  id,
  name,
  description: `Seen by the analyser: ${name}`,
  techniqueType: { name: 'Sweep', positionalScenarioId: 2 },
  positionalScenario: { id: 2, name: 'Closed guard' },
  startTimestamp: start,
  endTimestamp: start,
  confidence: 0.6,
  knowledgeId,
});

function analyserResult(shift: number): AnalysisResult {
  return {
    techniques: [
      technique(1, 'scissor-sweep', 'Scissor sweep', `00:00:0${2 + shift}`),
      technique(2, 'knee-slice', 'Knee slice pass', `00:00:0${5 + shift}`),
      technique(3, 'upa', 'Upa', `00:00:0${8 + shift}`),
    ],
    drills: [
      {
        id: 1,
        name: 'Hip escape',
        focus: null,
        duration: '5 minutes',
        description: '',
        relatedTechniqueName: 'Upa',
        relatedTechniqueId: 3,
      },
    ],
    overallDescription: `The analyser's summary ${shift}`,
    strengths: [{ description: 'Good base', relatedTechniqueId: 1 }],
    areasForImprovement: [],
    positionTimeline: [
      band('standing', null, 0, 2 + shift),
      band('closed-guard', 'partner', 2 + shift, 5),
      band('mount', 'student', 5, 10),
    ],
    analyzer: { name: 'openmat-local', version: 'test' },
  };
}

describe("the coach's layer over the analyser's", () => {
  it('keeps a corrected span, added, edited and deleted items, rewritten texts and comments through a new run', () => {
    const first = analyserResult(0);
    const coached = applyPatch(
      first,
      {
        // 5-7 s was side control, not mount; the rest of the ribbon as the analyser had it.
        positionTimeline: [
          band('standing', null, 0, 2),
          band('closed-guard', 'partner', 2, 5),
          { position: 'side-control', top: 'student', start: 5, end: 7 },
          band('mount', 'student', 7, 10),
        ],
        techniques: [
          { ...technique(1, 'scissor-sweep', 'Flower sweep', '00:00:02'), knowledgeId: 'scissor-sweep' },
          technique(3, 'upa', 'Upa', '00:00:08'),
          {
            name: 'Armbar',
            description: 'Added by the coach',
            techniqueType: { name: 'Submission', positionalScenarioId: null },
            positionalScenario: { id: null, name: 'Mount' },
            startTimestamp: '00:00:09',
            endTimestamp: '00:00:10',
          },
        ],
        drills: [
          {
            name: 'Armbar from mount',
            focus: null,
            duration: '10 minutes',
            description: '',
            relatedTechniqueName: 'Armbar',
            relatedTechniqueId: 4,
          },
          { ...analyserResult(0).drills[0]!, id: 1 },
        ],
        overallDescription: 'Sharp guard work.',
        comments: [{ time: 6, text: 'Knee across here' }],
      },
      'Coach Ana',
    );
    // The knee slice was deleted, the scissor sweep renamed, the armbar added.
    const layer = coachLayer(first, coached);
    expect(layer.spans).toEqual([{ start: 5, end: 7, shown: { position: 'side-control', top: 'student' } }]);

    // The analyser runs again and sees the same moves a second later, in another order of ids.
    const second = analyserResult(1);
    const merged = overlay(second, layer);
    expect(merged.positionTimeline).toEqual([
      band('standing', null, 0, 3),
      band('closed-guard', 'partner', 3, 5),
      { position: 'side-control', top: 'student', start: 5, end: 7, confidence: 1 },
      band('mount', 'student', 7, 10),
    ]);
    expect(merged.techniques.map((t) => [t.id, t.name, t.startTimestamp])).toEqual([
      [1, 'Flower sweep', '00:00:02'],
      [3, 'Upa', '00:00:09'],
      [4, 'Armbar', '00:00:09'],
    ]);
    expect(merged.drills.map((d) => [d.name, d.relatedTechniqueId])).toEqual([
      ['Hip escape', 3],
      ['Armbar from mount', 4],
    ]);
    expect(merged.overallDescription).toBe('Sharp guard work.');
    expect(merged.strengths).toEqual(second.strengths);
    expect(merged.comments).toEqual([{ id: 1, time: 6, text: 'Knee across here', authorName: 'Coach Ana' }]);

    // Merging again after a crash changes nothing: the layer read off the merged result is the same.
    expect(overlay(second, coachLayer(second, merged))).toEqual(merged);
  });

  it('takes the new run whole where the coach changed nothing', () => {
    const second = analyserResult(1);
    expect(overlay(second, coachLayer(analyserResult(0), analyserResult(0)))).toEqual(second);
  });

  it('reads a removed band as a corrected gap, and cuts the new ribbon round it', () => {
    const analyser = [band('mount', 'student', 0, 4)];
    const spans = correctedSpans(analyser, [band('mount', 'student', 0, 1), band('mount', 'student', 3, 4)]);
    expect(spans).toEqual([{ start: 1, end: 3, shown: null }]);
    expect(overlaySpans([band('back', 'student', 0, 4)], spans)).toEqual([
      band('back', 'student', 0, 1),
      band('back', 'student', 3, 4),
    ]);
  });
});
