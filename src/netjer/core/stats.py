"""Statistics every layer may use: the Wilson score interval of a proportion.

E. B. Wilson, "Probable inference, the law of succession, and statistical inference", JASA 22
(1927).  The tournaments (:mod:`netjer.sim.stats`) and the computer levels' shown ratings
(:mod:`netjer.agents.levels`, a pairing won in every game shown as a bound) both use it.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion.

    Args:
        successes: number of successes (a draw may count 0.5).
        n: number of trials.
        z: normal quantile (1.96 for 95%).

    Returns:
        ``(low, high)`` in [0, 1]; ``(0.0, 1.0)`` when ``n == 0``.

    Raises:
        ValueError: if ``successes`` is outside ``[0, n]``.
    """
    if n == 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} outside [0, {n}]")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
