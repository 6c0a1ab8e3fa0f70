// `npm start`: builds the web app when its sources are newer than the build
// (or there is no build), then runs the API server, which also serves the app,
// under scripts/supervise.mjs: a server that stops on its own is started again.
import { buildWebIfStale } from './buildWeb.mjs';
import { supervise } from './supervise.mjs';

buildWebIfStale();
supervise();
