"""Tie-break values as text: decimal strings everywhere (table, CSV, JSON), an average that is no
finite decimal rounded to the nearest with two decimals (README, "JSON output").

fixtures/example.trf after round 3 (2026 rules).  BH (C.07 art. 8.1) of the players the AOB
values below need, from the scores (1: 2.5, 2: 2.0, 3: 1.0, 4: 2.5, 5: 1.5, 6: 1.5, 7: 1.0):

* BH(1) = 5 (1.5) + 4 (2.5) + 7 (1.0) = 5.0;  BH(3) = 7 (1.0) + 2 (2.0) + 4 (2.5) = 5.5;
* BH(4) = 8 (1.0) + 1 (2.5) + 3 (1.0) = 4.5;
* BH(2) = 4.0, BH(7) = 4.5 and BH(8) = 5.0 count a dummy opponent (art. 16.4) for the round
  each did not play (2's half-point bye, 7's forfeit win, 8's unpaired round): taken as the BH
  column gives them (6 + 3 = 2.5 and a dummy of 1.5; 3 + 1 = 3.5 and 1.0; 4 + 5 = 4.0 and 1.0).

AOB (art. 8.2) averages the BH of the opponents met over the board:

* player 4 met 8, 1, 3: (5.0 + 5.0 + 5.5) / 3 = 31/6 = 5.1666... -> "5.17";
* player 5 met 1, 8, 6: (5.0 + 5.0 + 4.5) / 3 = 29/6 = 4.8333... -> "4.83";
* player 3 met 7, 2, 4: (4.5 + 4.0 + 4.5) / 3 = 13/3 = 4.3333... -> "4.33";
* player 1 met 5, 4, 7: (4.5 + 4.5 + 4.5) / 3 = 4.5 -> "4.50" (exact, AOB's two decimals).
"""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction

import pytest

from tests.event.making import cli
from tests.support import FIXTURES
from tiebreaks.output import fmt_value

pytestmark = pytest.mark.fast

DECIMAL = re.compile(r"^-?\d+(?:\.\d+)?$")


def test_averages_that_are_no_finite_decimal_are_rounded_in_the_json() -> None:
    code, out, err = cli("standings", FIXTURES / "example.trf", "--tiebreaks", "AOB,BH", "--json")
    assert code == 0, err
    rows = {r["start_rank"]: r["tiebreaks"] for r in json.loads(out)["standings"]}
    assert {p: rows[p]["BH"] for p in (1, 2, 3, 4, 7, 8)} == {1: "5.0", 2: "4.0", 3: "5.5", 4: "4.5", 7: "4.5",
                                                               8: "5.0"}
    assert {p: rows[p]["AOB"] for p in (4, 5, 3, 1)} == {4: "5.17", 5: "4.83", 3: "4.33", 1: "4.50"}
    assert all(DECIMAL.match(v) for r in rows.values() for v in r.values())
    # the ranking still uses the exact values; the CSV says the same as the JSON
    code, out, err = cli("standings", FIXTURES / "example.trf", "--tiebreaks", "AOB,BH", "--csv")
    assert code == 0, err
    table = {int(r["start_rank"]): r["AOB"] for r in csv.DictReader(io.StringIO(out))}
    assert table == {p: r["AOB"] for p, r in rows.items()}


def test_fmt_value_rounds_only_what_is_no_finite_decimal() -> None:
    assert fmt_value(Fraction(101, 3), "SSSC") == "33.67"
    assert fmt_value(Fraction(35, 2) + Fraction(64, 3), "SSSC") == "38.83"  # Held ex. 49: 17.5 + 64/3
    assert fmt_value(Fraction(-31, 6), "AOB") == "-5.17"
    assert fmt_value(Fraction(2, 3), "DE") == "0.67"  # a code without usual decimals: still two
    assert fmt_value(Fraction(21, 4), "AOB") == "5.25" and fmt_value(Fraction(9, 2), "AOB") == "4.50"
    assert fmt_value(Fraction(1, 8), "BH") == "0.125"  # a finite decimal stays exact
    assert fmt_value(None, "AOB") == ""
