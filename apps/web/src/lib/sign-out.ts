/**
 * What a feature keeps for the signed-in user beyond the server cache (an upload under way, say) must
 * go when the session ends in this tab, or the next person to sign in here would see it and act on
 * it. The feature says how to forget it with `onSignOut`; the auth feature calls `signedOutHere`
 * whenever the session ends. Features never import each other: this is where they meet.
 */
type SignOutListener = () => void;

const listeners = new Set<SignOutListener>();

/** Calls `listener` each time the session ends in this tab; answers the function that stops it. */
export function onSignOut(listener: SignOutListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The session has ended in this tab: every listener forgets its part. One that fails stops no other. */
export function signedOutHere(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      console.warn('[sign-out] a listener failed', error);
    }
  }
}
