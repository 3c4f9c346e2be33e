import type { Language } from '@openmat/contract/languages';
import { HubPaths, type HubEvent, type HubMethods, type HubPath } from '@openmat/contract/realtime';

/** One client-method call on one hub, for the connections of the given users only. */
export type HubDelivery = {
  [H in HubPath]: {
    [M in keyof HubMethods[H]]: { hub: H; target: M; args: HubMethods[H][M]; userIds: readonly number[] };
  }[keyof HubMethods[H]];
}[HubPath];

/**
 * Which hub method a domain event becomes, and for whom, for connections speaking `language`. Pure, so the typed method table of the contract
 * is the only place the wire names live. Every event names its users: nothing is ever broadcast.
 */
export function deliveryOf(event: HubEvent, language: Language): HubDelivery {
  switch (event.type) {
    case 'video.shared': {
      // The banner's title in the language the recipient's connection speaks, and the video to open.
      const title = event.bannerTitles?.[language] ?? event.bannerTitle;
      return {
        hub: HubPaths.videoShare,
        target: 'ReceiveVideoSharedNotification',
        args:
          event.videoId === undefined
            ? [title, event.videoTitle, event.sharedByName]
            : [title, event.videoTitle, event.sharedByName, event.videoId],
        userIds: event.recipientUserIds,
      };
    }
    case 'analysis.progress':
      return {
        hub: HubPaths.videoAnalysis,
        target: 'AnalysisProgress',
        args: [event.videoId, event.percent],
        userIds: event.userIds,
      };
    case 'analysis.completed':
      return {
        hub: HubPaths.videoAnalysis,
        target: 'AnalysisCompleted',
        args: [event.videoId],
        userIds: event.userIds,
      };
    case 'analysis.failed':
      return {
        hub: HubPaths.videoAnalysis,
        target: 'AnalysisFailed',
        // The reason in the language the recipient's connection speaks.
        args: [event.videoId, event.messages?.[language] ?? event.message],
        userIds: event.userIds,
      };
  }
}
