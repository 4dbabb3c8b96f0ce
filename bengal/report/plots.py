"""The report's charts, drawn with matplotlib and returned as SVG text (for ``<img src="data:…">``).

Figures are made with :class:`matplotlib.figure.Figure` directly (no ``pyplot``
state, no GUI backend), text kept as text (``svg.fonttype = none``), and a fixed
``svg.hashsalt`` and no date, so the same inputs give byte-identical SVG.
"""

from __future__ import annotations

import io
import warnings
from typing import TYPE_CHECKING, Any, Mapping, Sequence

if TYPE_CHECKING:  # matplotlib itself is imported only when a chart is drawn
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

__all__ = ["type_bars", "f1_by_density", "f1_per_set", "svg_data_uri"]

#: ``text.parse_math`` off: labels are names from the inputs (systems, types, sets), drawn as they are;
#: matplotlib's math text would read ``$…$`` in them as TeX (``$\\frac{$`` raised a ParseSyntaxException).
_RC: dict[RcKeyType, Any] = {"svg.fonttype": "none", "svg.hashsalt": "bengal-report", "font.size": 9,
                             "axes.spines.top": False, "axes.spines.right": False, "text.parse_math": False}
#: Colour-blind-safe palette (Okabe & Ito 2008), one colour per system.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


#: The longest label a chart draws (characters): a longer system, type or set name is cut, ending in
#: "…" (the page's tables show it whole); matplotlib lays a 200,000-character label out for minutes.
LABEL_LIMIT = 80


def _label(text: str, limit: int = LABEL_LIMIT) -> str:
    """``text`` for a chart: non-printable characters (controls, U+0085, U+FEFF …) but the line breaks
    of a set's label as their Python escape (no font has glyphs for them), then cut at ``limit``
    characters."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() or c == "\n" else ascii(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _svg(fig: Figure) -> str:
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context(_RC), warnings.catch_warnings():
        # long labels leave the axes no room; the chart is drawn anyway, and a Python warning on
        # stderr would be a second, unformatted line for the user
        warnings.filterwarnings("ignore", message="constrained_layout not applied", category=UserWarning)
        # a character the font lacks (a CJK type name under DejaVu Sans) is drawn as a box, without a warning line
        warnings.filterwarnings("ignore", message="Glyph .* missing from font", category=UserWarning)
        fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(width, height), layout="constrained")
        ax = fig.subplots()
    return fig, ax


def _finish(ax: Axes, title: str, legend: bool) -> None:
    ax.set_title(_label(title, 2 * LABEL_LIMIT), loc="left")
    if legend:  # beside the axes, never over a bar
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)


def svg_data_uri(svg: str) -> str:
    """``data:image/svg+xml;base64,…`` of an SVG text (an ``<img>`` source: self-contained, and its
    ids cannot clash with the page's)."""
    import base64

    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def type_bars(types: Sequence[str], systems: Sequence[str], f1: Mapping[tuple[str, str], float | None],
              title: str) -> str:
    """Grouped horizontal bars: one group per type (top to bottom in ``types`` order), one bar per
    system; ``f1[(type, system)]`` in [0, 1], None for no bar. Returns SVG text."""
    import matplotlib

    n_types, n_sys = len(types), max(1, len(systems))
    height = 0.9 + n_types * (0.12 + 0.12 * n_sys)
    fig, ax = _figure(5.6, height)
    with matplotlib.rc_context(_RC):
        bar = 0.8 / n_sys
        for s, system in enumerate(systems):
            ys, xs = [], []
            for t, type_ in enumerate(types):
                value = f1.get((type_, system))
                if value is not None:
                    ys.append(n_types - 1 - t + 0.4 - bar * (s + 0.5))
                    xs.append(value)
            ax.barh(ys, xs, height=bar * 0.92, color=PALETTE[s % len(PALETTE)], label=_label(system))
            for y, x in zip(ys, xs):
                ax.text(min(x, 1.0) + 0.01, y, f"{x:.2f}", va="center", fontsize=7)
        ax.set_yticks(range(n_types), [_label(t) for t in reversed(types)])
        ax.set_xlim(0, 1.1)
        ax.set_xlabel("micro F1")
        _finish(ax, title, len(systems) > 1)
    return _svg(fig)


def f1_by_density(points: Mapping[str, Sequence[tuple[float, float, tuple[float, float] | None]]],
                  title: str) -> str:
    """Micro F1 against the density a set reached: ``points[system] = [(density, f1, (lo, hi) or
    None), …]``, one line per system with its confidence interval as error bars. Returns SVG text."""
    import matplotlib

    fig, ax = _figure(6.0, 3.2)
    with matplotlib.rc_context(_RC):
        for s, (system, pts) in enumerate(points.items()):
            pts = sorted(pts)
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            colour = PALETTE[s % len(PALETTE)]
            ax.plot(xs, ys, marker="o", color=colour, label=_label(system))
            lows = [p[1] - p[2][0] if p[2] else 0.0 for p in pts]
            highs = [p[2][1] - p[1] if p[2] else 0.0 for p in pts]
            if any(lows) or any(highs):
                ax.errorbar(xs, ys, yerr=[lows, highs], fmt="none", ecolor=colour, capsize=3)
        ax.set_xlabel("entity density reached (mentions per token)")
        ax.set_ylabel("micro F1")
        _finish(ax, title, True)
    return _svg(fig)


def f1_per_set(sets: Sequence[str], systems: Sequence[str],
               f1: Mapping[tuple[str, str], tuple[float, tuple[float, float] | None]], title: str) -> str:
    """Grouped vertical bars: micro F1 per set (groups, labelled e.g. "name / strategy · density")
    and system (bars), with confidence intervals as error bars; ``f1[(set, system)] = (f1, (lo, hi)
    or None)``. Returns SVG text."""
    import matplotlib

    fig, ax = _figure(max(5.0, 1.2 + 1.3 * len(sets)), 3.6)
    with matplotlib.rc_context(_RC):
        n_sys = max(1, len(systems))
        width = 0.8 / n_sys
        for s, system in enumerate(systems):
            xs, ys, lows, highs = [], [], [], []
            for g, name in enumerate(sets):
                if (name, system) in f1:
                    value, ci = f1[(name, system)]
                    xs.append(g - 0.4 + width * (s + 0.5))
                    ys.append(value)
                    lows.append(value - ci[0] if ci else 0.0)
                    highs.append(ci[1] - value if ci else 0.0)
            colour = PALETTE[s % len(PALETTE)]
            ax.bar(xs, ys, width=width * 0.92, color=colour, label=_label(system),
                   yerr=[lows, highs] if any(lows) or any(highs) else None, capsize=3)
        ax.set_xticks(range(len(sets)), [_label(name) for name in sets], fontsize=8)
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("micro F1")
        _finish(ax, title, len(systems) > 1)
    return _svg(fig)
