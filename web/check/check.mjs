// Loads Veil's web build (web/dist) from a localhost server in headless
// Chromium (WebGL2 through SwiftShader), saves a screenshot of the title
// screen, of a Jieqi game in progress (`?demo=jieqi`) and of a Rengo game
// (`?demo=rengo`, whose "Download SGF" must give an SGF download), reloads
// in the middle of a game and continues it from the title, and fails when
// the page reports an error, a request fails, or the canvas stays blank.
//
//   node web/check/check.mjs <dist dir> <shots dir>
import fs from "node:fs";
import path from "node:path";
import { inkOf, launch, serveDist, started } from "./serve.mjs";

const [dist, shots] = process.argv.slice(2);
if (!dist || !shots) {
  console.error("usage: node check.mjs <dist dir> <shots dir>");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });

const { base, server } = await serveDist(dist);
const browser = await launch();

const failures = [];
// After the shot, `then(page)` may go on with the page (a click, a check).
async function shoot(name, query, minCoverage, then) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().includes("Using exceptions for control flow")) {
      problems.push(`console error: ${m.text()}`);
    }
  });
  page.on("pageerror", (e) => {
    if (!String(e).includes("Using exceptions for control flow")) problems.push(`page error: ${e}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) {
      problems.push(`HTTP ${r.status()} for ${r.url()}`);
    }
  });
  const startedAt = Date.now();
  await page.goto(base + query);
  const problem = await started(page);
  if (problem) problems.push(problem);
  const loadS = ((Date.now() - startedAt) / 1000).toFixed(1);
  // Let the app run a few seconds (software rendering is slow).
  await page.waitForTimeout(8000);
  const file = path.join(shots, `${name}.png`);
  const png = await page.screenshot({ path: file });
  const { coverage, colours } = inkOf(png);
  console.log(
    `${name}: started in ${loadS} s; ${(coverage * 100).toFixed(1)}% of the page drawn, ${colours} colours → ${file}`,
  );
  if (coverage < minCoverage || colours < 32) {
    problems.push(`the canvas looks blank (${(coverage * 100).toFixed(1)}% drawn, ${colours} colours)`);
  }
  if (then) {
    try {
      await then(page);
    } catch (e) {
      problems.push(String(e));
    }
  }
  for (const p of problems) failures.push(`${name}: ${p}`);
  await page.close();
}

// A game in progress survives a reload: the page opened again without the
// demo shows the title with "Continue" (the first button), whose click puts
// the table back.
async function reloadOffersContinue(page) {
  // Each game keeps its own save (`veil.game.<id>` and its log).
  const saved = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("veil.game"))
      .reduce((n, k) => n + localStorage.getItem(k).length, 0),
  );
  if (!saved) throw new Error("no game was kept in local storage");
  await page.goto(base);
  await page.waitForFunction(() => getComputedStyle(document.getElementById("loading")).display === "none", null, {
    timeout: 180_000,
    polling: 500,
  });
  await page.waitForTimeout(4000);
  const title = await page.screenshot({ path: path.join(shots, "title-continue.png") });
  await page.mouse.click(600, CONTINUE_Y);
  await page.waitForTimeout(6000);
  const table = await page.screenshot({ path: path.join(shots, "continued.png") });
  const before = inkOf(title).coverage, after = inkOf(table).coverage;
  console.log(
    `continue: a ${saved}-byte save; after the reload the title (${(before * 100).toFixed(1)}% drawn), after "Continue" ${(after * 100).toFixed(1)}% drawn`,
  );
  if (after < 0.4) throw new Error("Continue did not bring the table back");
}
// Where the title's first button is at 1200 × 860.
const CONTINUE_Y = 452;

// Rengo's "Download SGF" (in the side panel at this window size, as the shot
// shows) hands the record to the browser as a download.
async function downloadsTheRecord(page) {
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await page.mouse.click(915, 316);
  const file = await download;
  const text = fs.readFileSync(await file.path(), "utf8");
  console.log(`rengo: "Download SGF" gave ${file.suggestedFilename()} (${text.length} bytes)`);
  if (!/^\(;/.test(text.trim()) || !text.includes("GM[1]") || !text.includes("SZ[")) {
    throw new Error(`the download is not an SGF record: ${text.slice(0, 80)}`);
  }
  if (!file.suggestedFilename().endsWith(".sgf")) {
    throw new Error(`the download is named ${file.suggestedFilename()}`);
  }
}

try {
  await shoot("title", "", 0.02);
  await shoot("jieqi", "?demo=jieqi", 0.1);
  await shoot("rengo", "?demo=rengo", 0.1, downloadsTheRecord);
  await shoot("continue", "?demo=jieqi", 0.1, reloadOffersContinue);
} finally {
  await browser.close();
  server.close();
}
if (failures.length) {
  console.error("FAILED:\n" + failures.join("\n"));
  process.exit(1);
}
console.log("the web build loads and draws, with no errors");
