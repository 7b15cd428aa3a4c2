// Veil on a phone: the web build (web/dist) in headless Chromium with touch
// emulation (playwright's hasTouch and isMobile). Plays by touch alone at
// 390 × 844 and device scale 1 (PLAY_SCALE=3 to play at 3): several moves
// of Jieqi by taps (playwright's tap starts and ends the touch at once: a
// quick tap within one frame), a Tysiąc bid from a new deal (the panel's
// + and "Call it", found by their words: `?widgets`), a card of Tysiąc (a
// tap raises it, a second tap plays it), and a Skelly flick by a finger's
// drag (touch events sent through the devtools protocol). Each is seen
// taken by the game's save in local storage growing by a line. Then
// the pictures of every game held upright (390 × 844) and sideways
// (844 × 390) at device scale 3, and frame times while the computer thinks
// at Normal with the CPU slowed four times.
//
//   node web/check/touch.mjs <dist dir> <shots dir> [<pictures dir> | -]
//
// `-` for the pictures: none (the test command's quick check, with
// FRAMES=0 for no frame times).
import fs from "node:fs";
import path from "node:path";
import { decodePng } from "./png.mjs";
import { findBoard, pointAt } from "./board.mjs";
import { frameLengths, inkOf, launch, serveDist, started } from "./serve.mjs";

const [dist, shots, pictures] = process.argv.slice(2);
if (!dist || !shots) {
  console.error("usage: node touch.mjs <dist dir> <shots dir> [<pictures dir>]");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });
if (pictures && pictures !== "-") fs.mkdirSync(pictures, { recursive: true });

const GAMES = ["jieqi", "hide-and-guess", "intrigue", "secret-king", "tysiac", "reality-check", "rengo", "skelly"];
const UPRIGHT = { width: 390, height: 844 };
const SIDEWAYS = { width: 844, height: 390 };

const { base, server } = await serveDist(dist);
const browser = await launch();
const failures = [];

// The device scale the games are played at (PLAY_SCALE; the issue asks
// for 1, as Bevy once misplaced touches under an emulated scale).
const PLAY_SCALE = Number(process.env.PLAY_SCALE ?? 1);

// A phone's page: touch, no mouse, the given size and scale; `?widgets`
// makes the page publish egui's buttons (src/kit/page_widgets.rs).
async function phone(viewport, scale, query) {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: scale });
  if (scale !== 1) {
    // Chromium's emulated device scale leaves ResizeObserver's
    // devicePixelContentBoxSize at the CSS size (390 × 844 at scale 3, while
    // devicePixelRatio says 3), so winit would give Bevy a window a third of
    // the page. Without the property winit takes the path it takes on
    // Safari (every iPhone): the CSS size times devicePixelRatio — what a
    // real phone's devicePixelContentBoxSize says.
    await context.addInitScript(() => {
      delete ResizeObserverEntry.prototype.devicePixelContentBoxSize;
    });
  }
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => {
    if (!String(e).includes("Using exceptions for control flow")) problems.push(`page error: ${e}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().includes("Using exceptions for control flow")) problems.push(`console error: ${m.text()}`);
  });
  await page.goto(base + query + (query.includes("?") ? "&" : "?") + "widgets");
  const problem = await started(page);
  if (problem) problems.push(problem);
  return { context, page, problems };
}

// The lines of the game's save log: one more each time the game changes.
async function saved(page, game) {
  return page.evaluate((g) => {
    const log = localStorage.getItem(`veil.game.${g}.log`) ?? "";
    return log.split("\n").filter((l) => l.trim()).length + (localStorage.getItem(`veil.game.${g}`) ? 1 : 0);
  }, game);
}

async function waitForMore(page, game, before, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await saved(page, game)) > before) return true;
    await page.waitForTimeout(300);
  }
  return false;
}

// egui's buttons as the page publishes them: { label, x, y, w, h, enabled }
// in CSS pixels.
async function widgets(page) {
  return page.evaluate(() => window.veilWidgets ?? []);
}

// Whether an enabled button whose words `want` accepts is drawn within `ms`.
async function drawn(page, want, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await widgets(page)).some((w) => w.enabled && want(w.label))) return true;
    await page.waitForTimeout(500);
  }
  return false;
}

// Taps the first enabled button whose words `want` accepts, once it is
// drawn (waiting up to `ms`); a button below the page's bottom is brought
// up by a finger's drag on the sheet first. True if one was tapped.
async function tapButton(page, want, ms = 10_000) {
  const until = Date.now() + ms;
  const height = page.viewportSize().height;
  while (Date.now() < until) {
    const b = (await widgets(page)).find((w) => w.enabled && want(w.label));
    if (b) {
      const x = b.x + b.w / 2, y = b.y + b.h / 2;
      if (y > height - 4) {
        await touchDrag(page, { x: 12, y: height - 30 }, { x: 12, y: height - 30 - Math.min(300, y - height + 80) });
        await page.waitForTimeout(500);
        continue;
      }
      await page.touchscreen.tap(x, y);
      return b;
    }
    await page.waitForTimeout(300);
  }
  return null;
}

// A finger's drag through the devtools protocol: down, moves, a still
// moment, up.
async function touchDrag(page, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const at = (p) => [{ x: Math.round(p.x), y: Math.round(p.y) }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(from) });
  await page.waitForTimeout(400);
  for (let k = 1; k <= 8; k++) {
    const p = { x: from.x + ((to.x - from.x) * k) / 8, y: from.y + ((to.y - from.y) * k) / 8 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(p) });
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(600);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

// --- Jieqi: the general steps out of the palace's back and back again ---
async function jieqiByTaps() {
  const { context, page, problems } = await phone(UPRIGHT, PLAY_SCALE, "?demo=jieqi");
  await page.waitForTimeout(6000);
  const board = findBoard(await page.screenshot({ path: path.join(shots, "touch-jieqi-before.png"), scale: "css" }));
  console.log(`touch jieqi: the board at ${board.left}..${board.right} × ${board.top}..${board.bottom}, ${board.spacing.toFixed(1)} px a point`);
  // Moves of Red's back rank in the demo's position (seed 2024, 14 moves:
  // the d0 piece to e1 is legal, `touch_the_jieqi_demo_takes_a_move_by_taps`
  // checks it headless); after the first, each is tried in turn until the
  // save says one was taken (the computer's replies change what is legal).
  const sq = (s) => ["abcdefghi".indexOf(s[0]), Number(s[1])];
  const candidates = ["d0e1", "f0e1", "b0c2", "h0i2", "g0e2", "c0e2", "e1d2", "e1f2", "e1e2", "a3a4", "i3i4", "c3c4", "g3g4"];
  let moves = 0;
  const tried = new Set();
  for (let n = 0; n < 3; n++) {
    let moved = false;
    for (const m of candidates) {
      if (tried.has(m)) continue;
      const from = sq(m.slice(0, 2)), to = sq(m.slice(2));
      const before = await saved(page, "jieqi");
      for (const [f, r] of [from, to]) {
        const p = pointAt(board, f, r, false);
        // playwright's tap: the touch starts and ends at once.
        await page.touchscreen.tap(p.x, p.y);
        await page.waitForTimeout(1500);
      }
      if (await waitForMore(page, "jieqi", before, 5000)) {
        tried.add(m);
        moves++;
        moved = true;
        break;
      }
      tried.add(m);
      // Whatever was picked is dropped (a tap off the board).
      await page.touchscreen.tap(Math.max(4, board.left - 20), board.top + 10);
      await page.waitForTimeout(1200);
    }
    if (!moved) break;
    // The computer answers.
    const mine = await saved(page, "jieqi");
    await waitForMore(page, "jieqi", mine, 20_000);
    await page.waitForTimeout(2000);
  }
  await page.screenshot({ path: path.join(shots, "touch-jieqi-after.png"), scale: "css" });
  console.log(`touch jieqi: ${moves} moves by taps`);
  if (moves < 3) problems.push(`only ${moves} of 3 moves were taken by taps`);
  for (const p of problems) failures.push(`jieqi: ${p}`);
  await context.close();
}

// Card-face pixels (the cards' ivory).
function isCard(r, g, b) {
  return r > 235 && g > 230 && b > 210;
}

// --- Tysiąc: a card of the hand raised by a tap and played by a second ---
async function tysiacByTaps() {
  const { context, page, problems } = await phone(UPRIGHT, PLAY_SCALE, "?demo=tysiac");
  await page.waitForTimeout(7000);
  const png = await page.screenshot({ path: path.join(shots, "touch-tysiac-before.png"), scale: "css" });
  const { width, height, channels, px } = decodePng(png);
  // The cards the person may play stand white (the others greyed): the
  // lowest white pixels of the table's part (above the sheet) are the
  // hand's; the leftmost of them is tapped, raised, and tapped again.
  const tableBottom = Math.floor(height * 0.44);
  let bottom = -1;
  const white = [];
  for (let y = 0; y < tableBottom; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      if (isCard(px[o], px[o + 1], px[o + 2])) { white.push([x, y]); bottom = Math.max(bottom, y); }
    }
  }
  const hand = white.filter(([, y]) => y > bottom - 30);
  if (hand.length < 20) {
    problems.push(`the hand was not found in the picture (${hand.length} white pixels at its bottom)`);
  } else {
    const left = Math.min(...hand.map(([x]) => x)), right = Math.max(...hand.map(([x]) => x));
    const x = left + Math.min(8, (right - left) / 2), y = bottom - 10;
    const before = await saved(page, "tysiac");
    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: path.join(shots, "touch-tysiac-raised.png"), scale: "css" });
    // The card stands raised now; a second tap plays it.
    await page.touchscreen.tap(x, y - 14);
    const played = await waitForMore(page, "tysiac", before, 6000);
    await page.screenshot({ path: path.join(shots, "touch-tysiac-after.png"), scale: "css" });
    console.log(`touch tysiac: a card ${played ? "played" : "NOT played"} by two taps (at ${x.toFixed(0)}, ${y}; the usable cards at x ${left}..${right})`);
    if (!played) problems.push("no card was played by taps");
  }
  for (const p of problems) failures.push(`tysiac: ${p}`);
  await context.close();
}

// --- Tysiąc: a bid, from a new deal, by the panel's buttons ---
async function tysiacBidByTaps() {
  const { context, page, problems } = await phone(UPRIGHT, PLAY_SCALE, "?demo=tysiac-new");
  await page.waitForTimeout(4000);
  // The computers before the person bid first: wait for "Call it".
  const call = (l) => l.startsWith("Call it");
  if (!(await drawn(page, call, 30_000))) {
    problems.push(`no "Call it" button came (buttons: ${(await widgets(page)).map((w) => w.label).join(", ")})`);
  } else {
    const before = await saved(page, "tysiac");
    // One step up the stepper, then the call.
    const up = await tapButton(page, (l) => l.trim() === "+", 2000);
    await page.waitForTimeout(800);
    const pressed = await tapButton(page, call, 5000);
    const bid = pressed && (await waitForMore(page, "tysiac", before, 6000));
    await page.screenshot({ path: path.join(shots, "touch-tysiac-bid.png"), scale: "css" });
    console.log(`touch tysiac: a bid ${bid ? "called" : "NOT called"} by taps (${up ? "+ then " : ""}${pressed ? pressed.label : "no Call it"})`);
    if (!bid) problems.push("no bid was taken by taps");
  }
  for (const p of problems) failures.push(`tysiac bid: ${p}`);
  await context.close();
}

// --- Skelly: the red cap flicked by a finger's drag ---
async function skellyByDrag() {
  const { context, page, problems } = await phone(UPRIGHT, PLAY_SCALE, "?demo=skelly");
  await page.waitForTimeout(7000);
  const png = await page.screenshot({ path: path.join(shots, "touch-skelly-before.png"), scale: "css" });
  const { width, height, channels, px } = decodePng(png);
  // Red's cap (the person's): the middle of the red pixels of the table's
  // part (the sheet below writes "You: Red" in red).
  let sx = 0, sy = 0, n = 0;
  for (let y = 0; y < Math.floor(height * 0.44); y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      const [r, g, b] = [px[o], px[o + 1], px[o + 2]];
      if (r > 190 && g < 70 && b < 70) { sx += x; sy += y; n++; }
    }
  }
  if (n < 20) {
    problems.push(`the red cap was not found (${n} pixels)`);
  } else {
    const cap = { x: sx / n, y: sy / n };
    const before = await saved(page, "skelly");
    // Pulled back down and left: a flick up and right.
    await touchDrag(page, cap, { x: cap.x - 40, y: Math.min(cap.y + 70, height - 10) });
    const flicked = await waitForMore(page, "skelly", before, 8000);
    await page.waitForTimeout(3000);
    await page.screenshot({ path: path.join(shots, "touch-skelly-after.png"), scale: "css" });
    console.log(`touch skelly: the cap at (${cap.x.toFixed(0)}, ${cap.y.toFixed(0)}) ${flicked ? "flicked" : "NOT flicked"} by a drag`);
    if (!flicked) problems.push("the drag flicked nothing");
  }
  for (const p of problems) failures.push(`skelly: ${p}`);
  await context.close();
}

// --- Frame times: the computer thinks at Normal, the CPU slowed 4× ---
async function frameTimes() {
  const { context, page, problems } = await phone(UPRIGHT, 1, "?demo=jieqi&level=normal");
  await page.waitForTimeout(5000);
  const board = findBoard(await page.screenshot({ scale: "css" }));
  const cdp = await context.newCDPSession(page);
  // Red's step d0–e1 gives the computer (at Normal) its turn; the frames
  // are timed from the move on, for 12 s.
  const before = await saved(page, "jieqi");
  for (const [f, r] of [[3, 0], [4, 1]]) {
    const p = pointAt(board, f, r, false);
    await page.touchscreen.tap(p.x, p.y);
    await page.waitForTimeout(1500);
  }
  await waitForMore(page, "jieqi", before, 6000);
  const frames = (ms) => frameLengths(page, ms);
  const report = (what, times) => {
    times.sort((a, b) => a - b);
    const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    console.log(
      `frame times (390 × 844, ${what}, the computer thinking at Normal): ${times.length} frames, median ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms`,
    );
  };
  report("CPU as it is", await frames(6000));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  report("CPU 4× slower", await frames(12_000));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  for (const p of problems) failures.push(`frames: ${p}`);
  await context.close();
}

// --- Pictures: every game upright and sideways ---
// At device scale 3, as a recent phone's screen (PHONE_SCALE to change).
const PICTURE_SCALE = Number(process.env.PHONE_SCALE ?? 3);
async function phonePictures() {
  for (const [name, viewport] of [["upright", UPRIGHT], ["sideways", SIDEWAYS]]) {
    for (const game of GAMES) {
      const { context, page, problems } = await phone(viewport, PICTURE_SCALE, `?demo=${game}`);
      await page.waitForTimeout(9000);
      const file = path.join(pictures ?? shots, `phone-${game}-${name}.jpg`);
      const shot = await page.screenshot({ path: file, type: "jpeg", quality: 80 });
      const png = await page.screenshot({ type: "png", scale: "css" });
      const { coverage } = inkOf(png);
      console.log(`${game} ${name}: ${(coverage * 100).toFixed(0)}% drawn → ${file} (${(shot.length / 1024).toFixed(0)} KB)`);
      if (coverage < 0.1) problems.push("the page looks blank");
      for (const p of problems) failures.push(`${game} ${name}: ${p}`);
      await context.close();
    }
  }
}

try {
  // ONLY=pictures: the pictures alone.
  if (process.env.ONLY !== "pictures") {
    await jieqiByTaps();
    await tysiacBidByTaps();
    await tysiacByTaps();
    await skellyByDrag();
    // FRAMES=0: no frame times (the test command's quick build is not the
    // page players get, so its times would mean nothing).
    if (process.env.FRAMES !== "0") await frameTimes();
  }
  if (pictures !== "-") await phonePictures();
} finally {
  await browser.close();
  server.close();
}
if (failures.length) {
  console.error("FAILED:\n" + failures.join("\n"));
  process.exit(1);
}
console.log(process.env.ONLY === "pictures" ? "every game drawn at phone size" : "played by touch; every game drawn at phone size");
