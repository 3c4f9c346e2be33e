import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { pairClass } from './pair-class';

afterEach(() => vi.restoreAllMocks());

const input = { studentFighterIds: [1, 2], instructorFighterId: 9 };

describe('pairClass', () => {
  it('answers the matchmaker response', async () => {
    const ok = {
      isSuccessfullyParsed: true,
      suggestedPairings: { pairs: [], pairingRationale: 'x', unpairedStudent: null },
      rawFighterPairsJson: '{}',
      errorMessage: null,
    };
    const http = stubFetch({ 'POST /vid/api/video/matchmaker/4': () => json(200, ok) });
    expect(await pairClass(4, input)).toEqual(ok);
    expect(http.calls[0]?.body).toEqual(input);
  });

  it("turns a non-OK answer into 'HTTP Error <status>: <message or title>'", async () => {
    stubFetch({
      'POST /vid/api/video/matchmaker/4': () =>
        json(403, {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: 'Only the instructor who created this session may change it.',
        }),
      'POST /vid/api/video/matchmaker/5': () => json(409, { message: 'Busy' }),
    });
    expect(await pairClass(4, input)).toMatchObject({
      isSuccessfullyParsed: false,
      errorMessage: 'HTTP Error 403: Forbidden',
    });
    expect(await pairClass(5, input)).toMatchObject({ errorMessage: 'HTTP Error 409: Busy' });
  });
});
