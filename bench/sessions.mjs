// The session list with 100,000 sessions stored, against /api/health in the same run. Measures the
// request the session screen makes, one table page of 10, the call with no query, and a page deep in
// the history through a cursor; and, as a second baseline, the cheapest signed-in call
// (GET /api/auth/v1/manage/info), since every list request pays the same sign-in check.
// Target: the screen's request costs at most 3 times /api/health (ADR 0014).
// The sessions and their rosters go straight into the server's SQLite file: seeding through the API
// would take minutes. Uses the built server: run `npm run build -w @openmat/contract -w @openmat/server`.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import {
  get,
  load,
  report,
  signUpFighter,
  smoke,
  startServer,
  warmUp,
  writeInShortTransactions,
} from './lib/server.mjs';

const Database = createRequire(new URL('../apps/server/package.json', import.meta.url))('better-sqlite3');

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? (smoke ? 2_000 : 100_000));
/** Four classes a day; the last six weeks of them are still to come. */
const TIMES = ['07:00', '12:00', '18:00', '19:30'];
const UPCOMING = Math.min(SESSIONS, TIMES.length * 42);
const WALK_INS = 60;
/** Sessions written a transaction: a fraction of a second each. */
const SEED_BATCH = 2_000;
const TARGET = 3;

/**
 * The request of the session screen, as apps/web/src/features/sessions/api/get-sessions.ts builds it:
 * every session from the start of yesterday (local time) on, one answer of at most 100.
 */
function screenUrl(base, now = new Date()) {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).toISOString();
  return `${base}/api/trainingsession?${new URLSearchParams({ from, limit: '100' })}`;
}

/** Writes the sessions, oldest first, with rosters of 0 to 12 walk-ins; answers a cursor from the middle. */
async function seed(sqliteFile, instructorFighterId) {
  const db = new Database(sqliteFile);
  db.pragma('busy_timeout = 5000');
  const ownerUserId = db.prepare('select user_id from fighters where id = ?').get(instructorFighterId).user_id;
  const now = new Date().toISOString();
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const firstDay = today - Math.ceil((SESSIONS - UPCOMING) / TIMES.length) * 86_400_000;
  const insertFighter = db.prepare(
    `insert into fighters (user_id, owner_user_id, fighter_name, fighter_role, height, weight, gender, birthdate,
       belt_color, created_at, updated_at) values (null, ?, ?, 'Student', 175, 75, 'Male', '1995-05-05', 'Blue', ?, ?)`,
  );
  const insertSession = db.prepare(
    `insert into training_sessions (owner_user_id, instructor_fighter_id, training_date, description, capacity,
       duration, status, target_level, attendee_count, created_at, updated_at)
     values (?, ?, ?, ?, 20, 1.5, ?, 'Intermediate', ?, ?, ?)`,
  );
  const insertAttendee = db.prepare(
    'insert into session_attendees (session_id, fighter_id, created_at) values (?, ?, ?)',
  );
  let middle = null;
  const fighters = db.transaction(() =>
    Array.from({ length: WALK_INS }, (_, k) =>
      Number(insertFighter.run(ownerUserId, `Walk-in ${k}`, now, now).lastInsertRowid),
    ),
  )();
  await writeInShortTransactions(db, SESSIONS, SEED_BATCH, (i) => {
    const day = new Date(firstDay + Math.floor(i / TIMES.length) * 86_400_000).toISOString().slice(0, 10);
    const trainingDate = new Date(`${day}T${TIMES[i % TIMES.length]}:00Z`).toISOString();
    const past = trainingDate < new Date(today).toISOString();
    // Past classes: mostly closed, some cancelled, some never closed; upcoming ones open, a few cancelled.
    const status = past
      ? ['Completed', 'Completed', 'Completed', 'Completed', 'Cancelled', 'Completed', 'Active'][i % 7]
      : i % 20 === 0
        ? 'Cancelled'
        : 'Active';
    const roster = (i * 7) % 13;
    const sessionId = Number(
      insertSession.run(
        ownerUserId,
        instructorFighterId,
        trainingDate,
        `Session ${i}: guard retention and passing`,
        status,
        roster,
        now,
        now,
      ).lastInsertRowid,
    );
    for (let k = 0; k < roster; k++) insertAttendee.run(sessionId, fighters[(i + k * 5) % WALK_INS], now);
    if (i === Math.floor(SESSIONS / 2)) middle = `${trainingDate}_${sessionId}`;
  });
  db.close();
  return middle;
}

// Seeded straight into the SQLite file, so always on SQLite, even with DATABASE_URL set.
const server = await startServer({ DATABASE_URL: '' });
try {
  const { fighterId, auth } = await signUpFighter(server.url, {
    email: 'coach@example.com',
    fighterRole: 'Instructor',
    fighterName: 'Bench Coach',
    birthdate: '1985-01-01',
    experience: 2,
    beltColor: 'Black',
  });

  const started = performance.now();
  const middle = await seed(server.sqliteFile, fighterId);
  const seedSeconds = (performance.now() - started) / 1000;

  const screen = screenUrl(server.url);
  const deep = `${server.url}/api/trainingsession?${new URLSearchParams({ status: 'Completed', order: 'desc', limit: '100', cursor: middle })}`;
  const lists = [
    ['the screen ?from=<yesterday>&limit=100', screen, 100],
    ['one table page ?from=<yesterday>&limit=10', screen.replace('limit=100', 'limit=10'), 10],
    ['default call (no query)', `${server.url}/api/trainingsession`, 100],
    ['deep history ?status&order=desc&limit=100&cursor', deep, 100],
  ];
  const sizes = [];
  for (const [label, url, expected] of lists) {
    const { body, headers, bytes } = await get(url, auth);
    // Every list is full from 2,000 sessions on; below that, the history may be shorter than a page.
    const full = SESSIONS >= 2_000 ? body?.length === expected : body?.length > 0 && body.length <= expected;
    if (!Array.isArray(body) || !full) {
      throw new Error(`${label}: expected an array of ${expected} sessions, got ${JSON.stringify(body).slice(0, 200)}`);
    }
    sizes.push(`${label}: ${body.length} sessions, ${(bytes / 1024).toFixed(1)} KiB, next link ${headers.has('link')}`);
  }

  // Every call is warmed up before any is measured, and /api/health is measured first and last: the
  // baseline is their mean, so that a drift of the machine during the run does not favour either side.
  const targets = [
    ['GET /api/health', `${server.url}/api/health`, {}],
    ['signed-in floor GET /api/auth/v1/manage/info', `${server.url}/api/auth/v1/manage/info`, auth],
    ...lists.map(([label, url]) => [`GET ${label}`, url, auth]),
  ];
  for (const [, url, headers] of targets) await warmUp(url, { headers });
  const rows = [];
  for (const [label, url, headers] of targets) rows.push([label, await load(url, { headers })]);
  rows.push(['GET /api/health again', await load(`${server.url}/api/health`)]);
  report(rows);
  console.log(`${SESSIONS} sessions stored (seeded in ${seedSeconds.toFixed(1)} s)`);
  for (const line of sizes) console.log(line);
  const health = (rows[0][1].requests.average + rows.at(-1)[1].requests.average) / 2;
  console.log(`baseline: /api/health ${health.toFixed(0)} req/s (mean of both runs)`);
  for (const [label, result] of rows.slice(1, -1)) {
    console.log(`${label}: costs ${(health / result.requests.average).toFixed(2)}x health`);
  }
  const ratio = rows[2][1].requests.average / health;
  console.log(
    `ratio screen list/health  ${ratio.toFixed(4)} (the screen's request costs ${(1 / ratio).toFixed(2)}x health)`,
  );
  console.log(`target: at most ${TARGET}x health: ${1 / ratio <= TARGET ? 'met' : 'MISSED'}`);
} finally {
  await server.stop();
}
