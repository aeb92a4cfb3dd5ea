/**
 * Opens the demo business's "own web site" on a second origin, embedding the widget of a running
 * `npm start` inline, as a pop-up and as a floating button (issue 17, src/embed/demo-host.ts).
 *
 *   npm run embed:demo                      → http://localhost:3001/ embedding http://127.0.0.1:3000
 *   APP_ORIGIN=http://127.0.0.1:3444 EMBED_DEMO_PORT=3002 npm run embed:demo
 */
import { startDemoHost } from "../src/embed/demo-host.ts";

const appOrigin = (process.env.APP_ORIGIN ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const port = Number(process.env.EMBED_DEMO_PORT ?? 3001);
const host = await startDemoHost({ appOrigin, port });
console.log(`The demo business's own site: ${host.url} (it embeds the widget of ${appOrigin})`);
console.log(`Try ${host.url}?lang=de&brand=%23aa3377 for a German widget in another brand colour.`);
