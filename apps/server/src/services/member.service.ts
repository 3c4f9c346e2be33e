import type { Language } from '@openmat/contract/languages';
import {
  MEMBER_CSV_COLUMNS,
  MEMBER_LIST,
  type MemberDetails,
  type MemberListPage,
  type MemberListQuery,
  type MemberSummary,
} from '@openmat/contract/members';
import { badRequest, notFound } from '../errors.js';
import { msg, translator } from '../i18n/catalog.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Principal } from '../lib/principal.js';
import type { FighterRecord, FighterRepository } from '../repositories/fighter.repository.js';
import type { MemberFilter, MemberRepository } from '../repositories/member.repository.js';
import { fighterDto, profileView } from './fighter-privacy.js';

const DAY_MS = 86_400_000;

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The members of an instructor's rosters (issue 21) and a member's page. Who sees what follows
 * docs/decisions/0009-who-sees-a-fighters-figures.md: an instructor sees the members they coach, a
 * student only themselves; anyone else is "no such member" (404).
 */
export class MemberService {
  constructor(
    private readonly members: MemberRepository,
    private readonly fighters: FighterRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  private filter(principal: Principal, query: MemberListQuery): MemberFilter {
    const now = this.clock.now().getTime();
    return {
      ownerUserId: principal.userId,
      now: new Date(now).toISOString(),
      recentSince: new Date(now - MEMBER_LIST.recentDays * DAY_MS).toISOString(),
      search: query.search,
      belt: query.belt,
      notSeenSince:
        query.notSeen === 'true' ? new Date(now - MEMBER_LIST.notSeenDays * DAY_MS).toISOString() : undefined,
      sort: query.sort ?? 'name',
      order: query.order ?? 'asc',
    };
  }

  /** One page of the instructor's members. */
  async list(principal: Principal, query: MemberListQuery): Promise<MemberListPage> {
    const pageSize = query.limit ?? MEMBER_LIST.defaultLimit;
    const page = query.page ?? 1;
    const { rows, total } = await this.members.list(this.filter(principal, query), {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { members: rows, total, page, pageSize };
  }

  /** Every matching member as CSV (UTF-8 with a byte-order mark), with the screen's column names. */
  async exportCsv(principal: Principal, query: MemberListQuery, language: Language): Promise<string> {
    const t = translator(language);
    const { rows } = await this.members.list(this.filter(principal, query), { limit: 1_000_000, offset: 0 });
    const header = MEMBER_CSV_COLUMNS.map((column) => t(`member.columns.${column}`));
    const line = (row: MemberSummary) => [
      row.fighterName,
      row.beltColor === null ? t('member.unranked') : t(`member.belts.${row.beltColor}`),
      String(row.classesLast30Days),
      String(row.classesTotal),
      row.lastAttended?.slice(0, 10) ?? '',
    ];
    const lines = [header, ...rows.map(line)].map((fields) => fields.map(csvField).join(','));
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  /** The fighter, when the viewer may see them as a member: themselves, or a member they coach. */
  private async visibleMember(principal: Principal, fighterId: number): Promise<FighterRecord> {
    const fighter = await this.fighters.findById(fighterId);
    const self = fighter !== undefined && principal.fighterId === fighter.id;
    const coaches =
      fighter !== undefined &&
      !self &&
      principal.role === 1 &&
      (await this.fighters.isCoachedBy(fighter, principal.userId));
    if (!fighter || !(self || coaches)) throw notFound(msg('member.notFound', { id: fighterId }));
    return fighter;
  }

  async details(principal: Principal, fighterId: number): Promise<MemberDetails> {
    const fighter = await this.visibleMember(principal, fighterId);
    const self = principal.fighterId === fighter.id;
    // The member sees every class they attended; an instructor, those of their own sessions.
    const ownerUserId = self ? null : principal.userId;
    const view = profileView(principal, fighter, !self) ?? 'public';
    const [classes, videos] = await Promise.all([
      this.members.classes(fighter.id, ownerUserId, MEMBER_LIST.historyMax),
      this.members.videos(fighter.id, principal.userId),
    ]);
    const now = this.clock.now().getTime();
    const nowIso = new Date(now).toISOString();
    const since = new Date(now - MEMBER_LIST.recentDays * DAY_MS).toISOString();
    const held = classes.filter((row) => row.trainingDate <= nowIso);
    return {
      fighter: fighterDto(fighter, view),
      isWalkIn: fighter.userId === null,
      classesLast30Days: held.filter((row) => row.trainingDate >= since).length,
      classesTotal: held.length,
      lastAttended: held[0]?.trainingDate ?? null,
      attendance: classes,
      videos: videos.map((video) => ({
        id: video.id,
        description: video.description,
        uploadTimestamp: video.uploadedAt,
      })),
    };
  }

  /**
   * Merges a walk-in the instructor recorded into a registered student's fighter: every class, pair and
   * video moves to the account, and the walk-in is gone.
   */
  async merge(principal: Principal, walkInId: number, intoFighterId: number): Promise<MemberDetails> {
    const walkIn = await this.fighters.findById(walkInId);
    if (!walkIn || walkIn.userId !== null || walkIn.ownerUserId !== principal.userId) {
      throw notFound(msg('member.notFound', { id: walkInId }));
    }
    const into = await this.fighters.findById(intoFighterId);
    if (!into || into.userId === null || into.fighterRole !== 'Student') {
      const refusal = msg('member.mergeIntoAccount');
      throw badRequest(refusal, { intoFighterId: [refusal] });
    }
    await this.members.merge(walkIn.id, into.id);
    return this.details(principal, into.id);
  }
}
