// Upload throughput of one large file through the multipart endpoint, divided by a plain streamed
// copy of the same bytes on the same disk, measured in the same run; and how much the server's memory
// (RSS) grows while it receives the file. Targets (issue 11): ratio at least 0.5, growth under 64 MB.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'node:http';
import { makeClip, signUpFighter, smoke, startServer } from './lib/server.mjs';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? (smoke ? 32 : 1024));
const work = await mkdtemp(path.join(tmpdir(), 'openmat-upload-bench-'));

/** A real recording followed by padding to the size: ffprobe reads it as a video, the bytes are many. */
async function makeFile() {
  const clip = path.join(work, 'clip.mp4');
  makeClip(clip, 2, '320x240', ['-movflags', '+faststart']);
  const file = path.join(work, 'big.mp4');
  await writeFile(file, await readFile(clip));
  const block = Buffer.alloc(8 * 1024 * 1024, 1);
  while ((await stat(file)).size < SIZE_MB * 1024 * 1024) await appendFile(file, block);
  return file;
}

function rssOf(pid) {
  return (
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim() * 1024
  );
}

const file = await makeFile();
const bytes = (await stat(file)).size;

// Baseline: the same bytes read and written by a plain stream copy on the same disk, and flushed to it, as
// the server flushes a video before it answers (a copy left in memory would be no baseline for that).
const copyStarted = performance.now();
await pipeline(createReadStream(file), createWriteStream(path.join(work, 'copy.bin')));
const copied = await open(path.join(work, 'copy.bin'), 'r');
await copied.sync();
await copied.close();
const copySeconds = (performance.now() - copyStarted) / 1000;
await rm(path.join(work, 'copy.bin'));

const server = await startServer({ VIDEO_MAX_BYTES: String(bytes * 2) });
try {
  const { token: accessToken } = await signUpFighter(server.url, { email: 'upload@example.com' });

  const boundary = '----openmat-bench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="videoFile"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="studentIdentifier"\r\n\r\nbench\r\n--${boundary}--\r\n`,
  );
  async function* body() {
    yield head;
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) yield chunk;
    yield tail;
  }

  const rssBefore = rssOf(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(server.pid));
  }, 100);
  const started = performance.now();
  // node:http with a piped file stream: the client side costs as little as the baseline's read.
  const { status: resStatus, text: answer } = await new Promise((resolve, reject) => {
    const req = request(`${server.url}/vid/api/video/upload-sparring`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + bytes + tail.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    pipeline(Readable.from(body()), req).catch(reject);
  });
  const res = { status: resStatus };
  const uploadSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssOf(server.pid));
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${answer}`);

  const mb = bytes / 1024 / 1024;
  console.log(`file ${mb.toFixed(0)} MB (a 2 s H.264 clip, padded)`);
  console.log(`baseline copy, flushed  ${copySeconds.toFixed(2)} s  ${(mb / copySeconds).toFixed(0)} MB/s`);
  console.log(
    `multipart upload       ${uploadSeconds.toFixed(2)} s  ${(mb / uploadSeconds).toFixed(0)} MB/s (hash, count, probe, store, flush)`,
  );
  console.log(`ratio upload/copy throughput  ${(copySeconds / uploadSeconds).toFixed(3)}  (target >= 0.5)`);
  console.log(
    `server RSS growth during the upload  ${((rssPeak - rssBefore) / 1024 / 1024).toFixed(1)} MB  (target < 64 MB)`,
  );
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
