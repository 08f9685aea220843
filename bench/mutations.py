"""Replays the mutations that prove ``docs/fide-checklist.md``: for every behaviour the checklist
calls met, one small change that removes it, and the tests that must then fail.

    python bench/mutations.py                  # every mutation, with a baseline run first
    python bench/mutations.py --only m07 m08   # some of them
    python bench/mutations.py --list           # the table
    python bench/mutations.py --check          # is every mutation's text still in its file?
    python bench/mutations.py --json           # the outcome as JSON
    python bench/mutations.py --markdown FILE  # and a log of it: item, file:line, how, each test's outcome

For each mutation the file is read, its ``old`` text (which must occur exactly once) replaced by
``new``, each named test run on its own (``pytest -x``, from the repository, in a fresh process),
and the file written back as it was, whatever happens (Ctrl-C and SIGTERM included).  A test
*catches* the mutation when it fails (pytest exit 1); it *misses* it when it passes (exit 0).  Any
other exit (a collection error, an interruption, a time-out) is reported as such: a mutation that
does not even import proves nothing.  Before the mutations, every named test is run once on the
unchanged code (``--no-baseline`` skips it): a test that fails already cannot prove anything.

The table below is the only copy; the checklist names the mutation ids in its last column and
``tests/test_fide_checklist_doc.py`` checks that every id it names is here with a test of its row.
A mutation whose ``old`` text is no longer in its file is *stale*: the code moved, so the entry
must be written again against the new code (``--check`` lists them; the replay reports them).
Exit 0 when every test catches its mutation, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Mutation:
    """``old`` replaced by ``new`` in ``file`` (relative to the repository) removes the behaviour of
    the checklist rows ``items``; each test of ``tests`` must then fail."""

    id: str
    items: tuple[str, ...]
    file: str
    old: str
    new: str
    tests: tuple[str, ...]
    what: str


MUTATIONS: tuple[Mutation, ...] = (
    Mutation("m01", ("VCL.03",), "systems/__init__.py",
             'DEFAULT = "dutch"', 'DEFAULT = "berger"',
             ("tests/systems/test_selection.py::test_system_edition_baku",),
             "a file naming no system is paired by the round-robin tables instead of the Dutch system"),
    Mutation("m02", ("VCL.03",), "systems/dutch.py",
             '"Art. {article}", "Dutch rules of 2026"),', '"Art. {article}", "rules of 2026"),',
             ("tests/pairing/test_baku.py::test_pair_says_which_rules_and_acceleration",),
             "the output no longer names the system it paired by"),
    Mutation("m03", ("VCL.04",), "pairing/dutch/players.py",
             "return sorted(p.start_rank for p in t.players if p.start_rank not in absent)",
             "return sorted(p.start_rank for p in t.players)",
             ("tests/pairing/test_dutch.py::test_declared_absence_is_not_paired",),
             "players declared absent (byes, withdrawals) are paired all the same"),
    Mutation("m04", ("VCL.04",), "checker/dutch/criteria.py",
             'return "C1", f"{a.id} and {b.id} already met in round {a.met[b.id]}"',
             'pass',
             ("tests/arbiter/test_check_cli.py::test_why_not_rematch_names_round",),
             "--why-not no longer says that a pair already met"),
    Mutation("m05", ("VCL.07", "§7.b"), "pairing/dutch/state.py",
             "        for opponent in pl.met:", "        for opponent in ():",
             ("tests/pairing/test_dutch.py::test_pairing_matches_the_endorsed_engine",
              "tests/pairing/test_dutch.py::test_no_legal_pairing"),
             "the engine lets two players meet twice (C1; its bitsets of who may meet whom)"),
    Mutation("m06", ("VCL.07", "§7.b"), "pairing/dutch/colours.py",
             "return give(h, initial if h.tpn % 2 == 1 else initial.opposite)  # 5.2.5",
             "return give(h, initial)  # 5.2.5",
             ("tests/pairing/test_dutch.py::test_round_one_odd_number",
              "tests/pairing/test_dutch.py::test_pairing_matches_the_endorsed_engine"),
             "Art. 5.2.5 always gives the initial colour to the higher-ranked player"),
    Mutation("m07", ("VCL.08",), "pairing/dutch/players.py",
             "for p in sorted(t.players, key=lambda q: q.start_rank):",
             "for p in sorted(t.players, key=lambda q: -(q.rating or 0)):",
             ("tests/pairing/test_fide_checklist_tpn.py::test_round_one_pairs_by_pairing_number_not_rating",
              "tests/pairing/test_fide_checklist_tpn.py::test_the_pab_goes_to_the_lowest_pairing_number",
              "tests/pairing/test_dutch.py::test_javafo_gros_round_5"),
             "pairing numbers follow the ratings instead of the starting ranks"),
    Mutation("m08", ("VCL.09",), "event/numbering.py",
             "FROZEN_AFTER = 4", "FROZEN_AFTER = 5",
             ("tests/event/test_registration.py::test_after_round_4_starting_ranks_are_frozen",),
             "starting ranks still change after round 4 is paired"),
    Mutation("m09", ("VCL.09",), "event/numbering.py",
             "FROZEN_AFTER = 4", "FROZEN_AFTER = 3",
             ("tests/event/test_fide_checklist_event.py::test_a_late_entry_after_round_3_still_takes_its_place",),
             "starting ranks freeze one round early"),
    Mutation("m10", ("VCL.10", "§7.c"), "trf/acceleration.py",
             "size = 2 * ((n + 3) // 4)", "size = (n + 1) // 2",
             ("tests/trf/test_acceleration.py::test_group_a_size",),
             "Baku group A is ceil(N/2) instead of 2 x ceil(N/4)"),
    Mutation("m11", ("VCL.10", "§7.c"), "trf/acceleration.py",
             "accelerated = (total + 1) // 2\n    return BakuPlan(group,",
             "accelerated = total // 2\n    return BakuPlan(group,",
             ("tests/trf/test_acceleration.py::test_accelerated_rounds",),
             "Baku accelerates the first floor(R/2) rounds instead of ceil(R/2)"),
    Mutation("m12", ("VCL.10", "§7.c"), "pairing/dutch/players.py",
             "score = points(p.start_rank, prev) + t.acceleration(p.start_rank, rnd)",
             "score = points(p.start_rank, prev)",
             ("tests/pairing/test_dutch.py::test_pairing_matches_the_endorsed_engine",
              "tests/pairing/test_baku.py::test_every_baku_round_case_is_identical"),
             "the engine pairs without the virtual points"),
    Mutation("m13", ("VCL.11", "A.2 (TRF)"), "trf/model.py",
             '"g": "GM", "m": "IM"', '"g": "IM", "m": "IM"',
             ("tests/trf/test_real_files.py::test_karlmala2005_legacy_layout",),
             "the TRF06-era one-letter title g is read as IM"),
    Mutation("m14", ("VCL.11",), "trf/parser.py",
             '_EOL = re.compile(r"\\r\\n|\\r|\\n")', '_EOL = re.compile(r"\\n")',
             ("tests/trf/test_real_files.py::test_javafo_sample2_crlf_and_round_5_absences",
              "tests/trf/test_real_files.py::test_issue_7_bare_cr"),
             "CRLF and bare-CR files (JaVaFo, Swiss-Manager, echecsjs) are read as one line"),
    Mutation("m15", ("VCL.12", "A.2 (TRF)"), "trf/convert.py",
             'out.append(ScoringRecord("XXS", system.as_xxs()))', "pass",
             ("tests/trf/test_convert.py::test_162_becomes_bbp_lines_plus_xxs_and_back",),
             "a TRF-16 export of a non-standard scoring loses JaVaFo's XXS line"),
    Mutation("m16", ("VCL.12", "§7.g", "A.2 (TRF)"), "trf/convert.py",
             'out.append(RoundCount(total, "142"))', 'out.append(RoundCount(total, "XXR"))',
             ("tests/trf/test_convert.py::test_xxr_and_xxc_become_142_and_152",),
             "the TRF-2026 export writes the number of rounds as TRF-16's XXR"),
    Mutation("m17", ("VCL.16 (pair, event)",), "event/create.py",
             "return Scoring(win, draw, loss, pab)", "return Scoring(win, draw, loss, None)",
             ("tests/event/test_fide_checklist_event.py::test_the_pab_value_is_the_event_s_choice",),
             "the event's PAB value (--scoring ...,PAB=x) is dropped"),
    Mutation("m18", ("VCL.16 (pair, event)",), "trf/scoring.py",
             '"HPB": ("half_point_bye",), "FPB": ("full_point_bye",), "PAB": ("pab",),',
             '"HPB": ("half_point_bye",), "FPB": ("full_point_bye",), "PAB": (),',
             ("tests/trf/test_scoring.py::test_explicit_pab_values",),
             "a file's XXS PAB= value is ignored"),
    Mutation("m19", ("VCL.17", "Q174-Q178 (c)"), "event/absences.py",
             "    if kind is Result.FULL_POINT_BYE and old is not kind:\n        notice = fidemode.check(",
             "    if False:\n        notice = fidemode.check(",
             ("tests/event/test_results_and_absences.py::test_requested_byes",
              "tests/arbiter/test_event_cli.py::test_byes_withdrawals_and_forbidden_pairs_warn_as_the_rules_say"),
             "a full-point bye is granted without a warning"),
    Mutation("m20", ("VCL.17",), "event/absences.py",
             "    t = declare(t, rnd, pid, kind)\n    t = _fpb_line(t, rnd)",
             "    t = _fpb_line(t, rnd)",
             ("tests/event/test_results_and_absences.py::test_requested_byes",),
             "a requested bye is not recorded"),
    Mutation("m21", ("VCL.19", "§7.d"), "tiebreaks/buchholz.py",
             "lsv = min(kept, key=_low)", "lsv = max(kept, key=_low)",
             ("tests/tiebreaks/test_tiebreaks_values.py::test_held_swiss5_2026_edition",),
             "the Buchholz cut drops the best opponent instead of the worst"),
    Mutation("m22", ("§7.d",), "tiebreaks/codes.py",
             '"STD": ("STD",', '"XSTD": ("STD",',
             ("tests/tiebreaks/test_fide_checklist_catalogue.py::test_every_individual_tie_break_of_c07_is_computed",),
             "one tie-break of the 2026 catalogue (STD, art. 7.7) is missing"),
    Mutation("m23", ("VCL.19", "§7.d"), "tiebreaks/own.py",
             "        elif rec.points == ctx.draw:\n            out += Fraction(1, 2)",
             "        elif rec.points == ctx.draw:\n            out += 1",
             ("tests/tiebreaks/test_tiebreaks_values.py::test_standard_points_with_three_one_zero",),
             "STD (art. 7.7) counts a draw's points as a win"),
    Mutation("m24", ("A.2 (English)", "§7.f"), "arbiter/render.py",
             'notes.append(("Teams not paired: " if team else "Not paired: ")',
             'notes.append(("Teams not paired: " if team else "Non appariés : ")',
             ("tests/arbiter/test_readme_examples.py::test_readme_example",),
             "a line of the command's output is no longer the English the manual shows"),
    Mutation("m25", ("A.2 (controlled environment)",), "verify/generate.py",
             "    rng = random.Random(s.seed)", "    rng = random.Random()",
             ("tests/verify/test_generate.py::test_the_same_seed_gives_the_same_file_and_another_seed_another",),
             "the generator is not reproducible from its seed"),
    Mutation("m26", ("A.4", "A.2 (FPC, RTG)", "Q19-Q21, Q25, Q30, Q32, Q33, Q217 (a)"), "checker/dutch/check.py",
             '    if verdict is not None:\n        kind = "order"',
             '    if False:\n        kind = "order"',
             ("tests/arbiter/test_check_cli.py::test_example_round_two_candidate_is_the_engines",
              "tests/checker/test_checker_mutations.py::test_mutants_of_the_fixture_sample"),
             "the checker no longer reports a round that another pairing beats on a criterion or the generation order"),
    Mutation("m27", ("A.4",), "checker/dutch/check.py",
             "    if engine is not None:\n        em = engine_candidate(engine, st, rep)\n        if em is not None:\n"
             '            rep.sources.append("pairing engine")\n            v = compare(',
             "    if False:\n        em = engine_candidate(engine, st, rep)\n        if em is not None:\n"
             '            rep.sources.append("pairing engine")\n            v = compare(',
             ("tests/checker/test_checker_corpus.py::test_checker_with_engine_candidate_accepts_the_fixture_sample",),
             "the checker leaves out the pairing engine's own pairing"),
    Mutation("m28", ("A.5", "Q19-Q21, Q25, Q30, Q32, Q33, Q217 (c)"), "verify/generate.py",
             "        return table_expected(counted_difference(white, black, rules))",
             "        return table_expected(white - black)",
             ("tests/verify/test_generate.py::test_expected_score_is_the_b02_table_with_the_400_point_rule",),
             "the generator's results ignore the 400-point rule of B.02"),
    Mutation("m29", ("A.5", "A.2 (FPC, RTG)", "Q19-Q21, Q25, Q30, Q32, Q33, Q217 (d)", "§7.i"), "verify/generate.py",
             "        t = _with_ranks(t, s.tiebreaks)", "        t = t",
             ("tests/verify/test_generate.py::test_every_parameter_shows_in_the_file",),
             "the generated rank column does not follow the file's tie-break list"),
    Mutation("m30", ("A.7", "§7.j"), "verify/crosscheck.py",
             "        if rep.ok and rep.engine_disagrees is None:\n            continue",
             "        if True:\n            continue",
             ("tests/verify/test_crosscheck.py::test_every_round_the_broken_generator_changed_is_a_finding_of_our_checker",),
             "the cross-check finds nothing in the other program's tournaments"),
    Mutation("m31", ("A.7", "§7.j"), "verify/crosscheck.py",
             "    for c in run.cases:", "    for c in []:",
             ("tests/verify/test_crosscheck.py::test_every_round_the_broken_engine_changed_is_a_discrepancy_decided_for_ours",),
             "the cross-check drops the rounds the other engine pairs otherwise"),
    Mutation("m32", ("§7.b",), "pairing/team/colours.py",
             "return a.tpn < b.tpn                                      # 4.2.3",
             "return a.tpn > b.tpn                                      # 4.2.3",
             ("tests/pairing/test_team.py::test_first_team_art_4_2",
              "tests/pairing/test_team_corpus.py::test_every_fixture_round_is_gacruxs_pairing"),
             "the team engine takes the higher TPN as first-team (C.04.6 Art. 4.2.3)"),
    Mutation("m33", ("§7.c",), "pairing/team/acceleration.py",
             "size = 2 * ((n + 3) // 4)", "size = (n + 1) // 2",
             ("tests/pairing/test_team.py::test_baku_for_teams",),
             "a team event's Baku group A is ceil(N/2) instead of 2 x ceil(N/4)"),
    Mutation("m34", ("Q63, Q65-Q69, Q113 (a)",), "event/manual.py",
             '        after = with_irregularity(after, Irregularity("MPA", a.round, change))',
             "        pass",
             ("tests/event/test_manual.py::test_a_worse_pairing_loses_on_the_criterion_the_rules_name",
              "tests/event/test_manual.py::test_manual_from_the_command_line"),
             "an accepted manual pairing that differs from the engine's leaves no MPA line"),
    Mutation("m35", ("Q63, Q65-Q69, Q113 (a)",), "event/manual.py",
             "    report = sel.system.check(after, [rnd], sel, CheckRequest())[0]",
             "    report = sel.system.check(t, [t.rounds_paired], sel, CheckRequest())[0]",
             ("tests/event/test_manual.py::test_a_worse_pairing_loses_on_the_criterion_the_rules_name",),
             "the checker judges the previous round instead of the round paired by hand"),
    Mutation("m36", ("Q71-Q75, Q81, Q83, Q85 (a)",), "trf/scoring.py",
             '"P": ("pab",),\n    "X"', '"P": (),\n    "X"',
             ("tests/trf/test_scoring.py::test_explicit_pab_values",),
             "a 162 record's P (PAB) value is ignored"),
    Mutation("m37", ("Q71-Q75, Q81, Q83, Q85 (a)",), "event/create.py",
             "    if not win > draw >= loss >= 0:",
             "    if not win > draw >= loss >= 0 or win != 1:",
             ("tests/event/test_fide_checklist_event.py::test_the_pab_value_is_the_event_s_choice",),
             "an event can only score 1 for a win"),
    Mutation("m38", ("Q174-Q178 (c)",), "event/absences.py",
             "    t = declare(t, rnd, pid, kind)\n    t = _fpb_line(t, rnd)",
             "    t = declare(t, rnd, pid, kind)",
             ("tests/event/test_results_and_absences.py::test_requested_byes",),
             "a full-point bye leaves no ### FPB line"),
    Mutation("m39", ("### lines",), "trf/convert.py",
             "        elif isinstance(rec, Comment):\n            notes.append(",
             "        elif False:\n            notes.append(",
             ("tests/trf/test_convert.py::test_comments_are_dropped_in_trf16_with_a_note",),
             "### lines are written into a TRF-16 copy"),
    Mutation("m40", ("VCL.06",), "arbiter/cli_roundrobin.py",
             "cycle2 = {\"reverse\": \"reverse order\", \"fide\": \"FIDE order\", \"table\": \"table order\"}[p.order]",
             "cycle2 = \"FIDE order\"",
             ("tests/roundrobin/test_fide_checklist_labels.py::test_only_fide_s_order_is_called_fide_s",),
             "a reversed second cycle is called FIDE's order"),
    Mutation("m41", ("Q195, Q196",), "event/absences.py",
             "    late = t.rounds_paired >= 1\n", "    late = t.rounds_paired >= 99\n",
             ("tests/event/test_results_and_absences.py::test_forbidden_pairs",
              "tests/arbiter/test_event_cli.py::test_byes_withdrawals_and_forbidden_pairs_warn_as_the_rules_say",
              "tests/event/test_fidemode.py::test_a_forbidden_pair_after_round_1_is_confirmed_recorded_and_the_event_stays_in_fide_mode"),
             "a forbidden pair added after round 1 is neither confirmed nor recorded"),
    Mutation("m42", ("Q19-Q21, Q25, Q30, Q32, Q33, Q217 (d)", "§7.h"), "tiebreaks/rankcheck.py",
             "        if rank is None or not lo <= rank <= hi:", "        if False:",
             ("tests/tiebreaks/test_rankcheck.py::test_planted_swaps_are_found_and_the_tie_break_named",),
             "check --standings and check DIR accept a rank column out of the declared tie-breaks' order"),
    Mutation("m43", ("VCL.07",), "pairing/dutch/criteria.py",
             "if b.id in a.met or frozenset((a.id, b.id)) in forbidden:",
             "if frozenset((a.id, b.id)) in forbidden:",
             ("tests/pairing/test_dutch_shortcuts.py::test_compatibility_bitsets_say_what_compatible_says_of_each_pair",),
             "the engine's reference reading of C1 (the function its bitsets are proved equal to) forgets rematches"),
    Mutation("m44", ("A.4",), "checker/output.py",
             'out.append("  Checker pairings" + " " * 8 + "Tournament pairings ")',
             'out.append("  Checker pairings" + " " * 8 + "Given pairings ")',
             ("tests/arbiter/test_check_cli.py::test_mutant_is_flagged_and_bbp_layout",),
             "check --format bbp no longer prints the layout of bbpPairings' checker"),
    Mutation("m45", ("Q19-Q21, Q25, Q30, Q32, Q33, Q217 (d)",), "tiebreaks/output.py",
             "        ok = listed is not None and int(lo) <= listed <= int(hi or lo)", "        ok = True",
             ("tests/tiebreaks/test_standings.py::test_check_flags_a_wrong_rank_column",),
             "standings --check accepts a rank column out of the tie-breaks' order (its own comparison)"),
    Mutation("m46", ("Q19-Q21, Q25, Q30, Q32, Q33, Q217 (d)",), "ratings/report.py",
             "        elif not places[p.start_rank][0] <= p.rank <= places[p.start_rank][1]:", "        elif False:",
             ("tests/ratings/test_ratings_report.py::test_points_and_ranks_are_checked_and_fixed",),
             "report accepts a rank column out of the tie-breaks' order (its own comparison)"),
    Mutation("m47", ("VCL.04",), "pairing/dutch/state.py",
             "    for pair in forbidden:\n        ends = [index[x] for x in pair if x in index]",
             "    for pair in ():\n        ends = [index[x] for x in pair if x in index]",
             ("tests/pairing/test_dutch.py::test_forbidden_pair_is_never_paired",),
             "the engine pairs a forbidden pair (XXP, 260)"),
    Mutation("m48", ("VCL.01", "VCL.02", "A.2 (FIDE mode)", "§7.f"), "event/fidemode.py",
             "    return Mode(True)\n", "    return Mode(False, 0, \"\")\n",
             ("tests/event/test_fidemode.py::test_a_new_event_and_an_imported_file_are_in_fide_mode",
              "tests/arbiter/test_fidemode_cli.py::test_a_new_event_shows_fide_mode_and_the_acts"),
             "a new event, and a file without an exit line, are not in FIDE mode"),
    Mutation("m49", ("VCL.01", "Q40-Q46"), "event/fidemode.py",
             "    if not now.fide:\n        raise AlreadyLeft(", "    if False:\n        raise AlreadyLeft(",
             ("tests/event/test_fidemode.py::test_leaving_needs_a_reason_and_a_confirmation_and_is_final",
              "tests/arbiter/test_fidemode_cli.py::test_leaving_fide_mode_takes_a_reason_and_a_confirmation_and_is_final"),
             "an event that left FIDE mode can leave it again (a second exit line: no final exit)"),
    Mutation("m50", ("Q40-Q46", "Levels 1-5"), "event/fidemode.py",
             '"draft VCL4THP Q40-Q46; C.04.A A.2; VCL.01", 4,', '"draft VCL4THP Q40-Q46; C.04.A A.2; VCL.01", 2,',
             ("tests/event/test_fidemode.py::test_leaving_needs_a_reason_and_a_confirmation_and_is_final",
              "tests/arbiter/test_fidemode_doc.py::test_the_acts_table_is_the_code_s_table"),
             "leaving FIDE mode is a level-2 warning instead of a level-4 double confirmation"),
    Mutation("m51", ("VCL.05", "Levels 1-5", "VCL.09", "A.2 (extra services)",
                     "Q71-Q75, Q81, Q83, Q85 (c)"), "event/fidemode.py",
             "    if on and a.level >= 5:\n", "    if False:\n",
             ("tests/event/test_fidemode.py::test_the_scoring_is_locked_once_round_1_is_paired",
              "tests/event/test_fidemode.py::test_once_round_4_is_paired_a_correction_keeps_the_numbers_and_fide_mode_refuses_renumbering",
              "tests/arbiter/test_fidemode_cli.py::test_refused_acts_exit_10_and_are_done_outside_fide_mode"),
             "FIDE mode refuses nothing: the scoring changes after round 1, numbers after round 4"),
    Mutation("m52", ("Levels 1-5", "Q174-Q178 (a)", "A.2 (extra services)"), "event/fidemode.py",
             "    if on and a.level >= 3 and not acknowledged:", "    if on and a.level >= 4 and not acknowledged:",
             ("tests/event/test_fidemode.py::test_a_second_half_point_bye_needs_confirmation_and_is_written_as_hpb",
              "tests/event/test_fidemode.py::test_a_manual_pairing_that_differs_from_the_engine_s_needs_confirmation_and_writes_mpa",
              "tests/arbiter/test_fidemode_cli.py::test_each_confirmed_act_needs_confirm_and_writes_its_line"),
             "level-3 acts (a second half-point bye, a late prohibition, a manual pairing...) need no confirmation"),
    Mutation("m53", ("Q174-Q178 (a)",), "event/fidemode.py",
             '"draft VCL4THP Q174-Q178", 3,', '"draft VCL4THP Q174-Q178", 2,',
             ("tests/event/test_fidemode.py::test_a_second_half_point_bye_needs_confirmation_and_is_written_as_hpb",
              "tests/event/test_results_and_absences.py::test_requested_byes"),
             "a second half-point bye is only warned, not confirmed"),
    Mutation("m54", ("Q174-Q178 (c)", "VCL.17"), "event/fidemode.py",
             '"draft VCL4THP Q174-Q178; VCL.17; C.04.1 Art. 4", 2,', '"draft VCL4THP Q174-Q178; VCL.17; C.04.1 Art. 4", 1,',
             ("tests/event/test_fidemode.py::test_a_full_point_bye_is_warned_at_level_2_and_written_as_fpb",),
             "a full-point bye is recorded at level 1, without the warning"),
    Mutation("m55", ("Q195, Q196",), "event/absences.py",
             '    if late:\n        t = fidemode.write_line(t, "prohibition-after-round-1",',
             '    if False:\n        t = fidemode.write_line(t, "prohibition-after-round-1",',
             ("tests/event/test_fidemode.py::test_a_forbidden_pair_after_round_1_is_confirmed_recorded_and_the_event_stays_in_fide_mode",
              "tests/event/test_results_and_absences.py::test_forbidden_pairs"),
             "a forbidden pair added after round 1 leaves no ### Prohibition line"),
    Mutation("m56", ("Q71-Q75, Q81, Q83, Q85 (b)",), "trf/validate.py",
             "    if 2 * d > w + l:\n", "    if False:\n",
             ("tests/trf/test_scoring_validation.py::test_a_162_no_game_can_produce_is_an_error_at_its_symbol",),
             "a 162 whose two draws are worth more than a win and a loss (3/2/0) is accepted"),
    Mutation("m57", ("Q71-Q75, Q81, Q83, Q85 (b)",), "trf/validate.py",
             '    if "P" in given and val("P") > w:\n', "    if False:\n",
             ("tests/trf/test_scoring_validation.py::test_a_162_no_game_can_produce_is_an_error_at_its_symbol",),
             "a 162 PAB worth more than a win is accepted"),
    Mutation("m58", ("VCL.14",), "trf/codes.py",
             "    Result.FORFEIT_WIN: frozenset({Result.FORFEIT_LOSS}),",
             "    Result.FORFEIT_WIN: frozenset({Result.FORFEIT_LOSS, Result.FORFEIT_WIN}),",
             ("tests/trf/test_scoring_validation.py::test_a_forfeit_is_written_only_as_plus_minus",),
             "a game written + against + (two forfeit wins) is read"),
    Mutation("m59", ("VCL.15",), "trf/scoring.py",
             "                self.draw_black if black else self.draw_white)",
             "                self.loss_black if black else self.loss_white)",
             ("tests/pairing/test_fide_checklist_adjourned.py::test_the_pairing_score_counts_an_adjourned_game_as_a_draw",
              "tests/tiebreaks/test_adjourned_tiebreaks.py::test_basic_counts_the_adjourned_game_as_a_draw"),
             "an adjourned game counts as a loss for both instead of a draw (C.04.2 Art. 3.1)"),
    Mutation("m60", ("§7.h",), "arbiter/cli_check.py",
             "    return after is not None or (round_ is None and why_not is None and fmt is not CheckFormat.bbp)",
             "    return after is not None",
             ("tests/arbiter/test_ptc.py::test_two_players_swapped_name_the_deciding_tie_break_with_both_values",
              "tests/arbiter/test_ptc.py::test_a_conforming_file_has_both_sections_and_exits_0"),
             "check FILE checks the pairings only, unless --standings is given"),
    Mutation("m61", ("VCL.16 (RTG)", "§7.i"), "verify/generate.py",
             '    pab = () if s.pab is None or s.pab == win else (("P", s.pab),)', "    pab = ()",
             ("tests/verify/test_generate.py::test_the_pab_value_is_written_as_162_p_and_counted",),
             "the generator's PAB value is not written (162 P), so the file's PAB is a win's"),
    Mutation("m62", ("Q19-Q21, Q25, Q30, Q32, Q33, Q217 (b)", "§7.i"), "arbiter/cli_generate.py",
             "    master = _random_seed() if seed is None else seed", "    master = 1 if seed is None else seed",
             ("tests/arbiter/test_generate_cli.py::test_without_a_seed_one_is_drawn_printed_and_recorded",),
             "without --seed every run uses the same seed (two runs give the same file)"),
    Mutation("m63", ("Q19-Q21, Q25, Q30, Q32, Q33, Q217 (b)", "§7.i"), "verify/generate.py",
             "    return replace(s, **c)  # type: ignore[arg-type]", "    return s",
             ("tests/verify/test_generate.py::test_vary_draws_each_option_within_its_documented_range",
              "tests/arbiter/test_generate_cli.py::test_vary_draws_what_is_not_given_and_records_it"),
             "--vary draws nothing: the options not given keep their defaults"),
    Mutation("m64", ("Q63, Q65-Q69, Q113 (c)",), "event/manual.py",
             "    except NoLegalPairing as exc:  # draft VCL4THP Q63: the round is then paired by hand",
             "    except ZeroDivisionError as exc:",
             ("tests/event/test_manual.py::test_a_round_the_engine_cannot_pair_is_paired_by_hand",
              "tests/event/test_manual.py::test_a_round_the_engine_cannot_pair_from_the_command_line"),
             "a round the engine cannot pair cannot be paired by hand either (event manual stops)"),
)


def by_id() -> dict[str, Mutation]:
    return {m.id: m for m in MUTATIONS}


def stale(m: Mutation) -> str | None:
    """Why ``m`` cannot be applied (its file is missing, or its ``old`` text is not there exactly
    once), or ``None``."""
    path = REPO / m.file
    if not path.is_file():
        return f"{m.file} does not exist"
    n = path.read_text(encoding="utf-8").count(m.old)
    return None if n == 1 else f"the old text occurs {n} times in {m.file}"


def where(m: Mutation) -> str:
    """``file:line`` of the text ``m`` changes (``?`` when it is stale)."""
    path = REPO / m.file
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    at = text.find(m.old)
    return f"{m.file}:{text.count(chr(10), 0, at) + 1 if at >= 0 else '?'}"


def markdown(chosen: list[Mutation], outcomes: list[dict[str, Any]]) -> str:
    """The replay as a Markdown log: one row per test of each mutation."""
    def code(text: str) -> str:
        return "`" + text.replace("\n", " ⏎ ").replace("|", "\\|") + "`"

    lines = ["| Mutation | Items | Where | How | Test | Outcome |", "|---|---|---|---|---|---|"]
    for m, o in zip(chosen, outcomes):
        tests = o["tests"] or {n: o["outcome"] for n in m.tests}
        for k, (node, r) in enumerate(tests.items()):
            head = (f"{m.id} | {', '.join(m.items)} | {where(m)} | {code(m.old)} -> {code(m.new)} ({m.what})"
                    if k == 0 else " | | | ")
            lines.append(f"| {head} | `{node}` | {r} |")
    return "\n".join(lines) + "\n"


def run_test(node: str, timeout: float) -> tuple[str, float]:
    """``node`` run alone in a fresh pytest process: ``passed``, ``failed``, ``timeout`` or
    ``error (exit N)``, and the seconds it took."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PYTHONDONTWRITEBYTECODE="1")
    started = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-n0", "-p", "no:randomly",
                               "-p", "no:cacheprovider", node], cwd=REPO, env=env, capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - started
    seconds = time.perf_counter() - started
    return {0: "passed", 1: "failed"}.get(proc.returncode, f"error (exit {proc.returncode})"), seconds


class _Terminated(Exception):
    pass


def _on_term(signum: int, frame: object) -> None:
    raise _Terminated()


def replay(m: Mutation, timeout: float) -> dict[str, Any]:
    """Apply ``m``, run its tests, put the file back: ``{"id", "outcome", "tests": {node: outcome}}``
    where a test's outcome is ``caught`` (it failed), ``missed`` (it passed) or what else happened."""
    why = stale(m)
    if why is not None:
        return {"id": m.id, "outcome": "stale", "reason": why, "tests": {}}
    path = REPO / m.file
    original = path.read_bytes()
    text = original.decode("utf-8")
    results: dict[str, str] = {}
    seconds: dict[str, float] = {}
    previous = signal.signal(signal.SIGTERM, _on_term)
    try:
        path.write_bytes(text.replace(m.old, m.new, 1).encode("utf-8"))
        for node in m.tests:
            got, secs = run_test(node, timeout)
            results[node] = {"failed": "caught", "passed": "missed"}.get(got, got)
            seconds[node] = round(secs, 1)
    finally:
        path.write_bytes(original)
        signal.signal(signal.SIGTERM, previous)
    caught = [n for n, r in results.items() if r == "caught"]
    outcome = "caught" if len(caught) == len(results) else ("partly caught" if caught else "missed")
    if any(r not in ("caught", "missed") for r in results.values()):
        outcome = "error"
    return {"id": m.id, "outcome": outcome, "tests": results, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="+", metavar="ID", help="replay only these mutations")
    ap.add_argument("--list", action="store_true", help="print the table and stop")
    ap.add_argument("--check", action="store_true", help="say which mutations are stale and stop")
    ap.add_argument("--no-baseline", action="store_true", help="do not run the tests on the unchanged code first")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds allowed to one test run (default 1800)")
    ap.add_argument("--json", action="store_true", help="print the outcome as JSON")
    ap.add_argument("--markdown", type=Path, metavar="FILE", help="also write the outcome as a Markdown table")
    args = ap.parse_args(argv)
    table = by_id()
    unknown = [i for i in args.only or () if i not in table]
    if unknown:
        ap.error(f"unknown mutation id(s): {', '.join(unknown)}")
    chosen = [table[i] for i in args.only] if args.only else list(MUTATIONS)
    if args.list:
        for m in chosen:
            print(f"{m.id}  {', '.join(m.items)}  {m.file}: {m.what}")
            for node in m.tests:
                print(f"       {node}")
        return 0
    if args.check:
        bad = [(m.id, why) for m in chosen if (why := stale(m)) is not None]
        for mid, why in bad:
            print(f"{mid}: stale: {why}")
        print(f"{len(chosen) - len(bad)} of {len(chosen)} mutation(s) apply")
        return 1 if bad else 0
    baseline: dict[str, str] = {}
    if not args.no_baseline:
        for node in sorted({n for m in chosen for n in m.tests}):
            baseline[node] = run_test(node, args.timeout)[0]
            if not args.json:
                print(f"baseline {baseline[node]:>7}  {node}", flush=True)
    outcomes = []
    for m in chosen:
        o = replay(m, args.timeout)
        broken = [n for n in m.tests if baseline.get(n, "passed") != "passed"]
        if broken:
            o["baseline_failing"] = broken
            o["outcome"] = "baseline failing"
        outcomes.append(o)
        if not args.json:
            print(f"{m.id} {o['outcome']:>14}  {m.file}: {m.what}", flush=True)
            for node, r in o["tests"].items():
                print(f"      {r:>8}  {node}")
            if o["outcome"] == "stale":
                print(f"      {o['reason']}")
    good = sum(o["outcome"] == "caught" for o in outcomes)
    if args.markdown is not None:
        args.markdown.write_text(markdown(chosen, outcomes), encoding="utf-8")
    if args.json:
        print(json.dumps({"mutations": [asdict(m) for m in chosen], "baseline": baseline, "outcomes": outcomes},
                         indent=2))
    else:
        print(f"{good} of {len(outcomes)} mutation(s) caught by every test named")
    return 0 if good == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
