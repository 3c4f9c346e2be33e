import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Stored per-member counts for the members screen (issue 21, docs/decisions/0029-promotion-readiness.md):
 * one row per instructor and member with every class of the instructor's the member was on the roster of
 * (held or still to come), the first and the last. Triggers keep it in step with every write to
 * `session_attendees` and every change of a session's date or owner, in the same transaction, whoever
 * writes (the app, a merge, a script). The screen then reads 2,000 rows plus the classes of the last 30
 * days and those still to come, instead of every attendance row the instructor ever had.
 *
 * `member_classes` keeps each roster row with its class's owner and date, ordered by member, so that a
 * member's classes of the last 30 days, those still to come and the last one held are a few index
 * entries each.
 *
 * No foreign keys: a deleted fighter's rows may linger, and every reader joins `fighters`.
 */
const REFRESH_SELECT = `
  select ts.owner_user_id, sa.fighter_id, count(*), min(ts.training_date), max(ts.training_date)
  from session_attendees sa join training_sessions ts on ts.id = sa.session_id`;

const sqliteStatements = [
  `create trigger member_stats_attendee_insert after insert on session_attendees begin
     insert or ignore into member_classes (fighter_id, owner_user_id, training_date, session_id)
     select new.fighter_id, owner_user_id, training_date, id from training_sessions where id = new.session_id;
     insert into member_stats (owner_user_id, fighter_id, classes_all, first_all, last_all)
     select owner_user_id, new.fighter_id, 1, training_date, training_date from training_sessions where id = new.session_id
     on conflict (owner_user_id, fighter_id) do update set classes_all = classes_all + 1,
       first_all = min(first_all, excluded.first_all), last_all = max(last_all, excluded.last_all);
   end`,
  `create trigger member_stats_attendee_delete after delete on session_attendees begin
     delete from member_classes where fighter_id = old.fighter_id and session_id = old.session_id;
     delete from member_stats where fighter_id = old.fighter_id;
     insert into member_stats (owner_user_id, fighter_id, classes_all, first_all, last_all)
     ${REFRESH_SELECT} where sa.fighter_id = old.fighter_id group by ts.owner_user_id, sa.fighter_id;
   end`,
  `create trigger member_stats_attendee_update after update of session_id, fighter_id on session_attendees begin
     delete from member_classes where fighter_id = old.fighter_id and session_id = old.session_id;
     insert or ignore into member_classes (fighter_id, owner_user_id, training_date, session_id)
     select new.fighter_id, owner_user_id, training_date, id from training_sessions where id = new.session_id;
     delete from member_stats where fighter_id in (old.fighter_id, new.fighter_id);
     insert into member_stats (owner_user_id, fighter_id, classes_all, first_all, last_all)
     ${REFRESH_SELECT} where sa.fighter_id in (old.fighter_id, new.fighter_id) group by ts.owner_user_id, sa.fighter_id;
   end`,
  `create trigger member_stats_session_update after update of training_date, owner_user_id on training_sessions
   when old.training_date is not new.training_date or old.owner_user_id is not new.owner_user_id begin
     update member_classes set training_date = new.training_date, owner_user_id = new.owner_user_id
     where session_id = new.id;
     delete from member_stats where fighter_id in (select fighter_id from session_attendees where session_id = new.id);
     insert into member_stats (owner_user_id, fighter_id, classes_all, first_all, last_all)
     ${REFRESH_SELECT} where sa.fighter_id in (select fighter_id from session_attendees where session_id = new.id)
     group by ts.owner_user_id, sa.fighter_id;
   end`,
];

const postgresStatements = [
  `create function member_stats_refresh(fid integer) returns void language plpgsql as $$
   begin
     -- One writer of a member's counts at a time (until its transaction ends): two refreshes, or a
     -- refresh and an increment, of the same member in parallel would otherwise count from snapshots
     -- that miss each other's rows. Each statement after the lock sees what the other one committed.
     perform pg_advisory_xact_lock(hashtext('member_stats'), fid);
     delete from member_stats where fighter_id = fid;
     insert into member_stats (owner_user_id, fighter_id, classes_all, first_all, last_all)
     ${REFRESH_SELECT} where sa.fighter_id = fid group by ts.owner_user_id, sa.fighter_id;
   end $$`,
  `create function member_stats_on_attendee() returns trigger language plpgsql as $$
   begin
     if tg_op in ('DELETE', 'UPDATE') then
       delete from member_classes where fighter_id = old.fighter_id and session_id = old.session_id;
     end if;
     if tg_op in ('INSERT', 'UPDATE') then
       insert into member_classes (fighter_id, owner_user_id, training_date, session_id)
       select new.fighter_id, owner_user_id, training_date, id from training_sessions where id = new.session_id
       on conflict do nothing;
     end if;
     if tg_op = 'INSERT' then
       perform pg_advisory_xact_lock(hashtext('member_stats'), new.fighter_id);
       insert into member_stats (owner_user_id, fighter_id, classes_all, first_all, last_all)
       select owner_user_id, new.fighter_id, 1, training_date, training_date from training_sessions where id = new.session_id
       on conflict (owner_user_id, fighter_id) do update set classes_all = member_stats.classes_all + 1,
         first_all = least(member_stats.first_all, excluded.first_all),
         last_all = greatest(member_stats.last_all, excluded.last_all);
       return new;
     elsif tg_op = 'DELETE' then
       perform member_stats_refresh(old.fighter_id);
       return old;
     else
       perform member_stats_refresh(old.fighter_id);
       if new.fighter_id <> old.fighter_id then perform member_stats_refresh(new.fighter_id); end if;
       return new;
     end if;
   end $$`,
  `create trigger member_stats_attendee after insert or delete or update of session_id, fighter_id
   on session_attendees for each row execute function member_stats_on_attendee()`,
  `create function member_stats_on_session() returns trigger language plpgsql as $$
   begin
     update member_classes set training_date = new.training_date, owner_user_id = new.owner_user_id
     where session_id = new.id;
     perform member_stats_refresh(sa.fighter_id) from session_attendees sa where sa.session_id = new.id;
     return new;
   end $$`,
  `create trigger member_stats_session after update of training_date, owner_user_id on training_sessions
   for each row when (old.training_date is distinct from new.training_date or old.owner_user_id is distinct from new.owner_user_id)
   execute function member_stats_on_session()`,
];

export function createMemberStats({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('member_stats')
        .addColumn('owner_user_id', 'integer', (col) => col.notNull())
        .addColumn('fighter_id', 'integer', (col) => col.notNull())
        .addColumn('classes_all', 'integer', (col) => col.notNull())
        .addColumn('first_all', 'text', (col) => col.notNull())
        .addColumn('last_all', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('member_stats_pkey', ['owner_user_id', 'fighter_id'])
        .execute();
      await db.schema.createIndex('member_stats_fighter_idx').on('member_stats').column('fighter_id').execute();
      // Each roster row with its class's owner and date, in member order: a member's classes in a window
      // of days are then a few index entries, not a look at every class they ever had.
      const classes = db.schema
        .createTable('member_classes')
        .addColumn('fighter_id', 'integer', (col) => col.notNull())
        .addColumn('owner_user_id', 'integer', (col) => col.notNull())
        .addColumn('training_date', 'text', (col) => col.notNull())
        .addColumn('session_id', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('member_classes_pkey', ['fighter_id', 'owner_user_id', 'training_date', 'session_id']);
      await (dialect === 'sqlite' ? classes.modifyEnd(sql`without rowid`) : classes).execute();
      await db.schema.createIndex('member_classes_session_idx').on('member_classes').column('session_id').execute();
      await sql
        .raw(
          `insert into member_classes (fighter_id, owner_user_id, training_date, session_id)
           select sa.fighter_id, ts.owner_user_id, ts.training_date, ts.id
           from session_attendees sa join training_sessions ts on ts.id = sa.session_id`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into member_stats (owner_user_id, fighter_id, classes_all, first_all, last_all)
           ${REFRESH_SELECT} group by ts.owner_user_id, sa.fighter_id`,
        )
        .execute(db);
      for (const statement of dialect === 'sqlite' ? sqliteStatements : postgresStatements) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      const drops =
        dialect === 'sqlite'
          ? [
              'drop trigger member_stats_attendee_insert',
              'drop trigger member_stats_attendee_delete',
              'drop trigger member_stats_attendee_update',
              'drop trigger member_stats_session_update',
            ]
          : [
              'drop trigger member_stats_attendee on session_attendees',
              'drop trigger member_stats_session on training_sessions',
              'drop function member_stats_on_attendee()',
              'drop function member_stats_on_session()',
              'drop function member_stats_refresh(integer)',
            ];
      for (const statement of drops) await sql.raw(statement).execute(db);
      await db.schema.dropTable('member_classes').execute();
      await db.schema.dropTable('member_stats').execute();
    },
  };
}
