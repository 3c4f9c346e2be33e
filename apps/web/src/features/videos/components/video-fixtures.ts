import type { SharedVideo, UploadedVideo } from '@openmat/contract/videos';

/** An uploaded video as the server sends it, with what a test changes. */
export function makeUploadedVideo(overrides: Partial<UploadedVideo> = {}): UploadedVideo {
  return {
    id: 7,
    description: 'Round 2 against Marco',
    uploadTimestamp: '2025-03-15T18:30:00Z',
    martialArt: 'BrazilianJiuJitsu_GI',
    fighterName: 'Ana Souza',
    studentIdentifier: 'ana-01',
    fighterId: 3,
    athlete: {
      id: 3,
      fighterName: 'Ana Souza',
      height: 165,
      weight: 60,
      bmi: 22,
      gender: 'Female',
      birthdate: '1998-04-02',
      fighterRole: 'Student',
      maxWorkoutDuration: 60,
      beltColor: 'Blue',
      experience: 1,
    },
    uploadedByYou: true,
    aiAnalysisResult: null,
    signedUrl: '/vid/api/video/files/7.mp4?type=video%2Fmp4&expires=1&signature=x',
    posterUrl: '/vid/api/video/files/7.jpg?type=image%2Fjpeg&expires=1&signature=y',
    isDuplicate: false,
    processing: 'ready',
    sizeBytes: 12_345_678,
    durationSeconds: 95,
    analysis: { status: 'none', progress: 0, message: null },
    ...overrides,
  };
}

/** A video shared with the user, with what a test changes. */
export function makeSharedVideo(overrides: Partial<SharedVideo> = {}): SharedVideo {
  return {
    id: 9,
    title: 'Guard passing review',
    embedLink: '/vid/api/video/files/9.mp4?type=video%2Fmp4&expires=1&signature=z',
    description: 'Watch the second minute.',
    sharedBy: { username: 'Mestre João', userId: 4 },
    posterUrl: '/vid/api/video/files/9.jpg?type=image%2Fjpeg&expires=1&signature=w',
    sharedAt: '2025-03-16T10:00:00Z',
    processing: 'ready',
    durationSeconds: 312,
    ...overrides,
  };
}
