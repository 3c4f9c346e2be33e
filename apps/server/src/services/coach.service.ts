import {
  type Curriculum,
  type MatchmakerResponse,
  type PairingRequest,
  type TechniqueSearchResult,
  YoutubeVideo,
} from '@openmat/contract/coaching';
import type { TargetLevel } from '@openmat/contract/enums';
import type { Language } from '@openmat/contract/languages';
import { z } from 'zod';
import { decidePairs, type PairingCandidate } from '../coach/pairing/pair-class.js';
import { pairingRecordJson, pairsPage } from '../coach/pairing/pairing-record.js';
import { planCurriculum, planRecordJson, storedCurriculum, type PlanRecord } from '../coach/plan/plan-record.js';
import { findTechnique, localReferences } from '../coach/search/local-references.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { msg, translator } from '../i18n/catalog.js';
import type { Clock } from '../lib/clock.js';
import type { Principal } from '../lib/principal.js';
import type { CoachRepository } from '../repositories/coach.repository.js';
import type { FootageRepository } from '../repositories/footage.repository.js';
import type { FighterRecord } from '../repositories/fighter.repository.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import { YoutubeSearchError, type YoutubeRepository } from '../repositories/youtube.repository.js';
import { academyClips, weaknessWeights } from './analysed-footage.js';
import { existingSession, ownedSession } from './session-access.js';

/** What a lesson planner needs to know about the session, and what it answers. */
export interface LessonPlanRequest {
  sessionMinutes: number;
  targetLevel: TargetLevel;
  description: string;
  roster: Array<{ belt: FighterRecord['beltColor']; birthdate: string | null }>;
  recentTechniqueIds: string[];
  /** The weaknesses the roster's analysed videos showed, weighted by how many videos show each. */
  weaknessTags: Array<{ tag: string; weight: number }>;
  /** The language a language model writes in; the local composer's plan is kept without words. */
  language: Language;
  seed: number;
  /** The day ages are counted on (who of the roster is a child): the service's clock. */
  today: Date;
}

export interface LessonPlanner {
  /** A new plan as the session keeps it (see plan-record.ts), with its techniques and who wrote it. */
  plan(request: LessonPlanRequest): Promise<{ record: PlanRecord; techniqueIds: string[]; source: 'local' | 'llm' }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back a class's analysed videos steer its lesson plans. */
const WEAKNESS_WINDOW_DAYS = 90;
/** The most recent analysed videos a technique search looks through. */
const SEARCHED_FOOTAGE = 200;
/** Times a next round is computed again when concurrent requests keep taking its round number first. */
const MAX_PAIRING_ATTEMPTS = 25;

function candidate(fighter: FighterRecord): PairingCandidate {
  return {
    id: fighter.id,
    name: fighter.fighterName,
    weightKg: fighter.weight,
    heightCm: fighter.height,
    belt: fighter.beltColor,
    experience: fighter.experience,
    birthdate: fighter.birthdate,
    gender: fighter.gender,
  };
}

/** Pairing, lesson plans and technique search for a session. */
export class CoachService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly coach: CoachRepository,
    private readonly footage: FootageRepository,
    private readonly planner: LessonPlanner,
    private readonly youtube: YoutubeRepository | null,
    private readonly clock: Clock,
  ) {}

  /**
   * Pairs the class with a minimum-cost matching. A first pairing replaces earlier rounds; `nextRound`
   * adds a round with new partners, avoiding the pairs this session has already used.
   */
  async pair(
    principal: Principal,
    sessionId: number,
    request: PairingRequest,
    language: Language,
  ): Promise<MatchmakerResponse> {
    const session = await ownedSession(this.sessions, principal, sessionId);
    if (request.instructorFighterId !== session.instructorFighterId) {
      throw badRequest(msg('coach.notTheInstructor'), { instructorFighterId: [msg('coach.notTheInstructor')] });
    }
    const roster = await this.sessions.roster(sessionId);
    const onRoster = new Map(roster.map((fighter) => [fighter.id, fighter]));
    const strangers = request.studentFighterIds.filter((id) => !onRoster.has(id));
    if (strangers.length > 0) {
      const refusal = msg('coach.notOnRoster', { count: strangers.length, ids: strangers.join(', ') });
      throw badRequest(refusal, { studentFighterIds: [refusal] });
    }
    // An id sent twice is one student: [a, a] is not two people to pair.
    const chosen =
      request.studentFighterIds.length > 0
        ? [...new Set(request.studentFighterIds)].flatMap((id) => onRoster.get(id) ?? [])
        : roster;
    if (chosen.length < 2) throw badRequest(msg('coach.tooFewStudents'));

    const recentPairs = await this.coach.recentPairs(session.ownerUserId, sessionId, session.trainingDate);
    // Concurrent next rounds of one session race for the same round number: the one that loses computes
    // again against the round that won, so every request gets its own round with fresh partners.
    for (let attempt = 1; ; attempt += 1) {
      const after = request.nextRound ? await this.coach.latestRound(sessionId) : 'replace';
      const round = after === 'replace' ? 1 : (after?.round ?? 0) + 1;
      const decision = decidePairs(
        chosen.map(candidate),
        { recentPairs, currentSessionPairs: after === 'replace' ? [] : await this.coach.sessionPairs(sessionId) },
        this.clock.now(),
      );
      // The session keeps the decision; its words are written for each reader, in the reader's language.
      const saved = await this.coach.savePairing(sessionId, {
        round,
        after,
        pairsJson: pairingRecordJson(round, decision),
        pairs: decision.pairs.map(({ a, b }) => [a.candidate.id, b.candidate.id]),
      });
      if (saved === 'missing') throw notFound(msg('session.notFound', { id: sessionId }));
      if (saved === 'stale' && attempt < MAX_PAIRING_ATTEMPTS) continue;
      if (saved === 'stale') throw conflict(msg('coach.pairingBusy'));
      const page = pairsPage(round, decision, language);
      return {
        isSuccessfullyParsed: true,
        suggestedPairings: {
          pairs: page.pairs,
          pairingRationale: page.pairing_rationale,
          unpairedStudent: page.unpaired_student,
        },
        rawFighterPairsJson: JSON.stringify(page),
        errorMessage: null,
      };
    }
  }

  /** Composes (or replaces) the session's lesson plan, saves it, and answers it in `language`. */
  async generate(principal: Principal, sessionId: number, language: Language): Promise<Curriculum> {
    const session = await ownedSession(this.sessions, principal, sessionId);
    const roster = await this.sessions.roster(sessionId);
    const previous = await this.coach.getCurriculum(sessionId);
    const plan = await this.planner.plan({
      sessionMinutes: Math.round(session.duration * 60),
      targetLevel: session.targetLevel,
      description: session.description,
      roster: roster.map((fighter) => ({ belt: fighter.beltColor, birthdate: fighter.birthdate })),
      recentTechniqueIds: await this.coach.recentTechniqueIds(session.ownerUserId, sessionId, session.trainingDate),
      // What the class's footage showed lately, from the videos the session's owner may watch.
      weaknessTags: weaknessWeights(
        await this.footage.rosterAnalyses(
          sessionId,
          session.ownerUserId,
          new Date(this.clock.now().getTime() - WEAKNESS_WINDOW_DAYS * DAY_MS).toISOString(),
        ),
      ),
      language,
      seed: sessionId * 1000 + (previous?.generation ?? 0),
      today: this.clock.now(),
    });
    // The session keeps what was decided; its words are written for each viewer, in the viewer's language.
    const saved = await this.coach.saveCurriculum(sessionId, {
      curriculumJson: planRecordJson(plan.record),
      techniqueIds: plan.techniqueIds,
      source: plan.source,
    });
    if (saved === null) throw notFound(msg('session.notFound', { id: sessionId }));
    return planCurriculum(plan.record, language);
  }

  /**
   * The saved plan in the viewer's `language` (see plan-record.ts), or null when the session has none.
   * It is read by the session's instructor and the students on its roster, nobody else
   * (docs/decisions/0009-who-sees-a-fighters-figures.md).
   */
  async curriculum(principal: Principal, sessionId: number, language: Language): Promise<Curriculum | null> {
    const session = await existingSession(this.sessions, sessionId);
    const mayRead =
      session.ownerUserId === principal.userId ||
      (principal.fighterId !== null && (await this.sessions.isOnRoster(sessionId, principal.fighterId)));
    if (!mayRead) throw forbidden(msg('coach.planForRoster'));
    const saved = await this.coach.getCurriculum(sessionId);
    // A plan that no longer reads as a record or a plan is treated as missing rather than sent on.
    return saved ? storedCurriculum(saved.curriculumJson, language) : null;
  }

  async feedback(principal: Principal, sessionId: number, helpful: boolean): Promise<void> {
    await ownedSession(this.sessions, principal, sessionId);
    const saved = await this.coach.getCurriculum(sessionId);
    if (!saved) throw notFound(msg('coach.noPlanToRate'));
    if (!(await this.coach.addFeedback(sessionId, principal.userId, helpful, saved.generation))) {
      throw notFound(msg('session.notFound', { id: sessionId }));
    }
  }

  /**
   * Videos and reading for a technique: the knowledge base's checked references, clips of it from the
   * analysed videos the searcher may watch, and YouTube when a key is configured (cached for a day: the
   * API allows about a hundred searches a day).
   */
  async search(
    principal: Principal,
    techniqueName: string,
    sessionId: number,
    language: Language,
  ): Promise<TechniqueSearchResult> {
    await existingSession(this.sessions, sessionId);
    const footage = await this.footage.visibleAnalyses(principal.userId, SEARCHED_FOOTAGE);
    const technique = findTechnique(techniqueName);
    const local = {
      ...localReferences(technique, language),
      academy_clips: academyClips(techniqueName, technique, footage),
    };
    const t = translator(language);
    if (!this.youtube) return { youtube_videos: [], ...local, notice: t('search.youtubeNotConfigured') };
    const key = `youtube:${language}:${techniqueName.trim().toLowerCase()}`;
    const now = this.clock.now();
    const cached = await this.coach.cached(key, now.toISOString());
    if (cached) return { ...local, youtube_videos: parseCachedVideos(cached) };
    try {
      const found = await this.youtube.search(`${techniqueName} BJJ`, language);
      const videos = found.map((video) => ({
        video_id: video.videoId,
        title: video.title,
        publication_date: video.publishedAt,
        description: video.description,
        embed_link: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.videoId)}`,
      }));
      await this.coach.cache(key, JSON.stringify(videos), new Date(now.getTime() + DAY_MS).toISOString());
      return { ...local, youtube_videos: videos };
    } catch (error) {
      if (!(error instanceof YoutubeSearchError)) throw error;
      return { youtube_videos: [], ...local, notice: t(error.notice.key, error.notice.params) };
    }
  }
}

const CachedVideos = z.array(YoutubeVideo);

function parseCachedVideos(json: string): TechniqueSearchResult['youtube_videos'] {
  try {
    const parsed = CachedVideos.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
