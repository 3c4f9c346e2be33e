import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSearchResult } from '@/features/coach/components/curriculum-fixtures';
import { problem, stubFetch } from '@/testing/fetch-stub';
import { searchTechniques, TechniqueSearchError } from './search-techniques';

const SEARCH = 'POST /vid/api/ai/search';
const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

afterEach(() => vi.restoreAllMocks());

async function failure(promise: Promise<unknown>): Promise<TechniqueSearchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TechniqueSearchError))
    throw new Error(`expected a TechniqueSearchError, got ${String(error)}`);
  return error;
}

describe('searchTechniques', () => {
  it('posts {techniqueName, trainingSessionId} and reads the text/plain JSON answer', async () => {
    const result = makeSearchResult();
    const { calls } = stubFetch({ [SEARCH]: () => text(200, JSON.stringify(result)) });
    await expect(searchTechniques({ techniqueName: 'Scissor sweep', trainingSessionId: 7 })).resolves.toEqual(result);
    expect(calls[0]?.body).toEqual({ techniqueName: 'Scissor sweep', trainingSessionId: 7 });
    expect(calls[0]?.headers.accept).toContain('text/plain');
  });

  it('reads an answer whose JSON text was encoded twice', async () => {
    const result = makeSearchResult({ youtube_videos: [] });
    stubFetch({ [SEARCH]: () => text(200, JSON.stringify(JSON.stringify(result))) });
    await expect(searchTechniques({ techniqueName: 'Armbar', trainingSessionId: 7 })).resolves.toEqual(result);
  });

  it('calls a malformed body a parse failure', async () => {
    stubFetch({ [SEARCH]: () => text(200, '{"youtube_videos": [') });
    const error = await failure(searchTechniques({ techniqueName: 'Armbar', trainingSessionId: 7 }));
    expect(error.kind).toBe('parse');
  });

  it('calls JSON of another shape a parse failure', async () => {
    stubFetch({
      [SEARCH]: [
        () => text(200, '{"videos": []}'),
        () => text(200, JSON.stringify('"just a string"')),
        () => new Response(null, { status: 204 }),
      ],
    });
    for (let answer = 0; answer < 3; answer += 1) {
      const error = await failure(searchTechniques({ techniqueName: 'Armbar', trainingSessionId: 7 }));
      expect(error.kind).toBe('parse');
    }
  });

  it('gives the body of a failed call', async () => {
    stubFetch({ [SEARCH]: [() => problem(503, 'The YouTube quota is used up for today.'), () => text(500, 'boom')] });
    const first = await failure(searchTechniques({ techniqueName: 'Armbar', trainingSessionId: 7 }));
    expect(first).toMatchObject({ kind: 'request', detail: 'The YouTube quota is used up for today.' });
    const second = await failure(searchTechniques({ techniqueName: 'Armbar', trainingSessionId: 7 }));
    expect(second).toMatchObject({ kind: 'request', detail: 'boom' });
  });
});
