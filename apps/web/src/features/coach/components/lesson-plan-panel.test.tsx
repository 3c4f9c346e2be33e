import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { useGenerateCurriculum } from '@/features/coach/api/generate-curriculum';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeCurriculum } from './curriculum-fixtures';
import { LessonPlanPanel } from './lesson-plan-panel';

const CURRICULUM = 'GET /vid/api/video/7/curriculum';
const GENERATE = 'GET /vid/api/video/session/7/generate';

afterEach(() => vi.restoreAllMocks());

describe('LessonPlanPanel', () => {
  it('loads the saved plan when the session has one', async () => {
    stubFetch({ [CURRICULUM]: () => json(200, makeCurriculum()) });
    await renderWithApp(<LessonPlanPanel sessionId={7} curriculumGenerated />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the lesson plan…');
    expect(await screen.findByRole('heading', { name: 'Closed guard: from posture break to finish' })).toBeVisible();
  });

  it('shows no plan when the server answers 204', async () => {
    stubFetch({ [CURRICULUM]: () => new Response(null, { status: 204 }) });
    await renderWithApp(<LessonPlanPanel sessionId={7} curriculumGenerated />);
    expect(await screen.findByText('No lesson plan has been generated for this session yet.')).toBeVisible();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("shows 'Failed to fetch curriculum: ' and the body, and tries again on request", async () => {
    stubFetch({
      [CURRICULUM]: [() => problem(404, 'There is no training session 7.'), () => json(200, makeCurriculum())],
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<LessonPlanPanel sessionId={7} curriculumGenerated />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch curriculum: There is no training session 7.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Closed guard: from posture break to finish' })).toBeVisible();
  });

  it('shows the raw body of a failure that is not problem details', async () => {
    stubFetch({ [CURRICULUM]: () => new Response('database is locked', { status: 500 }) });
    await renderWithApp(<LessonPlanPanel sessionId={7} curriculumGenerated />);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Failed to fetch curriculum: database is locked',
    );
  });

  it('fetches nothing before a plan exists, and shows a plan as soon as it is generated', async () => {
    const { calls } = stubFetch({ [GENERATE]: () => json(200, makeCurriculum({ session_title: 'Fresh plan' })) });
    function Harness() {
      const generate = useGenerateCurriculum(7);
      return (
        <>
          <Button onClick={() => generate.mutate()}>Generate</Button>
          <LessonPlanPanel sessionId={7} curriculumGenerated={false} />
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<Harness />);
    expect(screen.queryByRole('heading')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('heading', { name: 'Fresh plan' })).toBeVisible();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([GENERATE]);
  });
});
