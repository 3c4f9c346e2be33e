import type { AnalysisResult } from '@openmat/contract/analysis';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliver } from '@/lib/realtime';
import { closeAlert } from '@/testing/alert-dialog';
import { json, problem, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeUploadedVideo } from '../video-fixtures';
import { ReviewPage } from './review-page';
import {
  keyAction,
  loopBack,
  moveBoundary,
  nextSpeed,
  relabelBand,
  releaseOutcome,
  selectionTimestamps,
  splitBand,
  visibleDrills,
} from './timeline-model';

const RESULT: AnalysisResult = {
  techniques: [
    {
      id: 1,
      name: 'Sweep from closed guard',
      description: 'You: sweep at 00:00:40.',
      techniqueType: { name: 'Sweep', positionalScenarioId: 2 },
      positionalScenario: { id: 2, name: 'Closed guard' },
      startTimestamp: '00:00:38',
      endTimestamp: '00:00:42',
      confidence: 0.74,
    },
  ],
  drills: [
    {
      id: 1,
      name: 'Shrimping',
      focus: null,
      duration: '5 minutes',
      description: '',
      relatedTechniqueName: 'Generic',
      relatedTechniqueId: null,
    },
    {
      id: 2,
      name: 'Shrimping',
      focus: null,
      duration: '5 minutes',
      description: '',
      relatedTechniqueName: 'Generic',
      relatedTechniqueId: null,
    },
  ],
  overallDescription: 'Analysed 1:35 of rolling at 3 frames a second.',
  strengths: [{ description: 'Swept from closed guard and came up on top.', relatedTechniqueId: 1 }],
  areasForImprovement: [
    {
      description: 'Spent 35 s under mount without escaping.',
      weaknessCategory: 'escapes-from-bottom',
      relatedTechniqueId: null,
      keywords: ['escapes'],
    },
  ],
  positionTimeline: [
    { position: 'standing', top: null, start: 0, end: 20, confidence: 0.9 },
    { position: 'closed-guard', top: 'partner', start: 20, end: 40, confidence: 0.8 },
    { position: 'mount', top: 'student', start: 40, end: 95, confidence: 0.7 },
  ],
  analyzer: { name: 'openmat-local', version: '1.0.0' },
};

const VIDEO = makeUploadedVideo({ analysis: { status: 'completed', progress: 1, message: null } });
const routes = (patch: (call: RecordedCall) => Response | Promise<Response> = () => json(200, RESULT)) => ({
  'GET /vid/api/video/7': () => json(200, VIDEO),
  'GET /vid/api/video/7/feedback': () => json(200, RESULT),
  'PATCH /vid/api/video/7/analysis': patch,
});

afterEach(() => vi.restoreAllMocks());

// jsdom has no PointerEvent; a MouseEvent with a pointer id carries what the timeline reads.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill, configurable: true });
}

describe('the timeline rules', () => {
  it('tells a click (under 5 px) from a drag, and orders a selection made backwards', () => {
    expect(releaseOutcome(100, 104, 400, 80)).toEqual({ kind: 'seek', time: 20.8 });
    expect(releaseOutcome(200, 100, 400, 80)).toEqual({ kind: 'select', selection: { start: 20, end: 40 } });
    expect(selectionTimestamps({ start: 20.4, end: 39.2 })).toEqual({
      startTimestamp: '00:00:20',
      endTimestamp: '00:00:39',
    });
  });

  it('keeps the seconds dragged: 2.0 to 4.0 is 00:00:02 to 00:00:04, whatever fraction the pointer adds', () => {
    expect(selectionTimestamps({ start: 2.03, end: 4.02 })).toEqual({
      startTimestamp: '00:00:02',
      endTimestamp: '00:00:04',
    });
    expect(selectionTimestamps({ start: 1.98, end: 2.1 })).toEqual({
      startTimestamp: '00:00:02',
      endTimestamp: '00:00:03',
    });
  });

  it('maps the keys as coaches know them (L plays and speeds up, K pauses, J slows) and the speeds 0.1 to 2', () => {
    expect(keyAction(',')).toEqual({ kind: 'step', seconds: -0.04 });
    expect(keyAction('ArrowRight')).toEqual({ kind: 'step', seconds: 0.04 });
    expect(keyAction('x')).toBeNull();
    expect(keyAction('l')).toEqual({ kind: 'forward' });
    expect(keyAction('K')).toEqual({ kind: 'pause' });
    expect(keyAction('j')).toEqual({ kind: 'slower' });
    expect(nextSpeed(1, 'faster')).toBe(2);
    expect(nextSpeed(2, 'faster')).toBe(2);
    expect(nextSpeed(1, 'slower')).toBe(0.5);
    expect(nextSpeed(0.5, 'slower')).toBe(0.25);
    expect(nextSpeed(0.25, 'slower')).toBe(0.1);
    expect(nextSpeed(0.1, 'slower')).toBe(0.1);
    expect(nextSpeed(0.5, 'normal')).toBe(1);
  });

  it('loops a selection: back to its start once it reaches its end', () => {
    const selection = { start: 2, end: 4 };
    expect(loopBack(3, selection, true)).toBeNull();
    expect(loopBack(4.01, selection, true)).toBe(2);
    expect(loopBack(4.01, selection, false)).toBeNull();
    expect(loopBack(4.01, null, true)).toBeNull();
  });

  it('relabels, splits and moves the boundaries of the ribbon, never past a neighbour', () => {
    const ribbon = RESULT.positionTimeline ?? [];
    expect(relabelBand(ribbon, 0, 'half-guard', null)[0]).toEqual({
      position: 'half-guard',
      top: 'student',
      start: 0,
      end: 20,
      confidence: 1,
    });
    expect(relabelBand(ribbon, 2, 'scramble', 'student')[2]).toMatchObject({ position: 'scramble', top: null });
    expect(splitBand(ribbon, 1, 30).map((band) => [band.start, band.end])).toEqual([
      [0, 20],
      [20, 30],
      [30, 40],
      [40, 95],
    ]);
    expect(splitBand(ribbon, 1, 20.2)).toEqual(ribbon);
    expect(moveBoundary(ribbon, 0, 25).map((band) => [band.start, band.end])).toEqual([
      [0, 25],
      [25, 40],
      [40, 95],
    ]);
    expect(moveBoundary(ribbon, 0, 60)[0]?.end).toBe(39.5);
  });

  it("drops duplicate drills whose related technique is 'Generic' beyond the first", () => {
    expect(visibleDrills(RESULT.drills).map((drill) => drill.id)).toEqual([1]);
  });
});

describe('ReviewPage', () => {
  it('shows the player, the position ribbon, the fighter and the three tabs', async () => {
    stubFetch(routes());
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    expect(await screen.findByRole('tab', { name: 'Identified Techniques' })).toHaveAttribute('aria-selected', 'true');
    // The uploader edits the ribbon: its bands are buttons.
    expect(screen.getByRole('group', { name: /^Positions through the roll/ })).toBeVisible();
    expect(screen.getByText('Mount')).toBeVisible();
    expect(await screen.findByText('Blue')).toBeVisible();
    expect(screen.getByText('165 cm')).toBeVisible();
    expect(screen.getByText('2 to 5 years')).toBeVisible();
    // Its marker on the timeline and its row in the list.
    expect(screen.getAllByRole('button', { name: 'Jump to Sweep from closed guard at 00:00:38' })).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: 'Suggested Drills' }));
    expect(screen.getAllByText('Shrimping')).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Overall Analysis' }));
    expect(screen.getByText('Spent 35 s under mount without escaping.')).toBeVisible();
  });

  it('says once who the findings are told for when the footage could not tell who wears the colour, even after the text is edited', async () => {
    const note =
      'Which athlete wears "red" could not be told from the footage, so the findings are told from the side of the athlete who started on the left.';
    const alike: AnalysisResult = {
      ...RESULT,
      overallDescription: `Analysed 0:46 of rolling at 2 frames a second. ${note}`,
      athletes: { found: 2, studentIdentified: false, note },
    };
    stubFetch({ ...routes(), 'GET /vid/api/video/7/feedback': () => json(200, alike) });
    const view = await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Overall Analysis' }));
    // The overall text says it: the note is not set apart a second time.
    expect(screen.getAllByText(note, { exact: false })).toHaveLength(1);
    view.unmount();

    // A coach rewrote the overall text without it: the note is set apart, so it is still said.
    stubFetch({
      ...routes(),
      'GET /vid/api/video/7/feedback': () => json(200, { ...alike, overallDescription: 'Patient from the top.' }),
    });
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Overall Analysis' }));
    expect(screen.getByText('Patient from the top.')).toBeVisible();
    expect(screen.getByText(note)).toBeVisible();
  });

  it("says in words where the video was analysed, never the analyser's technical name", async () => {
    const local: AnalysisResult = {
      ...RESULT,
      analyzer: { name: 'openmat-local', version: '1.0 (movenet-multipose, tfjs 4.22.0 wasm)' },
    };
    stubFetch({ ...routes(), 'GET /vid/api/video/7/feedback': () => json(200, local) });
    const view = await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Overall Analysis' }));
    expect(screen.getByText('Analysed on this server')).toBeVisible();
    expect(screen.queryByText(/openmat-local|movenet|tfjs/)).toBeNull();
    view.unmount();

    const byModel: AnalysisResult = {
      ...RESULT,
      analyzer: { name: 'qwen2.5-vl:7b', version: 'OpenAI-compatible API' },
    };
    stubFetch({ ...routes(), 'GET /vid/api/video/7/feedback': () => json(200, byModel) });
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7', language: 'pl' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Analiza ogólna' }));
    expect(screen.getByText('Przeanalizowano z pomocą modelu AI')).toBeVisible();
    expect(screen.queryByText(/qwen|OpenAI/)).toBeNull();
  });

  it('starts at the moment a link asks for (a technique search clip), once the video has loaded', async () => {
    stubFetch(routes());
    await renderWithApp(<ReviewPage videoId={7} startAt={38} />, { path: '/video-review/7?t=38' });
    const player = await screen.findByTestId('review-player');
    const video = player.querySelector('video');
    if (!video) throw new Error('no video element');
    // jsdom plays nothing: the element's clock is a plain value here.
    let currentTime = 0;
    Object.defineProperty(video, 'duration', { value: 95 });
    Object.defineProperty(video, 'currentTime', {
      get: () => currentTime,
      set: (value: number) => (currentTime = value),
    });
    fireEvent.loadedMetadata(video);
    expect(currentTime).toBe(38);
    expect(screen.getByTestId('review-time')).toHaveTextContent('0:38 / 1:35');
  });

  it('adds a technique from a dragged selection, saves it, and shows what the server answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    const http = stubFetch(routes(() => new Promise<Response>((resolve) => (answer = resolve))));
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    const timeline = await screen.findByTestId('review-timeline');
    vi.spyOn(timeline, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 48));
    Object.defineProperty(timeline, 'setPointerCapture', { value: () => undefined });
    // The video's own length is not known in jsdom: the list's 95 s stands in.
    fireEvent.pointerDown(timeline, { clientX: 100, button: 0, pointerId: 1 });
    fireEvent.pointerMove(timeline, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(timeline, { clientX: 160, pointerId: 1 });
    expect(screen.getByTestId('review-selection-text')).toHaveTextContent('Selected: 00:00:24 – 00:00:38');
    expect(screen.getByLabelText('Start')).toHaveValue('00:00:24');

    await user.type(screen.getByLabelText('Technique name'), 'Scissor sweep');
    await user.click(screen.getByRole('button', { name: 'Add technique' }));
    expect(await screen.findByText('Saving changes...', { selector: 'p' })).toBeVisible();
    const sent = http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body;
    expect(sent).toEqual({
      techniques: [
        RESULT.techniques[0],
        expect.objectContaining({ name: 'Scissor sweep', startTimestamp: '00:00:24', endTimestamp: '00:00:38' }),
      ],
    });
    const saved = {
      ...RESULT,
      techniques: [...RESULT.techniques, { ...RESULT.techniques[0], id: 2, name: 'Scissor sweep (saved)' }],
    };
    answer(json(200, saved));
    await closeAlert(user, 'Changes saved successfully!');
    expect(screen.getByText('Scissor sweep (saved)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(screen.getByRole('button', { name: 'Add technique' })).toBeDisabled();
  });

  it('renames with Enter, cancels with Escape, and says why a save failed', async () => {
    const http = stubFetch(
      routes(() =>
        problem(403, 'Only the uploader and instructors it was shared with may analyse or edit this video.'),
      ),
    );
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.click(await screen.findByRole('button', { name: 'Rename Sweep from closed guard' }));
    await user.type(screen.getByRole('textbox', { name: 'New name for Sweep from closed guard' }), ' x{Escape}');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Rename Sweep from closed guard' }));
    const field = screen.getByRole('textbox', { name: 'New name for Sweep from closed guard' });
    await user.clear(field);
    await user.type(field, 'Hip bump sweep{Enter}');
    await closeAlert(
      user,
      'Error saving changes: Only the uploader and instructors it was shared with may analyse or edit this video.',
    );
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body).toEqual({
      techniques: [{ ...RESULT.techniques[0], name: 'Hip bump sweep' }],
    });
  });

  it("names technique types in the reader's language and keeps the stored value", async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7', language: 'pl' });
    expect(await screen.findByText(/^Zamiatanie · /, { selector: 'p' })).toBeVisible();
    const picker = screen.getByRole('combobox', { name: 'Rodzaj' });
    expect(within(picker).getByRole('option', { name: 'Przejście gardy' })).toHaveValue('Guard Pass');
    await user.selectOptions(picker, 'Obalenie');
    expect(picker).toHaveValue('Takedown');
  });

  it("names the areas for improvement in the reader's language, never by their stored code", async () => {
    const coachNote = { description: 'Breathe', weaknessCategory: 'coach', relatedTechniqueId: null, keywords: [] };
    stubFetch({
      ...routes(),
      'GET /vid/api/video/7/feedback': () =>
        json(200, { ...RESULT, areasForImprovement: [...RESULT.areasForImprovement, coachNote] }),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7', language: 'pl' });
    await user.click(await screen.findByRole('tab', { name: 'Analiza ogólna' }));
    expect(screen.getByText('Ucieczki z dołu · escapes')).toBeVisible();
    expect(screen.getByText('Uwaga trenera')).toBeVisible();
    expect(screen.queryByText(/escapes-from-bottom/)).toBeNull();
  });

  it("names the 'Generic' drills in the reader's language and keeps the stored name", async () => {
    const http = stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7', language: 'pl' });
    await user.click(await screen.findByRole('tab', { name: 'Proponowane ćwiczenia' }));
    expect(screen.getByText(/do: Ogólne$/)).toBeVisible();
    expect(screen.queryByText(/Generic/)).toBeNull();
    const picker = screen.getByLabelText('Powiązana technika');
    expect(within(picker).getByRole('option', { name: 'Ogólne' })).toHaveValue('generic');
    await user.type(screen.getByLabelText('Nazwa ćwiczenia'), 'Mostek');
    await user.selectOptions(picker, 'Ogólne');
    await user.click(screen.getByRole('button', { name: 'Dodaj ćwiczenie' }));
    await waitFor(() => expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(1));
    const drills = (http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body as { drills: unknown[] }).drills;
    expect(drills.at(-1)).toMatchObject({ name: 'Mostek', relatedTechniqueId: null, relatedTechniqueName: 'Generic' });
  });

  it("shows a video that cannot load as the page's error, with a way to try again and a way back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    stubFetch({
      ...routes(),
      'GET /vid/api/video/7': () =>
        failing
          ? new Response(
              JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'There is no video 7.' }),
              {
                status: 404,
                statusText: 'Not Found',
                headers: { 'content-type': 'application/problem+json' },
              },
            )
          : json(200, VIDEO),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    // The status text, as the spec words it, not the bare number; and what the server said.
    expect(await screen.findByRole('heading', { name: 'Error fetching video details: Not Found' })).toBeVisible();
    expect(screen.getByText('There is no video 7.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Your videos' })).toHaveAttribute('href', '/video-analysis');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Identified Techniques' })).toBeVisible();
  });

  it('deletes a drill after asking, with the copies the list folds into it', async () => {
    const http = stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.click(await screen.findByRole('tab', { name: 'Suggested Drills' }));
    await user.click(screen.getByRole('button', { name: 'Delete Shrimping' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Shrimping?' })).getByRole('button', { name: 'Delete' }),
    );
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body).toEqual({ drills: [] });
  });

  it('asks for a related technique before adding a drill', async () => {
    const http = stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.click(await screen.findByRole('tab', { name: 'Suggested Drills' }));
    await user.type(screen.getByLabelText('Drill name'), 'Hip escape ladder');
    await user.click(screen.getByRole('button', { name: 'Add drill' }));
    await closeAlert(user, 'Please select a related Technique for this Drill');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Related technique'), 'Sweep from closed guard');
    await user.click(screen.getByRole('button', { name: 'Add drill' }));
    await waitFor(() => expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(1));
    const drills = (http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body as { drills: unknown[] }).drills;
    expect(drills.at(-1)).toMatchObject({
      name: 'Hip escape ladder',
      relatedTechniqueId: 1,
      relatedTechniqueName: 'Sweep from closed guard',
    });
    await closeAlert(user, 'Changes saved successfully!');
  });

  it('records Helpful and Not Helpful', async () => {
    const http = stubFetch({
      ...routes(),
      'POST /vid/api/video/7/analysis/feedback': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.click(await screen.findByRole('button', { name: 'Not Helpful' }));
    await closeAlert(user, 'Feedback recorded: Not Helpful');
    expect(within(document.body).queryByRole('alertdialog')).toBeNull();
    expect(http.callsTo('POST /vid/api/video/7/analysis/feedback').map((call) => call.body)).toEqual([
      { helpful: false },
    ]);
    expect(screen.getByRole('button', { name: 'Not Helpful' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says in place when the feedback was not recorded', async () => {
    stubFetch({
      ...routes(),
      'POST /vid/api/video/7/analysis/feedback': () => problem(404, 'No analysis of video 7 exists yet.'),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.click(await screen.findByRole('button', { name: /^Helpful$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your feedback was not recorded: No analysis of video 7 exists yet.',
    );
  });
});

/** jsdom plays nothing: a player whose play, pause, clock and speed are plain values, with their events. */
async function fakePlayer() {
  const player = await screen.findByTestId('review-player');
  const video = player.querySelector('video');
  if (!video) throw new Error('no video element');
  const state = { paused: true, currentTime: 0, playbackRate: 1 };
  Object.defineProperty(video, 'duration', { value: 95 });
  Object.defineProperty(video, 'paused', { get: () => state.paused });
  Object.defineProperty(video, 'currentTime', {
    get: () => state.currentTime,
    set: (value: number) => (state.currentTime = value),
  });
  Object.defineProperty(video, 'playbackRate', {
    get: () => state.playbackRate,
    set: (value: number) => (state.playbackRate = value),
  });
  const play = vi.fn(async () => {
    state.paused = false;
    fireEvent.play(video);
  });
  const pause = vi.fn(() => {
    state.paused = true;
    fireEvent.pause(video);
  });
  Object.defineProperty(video, 'play', { value: play });
  Object.defineProperty(video, 'pause', { value: pause });
  fireEvent.loadedMetadata(video);
  return { video, state, play, pause };
}

describe('ReviewPage as coaches use it', () => {
  it('answers the keys as soon as the page opens: L plays then speeds up, K pauses, J slows down', async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    const { state, play, pause } = await fakePlayer();
    // Nothing was clicked or focused first.
    await user.keyboard('l');
    expect(play).toHaveBeenCalledTimes(1);
    await user.keyboard('l');
    expect(state.playbackRate).toBe(2);
    expect(screen.getByRole('button', { name: '2×' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('k');
    expect(pause).toHaveBeenCalledTimes(1);
    await user.keyboard('jjj');
    expect(state.playbackRate).toBe(0.25);
    await user.keyboard('j');
    expect(screen.getByRole('button', { name: '0.1×' })).toHaveAttribute('aria-pressed', 'true');
    // Typing in a field is typing.
    await user.type(screen.getByLabelText('Technique name'), 'l');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('works without a mouse: Space presses the focused button, and the focused timeline moves the playhead', async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    const { state, play } = await fakePlayer();
    // Space on a tab opens the tab; it does not play the video.
    screen.getByRole('tab', { name: 'Overall Analysis' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('tab', { name: 'Overall Analysis' })).toHaveAttribute('aria-selected', 'true');
    expect(play).not.toHaveBeenCalled();
    // The timeline takes the focus with Tab's order and moves the playhead as a slider does.
    const timeline = screen.getByRole('slider', { name: 'Timeline: click to jump, drag to select' });
    expect(timeline).toHaveAttribute('tabindex', '0');
    timeline.focus();
    await user.keyboard('{End}');
    expect(state.currentTime).toBe(95);
    await user.keyboard('{ArrowLeft}');
    expect(state.currentTime).toBe(94);
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}{PageDown}{Home}{ArrowRight}');
    expect(state.currentTime).toBe(1);
    // Away from buttons, Space still plays.
    timeline.blur();
    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('makes the drawing colours one Tab stop, chosen with the arrow keys without moving the playhead', async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7' });
    const { state } = await fakePlayer();
    state.currentTime = 10;
    const colours = within(screen.getByRole('toolbar', { name: 'Draw on the paused frame' })).getByRole('radiogroup', {
      name: 'Colour',
    });
    const radio = (name: string) => within(colours).getByRole('radio', { name });
    expect(radio('Red')).toHaveAttribute('aria-checked', 'true');
    // Tab reaches the chosen colour from the last shape, and the next Tab leaves the colours: one stop for four.
    within(screen.getByRole('toolbar', { name: 'Draw on the paused frame' }))
      .getByRole('button', { name: 'Circle' })
      .focus();
    await user.tab();
    expect(radio('Red')).toHaveFocus();
    await user.tab();
    expect(
      within(colours)
        .queryAllByRole('radio')
        .some((each) => each === document.activeElement),
    ).toBe(false);
    await user.tab({ shift: true });
    expect(radio('Red')).toHaveFocus();
    // Pressed as a person does, let go after the focus has moved (the group moves it a tick after the key).
    const press = async (key: string) => {
      await user.keyboard(`{${key}>}`);
      await user.keyboard(`{/${key}}`);
    };
    await press('ArrowRight');
    expect(radio('Yellow')).toHaveFocus();
    expect(radio('Yellow')).toHaveAttribute('aria-checked', 'true');
    await press('ArrowLeft');
    await press('ArrowLeft');
    expect(radio('White')).toHaveAttribute('aria-checked', 'true');
    expect(state.currentTime).toBe(10);
  });

  it('loops a dragged selection', async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    const { video, state } = await fakePlayer();
    expect(screen.getByRole('button', { name: 'Loop' })).toBeDisabled();
    const timeline = screen.getByTestId('review-timeline');
    vi.spyOn(timeline, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 950, 48));
    Object.defineProperty(timeline, 'setPointerCapture', { value: () => undefined });
    fireEvent.pointerDown(timeline, { clientX: 20, button: 0, pointerId: 1 });
    fireEvent.pointerMove(timeline, { clientX: 40, pointerId: 1 });
    fireEvent.pointerUp(timeline, { clientX: 40.2, pointerId: 1 });
    // 2.0 to 4.0 seconds keeps its seconds.
    expect(screen.getByTestId('review-selection-text')).toHaveTextContent('Selected: 00:00:02 – 00:00:04');
    await user.click(screen.getByRole('button', { name: 'Loop' }));
    expect(screen.getByRole('button', { name: 'Loop' })).toHaveAttribute('aria-pressed', 'true');
    expect(state.currentTime).toBe(2);
    state.currentTime = 4.05;
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(state.currentTime).toBe(2));
    state.currentTime = 3;
    fireEvent.timeUpdate(video);
    expect(state.currentTime).toBe(3);
  });

  it('offers every speed from 0.1 to 2', async () => {
    stubFetch(routes());
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    const speeds = within(await screen.findByRole('group', { name: 'Playback speed' })).getAllByRole('button');
    expect(speeds.map((button) => button.textContent)).toEqual(['0.1×', '0.25×', '0.5×', '1×', '2×']);
  });
});

describe('ReviewPage for the athlete', () => {
  const sharedWithStudent = makeUploadedVideo({
    analysis: { status: 'completed', progress: 1, message: null },
    uploadedByYou: false,
  });

  it('lets the coach relabel a band of the ribbon in its menu, and move a boundary with the keys, saved once when the keys rest', async () => {
    // The server answers the analysis as corrected.
    const http = stubFetch(routes((call) => json(200, { ...RESULT, ...(call.body as Partial<AnalysisResult>) })));
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.click(await screen.findByRole('button', { name: 'Closed guard, Partner on top, 0:20–0:40: correct' }));
    const menu = screen.getByRole('dialog', { name: 'Band 0:20–0:40' });
    await user.selectOptions(within(menu).getByLabelText('Position'), 'Half guard');
    await user.selectOptions(within(menu).getByLabelText('On top'), 'You on top');
    await user.click(within(menu).getByRole('button', { name: 'Apply' }));
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body).toEqual({
      positionTimeline: [
        RESULT.positionTimeline?.[0],
        { position: 'half-guard', top: 'student', start: 20, end: 40, confidence: 1 },
        RESULT.positionTimeline?.[2],
      ],
    });

    // The boundary between standing and closed guard, moved with the arrow key held for three steps of half a
    // second, then pressed twice more quickly: it moves on screen as the key repeats, and the quick presses
    // are one move, saved once when the keys rest (each press a save of its own sent two saves on one
    // revision, and the server refused the second as changed by someone else).
    const boundary = screen.getByRole('slider', { name: 'Boundary from Standing to Half guard: arrow keys move it' });
    boundary.focus();
    await user.keyboard('{ArrowRight>3}');
    expect(boundary).toHaveAttribute('aria-valuenow', '21.5');
    await user.keyboard('{/ArrowRight}{ArrowRight}{ArrowRight}');
    expect(boundary).toHaveAttribute('aria-valuenow', '22.5');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(1);
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(2);
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[1]?.body).toEqual({
      positionTimeline: [
        { ...RESULT.positionTimeline?.[0], end: 22.5 },
        { position: 'half-guard', top: 'student', start: 22.5, end: 40, confidence: 1 },
        RESULT.positionTimeline?.[2],
      ],
    });
    // Enter saves a move at once.
    const moved = screen.getByRole('slider', { name: 'Boundary from Standing to Half guard: arrow keys move it' });
    moved.focus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(3);
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[2]?.body).toMatchObject({
      positionTimeline: [{ end: 22 }, { start: 22 }, {}],
    });

    // Marked unclear from the same menu: nobody on top.
    await user.click(screen.getByRole('button', { name: 'Mount, You on top, 0:40–1:35: correct' }));
    await user.click(screen.getByRole('button', { name: 'Mark unclear' }));
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[3]?.body).toMatchObject({
      positionTimeline: [{}, {}, { position: 'unclear', top: null, start: 40, end: 95 }],
    });
  });

  it('keeps Tab inside an open band menu and gives the focus back to its band when it closes', async () => {
    stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    const band = await screen.findByRole('button', { name: 'Closed guard, Partner on top, 0:20–0:40: correct' });
    band.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('dialog', { name: 'Band 0:20–0:40' });
    const position = within(menu).getByLabelText('Position');
    expect(position).toHaveFocus();
    // Split is disabled at 0:00, so Cancel is the menu's last stop; Tab from there comes round to the position.
    within(menu).getByRole('button', { name: 'Cancel' }).focus();
    await user.tab();
    expect(position).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(menu).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Band 0:20–0:40' })).not.toBeInTheDocument();
    expect(band).toHaveFocus();
  });

  it('says it is not sure who is on top of a position the analysis named without a top', async () => {
    const unsure: AnalysisResult = {
      ...RESULT,
      positionTimeline: [{ position: 'half-guard', top: null, start: 0, end: 95, confidence: 0.7 }],
    };
    stubFetch({ ...routes(), 'GET /vid/api/video/7/feedback': () => json(200, unsure) });
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    expect(
      await screen.findByRole('button', { name: 'Half guard, Not sure who is on top, 0:00–1:35: correct' }),
    ).toBeVisible();
  });

  it('retypes, re-times from a selection and deletes a technique, and rewrites the texts', async () => {
    const http = stubFetch(routes());
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    const sweep = RESULT.techniques[0];
    await user.selectOptions(await screen.findByLabelText('Type of Sweep from closed guard'), 'Escape');
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body).toEqual({
      techniques: [{ ...sweep, techniqueType: { name: 'Escape', positionalScenarioId: 2 } }],
    });

    const retime = screen.getByRole('button', { name: 'Re-time Sweep from closed guard from the selection' });
    expect(retime).toBeDisabled();
    const timeline = screen.getByTestId('review-timeline');
    vi.spyOn(timeline, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 48));
    Object.defineProperty(timeline, 'setPointerCapture', { value: () => undefined });
    fireEvent.pointerDown(timeline, { clientX: 100, button: 0, pointerId: 1 });
    fireEvent.pointerMove(timeline, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(timeline, { clientX: 160, pointerId: 1 });
    await user.click(retime);
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[1]?.body).toEqual({
      techniques: [{ ...sweep, startTimestamp: '00:00:24', endTimestamp: '00:00:38' }],
    });

    // Deleting asks first: Cancel keeps it, Delete removes it.
    await user.click(screen.getByRole('button', { name: 'Delete Sweep from closed guard' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete Sweep from closed guard?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Delete Sweep from closed guard' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Sweep from closed guard?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[2]?.body).toEqual({ techniques: [] });

    await user.click(screen.getByRole('tab', { name: 'Overall Analysis' }));
    await user.click(screen.getByRole('button', { name: 'Edit the texts' }));
    await user.clear(screen.getByLabelText('Overall analysis'));
    await user.type(screen.getByLabelText('Overall analysis'), 'Patient from the top.');
    await user.click(screen.getByRole('button', { name: 'Remove strength 1' }));
    await user.click(screen.getByRole('button', { name: 'Add a strength' }));
    await user.type(screen.getByLabelText('Strength 1'), 'Calm under mount');
    await user.click(screen.getByRole('button', { name: 'Save texts' }));
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[3]?.body).toEqual({
      overallDescription: 'Patient from the top.',
      strengths: [{ description: 'Calm under mount', relatedTechniqueId: null }],
      areasForImprovement: RESULT.areasForImprovement,
    });
  });

  it("adds a coach's comment at the playhead, shown as a marker and in the list", async () => {
    const commented = { ...RESULT, comments: [{ id: 1, time: 0, text: 'Grip first', authorName: 'Coach Ana' }] };
    const http = stubFetch(routes(() => json(200, commented)));
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.type(await screen.findByLabelText('Comment at 0:00'), 'Grip first');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body).toEqual({
      comments: [{ time: 0, text: 'Grip first' }],
    });
    expect(screen.getByRole('button', { name: 'Comment at 0:00: Grip first' })).toBeVisible();
    expect(within(screen.getByTestId('review-comments')).getByText('Coach Ana')).toBeVisible();
  });

  it('names the revision it read when it saves, and when someone else changed the analysis meanwhile keeps the comment typed and reads it again', async () => {
    const changed =
      'Someone else changed this analysis since you opened it. It has been loaded again: make your change again.';
    const theirs = { ...RESULT, overallDescription: 'Rewritten by the other coach.' };
    const commented = { ...theirs, comments: [{ id: 1, time: 0, text: 'Grip first', authorName: 'Coach Ana' }] };
    const http = stubFetch({
      ...routes(),
      'GET /vid/api/video/7/feedback': [
        () => json(200, RESULT, { etag: '"r1"' }),
        () => json(200, theirs, { etag: '"r2"' }),
      ],
      'PATCH /vid/api/video/7/analysis': [() => problem(412, changed), () => json(200, commented, { etag: '"r3"' })],
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.type(await screen.findByLabelText('Comment at 0:00'), 'Grip first');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await closeAlert(user, `Error saving changes: ${changed}`);
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.headers['if-match']).toBe('"r1"');
    // What was typed is still there, and the page shows the analysis as it is now.
    expect(screen.getByLabelText('Comment at 0:00')).toHaveValue('Grip first');
    await waitFor(() => expect(http.callsTo('GET /vid/api/video/7/feedback')).toHaveLength(2));
    await user.click(screen.getByRole('tab', { name: 'Overall Analysis' }));
    expect(await screen.findByText('Rewritten by the other coach.')).toBeVisible();

    // Sent again, it names the revision read since, and goes through.
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[1]?.headers['if-match']).toBe('"r2"');
    expect(screen.getByLabelText('Comment at 0:00')).toHaveValue('');
  });

  it('shows an analysis that finishes while the page is open', async () => {
    const http = stubFetch({
      ...routes(),
      'GET /vid/api/video/7/feedback': [
        () => problem(404, 'No analysis exists yet for video 7.'),
        () => json(200, RESULT),
      ],
    });
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    expect(
      await screen.findByText(
        'This video has no analysis yet. Start one from Video Analysis; it appears here when it is done.',
      ),
    ).toBeVisible();
    // Another video's news changes nothing here.
    act(() => deliver('AnalysisCompleted', [8]));
    act(() => deliver('AnalysisCompleted', [7]));
    expect(await screen.findByRole('button', { name: 'Rename Sweep from closed guard' })).toBeVisible();
    expect(http.callsTo('GET /vid/api/video/7/feedback')).toHaveLength(2);
  });

  it('tells a student whose video has no analysis yet in a plain note, not an error, with no hint to add techniques', async () => {
    stubFetch({
      ...routes(),
      'GET /vid/api/video/7/feedback': () => problem(404, 'No analysis exists yet for video 7.'),
    });
    await renderWithApp(<ReviewPage videoId={7} viewerRole={0} />, { path: '/video-review/7' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This video has no analysis yet. Start one from Video Analysis; it appears here when it is done.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Drag on the timeline to select a stretch for a new technique.')).toBeNull();
    expect(screen.getByText('Drag on the timeline to select a stretch, then loop it.')).toBeVisible();
  });

  it('keeps the texts being edited open, as typed, when the save fails', async () => {
    stubFetch(routes(() => problem(400, 'The overall analysis is too long.')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} />, { path: '/video-review/7' });
    await user.click(await screen.findByRole('tab', { name: 'Overall Analysis' }));
    await user.click(screen.getByRole('button', { name: 'Edit the texts' }));
    await user.clear(screen.getByLabelText('Overall analysis'));
    await user.type(screen.getByLabelText('Overall analysis'), 'Patient from the top.');
    await user.click(screen.getByRole('button', { name: 'Save texts' }));
    await closeAlert(user, 'Error saving changes: The overall analysis is too long.');
    expect(screen.getByLabelText('Overall analysis')).toHaveValue('Patient from the top.');
  });

  it('shows the athlete the ribbon and the comments read-only', async () => {
    const commented = { ...RESULT, comments: [{ id: 1, time: 30, text: 'Frame on the hip', authorName: 'Coach Ana' }] };
    const http = stubFetch({
      ...routes(),
      'GET /vid/api/video/7': () => json(200, sharedWithStudent),
      'GET /vid/api/video/7/feedback': () => json(200, commented),
    });
    await renderWithApp(<ReviewPage videoId={7} viewerRole={0} />, { path: '/video-review/7' });
    expect(await screen.findByRole('img', { name: 'Positions through the roll' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /: correct$/ })).toBeNull();
    expect(screen.queryByRole('slider', { name: /^Boundary/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Comment at 0:30: Frame on the hip' })).toBeVisible();
    expect(within(screen.getByTestId('review-comments')).getByText('Frame on the hip')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete the comment/ })).toBeNull();
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toEqual([]);
  });

  it('is read-only for a student it was shared with: the findings without the editor, and a reader’s title', async () => {
    stubFetch({ ...routes(), 'GET /vid/api/video/7': () => json(200, sharedWithStudent) });
    const user = userEvent.setup();
    await renderWithApp(
      <ReviewPage videoId={7} viewerRole={0} header={(mode) => <h1>{mode === 'edit' ? 'Editor' : 'Reader'}</h1>} />,
      { path: '/video-review/7' },
    );
    expect(await screen.findByRole('heading', { name: 'Reader' })).toBeVisible();
    expect(screen.getByText('Sweep from closed guard')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Rename/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add technique' })).toBeNull();
    expect(screen.queryByLabelText('Technique name')).toBeNull();
    expect(screen.queryByLabelText('Type of Sweep from closed guard')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Sweep from closed guard' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Suggested Drills' }));
    expect(screen.queryByRole('button', { name: 'Add drill' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Overall Analysis' }));
    expect(screen.queryByRole('button', { name: 'Edit the texts' })).toBeNull();
    // Still theirs to judge.
    expect(screen.getByRole('button', { name: 'Not Helpful' })).toBeVisible();
  });

  it('lets an instructor it was shared with edit, with the editor’s title', async () => {
    stubFetch({ ...routes(), 'GET /vid/api/video/7': () => json(200, sharedWithStudent) });
    await renderWithApp(
      <ReviewPage videoId={7} viewerRole={1} header={(mode) => <h1>{mode === 'edit' ? 'Editor' : 'Reader'}</h1>} />,
      { path: '/video-review/7' },
    );
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add technique' })).toBeVisible();
    // Only the uploader names the athlete.
    expect(screen.queryByRole('combobox', { name: 'Athlete' })).toBeNull();
  });

  it("shows the athlete's figures only as the server sent them, or 'Athlete not named', in Polish too", async () => {
    const teammate = makeUploadedVideo({
      uploadedByYou: false,
      athlete: {
        id: 3,
        fighterName: 'Ana Souza',
        height: null,
        weight: null,
        bmi: null,
        gender: null,
        birthdate: null,
        fighterRole: 'Student',
        maxWorkoutDuration: null,
        beltColor: 'Blue',
        experience: null,
      },
    });
    stubFetch({ ...routes(), 'GET /vid/api/video/7': () => json(200, teammate) });
    const view = await renderWithApp(<ReviewPage videoId={7} viewerRole={0} />, { path: '/video-review/7' });
    expect(await screen.findByText('Ana Souza')).toBeVisible();
    expect(screen.queryByText(/ cm$/)).toBeNull();
    view.unmount();

    stubFetch({
      ...routes(),
      'GET /vid/api/video/7': () => json(200, { ...teammate, fighterId: null, athlete: null }),
    });
    await renderWithApp(<ReviewPage videoId={7} viewerRole={0} />, { path: '/video-review/7', language: 'pl' });
    expect(await screen.findByText('Nie wskazano zawodnika')).toBeVisible();
  });

  it('lets the uploading instructor name the athlete among the fighters of their rosters, or nobody', async () => {
    const http = stubFetch({
      ...routes(),
      'GET /vid/api/video/athletes': () =>
        json(200, [
          { fighterId: 3, fighterName: 'Ana Souza', beltColor: 'Blue' },
          { fighterId: 5, fighterName: 'Bianca Lima', beltColor: 'Purple' },
        ]),
      'PATCH /vid/api/video/7': () => json(200, { ...VIDEO, fighterId: null, athlete: null }),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7' });
    const picker = await screen.findByRole('combobox', { name: 'Athlete' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3));
    expect(picker).toHaveValue('3');
    await user.selectOptions(picker, 'Not named');
    expect(await screen.findByText('Athlete not named')).toBeVisible();
    // Who the student is in the picture is still said.
    expect(screen.getByText('Student identifier').nextElementSibling).toHaveTextContent(VIDEO.studentIdentifier);
    expect(http.callsTo('PATCH /vid/api/video/7').map((call) => call.body)).toEqual([{ fighterId: null }]);
    // The outcome is a toast, whichever way it went.
    expect(await screen.findByTestId('toast')).toHaveTextContent('Athlete saved');
  });

  it('tells an athlete that could not be saved in a toast, with the reason', async () => {
    stubFetch({
      ...routes(),
      'GET /vid/api/video/athletes': () => json(200, [{ fighterId: 3, fighterName: 'Ana Souza', beltColor: 'Blue' }]),
      'PATCH /vid/api/video/7': () => problem(400, 'Fighter 9 does not train with you.'),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7' });
    const picker = await screen.findByRole('combobox', { name: 'Athlete' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(picker, 'Not named');
    expect(await screen.findByTestId('toast')).toHaveTextContent('The athlete was not changed');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  describe('what the analysis learned from the corrections', () => {
    const FIGURES = {
      version: 3,
      createdAt: '2026-11-26T12:00:00.000Z',
      videos: 4,
      correctedSeconds: 120,
      agreementAfter: 0.82,
      agreementBefore: 0.61,
      keptSeconds: 600,
      keptAfter: 0.97,
      keptBefore: 0.98,
    };

    it('tells an instructor how much it agrees with the corrections, before and after learning, in English and Polish', async () => {
      stubFetch({ ...routes(), 'GET /vid/api/analysis/adaptation': () => json(200, { adaptation: FIGURES }) });
      const view = await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7' });
      expect(
        await screen.findByText(
          'Agrees with your corrections on 82 % of corrected seconds (61 % before it learned from them)',
        ),
      ).toBeVisible();
      view.unmount();

      stubFetch({ ...routes(), 'GET /vid/api/analysis/adaptation': () => json(200, { adaptation: FIGURES }) });
      await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7', language: 'pl' });
      expect(
        await screen.findByText(
          'Analiza pozycji zgadza się z Twoimi poprawkami w 82 % poprawionych sekund (61 % zanim się z nich nauczyła)',
        ),
      ).toBeVisible();
    });

    it('says so plainly before there are any corrections', async () => {
      stubFetch({ ...routes(), 'GET /vid/api/analysis/adaptation': () => json(200, { adaptation: null }) });
      await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7' });
      expect(await screen.findByTestId('adaptation-agreement')).toHaveTextContent(
        'No corrections to learn from yet: correct a band of the positions through the roll, and the analysis learns from it.',
      );
      expect(screen.queryByText(/Agrees with your corrections/)).toBeNull();
    });

    it('tells a student nothing, and does not ask', async () => {
      const http = stubFetch({
        ...routes(),
        'GET /vid/api/video/7': () => json(200, sharedWithStudent),
        'GET /vid/api/analysis/adaptation': () => json(200, { adaptation: FIGURES }),
      });
      await renderWithApp(<ReviewPage videoId={7} viewerRole={0} />, { path: '/video-review/7' });
      expect(await screen.findByRole('img', { name: 'Positions through the roll' })).toBeVisible();
      expect(screen.queryByTestId('adaptation-agreement')).toBeNull();
      expect(http.callsTo('GET /vid/api/analysis/adaptation')).toEqual([]);
    });
  });
});
