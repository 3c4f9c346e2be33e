import { BACK_TECHNIQUES } from './techniques-back.js';
import { CLOSED_GUARD_TECHNIQUES } from './techniques-closed-guard.js';
import { HALF_GUARD_TECHNIQUES } from './techniques-half-guard.js';
import { KNEE_ON_BELLY_TECHNIQUES } from './techniques-knee-on-belly.js';
import { MOUNT_TECHNIQUES } from './techniques-mount.js';
import { OPEN_GUARD_TECHNIQUES } from './techniques-open-guard.js';
import { SIDE_CONTROL_TECHNIQUES } from './techniques-side-control.js';
import { STANDING_TECHNIQUES } from './techniques-standing.js';
import { TURTLE_TECHNIQUES } from './techniques-turtle.js';
import type { Technique } from './types.js';

/** Every technique of the knowledge base, grouped by position in the order of `POSITION_IDS`. */
export const TECHNIQUES: readonly Technique[] = [
  ...STANDING_TECHNIQUES,
  ...CLOSED_GUARD_TECHNIQUES,
  ...OPEN_GUARD_TECHNIQUES,
  ...HALF_GUARD_TECHNIQUES,
  ...SIDE_CONTROL_TECHNIQUES,
  ...MOUNT_TECHNIQUES,
  ...BACK_TECHNIQUES,
  ...KNEE_ON_BELLY_TECHNIQUES,
  ...TURTLE_TECHNIQUES,
];
