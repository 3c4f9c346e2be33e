import { z } from 'zod';
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
  bannerTitle: z.string(),
  videoTitle: z.string(),
  sharedByName: z.string(),
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

/** The analysis of a video failed for good; `message` is written for the user. */
export const AnalysisFailedEvent = z.object({
  type: z.literal('analysis.failed'),
  userIds: UserIds,
  videoId: Id,
  message: z.string(),
});
export type AnalysisFailedEvent = z.infer<typeof AnalysisFailedEvent>;

export const DomainEvent = z.discriminatedUnion('type', [
  VideoSharedEvent,
  AnalysisProgressEvent,
  AnalysisCompletedEvent,
  AnalysisFailedEvent,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];

/** The hubs' addresses; negotiation is at `<path>/negotiate`. */
export const HubPaths = {
  videoShare: '/videoShareHub',
  videoAnalysis: '/videoAnalysisHub',
} as const;
export type HubPath = (typeof HubPaths)[keyof typeof HubPaths];

/** The client methods each hub invokes, with their arguments in order. The client calls nothing. */
export interface VideoShareHubMethods {
  ReceiveVideoSharedNotification: [bannerTitle: string, videoTitle: string, sharedByName: string];
}
export interface VideoAnalysisHubMethods {
  AnalysisCompleted: [videoId: number];
  AnalysisFailed: [videoId: number, message: string];
  AnalysisProgress: [videoId: number, percent: number];
}
export interface HubMethods {
  '/videoShareHub': VideoShareHubMethods;
  '/videoAnalysisHub': VideoAnalysisHubMethods;
}

/** The method names, as values, for `connection.on(...)` on the client. */
export const HubMethodNames = {
  videoShared: 'ReceiveVideoSharedNotification',
  analysisCompleted: 'AnalysisCompleted',
  analysisFailed: 'AnalysisFailed',
  analysisProgress: 'AnalysisProgress',
} as const satisfies Record<string, keyof VideoShareHubMethods | keyof VideoAnalysisHubMethods>;

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
