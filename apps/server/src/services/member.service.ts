import type { Language } from '@openmat/contract/languages';
import { ageOn } from '@openmat/contract/auth';
import {
  isKidsBelt,
  MEMBER_CSV_COLUMNS,
  MEMBER_LIST,
  PROMOTION_LIMITS,
  RANK_BELTS,
  type DossierRoll,
  type MemberDetails,
  type MemberListPage,
  type MemberListQuery,
  type MemberSummary,
  type PromotionDossier,
  type PromotionRequest,
  type WeighInRequest,
} from '@openmat/contract/members';
import { z } from 'zod';
import { badRequest, notFound } from '../errors.js';
import { parseJson } from '../lib/parse-json.js';
import { DEFAULT_PROMOTION_RULES, ruleFor, type PromotionRules } from '../lib/promotion-rules.js';
import type { PromotionRepository } from '../repositories/promotion.repository.js';
import { msg, translator } from '../i18n/catalog.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Principal } from '../lib/principal.js';
import type { FighterRecord, FighterRepository } from '../repositories/fighter.repository.js';
import type {
  MemberFilter,
  MemberRepository,
  MemberVideoRow,
  ReadinessRule,
} from '../repositories/member.repository.js';
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
    private readonly promotions: PromotionRepository,
    private readonly clock: Clock = systemClock,
    private readonly rules: PromotionRules = DEFAULT_PROMOTION_RULES,
  ) {}

  /** The day `days` before today (UTC), `YYYY-MM-DD`. */
  private dayBefore(days: number): string {
    return new Date(this.clock.now().getTime() - days * DAY_MS).toISOString().slice(0, 10);
  }

  /** Each belt the academy has a rule for, as the members screen's "ready for promotion" filter applies it. */
  private readinessRules(): ReadinessRule[] {
    return [null, ...RANK_BELTS].flatMap((belt) => {
      const rule = ruleFor(this.rules, belt);
      if (!rule) return [];
      return [
        {
          belt,
          sinceOnOrBefore: rule.minDays === null ? null : this.dayBefore(rule.minDays),
          minClasses: rule.minClasses,
        },
      ];
    });
  }

  private filter(principal: Principal, query: MemberListQuery): MemberFilter {
    const now = this.clock.now().getTime();
    return {
      ready: query.ready === 'true' ? this.readinessRules() : undefined,
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
      row.beltColor === null
        ? t('member.unranked')
        : `${t(`member.belts.${row.beltColor}`)}${row.stripes ? ` (${'I'.repeat(row.stripes)})` : ''}`,
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
    const now = this.clock.now().getTime();
    const nowIso = new Date(now).toISOString();
    const since = new Date(now - MEMBER_LIST.recentDays * DAY_MS).toISOString();
    // The page lists the latest classes held; the counts are of every class held, however long the history.
    const [classes, videos, promotions, weighIns, classesTotal, classesLast30Days] = await Promise.all([
      this.members.classes(fighter.id, ownerUserId, nowIso, MEMBER_LIST.historyMax),
      this.members.videos(fighter.id, principal.userId),
      this.promotions.promotions(fighter.id),
      this.promotions.weighIns(fighter.id),
      this.members.classesSince(fighter.id, ownerUserId, null, nowIso),
      this.members.classesSince(fighter.id, ownerUserId, since, nowIso),
    ]);
    return {
      fighter: fighterDto(fighter, view),
      isWalkIn: fighter.userId === null,
      classesLast30Days,
      classesTotal,
      lastAttended: classes[0]?.trainingDate ?? null,
      attendance: classes,
      videos: videos.map((video) => ({
        id: video.id,
        description: video.description,
        uploadTimestamp: video.uploadedAt,
      })),
      belt: fighter.rank?.belt ?? fighter.beltColor,
      stripes: fighter.rank?.stripes ?? null,
      promotions,
      weighIns,
      dossier: self ? null : await this.dossier(fighter, principal.userId, videos),
    };
  }

  /**
   * What an instructor decides a promotion on (ADR 0029): time at the belt (from the last promotion, or
   * from the first class when none was recorded), classes since, the academy's minimums for the belt,
   * and the member's analysed rolls with the coach's notes.
   */
  private async dossier(
    fighter: FighterRecord,
    ownerUserId: number,
    videos: MemberVideoRow[],
  ): Promise<PromotionDossier> {
    const nowIso = this.clock.now().toISOString();
    const promotedOn = fighter.rank?.since ?? null;
    const since = promotedOn ?? (await this.members.firstClassDay(fighter.id, ownerUserId));
    const classesSincePromotion = await this.members.classesSince(fighter.id, ownerUserId, promotedOn, nowIso);
    const today = nowIso.slice(0, 10);
    const daysAtBelt =
      since === null ? null : Math.max(0, Math.round((Date.parse(today) - Date.parse(since.slice(0, 10))) / DAY_MS));
    const belt = fighter.rank?.belt ?? fighter.beltColor;
    const rule = ruleFor(this.rules, belt);
    const ready =
      rule !== null &&
      (rule.minDays === null || (daysAtBelt ?? 0) >= rule.minDays) &&
      (rule.minClasses === null || classesSincePromotion >= rule.minClasses);
    return {
      belt,
      stripes: fighter.rank?.stripes ?? null,
      since: promotedOn,
      daysAtBelt,
      classesSincePromotion,
      minDays: rule?.minDays ?? null,
      minClasses: rule?.minClasses ?? null,
      ready,
      rolls: videos.flatMap((video) => {
        const roll = analysedRoll(video);
        return roll ? [roll] : [];
      }),
    };
  }

  /** A day no later than tomorrow (UTC), so an academy east of Greenwich can record its today. */
  private notInFuture(day: string, field: string): void {
    const tomorrow = new Date(this.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    if (day > tomorrow) {
      const refusal = msg('member.futureDate');
      throw badRequest(refusal, { [field]: [refusal] });
    }
  }

  /** An instructor records a promotion of a member of their rosters; anyone else is answered 404. */
  async promote(principal: Principal, fighterId: number, request: PromotionRequest): Promise<MemberDetails> {
    const fighter = await this.fighters.findById(fighterId);
    const coaches =
      fighter !== undefined &&
      principal.fighterId !== fighter.id &&
      (await this.fighters.isCoachedBy(fighter, principal.userId));
    if (!fighter || !coaches) throw notFound(msg('member.notFound', { id: fighterId }));
    this.notInFuture(request.promotedOn, 'promotedOn');
    if (isKidsBelt(request.belt)) {
      const onDay = new Date(`${request.promotedOn}T00:00:00Z`);
      if (fighter.birthdate === null || ageOn(fighter.birthdate, onDay) >= PROMOTION_LIMITS.kidsUnderAge) {
        const refusal = msg('member.kidsBeltAge');
        throw badRequest(refusal, { belt: [refusal] });
      }
    }
    await this.promotions.addPromotion(
      fighter.id,
      {
        belt: request.belt,
        stripes: request.stripes,
        promotedOn: request.promotedOn,
        note: request.note === undefined || request.note === '' ? null : request.note,
      },
      principal.userId,
    );
    return this.details(principal, fighter.id);
  }

  /** The member themselves or their instructor records a weigh-in. */
  async weighIn(principal: Principal, fighterId: number, request: WeighInRequest): Promise<MemberDetails> {
    const fighter = await this.visibleMember(principal, fighterId);
    this.notInFuture(request.weighedOn, 'weighedOn');
    await this.promotions.addWeighIn(fighter.id, request, principal.userId);
    return this.details(principal, fighter.id);
  }

  /**
   * Merges a walk-in the instructor recorded into a registered student's fighter: every class, pair and
   * video moves to the account, and the walk-in is gone. Only into a student who already trains with the
   * instructor (on one of their rosters): the merge puts the account on the instructor's rosters, which
   * opens its figures, and its reset link where no mail is sent, to him (ADR 0009, ADR 0030). Anybody
   * else's account is answered as not found, as `addMember` answers it.
   */
  async merge(principal: Principal, walkInId: number, intoFighterId: number): Promise<MemberDetails> {
    const walkIn = await this.fighters.findById(walkInId);
    if (!walkIn || walkIn.userId !== null || walkIn.ownerUserId !== principal.userId) {
      throw notFound(msg('member.notFound', { id: walkInId }));
    }
    // Whom the instructor cannot see is not found, whatever they are: the answer tells nobody which ids
    // are student accounts. Of those he can see, only a student's account takes a merge.
    const into = await this.fighters.findById(intoFighterId);
    if (!into || !(await this.fighters.isCoachedBy(into, principal.userId))) {
      throw notFound(msg('member.notFound', { id: intoFighterId }));
    }
    if (into.userId === null || into.fighterRole !== 'Student') {
      const refusal = msg('member.mergeIntoAccount');
      throw badRequest(refusal, { intoFighterId: [refusal] });
    }
    await this.members.merge(walkIn.id, into.id);
    await this.promotions.refresh(into.id);
    return this.details(principal, into.id);
  }
}

/** The texts of the coach's comments in an analysis (JSON text). */
const AnalysisComments = z.object({ comments: z.array(z.object({ text: z.string() })).optional() });

/** An analysed roll with the coach's comments on it; null for a video with no analysis yet. */
function analysedRoll(video: MemberVideoRow): DossierRoll | null {
  if (video.analysis === null) return null;
  const json = parseJson(video.analysis);
  const parsed = json.ok ? AnalysisComments.safeParse(json.value) : null;
  const coachNotes = (parsed?.success ? (parsed.data.comments ?? []) : [])
    .map((comment) => comment.text)
    .filter((text) => text.trim() !== '');
  return { videoId: video.id, description: video.description, uploadTimestamp: video.uploadedAt, coachNotes };
}
