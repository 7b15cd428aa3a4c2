#!/usr/bin/env python3
"""Makes assets/fonts/veil-sans.ttf and veil-mono.ttf: DejaVu Sans and DejaVu
Sans Mono cut down to the characters Veil writes (Latin with Polish, punctuation,
arrows, shapes, card suits and symbols), renamed as the Bitstream Vera licence
asks of modified fonts. The whole egui default set (with two emoji fonts) cost
the web build about 1.4 MB; these two cost about 240 KB.

It also makes veil-xiangqi.otf: Noto Serif CJK TC Bold cut to the fourteen
characters on xiangqi pieces (and a few words around them), about 20 KB
instead of 24 MB, renamed as the SIL Open Font Licence asks.

    apt-get install -y fonts-dejavu-core fonts-noto-cjk && pip install fonttools
    python3 scripts/make_fonts.py
"""
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

SOURCE = Path("/usr/share/fonts/truetype/dejavu")
OUT = Path(__file__).resolve().parent.parent / "assets" / "fonts"
ROOT = Path(__file__).resolve().parent.parent


def symbols_in_sources() -> list[int]:
    """Every symbol (U+2000 and up, CJK aside) the app's and the rules
    crates' sources write: the rest of those blocks only cost bytes."""
    found = set()
    for folder in ("src", "crates"):
        for path in (ROOT / folder).rglob("*.rs"):
            for ch in path.read_text(errors="ignore"):
                if 0x2000 <= ord(ch) < 0x2E80:
                    found.add(ord(ch))
    return sorted(found)


# Latin for every word and a player's name, punctuation and arrows; of the
# symbol blocks (shapes, suits, chess figures, ⚙) only what the sources use.
UNICODES = (
    list(range(0x20, 0x7F))
    + list(range(0xA0, 0x180))  # Latin-1 and Latin Extended-A (ą ę ł ń ó ś ź ż)
    + list(range(0x2010, 0x2070))  # dashes, quotes, bullets, ellipsis
    + [0x20AC, 0x2122]
    + list(range(0x2190, 0x2200))  # arrows
    + symbols_in_sources()
)


def make(source: str, family: str, target: str, unicodes=UNICODES, font=None, origin="DejaVu") -> None:
    font = font or TTFont(SOURCE / source)
    options = subset.Options()
    options.layout_features = ["kern", "liga"]
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family
        elif record.nameID == 3:
            record.string = f"{family} (subset of {origin} for Veil)"
        elif record.nameID == 6:
            record.string = family.replace(" ", "")
    font.save(OUT / target)
    print(f"{target}: {(OUT / target).stat().st_size} bytes")


OUT.mkdir(parents=True, exist_ok=True)
make("DejaVuSans.ttf", "Veil Sans", "veil-sans.ttf")
make("DejaVuSansMono.ttf", "Veil Mono", "veil-mono.ttf")

# Red's and Black's pieces (帥仕相傌俥炮兵 / 將士象馬車砲卒), the hidden
# piece (暗), and the sides' names (紅 黑).
XIANGQI = "帥仕相傌俥炮兵將士象馬車砲卒暗紅黑"
NOTO = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
tc = next(f for f in TTCollection(NOTO).fonts if f["name"].getDebugName(4).endswith("TC Bold"))
make("", "Veil Xiangqi", "veil-xiangqi.otf", [ord(c) for c in XIANGQI], tc, "Noto Serif CJK TC Bold")
