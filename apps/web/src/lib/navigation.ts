/**
 * Navigation for code outside React components (the auth transitions, the API client). The app
 * connects it to the router at start-up; until then it falls back to a full page load.
 */
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function connectNavigation(navigate: (to: string) => void): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
