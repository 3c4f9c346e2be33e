/**
 * What the pose stage hands the analysis: the people found in one sampled frame, each as the 17
 * COCO keypoints that MoveNet and BlazePose (in its COCO subset) report. Coordinates are fractions of
 * the frame (0 to 1; x to the right, y downwards), so nothing downstream depends on the resolution.
 */
export const KEYPOINT_NAMES = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;
export type KeypointName = (typeof KEYPOINT_NAMES)[number];

/** One joint: where it is and how sure the model is (0 to 1). A joint the model did not see has score 0. */
export interface Keypoint {
  readonly x: number;
  readonly y: number;
  readonly score: number;
}

/** One person in one frame. */
export interface Skeleton {
  /** In `KEYPOINT_NAMES` order, always 17 long. */
  readonly keypoints: readonly Keypoint[];
  /** How sure the model is that this is a person (0 to 1). */
  readonly score: number;
  /** The person's bounding box, as fractions of the frame. */
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** The people of one sampled frame. */
export interface PoseFrame {
  /** Seconds from the start of the video. */
  readonly time: number;
  readonly people: readonly Skeleton[];
}

/** Index of a keypoint in `Skeleton.keypoints`. */
export function keypointIndex(name: KeypointName): number {
  return KEYPOINT_NAMES.indexOf(name);
}

/** A joint the pose model scores this or more is one it saw (the position stage reads no other). */
export const SEEN_JOINT_SCORE = 0.3;
/** Fewer joints seen than this and an athlete is as good as missing: the position stage cannot read them. */
export const READABLE_JOINTS = 5;

/** How many of a person's joints the pose model saw (`SEEN_JOINT_SCORE`). */
export function seenJointCount(skeleton: Skeleton): number {
  return skeleton.keypoints.filter((point) => point.score >= SEEN_JOINT_SCORE).length;
}

/** Whether the position stage can read this athlete: `READABLE_JOINTS` joints seen or more. */
export function readable(skeleton: Skeleton | null | undefined): skeleton is Skeleton {
  return skeleton !== null && skeleton !== undefined && seenJointCount(skeleton) >= READABLE_JOINTS;
}
