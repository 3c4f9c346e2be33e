/** The browser build of tus-js-client (XMLHttpRequest, localStorage), which tests load in place of the Node one. */
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
