// The computer's search in the browser: every game's demo with every seat
// a computer (`?demo=<id>&level=<level>&watch`), at Normal and at Hard, in
// headless Chromium at a desktop's size. The page logs each computer
// move as it was thought (`thought: …`, src/table/referee.rs): the work
// done of the level's budget in the time the table waited, and the
// wall-clock time in the search's slices. Prints, for each game and
// level, the moves seen, the share of the budget done (mean, and how many
// moves did all of it), the search's rate (work per ms of its slices) and
// the frames' median length, which bounds how much a frame's slice can
// be. The same figures natively, headless at 60 frames a second:
// `cargo test -p veil --test app think_figures -- --ignored --nocapture`.
// `GAMES`, `LEVELS` (space-separated) and `VIEWPORT` choose what to measure.
//
//   node web/check/think.mjs <dist dir> [<seconds a game and level>]
import { frameLengths, launch, serveDist, started } from "./serve.mjs";
import { summary } from "./thought.mjs";

const [dist, seconds] = process.argv.slice(2);
if (!dist) {
  console.error("usage: node think.mjs <dist dir> [<seconds a game and level>]");
  process.exit(2);
}
const SECONDS = Number(seconds ?? 40);
const GAMES = (process.env.GAMES ?? "jieqi hide-and-guess intrigue secret-king tysiac reality-check rengo skelly").split(" ");
const LEVELS = (process.env.LEVELS ?? "normal hard").split(" ");
// `VIEWPORT=320x200`: a small page, whose drawing is cheap even on the CPU —
// frames near a GPU's length, where the search keeps its 8 ms slices.
const [WIDTH, HEIGHT] = (process.env.VIEWPORT ?? "1280x800").split("x").map(Number);

const { base, server } = await serveDist(dist);
const browser = await launch();
let failed = false;

for (const game of GAMES) {
  for (const level of LEVELS) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
    const page = await context.newPage();
    const lines = [];
    page.on("console", (m) => {
      const at = m.text().indexOf("thought: ");
      if (at >= 0) lines.push(m.text().slice(at));
    });
    page.on("pageerror", (e) => {
      if (!String(e).includes("Using exceptions for control flow")) {
        console.error(`${game} ${level}: page error: ${e}`);
        failed = true;
      }
    });
    await page.goto(`${base}?demo=${game}&level=${level}&watch`);
    const problem = await started(page);
    if (problem) {
      console.error(`${game} ${level}: ${problem}`);
      failed = true;
    }
    // Frame lengths over the same time.
    const frames = await frameLengths(page, SECONDS * 1000);
    frames.sort((a, b) => a - b);
    const median = frames[Math.floor(frames.length / 2)] ?? 0;
    console.log(`browser ${summary(game, level, lines)}; frames median ${median.toFixed(1)} ms`);
    if (lines.length === 0) failed = true;
    await context.close();
  }
}
await browser.close();
server.close();
process.exit(failed ? 1 : 0);
