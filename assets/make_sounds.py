#!/usr/bin/env python3
"""Synthesises Veil's sound effects as 16-bit mono WAV files (stdlib only).

Run from anywhere: python3 assets/make_sounds.py
Every sound is made here from sine waves, noise and envelopes; no recordings.
"""
import math
import os
import random
import struct
import wave

RATE = 22050
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sounds")


def env(t, attack, decay):
    """A fast attack and an exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def render(duration, voice):
    n = int(RATE * duration)
    return [voice(i / RATE) for i in range(n)]


def write(name, samples, gain=0.8):
    peak = max(1e-9, max(abs(s) for s in samples))
    path = os.path.join(OUT, name)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s / peak * gain)) * 32767)) for s in samples)
        w.writeframes(frames)
    print(f"{path}: {len(samples) / RATE:.2f} s")


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(7)  # fixed: the files are reproducible
    noise = [rng.uniform(-1, 1) for _ in range(RATE)]

    # A wooden piece set down: a short knock, low body plus a click.
    def move(t):
        body = math.sin(2 * math.pi * 180 * t) * env(t, 0.002, 0.04)
        click = noise[int(t * RATE)] * env(t, 0.0005, 0.006)
        return body + 0.5 * click

    # A capture: two knocks, the second harder.
    def capture(t):
        a = move(t)
        t2 = t - 0.07
        b = 0.0
        if t2 > 0:
            b = 1.3 * (math.sin(2 * math.pi * 140 * t2) * env(t2, 0.002, 0.06) + 0.6 * noise[int(t2 * RATE)] * env(t2, 0.0005, 0.01))
        return a + b

    # A flip: a quick rising swish.
    def flip(t):
        f = 600 + 2400 * t / 0.16
        return (0.6 * noise[int(t * RATE)] + 0.4 * math.sin(2 * math.pi * f * t)) * env(t, 0.03, 0.05)

    # Check: two bright bell tones.
    def check(t):
        s = 0.0
        for start, f in ((0.0, 880), (0.14, 1175)):
            u = t - start
            if u > 0:
                s += (math.sin(2 * math.pi * f * u) + 0.3 * math.sin(2 * math.pi * 2 * f * u)) * env(u, 0.003, 0.18)
        return s

    def arpeggio(notes, step, decay):
        def voice(t):
            s = 0.0
            for k, f in enumerate(notes):
                u = t - k * step
                if u > 0:
                    s += (math.sin(2 * math.pi * f * u) + 0.25 * math.sin(2 * math.pi * 3 * f * u)) * env(u, 0.005, decay)
            return s
        return voice

    # Win: a rising major arpeggio; lose: a falling minor one.
    win = arpeggio([523.25, 659.25, 783.99, 1046.5], 0.11, 0.35)
    lose = arpeggio([440.0, 349.23, 293.66, 220.0], 0.16, 0.4)

    # Button: a tiny tick.
    def button(t):
        return math.sin(2 * math.pi * 1500 * t) * env(t, 0.001, 0.015)

    write("move.wav", render(0.25, move))
    write("capture.wav", render(0.4, capture))
    write("flip.wav", render(0.3, flip))
    write("check.wav", render(0.7, check))
    write("win.wav", render(1.4, win))
    write("lose.wav", render(1.6, lose))
    write("button.wav", render(0.08, button), gain=0.5)

    # Verdict: a gavel's knock, then a low open fifth that rings on.
    def verdict(t):
        knock = math.sin(2 * math.pi * 110 * t) * env(t, 0.001, 0.05) + 0.7 * noise[int(t * RATE) % RATE] * env(t, 0.0005, 0.008)
        u = t - 0.09
        tone = 0.0
        if u > 0:
            tone = sum(math.sin(2 * math.pi * f * u) for f in (196.0, 293.66, 392.0)) / 2.2 * env(u, 0.01, 0.45)
        return knock + tone

    write("verdict.wav", render(1.1, verdict))


if __name__ == "__main__":
    main()
