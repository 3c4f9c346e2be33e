import { z } from 'zod';
import type { Language } from './languages.js';
import { Id } from './primitives.js';

/**
 * The domain events services publish (docs/decisions/0018-signalr-hubs-by-hand.md). Each names the users
 * it concerns; the hubs deliver it to those users' connections and to nobody else. With a Redis
 * backplane an event crosses processes as JSON, and the receiving side parses it with `DomainEvent`.
 */
const UserIds = z.array(Id);

/** A video was shared: the recipients' share banner. */
export const VideoSharedEvent = z.object({
  type: z.literal('video.shared'),
  recipientUserIds: UserIds,
  /** The banner's title in English; `bannerTitles` has it in each language, for each recipient's own. */
  bannerTitle: z.string(),
  bannerTitles: (z.object({ en: z.string(), pl: z.string() }) satisfies z.ZodType<Record<Language, string>>).optional(),
  videoTitle: z.string(),
  sharedByName: z.string(),
  /** The shared video, for the banner's link to its review. */
  videoId: Id.optional(),
});
export type VideoSharedEvent = z.infer<typeof VideoSharedEvent>;

/** How far the analysis of a video has got, in percent. */
export const AnalysisProgressEvent = z.object({
  type: z.literal('analysis.progress'),
  userIds: UserIds,
  videoId: Id,
  percent: z.number().min(0).max(100),
});
export type AnalysisProgressEvent = z.infer<typeof AnalysisProgressEvent>;

/** The analysis of a video is ready to read. */
export const AnalysisCompletedEvent = z.object({
  type: z.literal('analysis.completed'),
  userIds: UserIds,
  videoId: Id,
});
export type AnalysisCompletedEvent = z.infer<typeof AnalysisCompletedEvent>;

/** The analysis of a video failed for good; `message` is written for the user, in English, and `messages` in each language, for each user's own. */
export const AnalysisFailedEvent = z.object({
  type: z.literal('analysis.failed'),
  userIds: UserIds,
  videoId: Id,
  message: z.string(),
  messages: (z.object({ en: z.string(), pl: z.string() }) satisfies z.ZodType<Record<Language, string>>).optional(),
});
export type AnalysisFailedEvent = z.infer<typeof AnalysisFailedEvent>;

/**
 * A sign-in ended (its refresh token was revoked at logout): the hubs close the user's connections that
 * were opened with access tokens of that sign-in, on every instance. Nothing is delivered to a client.
 */
export const SignInEndedEvent = z.object({
  type: z.literal('signin.ended'),
  userId: Id,
  /** The sign-in (the refresh-token family) whose access tokens carry it as `sid`. */
  signInId: z.string().min(1).max(100),
});
export type SignInEndedEvent = z.infer<typeof SignInEndedEvent>;

export const DomainEvent = z.discriminatedUnion('type', [
  VideoSharedEvent,
  AnalysisProgressEvent,
  AnalysisCompletedEvent,
  AnalysisFailedEvent,
  SignInEndedEvent,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
/** The events that become a hub method call on clients (all but the ones the hubs act on themselves). */
export type HubEvent = Exclude<DomainEvent, SignInEndedEvent>;

/** The hubs' addresses; negotiation is at `<path>/negotiate`. */
export const HubPaths = {
  videoShare: '/videoShareHub',
  videoAnalysis: '/videoAnalysisHub',
} as const;
export type HubPath = (typeof HubPaths)[keyof typeof HubPaths];

/**
 * The client methods each hub invokes, with their arguments in order, as schemas: the server types what
 * it sends with them, and the browser checks what it receives. The client calls nothing.
 */
export const HubArguments = {
  '/videoShareHub': {
    ReceiveVideoSharedNotification: z.tuple([
      z.string().describe('bannerTitle'),
      z.string().describe('videoTitle'),
      z.string().describe('sharedByName'),
      Id.nullable().optional().describe('videoId'),
    ]),
  },
  '/videoAnalysisHub': {
    AnalysisCompleted: z.tuple([Id.describe('videoId')]),
    AnalysisFailed: z.tuple([Id.describe('videoId'), z.string().describe('message')]),
    AnalysisProgress: z.tuple([Id.describe('videoId'), z.number().min(0).max(100).describe('percent')]),
  },
} as const satisfies Record<HubPath, Record<string, z.ZodTuple>>;

type ArgumentsOf<H extends HubPath> = { [M in keyof (typeof HubArguments)[H]]: z.infer<(typeof HubArguments)[H][M]> };
export type VideoShareHubMethods = ArgumentsOf<'/videoShareHub'>;
export type VideoAnalysisHubMethods = ArgumentsOf<'/videoAnalysisHub'>;
export interface HubMethods {
  '/videoShareHub': VideoShareHubMethods;
  '/videoAnalysisHub': VideoAnalysisHubMethods;
}
/** Every client method of every hub, with its arguments. */
export type HubMethodArguments = VideoShareHubMethods & VideoAnalysisHubMethods;
export type HubMethodName = keyof HubMethodArguments;

/** The answer of `POST <hub>/negotiate?negotiateVersion=1`: the WebSocket transport only. */
export const NegotiateResponse = z.object({
  negotiateVersion: z.number().int(),
  connectionId: z.string(),
  connectionToken: z.string().optional(),
  availableTransports: z.array(
    z.object({ transport: z.literal('WebSockets'), transferFormats: z.array(z.enum(['Text', 'Binary'])) }),
  ),
});
export type NegotiateResponse = z.infer<typeof NegotiateResponse>;
