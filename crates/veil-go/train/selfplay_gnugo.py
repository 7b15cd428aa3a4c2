#!/usr/bin/env python3
"""Game records for training Veil's Go move patterns: GNU Go plays itself.

Usage: selfplay_gnugo.py OUT GAMES [--size 19] [--level 1] [--seed 1]

Each game opens with two to four stones at random points of the third to
fifth lines (so the games differ: GNU Go is nearly deterministic), then
GNU Go plays both sides until two passes or a resignation. One game a line
is appended to OUT: `19 B Q16 W D4 ...` (the size, then colour and vertex
for every move, PASS for a pass). Debian's gnugo is looked for on PATH and
in /usr/games.
"""
import os, random, shutil, subprocess, sys

def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    out, games = args[0], int(args[1])
    opts = dict(size=19, level=1, seed=1)
    rest = args[2:]
    while rest:
        key = rest.pop(0).lstrip('-')
        opts[key] = int(rest.pop(0))
    size = opts['size']
    exe = shutil.which('gnugo') or '/usr/games/gnugo'
    rng = random.Random(opts['seed'])
    letters = 'ABCDEFGHJKLMNOPQRST'[:size]
    for g in range(games):
        proc = subprocess.Popen([exe, '--mode', 'gtp', '--level', str(opts['level']),
                                 '--chinese-rules', '--seed', str(rng.randrange(1, 1 << 30))],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        def ask(cmd):
            proc.stdin.write(cmd + '\n'); proc.stdin.flush()
            lines = []
            while True:
                line = proc.stdout.readline()
                if line == '':
                    raise RuntimeError('gnugo closed')
                if line.strip() == '' and lines:
                    break
                if line.strip():
                    lines.append(line.strip())
            reply = lines[0]
            if not reply.startswith('='):
                raise RuntimeError(f'{cmd}: {reply}')
            return reply[1:].strip()
        ask(f'boardsize {size}'); ask('clear_board'); ask('komi 7.5')
        moves, colour, passes = [], 'B', 0
        for _ in range(rng.randint(2, 4)):
            while True:
                x, y = rng.randint(2, 4), rng.randint(2, 4)
                x = x if rng.random() < 0.5 else size - 1 - x
                y = y if rng.random() < 0.5 else size - 1 - y
                v = f'{letters[x]}{y + 1}'
                if v not in [m for _, m in moves]:
                    break
            ask(f'play {colour} {v}'); moves.append((colour, v))
            colour = 'W' if colour == 'B' else 'B'
        while passes < 2 and len(moves) < 3 * size * size:
            v = ask(f'genmove {colour}').upper()
            if v == 'RESIGN':
                break
            passes = passes + 1 if v == 'PASS' else 0
            moves.append((colour, v))
            colour = 'W' if colour == 'B' else 'B'
        ask('quit') if False else None
        proc.stdin.close(); proc.wait()
        with open(out, 'a') as f:
            f.write(f'{size} ' + ' '.join(f'{c} {v}' for c, v in moves) + '\n')
        print(f'game {g + 1}: {len(moves)} moves', file=sys.stderr, flush=True)

if __name__ == '__main__':
    main()
