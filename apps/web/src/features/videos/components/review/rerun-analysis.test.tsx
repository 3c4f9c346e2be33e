import type { AnalysisResult } from '@openmat/contract/analysis';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeUploadedVideo } from '../video-fixtures';
import { ReviewPage } from './review-page';

const RESULT: AnalysisResult = {
  techniques: [],
  drills: [],
  overallDescription: 'Analysed 0:10 of rolling.',
  strengths: [],
  areasForImprovement: [],
};
const VIDEO = makeUploadedVideo({ analysis: { status: 'completed', progress: 1, message: null } });

describe('running the analysis again from the review', () => {
  it("lets an editor run it again, saying the coach's work stays", async () => {
    const queued = { ...VIDEO, analysis: { status: 'queued', progress: 0, message: null } };
    const http = stubFetch({
      'GET /vid/api/video/7': [() => json(200, VIDEO), () => json(200, queued)],
      'GET /vid/api/video/7/feedback': () => json(200, RESULT),
      'POST /vid/api/video/analyze/7': () => json(202, { message: 'Analysis started.', videoId: 7 }),
    });
    const user = userEvent.setup();
    await renderWithApp(<ReviewPage videoId={7} viewerRole={1} />, { path: '/video-review/7' });
    expect(await screen.findByText(/your corrections, comments and drawings stay/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Analyse again' }));
    expect(await screen.findByText('Analysis Started')).toBeVisible();
    expect(http.callsTo('POST /vid/api/video/analyze/7')).toHaveLength(1);
    // The page reads the video again: the run is under way, and the button says so until it ends.
    expect(await screen.findByRole('button', { name: 'Queued' })).toBeDisabled();
  });

  it('offers the athlete no such button', async () => {
    stubFetch({
      'GET /vid/api/video/7': () => json(200, { ...VIDEO, uploadedByYou: false }),
      'GET /vid/api/video/7/feedback': () => json(200, RESULT),
    });
    await renderWithApp(<ReviewPage videoId={7} viewerRole={0} />, { path: '/video-review/7' });
    await screen.findByRole('heading', { name: 'Fighter details' });
    expect(screen.queryByRole('button', { name: 'Analyse again' })).toBeNull();
  });
});
