// `npm start`: builds the web app and the server when their sources are newer than the builds (or there is no
// build), then runs the API server as built JavaScript (dist/server/main.js), which also serves the app, under
// scripts/supervise.mjs: a server that stops on its own is started again.
import { buildServerIfStale } from './buildServer.mjs';
import { buildWebIfStale } from './buildWeb.mjs';
import { supervise } from './supervise.mjs';

buildWebIfStale();
await buildServerIfStale();
supervise();
