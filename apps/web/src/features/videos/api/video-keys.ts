/** Query keys of the videos feature: one's own uploads, one video, what is shared with one, whom one muted, whom one may share with, and what the analysis learned from the corrections. */
export const videoKeys = {
  all: ['videos'] as const,
  uploaded: () => [...videoKeys.all, 'uploaded'] as const,
  detail: (videoId: number) => [...videoKeys.all, 'detail', videoId] as const,
  shared: () => [...videoKeys.all, 'shared'] as const,
  muted: () => [...videoKeys.all, 'muted'] as const,
  shareCandidates: () => [...videoKeys.all, 'share-candidates'] as const,
  athletes: () => [...videoKeys.all, 'athletes'] as const,
  adaptation: () => [...videoKeys.all, 'adaptation'] as const,
};
