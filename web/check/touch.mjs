// Veil on a phone: the web build (web/dist) in headless Chromium with touch
// emulation (playwright's hasTouch and isMobile). Plays by touch alone at
// 390 × 844 and device scale 1 (Bevy 0.19 misplaces touches under an
// emulated scale): several moves of Jieqi by taps (playwright's tap starts
// and ends the touch at once: a quick tap within one frame), a card of
// Tysiąc (a tap raises it, a second tap plays it), and a Skelly flick by a
// finger's drag (touch events sent through the devtools protocol). Each is
// seen taken by the game's save in local storage growing by a line. Then
// the pictures of every game held upright (390 × 844) and sideways
// (844 × 390) at device scale 3, and frame times while the computer thinks
// at Normal with the CPU slowed four times.
//
//   node web/check/touch.mjs <dist dir> <shots dir> [<pictures dir>]
import fs from "node:fs";
import path from "node:path";
import { decodePng } from "./png.mjs";
import { findBoard, pointAt } from "./board.mjs";
import { inkOf, launch, serveDist, started } from "./serve.mjs";

const [dist, shots, pictures] = process.argv.slice(2);
if (!dist || !shots) {
  console.error("usage: node touch.mjs <dist dir> <shots dir> [<pictures dir>]");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });
if (pictures) fs.mkdirSync(pictures, { recursive: true });

const GAMES = ["jieqi", "hide-and-guess", "intrigue", "secret-king", "tysiac", "reality-check", "rengo", "skelly"];
const UPRIGHT = { width: 390, height: 844 };
const SIDEWAYS = { width: 844, height: 390 };

const { base, server } = await serveDist(dist);
const browser = await launch();
const failures = [];

// A phone's page: touch, no mouse, the given size and scale.
async function phone(viewport, scale, query) {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: scale });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => {
    if (!String(e).includes("Using exceptions for control flow")) problems.push(`page error: ${e}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().includes("Using exceptions for control flow")) problems.push(`console error: ${m.text()}`);
  });
  await page.goto(base + query);
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
  const { context, page, problems } = await phone(UPRIGHT, 1, "?demo=jieqi");
  await page.waitForTimeout(6000);
  const board = findBoard(await page.screenshot({ path: path.join(shots, "touch-jieqi-before.png") }));
  console.log(`touch jieqi: the board at ${board.left}..${board.right} × ${board.top}..${board.bottom}, ${board.spacing.toFixed(1)} px a point`);
  // The demo's position (seed 2024, 14 moves): Red's general on e0 with
  // e1 free; it steps up, then down, then up again (other steps if the
  // computer's reply forbids one).
  let at = [4, 0];
  let moves = 0;
  for (let n = 0; n < 3; n++) {
    const targets = [[4, at[1] === 0 ? 1 : 0], [3, at[1]], [5, at[1]], [4, 2]].filter(
      ([f, r]) => f >= 3 && f <= 5 && r >= 0 && r <= 2 && !(f === at[0] && r === at[1]),
    );
    let moved = false;
    for (const to of targets) {
      const before = await saved(page, "jieqi");
      for (const [f, r] of [at, to]) {
        const p = pointAt(board, f, r, false);
        await page.touchscreen.tap(p.x, p.y);
        await page.waitForTimeout(1500);
      }
      if (await waitForMore(page, "jieqi", before, 6000)) {
        at = to;
        moves++;
        moved = true;
        break;
      }
      // Whatever is picked is dropped: a tap on the picked point again.
      const p = pointAt(board, at[0], at[1], false);
      await page.touchscreen.tap(p.x, p.y);
      await page.waitForTimeout(1200);
    }
    if (!moved) break;
    // The computer answers.
    const mine = await saved(page, "jieqi");
    await waitForMore(page, "jieqi", mine, 20_000);
  }
  await page.screenshot({ path: path.join(shots, "touch-jieqi-after.png") });
  console.log(`touch jieqi: ${moves} moves by taps`);
  if (moves < 3) problems.push(`only ${moves} of 3 moves were taken by taps`);
  for (const p of problems) failures.push(`jieqi: ${p}`);
  await context.close();
}

// Card-face pixels (the cards' ivory).
function isCard(r, g, b) {
  return r > 225 && g > 215 && b > 190;
}

// --- Tysiąc: a card of the hand raised by a tap and played by a second ---
async function tysiacByTaps() {
  const { context, page, problems } = await phone(UPRIGHT, 1, "?demo=tysiac");
  await page.waitForTimeout(7000);
  const png = await page.screenshot({ path: path.join(shots, "touch-tysiac-before.png") });
  const { width, height, channels, px } = decodePng(png);
  // The viewer's fan: the lowest band of the table (above the sheet) that
  // is mostly card faces; its cards are tapped left to right.
  let row = -1, left = width, right = -1;
  for (let y = Math.floor(height * 0.6); y > height * 0.2 && row < 0; y--) {
    let n = 0, l = width, r = -1;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      if (isCard(px[o], px[o + 1], px[o + 2])) { n++; l = Math.min(l, x); r = Math.max(r, x); }
    }
    if (n > width * 0.35) { row = y; left = l; right = r; }
  }
  if (row < 0) {
    problems.push("the hand was not found in the picture");
  } else {
    // Taps a little above the band's bottom: on the cards' lower halves.
    const y = row - 12;
    let played = false;
    const step = (right - left) / 10;
    for (let i = 0; i < 10 && !played; i++) {
      const x = left + step * (i + 0.3);
      const before = await saved(page, "tysiac");
      await page.touchscreen.tap(x, y);
      await page.waitForTimeout(1500);
      // The card stands raised now; a second tap plays it (when it may be).
      await page.touchscreen.tap(x, y - 14);
      played = await waitForMore(page, "tysiac", before, 5000);
      if (!played) await page.waitForTimeout(800);
    }
    await page.screenshot({ path: path.join(shots, "touch-tysiac-after.png") });
    console.log(`touch tysiac: a card ${played ? "played" : "NOT played"} by two taps (hand at y ${row}, x ${left}..${right})`);
    if (!played) problems.push("no card was played by taps");
  }
  for (const p of problems) failures.push(`tysiac: ${p}`);
  await context.close();
}

// --- Skelly: the red cap flicked by a finger's drag ---
async function skellyByDrag() {
  const { context, page, problems } = await phone(UPRIGHT, 1, "?demo=skelly");
  await page.waitForTimeout(7000);
  const png = await page.screenshot({ path: path.join(shots, "touch-skelly-before.png") });
  const { width, height, channels, px } = decodePng(png);
  // Red's cap (the person's): the middle of its red pixels.
  let sx = 0, sy = 0, n = 0;
  for (let y = 0; y < height; y++) {
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
    await page.screenshot({ path: path.join(shots, "touch-skelly-after.png") });
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
  const board = findBoard(await page.screenshot());
  const cdp = await context.newCDPSession(page);
  // The general's step gives the computer (at Normal) its turn; the frames
  // are timed from the move on, for 12 s.
  const before = await saved(page, "jieqi");
  for (const [f, r] of [[4, 0], [4, 1]]) {
    const p = pointAt(board, f, r, false);
    await page.touchscreen.tap(p.x, p.y);
    await page.waitForTimeout(1500);
  }
  await waitForMore(page, "jieqi", before, 6000);
  // Frame lengths for `ms` milliseconds, by requestAnimationFrame.
  const frames = (ms) =>
    page.evaluate(
      (ms) =>
        new Promise((done) => {
          const t = [];
          let last = performance.now();
          const end = last + ms;
          const tick = (now) => {
            t.push(now - last);
            last = now;
            if (now < end) requestAnimationFrame(tick);
            else done(t);
          };
          requestAnimationFrame(tick);
        }),
      ms,
    );
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

// --- Pictures: every game upright and sideways, at device scale 3 ---
async function phonePictures() {
  for (const [name, viewport] of [["upright", UPRIGHT], ["sideways", SIDEWAYS]]) {
    for (const game of GAMES) {
      const { context, page, problems } = await phone(viewport, 3, `?demo=${game}`);
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
  await jieqiByTaps();
  await tysiacByTaps();
  await skellyByDrag();
  await frameTimes();
  if (pictures !== "-") await phonePictures();
} finally {
  await browser.close();
  server.close();
}
if (failures.length) {
  console.error("FAILED:\n" + failures.join("\n"));
  process.exit(1);
}
console.log("every game is played by touch and drawn at phone size");
