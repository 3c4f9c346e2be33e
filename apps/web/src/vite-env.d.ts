/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** YouTube id of the landing page's demo video; unset shows a "coming soon" state. */
  readonly VITE_DEMO_VIDEO_ID?: string;
  /** The project's source-code address, linked from About and Contact. */
  readonly VITE_SOURCE_URL?: string;
  /** The address visitors write to, on Contact and Privacy. */
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
