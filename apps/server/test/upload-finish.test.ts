import { appendFile, copyFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedVideo } from '@openmat/contract/videos';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';
import { createAppOn } from './support/test-app.js';
import { makeClips, type Clips } from './support/videos.js';

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(3);
});

/**
 * A resumable upload whose finish was cut (the server stopped between the last byte and the video): it
 * is complete on disk, with no video. Finishing is keyed by the upload's id, so the client's HEAD, or
 * the sweep at the next start, makes its video once, and the complete file is never thrown away.
 */
describe.each(databaseTargets)('finishing a resumable upload after a crash on $dialect', (target) => {
  let fresh: FreshDatabase;
  let app: App;
  let base: string;
  let student: SignedIn;

  beforeAll(async () => {
    fresh = await target.create();
    app = await createAppOn(fresh);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    student = await signUp(app, { fighterName: 'Kuba Nowak' });
  });
  afterAll(async () => {
    await app.close();
    await fresh.drop();
  });

  const uploadsDir = () => path.join(fresh.dataDir, 'uploads');
  const list = async (on: App, who: SignedIn) =>
    (await on.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: who.auth })).json<
      UploadedVideo[]
    >();

  /** Sends part of `data` with the official client, then the rest straight to its file: complete, never finished. */
  async function completeButUnfinished(data: Buffer, who: SignedIn): Promise<string> {
    const url = await new Promise<string>((resolve, reject) => {
      const upload: Upload = new Upload(data, {
        endpoint: `${base}/vid/api/video/uploads`,
        headers: { authorization: who.auth.authorization },
        metadata: { filename: 'roll.mp4', filetype: 'video/mp4', studentIdentifier: 'blue gi' },
        chunkSize: 16 * 1024,
        retryDelays: [],
        onProgress: (sent) => {
          if (sent >= 16 * 1024) void upload.abort().then(() => resolve(upload.url ?? ''));
        },
        onError: reject,
      });
      upload.start();
    });
    const id = url.split('/').at(-1) ?? '';
    const head = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...who.auth } });
    const offset = Number(head.headers.get('upload-offset'));
    await appendFile(path.join(uploadsDir(), id), data.subarray(offset));
    return url;
  }

  it("answers the client's HEAD with the video it finishes then, once, and the same one again", async () => {
    const data = Buffer.concat([clips.mp4, Buffer.from('head')]);
    const url = await completeButUnfinished(data, student);
    expect(await list(app, student)).toEqual([]);
    const head = () => fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...student.auth } });
    const first = await head();
    expect(first.status).toBe(200);
    expect(first.headers.get('upload-offset')).toBe(String(data.length));
    const videos = await list(app, student);
    expect(videos).toHaveLength(1);
    expect(first.headers.get('video-id')).toBe(String(videos[0]?.id));
    // Asked again (the answer was lost too): the same video, and no second one.
    const again = await head();
    expect(again.status).toBe(200);
    expect(again.headers.get('video-id')).toBe(String(videos[0]?.id));
    expect(await list(app, student)).toHaveLength(1);
    // Nobody else learns of it.
    const other = await signUp(app);
    const theirs = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...other.auth } });
    expect(theirs.status).toBe(404);
    expect(await readdir(uploadsDir())).toEqual([]);
  });

  it('finishes a complete upload at the next start, as its owner, and never removes it unfinished', async () => {
    const data = Buffer.concat([clips.mp4, Buffer.from('sweep')]);
    await completeButUnfinished(data, student);
    expect(await list(app, student)).toHaveLength(1);
    await app.close();
    // The next start finds it and makes its video.
    app = await createAppOn(fresh);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const videos = await list(app, student);
    expect(videos).toHaveLength(2);
    expect(videos[0]).toMatchObject({ sizeBytes: data.length, studentIdentifier: 'blue gi' });
    expect(await readdir(uploadsDir())).toEqual([]);
  });

  it("answers the video, and drops the record, when a server stopped between removing a finished upload's bytes and its record", async () => {
    const data = Buffer.concat([clips.mp4, Buffer.from('half removed')]);
    const url = await completeButUnfinished(data, student);
    const id = url.split('/').at(-1) ?? '';
    const record = path.join(uploadsDir(), `${id}.json`);
    await copyFile(record, `${record}.kept`);
    // At the address of the server of the moment (it starts again below, on another port).
    const head = () =>
      fetch(`${base}/vid/api/video/uploads/${id}`, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', ...student.auth },
      });
    const first = await head();
    expect(first.status).toBe(200);
    const made = first.headers.get('video-id');
    expect(made).toMatch(/^\d+$/);
    // The server removed the bytes and stopped before the record: the record says complete, the bytes are gone.
    await copyFile(`${record}.kept`, record);
    const again = await head();
    expect(again.status).toBe(200);
    expect(again.headers.get('video-id')).toBe(made);
    expect(again.headers.get('upload-offset')).toBe(String(data.length));
    expect((await list(app, student)).filter((video) => String(video.id) === made)).toHaveLength(1);
    expect((await readdir(uploadsDir())).filter((name) => !name.endsWith('.kept'))).toEqual([]);
    // The same left-over record at the next start: the start goes on, makes no video of it, and the
    // client's HEAD still answers the video.
    await copyFile(`${record}.kept`, record);
    const before = (await list(app, student)).length;
    await app.close();
    app = await createAppOn(fresh);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    expect(await list(app, student)).toHaveLength(before);
    const after = await head();
    expect(after.status).toBe(200);
    expect(after.headers.get('video-id')).toBe(made);
    expect((await readdir(uploadsDir())).filter((name) => !name.endsWith('.kept'))).toEqual([]);
  });
});
