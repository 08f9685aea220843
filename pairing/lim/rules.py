"""The rules of the Lim system (C.04.4.3, 2026) as rows, in the order the procedure applies them:
the PAB (Art. 1.1, 7.1), compatibility (2.1), the order of the scoregroups (2.2), floaters (2.3,
3), the tentative pairing and exchanges (2.4, 4), the Median Scoregroup (2.6), colours (5, 6, 7.2).
Each row: ``(name, article, words, kind)``; the module that applies the rule is named in
docs/rules.md."""

from __future__ import annotations

from pairing.lim.colours import STEPS

__all__ = ["RULES"]

RULES: tuple[tuple[str, str, str, str], ...] = (
    ("1.1", "1.1", "the PAB goes to the lowest-ranked player of the lowest scoregroup who may receive it "
                   "(C.04.1 Art. 3-4) and whose bye leaves the others a pairing", "pab"),
    ("7.1", "7.1", "in round 1 the PAB goes to the lowest-rated player (ties: the lowest-ranked)", "pab"),
    ("2.1", "2.1", "compatible: not met, and neither gets the same colour three rounds running nor three more "
                   "of one colour than the other (the last round: only not met, Art. 6)", "absolute"),
    ("2.2", "2.2", "scoregroups from the highest down to just above the Median Scoregroup (half the rounds "
                   "played), then from the lowest up, the Median Scoregroup last and downward", "order"),
    ("2.3", "2.3", "before a group is paired, its players without a compatible opponent in it, and one more to "
                   "make its number even, float to the next group towards the median", "completion"),
    ("3.9", "3.9", "the floater chosen is of the least disadvantaged type: d, c, b, then a (whether he floated "
                   "into the group, whether he has a compatible opponent in the next)", "quality"),
    ("3.10", "3.10", "a player who floated in the previous round is not chosen when another can be", "quality"),
    ("3.2.2", "3.2.2", "the floater chosen brings the numbers due White and due Black closer (Maxi-tournament: "
                       "within 100 points, 3.2.3)", "quality"),
    ("3.2.4", "3.2.4", "above the median the lowest-ranked player floats, below it the highest-ranked", "order"),
    ("3.6", "3.6-3.8", "received floaters are paired first, the farthest score first; a down-floater meets the "
                       "highest-ranked available player, an up-floater the lowest-ranked", "order"),
    ("2.4", "2.4", "the tentative pairing: the top half against the bottom half, 1 v n/2+1, ...", "order"),
    ("4", "4.1-4.4", "scrutiny from #1 (upward: from the last): an unavailable opponent is exchanged, the bottom "
                     "half in order, then the top half from the bottom up; every exchange leaves the rest "
                     "pairable", "order"),
    ("5.2-exchange", "5.2, 5.7", "of the available opponents, the first who lets both have their due colours (Maxi-"
                        "tournament: within 100 points)", "order"),
    ("2.6", "2.6", "a Median Scoregroup that cannot be completed takes the last pairings of a neighbouring "
                   "side: below when more floaters came from above, else above", "completion"),
    ("7.2", "7.2", "round 1: the colour drawn for #1 goes to the odd-numbered players of the top half",
     "colour"),
) + tuple((article, article.split("-")[0], words, "colour") for article, words in STEPS)
