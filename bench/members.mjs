// The members screen (issue 21) with 2,000 members and 200,000 attendance rows, against the session
// list's screen request measured in the same run. Target: the members screen's request costs at most
// 2 times the session screen's. The sessions, members and rosters go straight into the server's SQLite
// file. Uses the built server: run `npm run build -w @openmat/contract -w @openmat/server`.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { foldName } from '@openmat/contract/members';
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

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (smoke ? 200 : 2_000));
const ATTENDANCE = Number(process.env.BENCH_ATTENDANCE ?? (smoke ? 5_000 : 200_000));
/** Twenty on each roster: the classes follow from the attendance. */
const ROSTER = 20;
const TIMES = ['07:00', '12:00', '18:00', '19:30'];
const TARGET = 2;
/** Classes written a transaction: a fraction of a second each. */
const SEED_BATCH = 500;

/** The members screen's first request, as apps/web/src/features/members/api/get-members.ts builds it. */
const membersUrl = (base) =>
  `${base}/api/members?${new URLSearchParams({ sort: 'name', order: 'asc', limit: '50', page: '1' })}`;

/** The session screen's request (see bench/sessions.mjs). */
function sessionsUrl(base, now = new Date()) {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).toISOString();
  return `${base}/api/trainingsession?${new URLSearchParams({ from, limit: '100' })}`;
}

/** Classes four a day up to today and two weeks ahead, each with a roster of 20 of the members. */
async function seed(sqliteFile, instructorFighterId) {
  const db = new Database(sqliteFile);
  db.pragma('busy_timeout = 5000');
  const ownerUserId = db.prepare('select user_id from fighters where id = ?').get(instructorFighterId).user_id;
  const now = new Date().toISOString();
  const sessions = Math.ceil(ATTENDANCE / ROSTER);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const firstDay = today - Math.ceil(sessions / TIMES.length) * 86_400_000 + 14 * 86_400_000;
  const belts = [null, 'White', 'Blue', 'Purple', 'Brown', 'Black'];
  const insertFighter = db.prepare(
    `insert into fighters (user_id, owner_user_id, fighter_name, name_key, fighter_role, height, weight, gender,
       birthdate, belt_color, created_at, updated_at)
     values (null, ?, ?, ?, 'Student', 175, 75, 'Male', '1995-05-05', ?, ?, ?)`,
  );
  const insertSession = db.prepare(
    `insert into training_sessions (owner_user_id, instructor_fighter_id, training_date, description, capacity,
       duration, status, target_level, attendee_count, created_at, updated_at)
     values (?, ?, ?, ?, 30, 1.5, 'Completed', 'Intermediate', ?, ?, ?)`,
  );
  const insertAttendee = db.prepare(
    'insert into session_attendees (session_id, fighter_id, created_at) values (?, ?, ?)',
  );
  const fighters = db.transaction(() =>
    Array.from({ length: MEMBERS }, (_, k) =>
      Number(
        insertFighter.run(
          ownerUserId,
          `Member ${String(k).padStart(4, '0')}`,
          // The name as the app stores it to search and sort by (ADR 0004).
          foldName(`Member ${String(k).padStart(4, '0')}`),
          belts[k % belts.length],
          now,
          now,
        ).lastInsertRowid,
      ),
    ),
  )();
  // Every class is full but the last: class i's roster starts at attendance row i * ROSTER.
  await writeInShortTransactions(db, sessions, SEED_BATCH, (i) => {
    const day = new Date(firstDay + Math.floor(i / TIMES.length) * 86_400_000).toISOString().slice(0, 10);
    const trainingDate = new Date(`${day}T${TIMES[i % TIMES.length]}:00Z`).toISOString();
    const size = Math.min(ROSTER, ATTENDANCE - i * ROSTER);
    const sessionId = Number(
      insertSession.run(ownerUserId, instructorFighterId, trainingDate, `Class ${i}`, size, now, now).lastInsertRowid,
    );
    // Members come unevenly: a skewed start, then a stride coprime with the count, so no one twice.
    const start = Math.floor(((i * 37) % MEMBERS) ** 2 / MEMBERS);
    for (let k = 0; k < size; k++) insertAttendee.run(sessionId, fighters[(start + k * 97) % MEMBERS], now);
  });
  db.close();
}

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
  await seed(server.sqliteFile, fighterId);
  const seedSeconds = (performance.now() - started) / 1000;

  const members = membersUrl(server.url);
  const { body, bytes } = await get(members, auth);
  if (!body || !Array.isArray(body.members) || body.members.length !== 50 || body.total < MEMBERS / 2) {
    throw new Error(`members screen: expected 50 of the members, got ${JSON.stringify(body).slice(0, 200)}`);
  }
  const targets = [
    ['GET the session screen ?from=<yesterday>&limit=100', sessionsUrl(server.url), auth],
    ['GET the members screen ?sort=name&limit=50', members, auth],
    [
      'GET members not seen for 14 days, by classes in 30 days',
      `${members.replace('sort=name', 'sort=recent')}&notSeen=true`,
      auth,
    ],
  ];
  for (const [, url, headers] of targets) await warmUp(url, { headers });
  const rows = [];
  for (const [label, url, headers] of targets) rows.push([label, await load(url, { headers })]);
  rows.push(['GET the session screen again', await load(targets[0][1], { headers: auth })]);
  report(rows);
  console.log(`${body.total} members, ${ATTENDANCE} attendance rows (seeded in ${seedSeconds.toFixed(1)} s)`);
  console.log(`members screen: 50 members, ${(bytes / 1024).toFixed(1)} KiB`);
  const baseline = (rows[0][1].requests.average + rows.at(-1)[1].requests.average) / 2;
  console.log(`baseline: the session screen ${baseline.toFixed(0)} req/s (mean of both runs)`);
  for (const [label, result] of rows.slice(1, -1)) {
    console.log(`${label}: costs ${(baseline / result.requests.average).toFixed(2)}x the session screen`);
  }
  const cost = baseline / rows[1][1].requests.average;
  console.log(
    `target: at most ${TARGET}x the session screen: ${cost <= TARGET ? 'met' : 'MISSED'} (${cost.toFixed(2)}x)`,
  );
} finally {
  await server.stop();
}
