import type { AnalysisResult } from '@openmat/contract/analysis';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAlert } from '@/testing/alert-dialog';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeUploadedVideo } from '../video-fixtures';
import { drawingShown, framePoint } from './frame-drawings';
import { ReviewPage } from './review-page';

const RESULT: AnalysisResult = {
  techniques: [],
  drills: [],
  overallDescription: 'Analysed 0:10 of rolling.',
  strengths: [],
  areasForImprovement: [],
  positionTimeline: [{ position: 'standing', top: null, start: 0, end: 10, confidence: 0.9 }],
};
const ARROW = { kind: 'arrow', colour: 'red', x1: 0.25, y1: 0.5, x2: 0.75, y2: 0.25 } as const;
const VIDEO = makeUploadedVideo({ analysis: { status: 'completed', progress: 1, message: null }, durationSeconds: 10 });

afterEach(() => vi.restoreAllMocks());

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

/** The layer as a 1600x900 box at the page's corner: the frame (16:9 before the video loads) fills it. */
function layer(): SVGSVGElement {
  const svg = screen.getByTestId('drawing-layer') as unknown as SVGSVGElement;
  vi.spyOn(svg, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 1600,
    height: 900,
    right: 1600,
    bottom: 900,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  svg.setPointerCapture = () => undefined;
  return svg;
}

function drag(svg: SVGSVGElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(svg, { clientX: from[0], clientY: from[1], button: 0, pointerId: 1 });
  fireEvent.pointerMove(svg, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(svg, { clientX: to[0], clientY: to[1], pointerId: 1 });
}

describe('drawing on a paused frame', () => {
  it('shows a drawing from its moment to 1.5 s after it, and maps a pointer onto a letterboxed frame', () => {
    expect(drawingShown({ time: 4 }, 4)).toBe(true);
    expect(drawingShown({ time: 4 }, 5.4)).toBe(true);
    expect(drawingShown({ time: 4 }, 5.6)).toBe(false);
    expect(drawingShown({ time: 4 }, 3.5)).toBe(false);
    // A 4:3 frame in a 16:9 box: 200 px bars either side, and a point off the frame lands on its edge.
    const box = { left: 0, top: 0, width: 1600, height: 900 };
    expect(framePoint({ x: 800, y: 450 }, box, { width: 1200, height: 900 })).toEqual({ x: 0.5, y: 0.5 });
    expect(framePoint({ x: 100, y: 450 }, box, { width: 1200, height: 900 })).toEqual({ x: 0, y: 0.5 });
  });

  it('lets the coach draw an arrow and a circle, save them at the moment, cancel with Escape and delete a drawing', async () => {
    const drawn = { ...RESULT, drawings: [{ id: 1, time: 0, shapes: [ARROW] }] };
    const http = stubFetch({
      'GET /vid/api/video/7': () => json(200, VIDEO),
      'GET /vid/api/video/7/feedback': () => json(200, RESULT),
      'PATCH /vid/api/video/7/analysis': () => json(200, drawn),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7' });
    const tools = await screen.findByRole('toolbar', { name: 'Draw on the paused frame' });

    // Escape cancels a drawing in progress: nothing is saved.
    await user.click(within(tools).getByRole('button', { name: 'Line' }));
    drag(layer(), [100, 100], [500, 500]);
    expect(screen.getByTestId('draft-drawing')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('draft-drawing')).toBeNull();
    expect(within(tools).queryByRole('button', { name: /^Save drawing/ })).toBeNull();

    await user.click(within(tools).getByRole('button', { name: 'Arrow' }));
    drag(layer(), [400, 450], [1200, 225]);
    await user.click(within(tools).getByRole('radio', { name: 'Yellow' }));
    await user.click(within(tools).getByRole('button', { name: 'Circle' }));
    drag(layer(), [800, 450], [880, 450]);
    await user.click(within(tools).getByRole('button', { name: 'Save drawing at 0:00' }));
    await closeAlert(user, 'Changes saved successfully!');
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[0]?.body).toEqual({
      drawings: [
        {
          time: 0,
          shapes: [ARROW, { kind: 'circle', colour: 'yellow', x1: 0.5, y1: 0.5, x2: 0.55, y2: 0.5 }],
        },
      ],
    });

    // Saved: on the frame at its moment, a marker on the timeline, and in the list with its delete button.
    expect(screen.getAllByTestId('frame-drawing')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Drawing at 0:00' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete the drawing at 0:00' }));
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(1);
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this drawing?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toHaveLength(2));
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')[1]?.body).toEqual({ drawings: [] });
  });

  it('shows the athlete the drawing at its moment, read-only, and not long after it', async () => {
    const drawn = {
      ...RESULT,
      drawings: [
        { id: 1, time: 0, shapes: [ARROW] },
        { id: 2, time: 8, shapes: [{ ...ARROW, kind: 'circle' }] },
      ],
    };
    const http = stubFetch({
      'GET /vid/api/video/7': () => json(200, { ...VIDEO, uploadedByYou: false }),
      'GET /vid/api/video/7/feedback': () => json(200, drawn),
    });
    await renderWithApp(<ReviewPage videoId={7} viewerRole={0} />, { path: '/video-review/7' });
    expect(await screen.findByRole('img', { name: 'The video frame with 1 drawing' })).toBeVisible();
    expect(screen.getAllByTestId('frame-drawing')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Drawing at 0:08' })).toBeVisible();
    expect(within(screen.getByTestId('review-drawings')).getByText('Circle')).toBeVisible();
    expect(screen.queryByRole('toolbar', { name: 'Draw on the paused frame' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete the drawing/ })).toBeNull();
    expect(http.callsTo('PATCH /vid/api/video/7/analysis')).toEqual([]);
  });
});
