// The `thought: …` lines a watched demo logs (src/table/referee.rs,
// `thought_line`), summed up for one game and level. Imported by
// think.mjs (the browser); run by itself it reads lines on standard input
// and sums up each game and level in them (the headless figures:
// `cargo test -p veil --test app think_figures -- --ignored --nocapture`):
//
//   node web/check/thought.mjs < log
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const LINE =
  /thought: (\S+) (\S+) seat (\d+): (?:(\d+) of (\d+)|\?) \((finished|cut)\) in (\d+) ms waited, (\d+) ms searching in (\d+) slices/;

export function parse(lines) {
  const out = [];
  for (const line of lines) {
    const m = LINE.exec(line);
    if (!m) continue;
    out.push({
      game: m[1],
      level: m[2],
      done: m[4] === undefined ? null : Number(m[4]),
      budget: m[5] === undefined ? null : Number(m[5]),
      finished: m[6] === "finished",
      waited: Number(m[7]),
      searching: Number(m[8]),
      slices: Number(m[9]),
    });
  }
  return out;
}

// "jieqi normal: 12 moves, 100 % of the budget on average, 12 whole, 17.2
// a ms in 181 ms of slices a move, 0.98 s waited"
export function summary(game, level, lines) {
  const moves = parse(lines).filter((t) => t.game === game && t.level === level);
  if (moves.length === 0) return `${game} ${level}: no move seen`;
  const share = (t) => (t.finished ? 1 : t.budget ? Math.min(1, t.done / t.budget) : 0);
  const mean = (f) => moves.reduce((s, t) => s + f(t), 0) / moves.length;
  const whole = moves.filter((t) => share(t) >= 1).length;
  const searched = moves.filter((t) => t.done !== null && t.searching > 0);
  const work = searched.reduce((s, t) => s + t.done, 0);
  const ms = searched.reduce((s, t) => s + t.searching, 0);
  const rate = ms > 0 ? (work / ms).toFixed(1) : "?";
  return (
    `${game} ${level}: ${moves.length} moves, ${(100 * mean(share)).toFixed(0)} % of the budget on average, ` +
    `${whole} whole; ${rate} a ms of search, ${mean((t) => t.searching).toFixed(0)} ms of slices ` +
    `(${mean((t) => t.slices).toFixed(0)}) a move, ${(mean((t) => t.waited) / 1000).toFixed(2)} s waited`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lines = fs.readFileSync(0, "utf8").split("\n");
  const pairs = [...new Set(parse(lines).map((t) => `${t.game} ${t.level}`))];
  for (const pair of pairs) console.log(summary(...pair.split(" "), lines));
}
