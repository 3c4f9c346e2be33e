import { createServer, type IncomingMessage } from 'node:http';

export interface YoutubeStub {
  baseUrl: string;
  requests: URL[];
  /** What the next searches answer. */
  answer: 'videos' | 'quota' | 'bad-key';
  close(): Promise<void>;
}

/** A loopback server that speaks YouTube Data API v3's `search.list` wire format, answers and errors alike. */
export async function startYoutubeStub(): Promise<YoutubeStub> {
  const requests: URL[] = [];
  const stub: YoutubeStub = {
    baseUrl: '',
    requests,
    answer: 'videos',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    if (stub.answer === 'quota') {
      res.statusCode = 403;
      res.end(
        JSON.stringify({
          error: {
            code: 403,
            message:
              'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
            errors: [{ message: 'quota', domain: 'youtube.quota', reason: 'quotaExceeded' }],
          },
        }),
      );
      return;
    }
    if (stub.answer === 'bad-key') {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            errors: [{ reason: 'badRequest' }],
          },
        }),
      );
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    res.end(
      JSON.stringify({
        kind: 'youtube#searchListResponse',
        etag: 'etag',
        regionCode: 'PL',
        pageInfo: { totalResults: 2, resultsPerPage: 2 },
        items: [
          {
            kind: 'youtube#searchResult',
            etag: 'e1',
            id: { kind: 'youtube#video', videoId: 'abcDEF12345' },
            snippet: {
              publishedAt: '2024-05-01T10:00:00Z',
              channelId: 'c1',
              title: `${q}: the details &amp; the &quot;why&quot;`,
              description: 'A breakdown &#39;step by step&#39;',
              thumbnails: {},
              channelTitle: 'Channel',
              liveBroadcastContent: 'none',
              publishTime: '2024-05-01T10:00:00Z',
            },
          },
          {
            kind: 'youtube#searchResult',
            etag: 'e2',
            id: { kind: 'youtube#channel', channelId: 'c2' },
            snippet: { publishedAt: '2024-01-01T00:00:00Z', title: 'A channel', description: '' },
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  stub.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/youtube/v3`;
  return stub;
}
