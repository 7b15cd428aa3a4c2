// The Jieqi board in a screenshot, found by its light wood, and where its
// points are on the page (the browser checks play on it by clicks or taps).
import { decodePng } from "./png.mjs";

// The Jieqi board: the largest patch of the board's light wood. Its grid
// sits one point-spacing inside the wood on every side (9 × 10 points, so
// the wood is 10 spacings wide and 11 high).
export function findBoard(png) {
  const { width, height, channels, px } = decodePng(png);
  let left = width, right = -1, top = height, bottom = -1;
  for (let y = 0; y < height; y++) {
    let run = 0;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      const [r, g, b] = [px[o], px[o + 1], px[o + 2]];
      const wood = isWood(r, g, b);
      run = wood ? run + 1 : 0;
      // A long run of wood in a row (not a piece's rim or a label).
      if (run === 40) {
        left = Math.min(left, x - 39);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
      if (run >= 40) right = Math.max(right, x);
    }
  }
  if (right < 0) throw new Error("no board found in the picture");
  const spacing = (right - left + 1) / 10;
  return { left, right, top, bottom, spacing };
}

// How many pixels of the board's light wood are in a rectangle.
export function woodIn(png, x0, y0, x1, y1) {
  const { width, channels, px } = decodePng(png);
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const o = (y * width + x) * channels;
      if (isWood(px[o], px[o + 1], px[o + 2])) n++;
    }
  }
  return n;
}

export function isWood(r, g, b) {
  return r > 215 && g > 175 && g < 225 && b > 105 && b < 175 && r - b > 70;
}

// Where a point (file 0..8 = a..i, rank 0..9) is on the page, for a board
// seen from Red (rank 0 at the bottom) or from Black (turned round).
export function pointAt(board, file, rank, black) {
  const { left, right, top, bottom, spacing } = board;
  return black
    ? { x: right - spacing * (1 + file), y: top + spacing * (1 + rank) }
    : { x: left + spacing * (1 + file), y: bottom - spacing * (1 + rank) };
}

