/** The API as a process: what `npm start`, the production topology and the test stacks start and stop. */
export { createApp, startApp, stopApp, type AppOptions } from '../app';
