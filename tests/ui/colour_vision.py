"""How a colour looks to a reader with a colour-vision deficiency, and how far
apart two colours look: for the test of the colour-blind palette.

- Simulation: Machado, Oliveira and Fernandes, "A Physiologically-based Model
  for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6), 2009), the
  matrices for severity 1.0 (dichromacy: the strongest form of each), applied
  to linear sRGB and clipped to the gamut.
- Difference: CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference
  Formula: Implementation Notes, Supplementary Test Data, and Mathematical
  Observations", Color Research & Application 30(1), 2005) between the CIELAB
  colours (D65) of the simulated sRGB colours; ``test_colour_vision.py``
  checks the formula against Sharma's published test pairs.
"""

from __future__ import annotations

import math
from typing import Final

RGB = tuple[float, float, float]
Lab = tuple[float, float, float]

#: Machado et al. (2009), severity 1.0, on linear RGB.
MACHADO: Final[dict[str, tuple[RGB, RGB, RGB]]] = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
#: Normal vision, then the three deficiencies.
VISIONS: Final = ("normal", *MACHADO)


def linear(colour: str) -> RGB:
    """``#rrggbb`` as linear-light sRGB, 0 to 1."""
    value = colour.lstrip("#")

    def channel(text: str) -> float:
        c = int(text, 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return channel(value[0:2]), channel(value[2:4]), channel(value[4:6])


def simulate(colour: str, vision: str) -> RGB:
    """What ``colour`` looks like with ``vision`` (normal, or one of :data:`MACHADO`)."""
    rgb = linear(colour)
    if vision == "normal":
        return rgb
    rows = MACHADO[vision]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in rows)
    return r, g, b


def lab(rgb: RGB) -> Lab:
    """Linear sRGB to CIELAB (D65 white)."""
    r, g, b = rgb
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(first: Lab, second: Lab) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    else:
        h_mean = (h1p + h2p) / 2
        if abs(h1p - h2p) > 180:
            h_mean += 180 if h1p + h2p < 360 else -180
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h)
    )


def difference(first: str, second: str, vision: str) -> float:
    """How far apart two ``#rrggbb`` colours look with ``vision`` (CIEDE2000)."""
    return ciede2000(lab(simulate(first, vision)), lab(simulate(second, vision)))
