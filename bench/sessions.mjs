// The session list with 1,000 sessions in the database, against /api/health in the same run.
import { load, post, report, startServer } from './lib/server.mjs';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const server = await startServer();
try {
  const coach = {
    email: 'coach@example.com',
    password: 'bench-pass-1',
    fighterRole: 'Instructor',
    fighterName: 'Bench Coach',
    height: 180,
    weight: 80,
    gender: 'Male',
    birthdate: '1985-01-01',
    maxWorkoutDuration: 5,
    experience: 2,
    beltColor: 'Black',
  };
  await post(`${server.url}/api/fighter/register`, coach);
  const { accessToken } = await post(`${server.url}/api/fighter/login`, {
    email: coach.email,
    password: coach.password,
  });
  const auth = { authorization: `Bearer ${accessToken}` };
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < SESSIONS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, SESSIONS - i) }, (_, k) =>
        post(
          `${server.url}/api/trainingsession`,
          {
            trainingDate: new Date(start + (i + k) * 3_600_000).toISOString(),
            description: `Session ${i + k}: guard retention and passing`,
            capacity: 20,
            duration: 1.5,
            status: 'Active',
            targetLevel: 'Intermediate',
          },
          auth,
        ),
      ),
    );
  }
  const listed = await (await fetch(`${server.url}/api/trainingsession`, { headers: auth })).json();
  if (listed.length !== SESSIONS) throw new Error(`expected ${SESSIONS} sessions, got ${listed.length}`);
  const health = await load(`${server.url}/api/health`);
  const list = await load(`${server.url}/api/trainingsession`, { headers: auth });
  report([
    ['baseline GET /api/health', health],
    [`GET /api/trainingsession (${SESSIONS})`, list],
  ]);
  console.log(`ratio list/health  ${(list.requests.average / health.requests.average).toFixed(4)}`);
  console.log(`list body ${(Buffer.byteLength(JSON.stringify(listed)) / 1024).toFixed(0)} KiB`);
} finally {
  await server.stop();
}
