import type { FastifyBaseLogger } from 'fastify';
import type { ChatModel } from '../lib/chat-model.js';
import { attireFromText } from '../coach/plan/plan-audience.js';
import { planWithFallback } from '../coach/plan/llm-plan-provider.js';
import { planRecordOf } from '../coach/plan/plan-record.js';
import type { LessonPlanner, LessonPlanRequest } from './coach.service.js';

/**
 * Lesson plans from the local composer, or from the language model when one is configured (its
 * repository is given as `model`) with the local composer as the fallback on any failure.
 */
export function createLessonPlanner(model: ChatModel | undefined, log: Pick<FastifyBaseLogger, 'warn'>): LessonPlanner {
  return {
    async plan(request: LessonPlanRequest) {
      const result = await planWithFallback(
        {
          sessionMinutes: request.sessionMinutes,
          targetLevel: request.targetLevel,
          attire: attireFromText(request.description),
          description: request.description,
          roster: request.roster,
          recentTechniqueIds: request.recentTechniqueIds,
          weaknessTags: request.weaknessTags,
          language: request.language,
          seed: request.seed,
          today: request.today,
        },
        { model, log },
      );
      return {
        record: planRecordOf(result, request.language),
        techniqueIds: result.techniqueIds,
        source: result.source,
      };
    },
  };
}
