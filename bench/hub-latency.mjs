// Notification latency of the real-time hubs: N connected hub clients, one share to R of them; the
// time from the share request to each recipient's ReceiveVideoSharedNotification, p50/p99. Baseline in
// the same run: a bare `ws` server on the same machine, where an HTTP request makes it send one
// message to R of N connected sockets. Target (issue 11): p99 under 50 ms with N = 1000, R = 100.
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { makeClip, post, signUpFighter, smoke, startServer } from './lib/server.mjs';

const CLIENTS = Number(process.env.BENCH_HUB_CLIENTS ?? (smoke ? 60 : 1000));
const RECIPIENTS = Number(process.env.BENCH_HUB_RECIPIENTS ?? (smoke ? 10 : 100));
const OTHERS = Math.max(1, Math.ceil((CLIENTS - RECIPIENTS) / 100));
const RS = '\u001e';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const describe = (values) =>
  `p50 ${percentile(values, 50).toFixed(2)} ms  p99 ${percentile(values, 99).toFixed(2)} ms  max ${Math.max(...values).toFixed(2)} ms`;

/** A hub connection speaking the SignalR JSON protocol; `onEvent` gets each invocation's target. */
function connectHub(base, token, onEvent) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${base.replace('http', 'ws')}/videoShareHub?access_token=${encodeURIComponent(token)}`,
    );
    socket.on('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
    let ready = false;
    socket.on('message', (data) => {
      for (const record of data.toString().split(RS).filter(Boolean)) {
        if (!ready) {
          ready = true;
          resolve(socket);
          continue;
        }
        const message = JSON.parse(record);
        if (message.type === 1) onEvent(message.target);
      }
    });
    socket.on('error', reject);
  });
}

async function baseline() {
  const sockets = [];
  const wss = new WebSocketServer({ noServer: true });
  const http = createServer((req, res) => {
    for (const socket of sockets.slice(0, RECIPIENTS))
      socket.send('{"type":1,"target":"ReceiveVideoSharedNotification"}');
    res.end('ok');
  });
  http.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => sockets.push(ws)));
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${http.address().port}`;
  const times = [];
  let started = 0;
  const clients = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise((resolve) => {
          const client = new WebSocket(base.replace('http', 'ws'));
          client.on('message', () => times.push(performance.now() - started));
          client.on('open', () => resolve(client));
        }),
    ),
  );
  while (sockets.length < CLIENTS) await new Promise((r) => setTimeout(r, 10));
  const rounds = smoke ? 3 : 20;
  for (let round = 0; round < rounds; round++) {
    const before = times.length;
    started = performance.now();
    await fetch(`${base}/share`);
    while (times.length < before + RECIPIENTS) await new Promise((r) => setImmediate(r));
  }
  for (const client of clients) client.terminate();
  await new Promise((resolve) => http.close(resolve));
  wss.close();
  return times;
}

const work = await mkdtemp(path.join(tmpdir(), 'openmat-hub-bench-'));
const clip = path.join(work, 'clip.mp4');
makeClip(clip, 1, '160x120');

const server = await startServer({ REGISTRATIONS_PER_HOUR: '100000' });
try {
  const signUp = (i, role) =>
    signUpFighter(server.url, {
      email: `hub-${role}-${i}@example.com`,
      fighterRole: role,
      fighterName: `${role} ${i}`,
    });
  const coach = await signUp(0, 'Instructor');
  const session = await post(
    `${server.url}/api/trainingsession`,
    {
      // Under way: sharing counts the roster of a class that has started.
      trainingDate: new Date(Date.now() - 30 * 60_000).toISOString(),
      capacity: 200,
      duration: 1.5,
      targetLevel: 'Beginner',
      description: 'Bench',
    },
    coach.auth,
  );
  const recipients = [];
  for (let i = 1; i <= RECIPIENTS; i++) {
    const student = await signUp(i, 'Student');
    await post(
      `${server.url}/api/trainingsession/${session.id}/checkin`,
      { studentIds: [student.fighterId], sessionId: session.id },
      student.auth,
    );
    recipients.push(student);
  }
  const others = [];
  for (let i = 0; i < OTHERS; i++) others.push(await signUp(1000 + i, 'Student'));

  const form = new FormData();
  form.append('videoFile', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
  form.append('studentIdentifier', 'bench');
  const uploaded = await (
    await fetch(`${server.url}/vid/api/video/upload-sparring`, { method: 'POST', headers: coach.auth, body: form })
  ).json();

  const times = [];
  let started = 0;
  const sockets = [];
  for (const student of recipients)
    sockets.push(await connectHub(server.url, student.token, () => times.push(performance.now() - started)));
  let unexpected = 0;
  for (let i = 0; sockets.length < CLIENTS; i++) {
    sockets.push(await connectHub(server.url, others[i % others.length].token, () => (unexpected += 1)));
  }
  const rounds = smoke ? 3 : 20;
  for (let round = 0; round < rounds; round++) {
    const before = times.length;
    started = performance.now();
    await post(`${server.url}/vid/api/video/${uploaded.videoId}/share`, { sessionId: session.id }, coach.auth);
    while (times.length < before + RECIPIENTS) await new Promise((r) => setImmediate(r));
  }
  for (const socket of sockets) socket.terminate();
  if (unexpected > 0) throw new Error(`${unexpected} notifications reached clients they did not concern`);

  const base = await baseline();
  console.log(`${CLIENTS} connected clients, each share to ${RECIPIENTS} of them, ${rounds} shares`);
  console.log(`baseline bare ws send      ${describe(base)}`);
  console.log(`share -> hub notification  ${describe(times)}  (target p99 < 50 ms)`);
  console.log(`ratio p99 hub/baseline  ${(percentile(times, 99) / percentile(base, 99)).toFixed(2)}`);
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
