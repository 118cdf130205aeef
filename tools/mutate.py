"""Mutation testing, one module at a time, with the tests that module answers to.

Usage::

    python tools/mutate.py solver/rolls.py          # run, then print the score and the survivors
    python tools/mutate.py solver/rolls.py --show   # the same, with each survivor's diff
    python tools/mutate.py --list                   # the modules known here and their fast tests
    python tools/mutate.py kb/expr.py --tests tests/kb/test_expr.py   # any other module

mutmut (``pip install -e '.[dev]'``) makes every small change it knows to each
function of the module (``<`` to ``<=``, ``+`` to ``-``, a constant changed, a
call's argument dropped, ...), and runs, for each change, the module's fast tests
that called the changed function. A change no test notices *survived*: either a
test is missing or the change is *equivalent* (the program behaves the same).
The settings every run shares are in ``pyproject.toml`` under ``[tool.mutmut]``.

The run happens in a folder of its own outside the work tree (``--workdir``,
default ``$TMPDIR/rulings-mutants/<module>``), whose ``mutants/`` holds the
mutated copy of the code; it is kept between runs, so a second run tests only
the functions that changed since. ``--fresh`` starts over. The pack cache is
off (``RULINGS_CACHE`` points nowhere), so a pack is loaded by the mutant.

The score counts a mutant as caught when a test failed or the tests ran out of
time, and leaves out the mutants in ``EQUIVALENT`` below (each with why). An
entry whose diff no longer matches the code is reported as stale and counted
as a survivor until it is checked again. The exit code is 0 when nothing
survived, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PACKAGES = ("kb", "solver", "explain", "rulings")

FAST_TESTS: dict[str, tuple[str, ...]] = {
    "solver/rolls.py": (
        "tests/solver/test_rolls_mutants.py",
        "tests/packs/test_wh40k_rolls.py",
        "tests/solver/test_reroll_choice.py",
    ),
    "explain/english.py": (
        "tests/explain/test_english_mutants.py",
        "tests/explain/test_english.py",
        "tests/kb/test_conditional.py",
    ),
    "explain/brief.py": (
        "tests/explain/test_brief_mutants.py",
        "tests/explain/test_brief.py",
    ),
    "solver/space/check.py": (
        "tests/solver/test_check_mutants.py",
        "tests/solver/test_check.py",
        "tests/solver/test_check_replay.py",
        "tests/solver/test_constraint_on_derived.py",
        "tests/solver/test_defaults_break_a_constraint.py",
    ),
    "solver/space/diff.py": (
        "tests/solver/test_diff_mutants.py",
        "tests/solver/test_diff.py",
        "tests/solver/test_diff_constraints.py",
    ),
    "solver/space/model.py": (
        "tests/solver/test_model_mutants.py",
        "tests/solver/test_space.py",
    ),
    "solver/settle.py": (
        "tests/solver/test_settle_mutants.py",
        "tests/solver/test_settle.py",
    ),
    "solver/choice.py": (
        "tests/solver/test_choice_mutants.py",
        "tests/solver/test_choice.py",
    ),
    "rulings/batch.py": (
        "tests/rulings/test_batch_mutants.py",
        "tests/rulings/test_batch.py",
    ),
    "rulings/web/api.py": (
        "tests/web/test_api_mutants.py",
        "tests/web/test_web_api.py",
    ),
    "solver/situation.py": (
        "tests/solver/test_situation_mutants.py",
        "tests/rulings/test_cli.py",
        "tests/packs/test_wh40k_weapons.py",
        "tests/solver/test_readings.py",
    ),
    "kb/keywords.py": (
        "tests/kb/test_keywords_mutants.py",
        "tests/kb/test_keywords.py",
        "tests/kb/test_keywords_whole.py",
    ),
    "kb/limits.py": (
        "tests/kb/test_limits_mutants.py",
        "tests/kb/test_expr.py",
    ),
    "explain/whynot.py": (
        "tests/explain/test_whynot_mutants.py",
        "tests/explain/test_whynot_text.py",
    ),
    "solver/derivation.py": (
        "tests/solver/test_derivation_mutants.py",
        "tests/solver/test_readings.py",
        "tests/rulings/test_fast_paths.py",
    ),
    "kb/expr.py": (
        "tests/kb/test_expr_mutants.py",
        "tests/kb/test_expr.py",
        "tests/kb/test_conditional.py",
        "tests/kb/test_enum_text.py",
        "tests/kb/test_keywords_whole.py",
    ),
    "kb/errors.py": (
        "tests/kb/test_errors_mutants.py",
        "tests/kb/test_read_scalar.py",
    ),
    "explain/text.py": (
        "tests/explain/test_text_mutants.py",
        "tests/explain/test_brief.py",
        "tests/kb/test_enum_text.py",
    ),
    "solver/kinds.py": (
        "tests/solver/test_kinds_mutants.py",
        "tests/packs/test_wh40k_rolls.py",
        "tests/solver/test_characteristics.py",
        "tests/packs/test_skirmish.py",
        "tests/kb/test_cap_shares.py",
    ),
    "kb/sequences.py": (
        "tests/kb/test_sequences_mutants.py",
        "tests/solver/test_sequence.py",
        "tests/kb/test_loader.py",
    ),
    "kb/graph.py": (
        "tests/kb/test_graph_mutants.py",
        "tests/rulings/test_graph.py",
        "tests/kb/test_loader.py",
    ),
    "explain/json.py": (
        "explain/json.py",
        "tests/explain/test_json_mutants.py",
        "tests/solver/test_readings.py",
        "tests/kb/test_row_cites.py",
    ),
    "kb/locate.py": (
        "tests/kb/test_locate_mutants.py",
        "tests/kb/test_loader.py",
    ),
    "solver/facts.py": (
        "tests/solver/test_facts_mutants.py",
        "tests/solver/test_cases.py",
        "tests/packs/test_fantasy.py",
    ),
    "solver/arithmetic.py": (
        "tests/solver/test_arithmetic_mutants.py",
        "tests/kb/test_cap_shares.py",
        "tests/solver/test_characteristics.py",
    ),
    "rulings/options.py": ("tests/rulings/test_options_mutants.py",),
    "rulings/answers.py": ("tests/rulings/test_answers.py",),
    "rulings/start.py": ("tests/rulings/test_answers.py",),
    "rulings/__init__.py": ("tests/rulings/test_package_names.py",),
    "kb/folders.py": ("tests/kb/test_cache.py", "tests/kb/test_cache_mutants.py", "tests/rulings/test_answers.py"),
    "solver/sequence.py": (
        "tests/solver/test_sequence_engine_mutants.py",
        "tests/solver/test_sequence.py",
        "tests/solver/test_sequence_external.py",
        "tests/solver/test_sequence_unknown_event.py",
    ),
    "solver/space/search.py": (
        "tests/solver/test_search_mutants.py",
        "tests/solver/test_search.py",
        "tests/solver/test_space.py",
        "tests/solver/test_joint.py",
        "tests/solver/test_proofs.py",
        "tests/solver/test_constraint_on_derived.py",
        "tests/solver/test_defaults_break_a_constraint.py",
    ),
    "solver/space/find.py": (
        "tests/solver/test_find_mutants.py",
        "tests/solver/test_find.py",
        "tests/solver/test_search.py",
        "tests/solver/test_space.py",
    ),
    "solver/space/whynot.py": (
        "tests/solver/test_space_whynot_mutants.py",
        "tests/solver/test_whynot.py",
        "tests/explain/test_whynot_text.py",
    ),
    "kb/__init__.py": (
        "tests/kb/test_kb_package_mutants.py",
    ),
    "solver/compiled.py": (
        "tests/solver/test_compiled.py",
        "tests/rulings/test_fast_paths.py",
        "tests/solver/test_unknown_target.py",
    ),
    "solver/space/sequence_diff.py": (
        "tests/solver/test_sequence_diff_mutants.py",
        "tests/solver/test_sequence_diff.py",
        "tests/rulings/test_diff_replays.py",
        "tests/solver/test_sequence_diff_pack_wide.py",
    ),
    "solver/space/sequence_find.py": (
        "tests/solver/test_sequence_find_mutants.py",
        "tests/solver/test_sequence_find.py",
    ),
    "explain/faq.py": (
        "tests/explain/test_faq.py",
        "tests/explain/test_faq_selection.py",
        "tests/explain/test_faq_wording.py",
        "tests/explain/test_faq_replays.py",
    ),
    "explain/faq_questions.py": (
        "tests/explain/test_faq.py",
        "tests/explain/test_faq_selection.py",
        "tests/explain/test_faq_sequences.py",
    ),
    "rulings/api.py": (
        "tests/rulings/test_python_api_mutants.py",
        "tests/rulings/test_sequence_name_hints.py",
        "tests/rulings/test_api.py",
        "tests/rulings/test_conveniences.py",
    ),
    "rulings/check.py": (
        "tests/rulings/test_check_command_mutants.py",
        "tests/rulings/test_check_report.py",
        "tests/solver/test_check.py",
        "tests/rulings/test_hostile_input.py",
        "tests/rulings/test_diff_replays.py",
        "tests/solver/test_diff.py",  # `rulings diff` as it prints
        "tests/docs/test_docs.py",  # every check and diff the docs show, with its output
    ),
    "rulings/cli.py": (
        "tests/rulings/test_cli_mutants.py",
        "tests/rulings/test_cli.py",
        "tests/rulings/test_sequence_cli.py",
        "tests/rulings/test_whynot_stays.py",
        "tests/rulings/test_conveniences.py",  # the command reference, made from the parser's help
        "tests/packs/test_wh40k_keywords.py",  # match
        "rulings/cli.py",  # its examples
    ),
    "rulings/faq.py": (
        "tests/rulings/test_faq_commands_mutants.py",
        "tests/rulings/test_faq_html.py",
        "tests/explain/test_faq_example.py",
        "tests/explain/test_faq_chosen_readings.py",
    ),
    "rulings/web/app.py": (
        "tests/web/test_app_mutants.py",
        "tests/web/test_app_routes_mutants.py",
        "tests/web/test_web_api.py",
        "tests/web/test_web_pages.py",
        "tests/web/test_api_mutants.py",
        "tests/web/test_web_preview.py",
        "tests/web/test_web_threads.py",
    ),
    "rulings/web/graph.py": ("tests/web/test_web_pages.py", "tests/web/test_web_graph_mutants.py"),
    "explain/diagram.py": (
        "tests/explain/test_diagram_mutants.py",
        "tests/rulings/test_graph.py",
    ),
    "explain/sequence.py": (
        "tests/explain/test_sequence_mutants.py",
        "tests/explain/test_sequence_text.py",
        "tests/rulings/test_sequence_cli.py",
        "tests/explain/test_sequence_reasons_mutants.py",
    ),
    "explain/faq_keywords.py": (
        "tests/explain/test_faq_keywords_mutants.py",
    ),
    "explain/faq_html.py": (
        "tests/explain/test_faq_html_mutants.py",
    ),
    "explain/faq_words.py": (
        "tests/explain/test_faq_words_mutants.py",
    ),
    "solver/space/progress.py": (
        "tests/solver/test_progress_mutants.py",
        "tests/solver/test_progress.py",
    ),
    "solver/keyword_classes.py": (
        "tests/solver/test_keyword_classes_mutants.py",
        "tests/solver/test_consistent_keywords.py",
    ),
    "solver/characteristics.py": (
        "tests/solver/test_characteristics_mutants.py",
        "tests/solver/test_characteristics.py",
        "tests/solver/test_kinds_mutants.py",
        "tests/packs/test_wh40k_weapons.py",  # a unit's weapons grouped
        "tests/kb/test_random_notes.py",  # a random characteristic's dice and notes
        "solver/characteristics.py",  # its examples
    ),
    "solver/ask.py": (
        "tests/solver/test_ask_mutants.py",
        "tests/solver/test_unknown_target.py",
        "tests/solver/test_readings.py",
        "tests/solver/test_cases.py",
        "tests/packs/test_skirmish.py",
        "tests/solver/test_compiled.py",
    ),
    "solver/consistent.py": (
        "tests/solver/test_consistent_mutants.py",
        "tests/solver/test_joint.py",
        "tests/solver/test_consistent_keywords.py",
        "tests/solver/test_model_mutants.py",
        "tests/solver/test_defaults_break_a_constraint.py",
    ),
    "solver/space/dead.py": (
        "tests/solver/test_dead_mutants.py",
        "tests/solver/test_dead_reason_mutants.py",
        "tests/solver/test_check.py",
        "tests/solver/test_defaults_break_a_constraint.py",
    ),
    "solver/ruling.py": (
        "tests/solver/test_ruling_mutants.py",
        "tests/solver/test_ruling_decision_mutants.py",
        "tests/solver/test_ask_mutants.py",
        "tests/solver/test_cases.py",
        "tests/packs/test_skirmish.py",
        "tests/explain/test_text_mutants.py",
    ),
    "kb/cache.py": (
        "tests/kb/test_cache_mutants.py",
        "tests/kb/test_cache.py",
    ),
    "kb/model.py": (
        "tests/kb/test_pack_model_mutants.py",
        "tests/kb/test_enum_text.py",
        "tests/kb/test_random_notes.py",
        "tests/kb/test_step_cites.py",
        "tests/kb/test_loader.py",
    ),
    "kb/document.py": (
        "tests/kb/test_document_mutants.py",
        "tests/kb/test_yaml_fast.py",
    ),
    "kb/loader.py": (
        "tests/kb/test_loader_mutants.py",
        "tests/kb/test_loader.py",
    ),
    "rulings/web/guard.py": (
        "tests/web/test_guard_mutants.py",
    ),
    "rulings/examples.py": (
        "tests/rulings/test_examples_mutants.py",
    ),
    "rulings/graph.py": (
        "tests/rulings/test_graph_command_mutants.py",
    ),
    "rulings/web/packs.py": (
        "tests/web/test_packs_mutants.py",
        "tests/web/test_web_threads.py",
    ),
    "rulings/web/wording.py": (
        "tests/web/test_wording_mutants.py",
    ),
    "rulings/web/pages.py": (
        "tests/web/test_pages_mutants.py",
    ),
    "rulings/web/serve.py": (
        "tests/web/test_serve_mutants.py",
    ),
    "rulings/starter.py": (
        "tests/rulings/test_starter_mutants.py",
    ),
    "rulings/expect.py": (
        "tests/rulings/test_expect_mutants.py",
    ),
    "rulings/web/openapi.py": (
        "tests/web/test_openapi_mutants.py",
    ),
}
"""Each module's fast tests: its own test files, quick enough to run once per mutant.

A missing file is skipped (a ``*_mutants.py`` file exists once a survivor needed a test)."""


@dataclass(frozen=True)
class Equivalent:
    """A mutant that cannot change what the program does: its diff line and why."""

    line: str
    why: str


_ASCII_NONE = "json reads ensure_ascii for its truth: None is False"
_EXPLAINED_NONE = "ruling_json reads explained for its truth: None is False"
_NEVER_REACHED = ("the fallback after the quick JSON is never reached: explain.json writes the explanation last, so "
                  "the text always ends as expected")
_ALWAYS_TEXT = ("a node's claim is always a string and its cite a string or None (solver.derivation.Node): the "
                "branch for other values is never taken")
_NO_GROUPS = "diff asks only situations of facts, a base and a target, never of groups: no ruling it reads has groups"
_ONE_VALUE_EACH = "each value is chosen for one of the chosen facts: the two always have the same length"
_READ_OLD_TOO = ("reading the old version too where no fact, constraint or plural changed splits nothing the new one "
                 "does not: both derive every fact alike, and every expression the old one reads the new one reads "
                 "the same")
_UNSPLIT_NAME = "the reason names the fact alone (`unsplit` reads only the name and the keyword limit)"
_NO_CLASS = "any key that is no class's index (they count from 0) keeps the values only one version allows apart"
_SHARED_INPUT = ("derived facts set whole are each checked against their inputs alone (solver.facts): apart or "
                 "in one part, the same situations are read and asked")
_CONSTRAINT_READ = ("a constraint tied to the facts a quantity reads is among the expressions read, which join its "
                    "facts already; a derived fact set whole never stands beside an input a constraint reads (it is "
                    "then varied through its inputs)")
_COMPONENT_ORDER = ("networkx gives the parts in the order their first fact was added, the pack's order, and sets "
                    "with no member in common never compare smaller: sorting keeps that order")
_ERROR_KEY = ("an error's key is only compared with another error's (a ruling's key is a longer tuple, or pairs): "
              "two errors are alike exactly when their messages are, whatever the word")
_NO_ROLL_BASE = ("a roll or a total takes no base (`rulings ask` refuses one), and a situation only carries a base "
                 "for a characteristic: there is none to pass")


_ASCII_FALSY = "ensure_ascii=None is falsy, so json.dumps writes non-ASCII as it is, exactly as with ensure_ascii=False"
_ONE_PER_MODEL = ("`KeywordPhrase.match` answers one verdict per model it is given: the two always have the same "
                  "length")
_GIVEN_AGAIN = ("for a command that takes --given the line is read once more with one of them, and that reading "
                "thrown away: the same arguments (a command that takes none is still refused by argparse)")
_NEW_WITH_DEST = "argparse names an option's destination after its first long name when none is given: new_with"
_WHERE_NONE = ("the only Unworkable errors an expression raises are `_floordiv`'s and `_mul`'s, which carry no "
               "`where`: `e.where` is always None, the default")
_EVERY_OPERATOR = ("every binary operator Python parses is in `_BIN` or `_FORBIDDEN`, so the fallback text is never "
                   "used")
_EVERY_COMPARISON = ("every comparison Python parses (== != < <= > >= in, not in, is, is not) is in `_CMP` or "
                     "`_FORBIDDEN`, so the fallback text is never used")
_SAME_LENGTH = "a parsed comparison has one operator per comparator: the two always have the same length"
_CLOSEST_FIRST = ("only the closest match is read: get_close_matches gives the best first, however many it may "
                  "return")

_INT_RANGE_SAID = ("an int fact's range text ('0..2') is let through too, but `explain.english.sentence` turns an "
                   "int fact's '..' into ' to ' itself: the same words")

_TRUE_TEXT = ("a case's text says 'true' only for a bool fact (solver.ask writes a bool as true/false), and "
              "`explain.english.sentence` reads a bool fact's value for its truth: the text 'true' says what True says")

_WHOLE_NET = ("a modifier's amount is a whole number (the expression language divides only with //), so each sum "
              "capped_terms rounds is whole: rounding it up (the default, and what None gives) or down is the same")
_BOOL_NONE = "a missing carry_over read as None rather than False: bool(None) is False"
_TURNED = "a cycle's names and the same names turned by one: zip always meets lists of the same length"
_EVERY_POLICY_ROLE = ("only a clamp, a cap or a choice names quantities (an override or exclusive policy takes no "
                      "'quantity'), and each of those kinds is in POLICY_ROLES: the default is never used")
_KEYWORD_FACTS = ("the pack's keywords facts are a cache in the pack's index: read or stored under another key, or "
                  "not read, they are listed again, alike")
_CONDITION_KEY = ("the other keys of a pack's shared nodes start 'applied' or 'failed' (solver.ruling): any other "
                  "word keeps a condition's keys apart from them")
_READS_CACHE = "the facts an expression reads are a cache: a miss only works them out again, alike"
_NO_NONE_VALUE = ("no fact's value is None (a value is a bool, an int, a string or a set of keywords): None stands "
                  "for a missing value in the key as UNKNOWN does")
_EMPTY_TUPLE = "without derived facts the comprehension gives (), the same key"
_NODES_CACHE = "the shared nodes are a cache: a lookup that misses, or an earlier clearing, only builds the same nodes"
_TRUE_DERIVED = ("explained with want False, a derived fact whose definition evaluates true says every part of it, "
                 "as want True does: no part of a definition that holds fails")


_TARGETS_ADD_NOTHING = ("each situation is asked without a target first; where the player chooses nothing, a target "
                        "changes only the chance fields (probability, impossible, automatic, absent without a target) "
                        "and the assumptions: a limit reading neither is decided alike at every target, and one "
                        "reading a chance field is unknown without a target (so broken there) unless fields no "
                        "target changes decide it: the same first broken situation, or none")
_NO_CASES = "never reached: no ruling a limit's search asks has cases"
_POLICIES_CACHE = "as above: the policies are a cache, made again alike where missing"
_EVERY_TARGET = "as above: `differs_at` compares every target that matters already"
_TQDM_TOTAL = "tqdm takes the total from the length of what it counts (a dict's values have one): the same bar"

_INNER_NEVER_DERIVED = ("the inner `_never` is only called for a definition the bounded search found no witness for, "
                        "and it asks that same search before it says anything of derived facts: it never takes that "
                        "branch, so the depth it is given is never read")
_EVERY_INT_RANGED = ("only an int fact is ever outside its range or tried beyond it, and the loader requires every int "
                     "fact to have a range: the fallback is never used")
_ONE_OPTION_EACH = "itertools.product gives one value per list of options, one list per name: the lengths are equal"
_AUTOMATIC_HOLDS = ("`_automatic` is only called once the condition holds (`decide` checks it first), so every atom of "
                    "it holds: `want` False keeps the false atoms, or all when none is false (all of them), and None "
                    "is not False: the same atoms as True (want is otherwise only part of the cache key)")
_SOME_POLICY_TURNS = ("every clamp a ruling reports comes from the Bound of a policy, named by its label or name, "
                      "whose limits "
                      "made exactly that change (or read facts, or meet a symbol: `_turns` says True): some named "
                      "policy always turns it, so `named` is never empty, the fallback is never used and `chosen` is "
                      "never None")
_ONLY_CAPS_SHARE = ("only a cap takes `of` (the schema refuses it on every other kind, which keeps 'net'): read among "
                    "all the quantity's policies, the others never pass `p.of != 'net'`")



    # -- solver/arithmetic.py

# rulings/web/guard.py

_MEMO_ASK = ("a pack's index is a cache of what a pack's quantities and readings give: a lookup that misses, or one "
             "stored where it is not found again, only works the same value out again")
_STRAIGHT_WAY = ("the straight way to a compiled ruling is only quicker: a situation that does not take it goes "
                 "through `_ask`, whose checks pass and which reaches the same compiled ruling (or the engine's, the "
                 "same)")
_ENGINE_SAME = "a compiled ruling left unused is made by the engine, which gives the very same ruling (test_compiled)"
_MAY_CHANGE_ONLY_SKIPS = ("`_may_change` only lets a reading be skipped: asked when it could be skipped, a reading's "
                          "options give the same ruling, and only readings whose rulings differ are kept")
_GIVEN_AS_SAME = "a situation given again the reading facts it already has is the same situation"

_TQDM_STDERR = ("tqdm writes to sys.stderr when given no file (or None), reading it when the bar is made, as "
                "`progress` does: the same stream")
_HOLDING_WANT = ("a rule counts only once its condition holds, so every top-level conjunct of it holds (none is "
                 "False): `want` False keeps the false atoms, or all when none is false (all of them), and None is not "
                 "False: the same atoms as True (want is otherwise only part of the cache key)")
_NODE_KEY = ("the shared nodes' keys are told apart by their first word and their length: ('condition', text, want, "
             "key) from solver.facts, ('applied', name, change, key, rows) and ('failed', name, key): another word "
             "still keeps each kind of key apart from the others")
_ADHOC_QUANTITIES = ("an ad-hoc modifier is made for the one ruling being decided and is never among the pack's "
                     "modifiers: nothing reads its quantities (settle, choose, the arithmetic and the explanation go "
                     "by its name, term, condition, place, text and adhoc mark)")
_QUESTIONS_CACHE = ("what a pack asks of a keywords fact is a cache in the pack's index under a key nothing else "
                    "uses: stored under another word it is only worked out again, alike")
_ALWAYS_FOLLOWED = ("the loader refuses the left side of an `in` that is not text (text comes only from quotes, an "
                    "enum fact or an `if` of them) and a matches() phrase that does not parse: no question is ever "
                    "one the classes cannot follow, so this branch is never taken")
_ONLY_KEYWORDS_ASKED = ("only a keywords fact may stand on the right of `in` or in matches(): a fact of another kind "
                        "derived from the fact, among the readers, is never asked a question")
_UPPER_POOL = ("the pool's keywords are all upper case (an `in`'s word upper-cased, a phrase's pieces as the phrase "
               "parsed them, a plural's forms upper-cased): with no plurals, with_plural_forms gives the mix itself")
_AUTOMATIC_GIVEN = ("the default is what `need` gives for no expression, and `decide` asks it only once "
                    "`q.automatic` is not None: it is never used")
_PER_SITUATION = ("limits left unplanned are worked out for each situation in `conclude` from the policies in force, "
                  "the same clamps and caps a plan would hold: planning them is only quicker")
_FIXED_READ_NOTHING = ("a plan works limits out only when none reads a fact (nor the base): their compiled bounds "
                       "never read the values they are given, so None serves as {}")
_WHOLE_AMOUNT = ("an amount is an int expression (the loader refuses any other type, and the language has only "
                 "whole numbers) times an int per: `isinstance(amount, int)` always holds, so the Fraction branch is "
                 "never taken")

    # -- solver/space/progress.py

_EVERY_EDGE_HAS_ROLES = ("kb.graph.dependency_graph adds every edge through `_link`, which always sets `roles` (a "
                         "subgraph's copy keeps them): the default for an edge without roles is never used")
_ROLLED_ALWAYS = ("`_rolled` gives None only where its sums disagree with the solver's dice in and out, which they "
                  "never do (its docstring; checked over 216 critical-game attacks with extra hits, skipped steps and "
                  "random attacks): `counts` is always a list with a pair for each step")
_DESTROYED_WITH_BOTH = ("with damage, solver.sequence.resolve gives models destroyed exactly when it has both models "
                        "and wounds: `destroyed is not None` already says the other two")
_READING_IN_PACK = ("an attack's other readings come from its steps' rulings, whose reading outcomes are the pack's "
                    "readings and options (solver.sequence._under_other_readings): the reading is always in "
                    "pack.readings and the option among its options, so the fallbacks are never used")
_SKIPPED_HAS_SKIPPERS = ("dice go on past a step without a roll only because an earlier step's event in force skips "
                         "it, and `_skipped_by` names every such event: in that branch `skippers` is never empty")
_ONE_PASS = "`for _ in [1]` runs once, as `for _ in [0]` does: the value is never read"
_SUM_OF_NONE = ("sum() starting at the int 0 rather than Fraction(0) differs only where nothing is summed: `_num` and "
                "`_frac` write that 0 as they write Fraction(0), and it adds and compares alike; otherwise the sum "
                "is a Fraction either way")
_SAME_START = "sum() starts at 0 with or without the 0 given: the same sum"
_NO_MARK = "a tag without a mark gives None instead of '': both are false, so the line is its text alone either way"
_PER_ATTACK_WITH_DAMAGE = ("with damage, solver.sequence.resolve always has each attack's damage too (a distribution "
                           "of one value at least, never empty): the test is always true where it is read")
_WRITTEN_HAS_ALL = ("kb.keywords.parse_phrase records every keyword of the phrase in `written` (`_entry` setdefaults "
                    "it for each one): the lookup always finds it and its default is never used")
_FIRST_AS_WRITTEN = ("the model phrase takes the written form of the phrase's first keyword: `written` keeps each "
                     "keyword's first spelling and the first keyword is the first word written, so whichever plurals "
                     "make it canonical the same word comes back (and parse_phrase refuses a phrase for its syntax "
                     "alone, never for its plurals)")
_NO_KEYWORD_AT_THE_JOIN = ("the title's fallback only comes before the source's name: no ending of 'none' or 'xxxx' "
                           "begins 'keyword', so the name says keyword with it exactly when it does without")
_NAMELESS_GROUP = ("a group without a name is captioned by `if name`: None is as false as the empty name, so no "
                   "name is shown either way")
_JSON_READING_OF = ("each reading of a FAQ document (explain.json writes them: {'reading', 'of', 'value', ...}) names "
                    "the reading it is of, so the default for a missing 'of' is never used")
_JSON_READING_OPTION = ("each reading of a FAQ document is one of its pack reading's options (explain.json writes the "
                        "option the solver tried): the lookup always finds it, and its default is never used")
_HEX_CASE = ("a regular expression reads the hex digits of a unicode escape in either case: u201C and u201c, or "
             "u00B6 and u00b6, escape the same character")
_PIGEONHOLE = ("`taken` holds len(taken) ids, so among the len(taken) + 1 candidates (the slug, slug-1, ...) one is "
               "always free: next() never reaches a further one")
_DICE_ALWAYS = ("the loader gives every quantity its dice (D6 unless the pack says otherwise, and a score takes none "
                "of its own: D6): `q.dice` is never empty, so the fallback is never used, and a score's D6 is one die "
                "whether or not its kind is checked first")
_OVERRIDE_HAS_RULE = ("`rules` is read only for an exclusive or override policy (a cap or clamp returned above, a "
                      "choice goes on to its own topic), and an override must have its rule (the loader refuses one "
                      "without): p.rule is never empty where it matters")
_FULLMATCH_DECIDES = ("the change is shown only where it is a sign and digits (the fullmatch below): an amount that "
                      "is not a constant, or an op other than + and -, never gives that text, so computing it anyway "
                      "changes nothing")
_FIRST_WORD = "only the first piece of the split is read: splitting once, twice or at every space gives the same one"
_NO_X_IN_RESULTS = ("a distribution's results are numbers or '-', never holding an X: stripping X as well as '-' "
                    "leaves each one as stripping '-' does")
_LOWERED_FIRST = ("the text is lower-cased before it is slugged: stripping 'X' as well as '-', or writing the fixed "
                  "word in capitals, changes nothing")

    # explain/diagram.py

_GUESSED = ("FileResponse guesses the media type from the file's name when none is given: favicon.svg is "
            "image/svg+xml, the type given")
_UNNAMED = "a route's name is read only by url_for, which nothing in Rulings calls: the files are served alike"
_ONLY_HTTP = ("_not_found is registered for Starlette's HTTPException alone, which always has a status_code and a "
              "detail: getattr's default is never read (and without one it raises only where they are missing)")

_EVERY_STYLE_HAS_BASES = ("style_of gives one of STYLES (it refuses any other), and BASES has every one of them: "
                          "the fallback is never read")
_DICE_TEXT = ("the text is a dice value (Dice.__str__: an optional count, D, the sides, an optional +N) and "
              "the changes written after it, each starting x, /, +, - or =: it never starts with a sign or a "
              "bracket's sign, holds no capital X, and has no +/- among its first two characters, so these read "
              "it the same")
_ONE_EACH = "ones is made from outs, one for each: the two always have the same length"
EQUIVALENT: dict[str, Equivalent] = {
    "solver.ask.x__branch__mutmut_1": Equivalent(
        "def _branch(pack: Pack, q: Quantity, situation: Situation, reading: Mapping[str, str], cases: bool = False) "
        "-> Ruling:",
        "both callers pass cases: the default is never used"),
    "solver.space.check.x__strongest_ties__mutmut_23": Equivalent(
        'exprs = [a.when, b.when, a.amount, a.per, b.amount, b.per, *([p.when] if (p.when) or True else []),',
        'a group without a condition adds None, and frontier passes over None (`for e in exprs if e is not None`)'),
    "solver.space.check.x__strongest_ties__mutmut_73": Equivalent(
        'for m, h in zip(others, held, strict=None))',
        '`held` is built from `others`, one item each: the lengths are always equal'),
    "solver.space.check.x__strongest_ties__mutmut_76": Equivalent(
        'for m, h in zip(others, held, ))',
        '`held` is built from `others`, one item each: the lengths are always equal'),
    "solver.space.check.x__strongest_ties__mutmut_77": Equivalent(
        'for m, h in zip(others, held, strict=False))',
        '`held` is built from `others`, one item each: the lengths are always equal'),
    "solver.space.check.x__ordered_pairs__mutmut_3": Equivalent(
        'rules = [*p.rules, *([p.rule] if (p.rule) and False else []), *p.over]',
        'rules is read only for exclusive groups, and the schema refuses `rule` on one: p.rule is None there'),
    "solver.space.check.x__ordered_pairs__mutmut_4": Equivalent(
        'rules = [*p.rules, *([p.rule] if (p.rule) or True else []), *p.over]',
        'it only adds pairs holding None; a lookup is always of two rule names, which never match them'),
    "solver.space.check.x__ordered_pairs__mutmut_12": Equivalent(
        'elif p.kind == "override" or p.rule:',
        'only an override has a rule, and it must have one (the loader refuses it without): `and` and `or` '
        'agree on every policy'),
    "solver.space.check.x__redundant__mutmut_56": Equivalent(
        'if same and a.name >= b.name:',
        'a rule paired with itself is passed over a few lines above'),
    "solver.space.check.x__ranges__mutmut_36": Equivalent(
        'if any(p.min is not None for p in pack.policies_of(q.name, None)):',
        'only clamps and caps take min, a cap on a pool or score is refused, and _ranges reads only scores and '
        'pools: the policies it sees with a min are clamps'),
    "solver.space.check.x__ranges__mutmut_38": Equivalent(
        'if any(p.min is not None for p in pack.policies_of(q.name, )):',
        'only clamps and caps take min, a cap on a pool or score is refused, and _ranges reads only scores and '
        'pools: the policies it sees with a min are clamps'),
    "solver.consistent.x_comparisons_of__mutmut_3": Equivalent(
        'if not isinstance(node, tuple) and not node:',
        "every caller passes an expression's tree and children() yields only nodes: each is a non-empty tuple, "
        "so this guard is never taken"),
    "solver.consistent.x_comparisons_of__mutmut_6": Equivalent(
        'return True',
        "every caller passes an expression's tree and children() yields only nodes: each is a non-empty tuple, "
        "so this guard is never taken"),
    "solver.consistent.x_partition__mutmut_2": Equivalent(
        'key = ("XXpartitionXX", name)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_partition__mutmut_3": Equivalent(
        'key = ("PARTITION", name)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_expressions__mutmut_2": Equivalent(
        'key = ("XXexpressionsXX", "")',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_expressions__mutmut_3": Equivalent(
        'key = ("EXPRESSIONS", "")',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_expressions__mutmut_4": Equivalent(
        'key = ("expressions", "XXXX")',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_typical__mutmut_6": Equivalent(
        'declared = getattr(fact, "typical", )',
        'a Fact always has `typical` (a dataclass field, None by default): the default of getattr is never used'),
    "solver.consistent.x_comparisons_of__mutmut_17": Equivalent(
        'if tag == "XXcXX":',
        'a constant node has no children: the loop below counts nothing and returns False, as this branch does'),
    "solver.consistent.x_comparisons_of__mutmut_18": Equivalent(
        'if tag == "C":',
        'a constant node has no children: the loop below counts nothing and returns False, as this branch does'),
    "solver.ask.x__read_readings__mutmut_3": Equivalent(
        'key = ("XXread readingsXX", q.name)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_4": Equivalent(
        'key = ("READ READINGS", q.name)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_14": Equivalent(
        'graph = (pack.index.get(None) or dependency_graph(pack)) if read else None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_15": Equivalent(
        'graph = (pack.index.get(("XXdependency graphXX", "")) or dependency_graph(pack)) if read else None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_16": Equivalent(
        'graph = (pack.index.get(("DEPENDENCY GRAPH", "")) or dependency_graph(pack)) if read else None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_17": Equivalent(
        'graph = (pack.index.get(("dependency graph", "XXXX")) or dependency_graph(pack)) if read else None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_19": Equivalent(
        'pack.index["dependency graph", ""] = None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_20": Equivalent(
        'pack.index["XXdependency graphXX", ""] = graph',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_21": Equivalent(
        'pack.index["DEPENDENCY GRAPH", ""] = graph',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__read_readings__mutmut_22": Equivalent(
        'pack.index["dependency graph", "XXXX"] = graph',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_1": Equivalent(
        'found = None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_2": Equivalent(
        'found = pack.index.get(None)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_3": Equivalent(
        'found = pack.index.get(("XXreading namesXX", ""))',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_4": Equivalent(
        'found = pack.index.get(("READING NAMES", ""))',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_5": Equivalent(
        'found = pack.index.get(("reading names", "XXXX"))',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_8": Equivalent(
        'found = pack.index["XXreading namesXX", ""] = frozenset(READING + r for r in pack.readings)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_9": Equivalent(
        'found = pack.index["READING NAMES", ""] = frozenset(READING + r for r in pack.readings)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reading_names__mutmut_10": Equivalent(
        'found = pack.index["reading names", "XXXX"] = frozenset(READING + r for r in pack.readings)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_1": Equivalent(
        'read = None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_2": Equivalent(
        'read = pack.index.get(None)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_3": Equivalent(
        'read = pack.index.get(("XXreading factsXX", ""))',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_4": Equivalent(
        'read = pack.index.get(("READING FACTS", ""))',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_5": Equivalent(
        'read = pack.index.get(("reading facts", "XXXX"))',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_8": Equivalent(
        'read = pack.index["XXreading factsXX", ""] = tuple(r for r in pack.readings if READING + r in pack.facts)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_9": Equivalent(
        'read = pack.index["READING FACTS", ""] = tuple(r for r in pack.readings if READING + r in pack.facts)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__with_reading_facts__mutmut_10": Equivalent(
        'read = pack.index["reading facts", "XXXX"] = tuple(r for r in pack.readings if READING + r in pack.facts)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__readings__mutmut_2": Equivalent(
        'key = ("XXreadingsXX", q.name)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__readings__mutmut_3": Equivalent(
        'key = ("READINGS", q.name)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__readings__mutmut_4": Equivalent(
        'found = None',
        'the `key not in pack.index` check below still finds the stored tuple'),
    "solver.ask.x__readings__mutmut_5": Equivalent(
        'found = pack.index.get(None)',
        'the `key not in pack.index` check below still finds the stored tuple'),
    "solver.ask.x__may_change__mutmut_4": Equivalent(
        'tied = None',
        '`_tied` is worked out again, alike'),
    "solver.ask.x__reads_two_ways__mutmut_5": Equivalent(
        'found = None',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reads_two_ways__mutmut_6": Equivalent(
        'found = _TWO_WAYS.get(None)',
        'a private cache key of this module, read and stored alike (or missed): the same value is worked out again'),
    "solver.ask.x__reads_two_ways__mutmut_16": Equivalent(
        '_TWO_WAYS[expr.text] = None',
        'a stored None is simply worked out again'),
    "solver.ask.x__reads_two_ways__mutmut_14": Equivalent(
        'if len(_TWO_WAYS) > 10_000:',
        'only when the memo is cleared: it is worked out again'),
    "solver.ask.x__reads_two_ways__mutmut_15": Equivalent(
        'if len(_TWO_WAYS) >= 10001:',
        'only when the memo is cleared: it is worked out again'),
    "solver.ask.x__one__mutmut_8": Equivalent(
        'key = None',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_9": Equivalent(
        'key = ("XXcompiledXX", q.name, tuple(reading.items()))',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_10": Equivalent(
        'key = ("COMPILED", q.name, tuple(reading.items()))',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_12": Equivalent(
        'found = None',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_13": Equivalent(
        'found = pack.index.get(None, 0)',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_14": Equivalent(
        'found = pack.index.get(key, None)',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_15": Equivalent(
        'found = pack.index.get(0)',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_16": Equivalent(
        'found = pack.index.get(key, )',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_17": Equivalent(
        'found = pack.index.get(key, 1)',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_18": Equivalent(
        'if type(None) is int:  # not compiled yet: how many rulings asked for it so far',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_20": Equivalent(
        'if found - 1 < COMPILE_AFTER:',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_21": Equivalent(
        'if found + 2 < COMPILE_AFTER:',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_22": Equivalent(
        'if found + 1 <= COMPILE_AFTER:',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_23": Equivalent(
        'pack.index[key] = None',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_24": Equivalent(
        'pack.index[key] = found - 1',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_25": Equivalent(
        'pack.index[key] = found + 2',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__one__mutmut_36": Equivalent(
        'found = None',
        "which path makes the ruling changes, not the ruling: a compiled ruling is the engine's, compiled() "
        'keeps its own copy under its own key, and a compiled ruling of None falls back to the engine'),
    "solver.ask.x__tied__mutmut_16": Equivalent(
        'if isinstance(entry, Policy) and entry.kind != "clamp" and entry.symbols:',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__tied__mutmut_17": Equivalent(
        'if isinstance(entry, Policy) and entry.kind == "XXclampXX" and entry.symbols:',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__tied__mutmut_18": Equivalent(
        'if isinstance(entry, Policy) and entry.kind == "CLAMP" and entry.symbols:',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__tied__mutmut_22": Equivalent(
        'elif isinstance(entry, Modifier) or entry.kind not in ("XXexclusiveXX", "override"):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__tied__mutmut_23": Equivalent(
        'elif isinstance(entry, Modifier) or entry.kind not in ("EXCLUSIVE", "override"):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__tied__mutmut_24": Equivalent(
        'elif isinstance(entry, Modifier) or entry.kind not in ("exclusive", "XXoverrideXX"):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__tied__mutmut_25": Equivalent(
        'elif isinstance(entry, Modifier) or entry.kind not in ("exclusive", "OVERRIDE"):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__reads_two_ways__mutmut_4": Equivalent(
        'return True',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__read_readings__mutmut_12": Equivalent(
        'graph = (pack.index.get(("dependency graph", "")) or dependency_graph(pack)) if (read) or True else None',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__read_readings__mutmut_35": Equivalent(
        'if node[0] == "fact" or node[1] in read} if graph is not None else set()',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same (extra names only '
        'ever add readings)'),
    "solver.ask.x__clamp_may_change__mutmut_4": Equivalent(
        'if not isinstance(value, int) or isinstance(value, bool) or (value == 0 or "0" in p.symbols):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_10": Equivalent(
        'for bound, inside in ((p.min, lambda b: None), (p.max, lambda b: value <= b)):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_11": Equivalent(
        'for bound, inside in ((p.min, lambda b: value > b), (p.max, lambda b: value <= b)):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_12": Equivalent(
        'for bound, inside in ((p.min, lambda b: value >= b), (p.max, lambda b: None)):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_13": Equivalent(
        'for bound, inside in ((p.min, lambda b: value >= b), (p.max, lambda b: value < b)):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_16": Equivalent(
        "if bound.names <= values.keys():  # reads the quantity's base or an unknown fact: not worked out here",
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_17": Equivalent(
        "if not bound.names < values.keys():  # reads the quantity's base or an unknown fact: not worked out here",
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_19": Equivalent(
        'found = None',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_25": Equivalent(
        'if isinstance(found, int) or not inside(found):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_26": Equivalent(
        'if not isinstance(found, int) or inside(found):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__clamp_may_change__mutmut_29": Equivalent(
        'return True',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__may_change__mutmut_30": Equivalent(
        'if any(c.rule == name for c in clamped) or _clamp_may_change(rules, values, None):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__may_change__mutmut_48": Equivalent(
        'holding += 2',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__may_change__mutmut_49": Equivalent(
        'if holding != 2:',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__may_change__mutmut_52": Equivalent(
        'return True',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__ask__mutmut_65": Equivalent(
        'if ruling.values is None and not ruling.cases and not _may_change(pack, q, r, ruling.values, ruling.value,',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__ask__mutmut_66": Equivalent(
        'if ruling.values is not None and ruling.cases and not _may_change(pack, q, r, ruling.values, ruling.value,',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__ask__mutmut_72": Equivalent(
        'if ruling.values is not None and not ruling.cases and not _may_change(pack, q, r, ruling.values, None,',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same'),
    "solver.ask.x__ask__mutmut_78": Equivalent(
        'if ruling.values is not None and not ruling.cases and not _may_change(pack, q, r, ruling.values, '
        'ruling.clamped):',
        "a shortcut that only says 'may change' more often: every option is then worked out, and readings "
        'whose options agree are dropped by the _key comparison, so the output is the same (a tuple passed as '
        "the value is no number: always 'may change')"),
    "solver.ask.x__clamp_may_change__mutmut_15": Equivalent(
        'break',
        'the loader requires a numeric min on a clamp with symbols, so only max (the last bound) can be None: '
        'break and continue then do the same'),
    "solver.ask.x_check_inputs__mutmut_31": Equivalent(
        'source = "its roll: give roll:" if rolled else f"the pack ({q.base.text if (q.base) or True else \'\'})"',
        'that branch is only reached when q.base is set'),
    "solver.ask.x_check_inputs__mutmut_32": Equivalent(
        'source = "its roll: give roll:" if rolled else f"the pack ({q.base.text if q.base else \'XXXX\'})"',
        'that branch is only reached when q.base is set'),
    "solver.ask.x__fewest__mutmut_30": Equivalent(
        'leaf = _lookup(tree, dict(zip(facts, values, strict=None)))',
        "values comes from product over these facts' domains: the lengths always match"),
    "solver.ask.x__fewest__mutmut_33": Equivalent(
        'leaf = _lookup(tree, dict(zip(facts, values, )))',
        "values comes from product over these facts' domains: the lengths always match"),
    "solver.ask.x__fewest__mutmut_34": Equivalent(
        'leaf = _lookup(tree, dict(zip(facts, values, strict=False)))',
        "values comes from product over these facts' domains: the lengths always match"),
    "solver.ask.x__readings_node__mutmut_2": Equivalent(
        'reading = outcomes[1][0]',
        'every entry is of the same reading, and there are always at least two'),
    "solver.ask.x__with_readings__mutmut_17": Equivalent(
        'r.clamped, r.modifier, r.probability, r.automatic, r.then, r.cases, readings, None,',
        'a ruling with readings is never a groups ruling: its groups are None already'),
    "solver.ask.x__solve__mutmut_33": Equivalent(
        'return decide(pack, q, situation.given_as(given) if (assigned) or True else situation, values, reading)',
        "with nothing assigned, given is the situation's own facts"),
    "solver.ask.x__with_reading_facts__mutmut_22": Equivalent(
        'if all(situation.given.get(None) == v for n, v in chosen.items()):  # set already (the engine after '
        'the compiled)',
        'it only skips a shortcut: the same facts are set anyway'),
    "solver.ask.x__ask__mutmut_22": Equivalent(
        'if pack.readings or not _reading_names(pack).isdisjoint(situation.given):',
        'with no reading.* fact given, _reading_given returns an equal situation'),
    "solver.ask.x__ask__mutmut_82": Equivalent(
        'subs = [(option, ruling if (chosen[r.name] == option) and False else _one(pack, q, situation, chosen '
        '| {r.name: option},',
        'the chosen option is asked again: an equal ruling'),
    "solver.consistent.x__breakpoints__mutmut_7": Equivalent(
        'edges = sorted({low, high + 1, *(c for c in cuts if low <= c <= high)})',
        '`low` is in the set already'),
    "solver.consistent.x__partition__mutmut_64": Equivalent(
        'cuts = [c for a in atoms for c in simple_cuts(a, None) or ()]',
        '`simple_cuts` never reads the name it is given'),
    "solver.consistent.x__partition__mutmut_70": Equivalent(
        'exact = all(simple_cuts(a, None) is not None for a in atoms)',
        '`simple_cuts` never reads the name it is given'),
    "solver.consistent.x__partition__mutmut_114": Equivalent(
        'found.sort(key=None)',
        'the classes are filled as the value rises, and their first runs do not overlap: sorting whole run '
        'tuples gives the same order'),
    "solver.consistent.x__partition__mutmut_117": Equivalent(
        'found.sort(key=lambda runs: runs[0][1])',
        'first runs do not overlap, so ordering them by their high ends orders them by their low ends'),
    "solver.consistent.x_completions__mutmut_35": Equivalent(
        'grown = None',
        'only read by `while grown`: None is as false as False'),
    "solver.consistent.x__reach__mutmut_13": Equivalent(
        'grown = None',
        'only read by `while grown`: None is as false as False'),
    "solver.consistent.x__relevant_items__mutmut_17": Equivalent(
        'grown = None',
        'only read by `while grown`: None is as false as False'),
    "solver.consistent.x__reach__mutmut_2": Equivalent(
        'key = ("XXreachXX", derived)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x__reach__mutmut_3": Equivalent(
        'key = ("REACH", derived)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_inputs__mutmut_2": Equivalent(
        'key = ("XXinputsXX", name)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_inputs__mutmut_3": Equivalent(
        'key = ("INPUTS", name)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x__compared__mutmut_2": Equivalent(
        'key = ("XXcomparedXX", name)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x__compared__mutmut_3": Equivalent(
        'key = ("COMPARED", name)',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x__constraint_reads__mutmut_2": Equivalent(
        'key = ("XXconstraint_readsXX", "")',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x__constraint_reads__mutmut_3": Equivalent(
        'key = ("CONSTRAINT_READS", "")',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x__constraint_reads__mutmut_4": Equivalent(
        'key = ("constraint_reads", "XXXX")',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_joint_values__mutmut_32": Equivalent(
        'key = ("XXjointXX", tuple(names), tuple(sorted((m, _hashable(known[m])) for m in outside)))',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x_joint_values__mutmut_33": Equivalent(
        'key = ("JOINT", tuple(names), tuple(sorted((m, _hashable(known[m])) for m in outside)))',
        'a cache key renamed alike where it is stored and looked up: still unique, not a kind `_forget` drops, '
        'read by no other module'),
    "solver.consistent.x__consistent_part__mutmut_5": Equivalent(
        'names = None',
        "the names' cache always misses: the same frozenset is worked out again and stored under the same key"),
    "solver.consistent.x__consistent_part__mutmut_6": Equivalent(
        'names = pack.index.get(None)',
        'no None key is ever stored: the cache misses, as above'),
    "solver.consistent.x__consistent_part__mutmut_38": Equivalent(
        'pack.index[key] = (next(completions(pack, part, wanted, first=None), None) is not None,)',
        'next() takes the first completion only; `first` only ends the generator after it, and no coverage is passed'),
    "solver.consistent.x__consistent_part__mutmut_42": Equivalent(
        'pack.index[key] = (next(completions(pack, part, wanted, ), None) is not None,)',
        'next() takes the first completion only; `first` only ends the generator after it, and no coverage is passed'),
    "solver.consistent.x__consistent_part__mutmut_43": Equivalent(
        'pack.index[key] = (next(completions(pack, part, wanted, first=False), None) is not None,)',
        'next() takes the first completion only; `first` only ends the generator after it, and no coverage is passed'),
    "solver.consistent.x__allowed__mutmut_11": Equivalent(
        'return test(_values(pack, {**fixed, **dict(zip(scope, assigned, strict=None))}, given)) is not False',
        'python-constraint passes exactly one value per variable of the scope: the lengths are always equal'),
    "solver.consistent.x__allowed__mutmut_14": Equivalent(
        'return test(_values(pack, {**fixed, **dict(zip(scope, assigned, ))}, given)) is not False',
        'python-constraint passes exactly one value per variable of the scope: the lengths are always equal'),
    "solver.consistent.x__allowed__mutmut_15": Equivalent(
        'return test(_values(pack, {**fixed, **dict(zip(scope, assigned, strict=False))}, given)) is not False',
        'python-constraint passes exactly one value per variable of the scope: the lengths are always equal'),
    "solver.consistent.x__joint__mutmut_17": Equivalent(
        'scope = {**known, **{f.name: v for f, v in zip(facts, values, strict=None)}}',
        "`values` comes from a product over every fact's range (every int base fact has one): the lengths are equal"),
    "solver.consistent.x__joint__mutmut_20": Equivalent(
        'scope = {**known, **{f.name: v for f, v in zip(facts, values, )}}',
        "`values` comes from a product over every fact's range (every int base fact has one): the lengths are equal"),
    "solver.consistent.x__joint__mutmut_21": Equivalent(
        'scope = {**known, **{f.name: v for f, v in zip(facts, values, strict=False)}}',
        "`values` comes from a product over every fact's range (every int base fact has one): the lengths are equal"),
    "solver.consistent.x__joint__mutmut_34": Equivalent(
        'rank = (sum(abs(v - c) for v, c in zip(values, centre, strict=None)), values)',
        '`centre` has one entry per fact: the lengths are equal'),
    "solver.consistent.x__joint__mutmut_37": Equivalent(
        'rank = (sum(abs(v - c) for v, c in zip(values, centre, )), values)',
        '`centre` has one entry per fact: the lengths are equal'),
    "solver.consistent.x__joint__mutmut_38": Equivalent(
        'rank = (sum(abs(v - c) for v, c in zip(values, centre, strict=False)), values)',
        '`centre` has one entry per fact: the lengths are equal'),
    "solver.consistent.x__joint__mutmut_41": Equivalent(
        'if signature not in best or rank <= best[signature]:',
        'a rank ends with its own assignment and each assignment is visited once: two ranks are never equal'),
    "solver.consistent.x_values_of__mutmut_2": Equivalent(
        'if fact.type.kind == "int" or fact.range:',
        'the loader refuses an int fact without a range, and only int facts have one: both conditions agree '
        'for every fact'),
    "solver.rolls.x_read_target__mutmut_9": Equivalent(
        "m = _AT_LEAST.match(str(raw)) if (isinstance(raw, str)) or True else None",
        "a value that is not a string gets here only when it is no whole number of 1 or more (those returned "
        "above); its text never reads as one (a sign, a point, letters, or 0, which the next line refuses), so "
        "matching it refuses it as not matching does"),
    "solver.rolls.x_dice_detail__mutmut_4": Equivalent(
        'count, _, sides = dice.upper().rpartition("D")',
        "a quantity's dice hold one D (the schema's pattern ^[1-9]?D(3|6)$), so the first D is the last"),
    "solver.rolls.x__rerolled__mutmut_61": Equivalent(
        ") for want in wants)",
        "a chance summed from 0 rather than Fraction(0) is the same number (a sum of Fractions is a Fraction; "
        "nothing summed is 0 == Fraction(0)), and scores are only compared"),
    "solver.rolls.x__rerolled__mutmut_71": Equivalent(
        "Fraction(1)) for want in wants)",
        "every score of every choice gains the same 1, and scores are only compared with each other (max, ==): "
        "the order and the ties are unchanged"),
    "solver.rolls.x__rerolled__mutmut_73": Equivalent(
        "chose = None",
        "whether the player's choice changed something is only read for its truth (if chose ...): None and False "
        "alike"),
    "solver.settle.x__priority__mutmut_17": Equivalent(
        "ready = sorted(sorter.get_ready(), key=None)",
        "rules ready together share no policy (a policy ranks the rules it names, but for an override's losers, "
        "which only conflict with its rule): each may count whatever the others do, so their order never changes "
        "the best solution"),
    "solver.settle.x__priority__mutmut_19": Equivalent(
        "ready = sorted(sorter.get_ready(), )",
        "the same: the order among rules ready together never changes the best solution"),
    "solver.settle.x_search__mutmut_46": Equivalent(
        "counting = [r for r in holding if best.get(r, 2)]",
        "a rule in no conflict counts: 2 is as true as 1"),
    "solver.settle.x_search__mutmut_50": Equivalent(
        "for rule in (r for r in holding if not best.get(r, None)):",
        "a rule in no conflict is looked at too, but no policy names it, so it is never said suppressed"),
    "solver.settle.x_search__mutmut_51": Equivalent(
        "for rule in (r for r in holding if not best.get(1)):",
        "every rule is looked at, but one that counts has no rule before it that counts and beats it (at most one "
        "of a group counts; a loser of an override counts only when the override's rule does not)"),
    "solver.settle.x_search__mutmut_52": Equivalent(
        "for rule in (r for r in holding if not best.get(r, )):",
        "as with None: a rule in no conflict is looked at, and no policy names it"),
    "solver.settle.x_search__mutmut_53": Equivalent(
        "for rule in (r for r in holding if not best.get(r, 2)):",
        "a rule in no conflict is not looked at: 2 is as true as 1"),
    "solver.choice.x_same_change__mutmut_1": Equivalent(
        'return type(None), type(term.amount), replace(term, rule="")',
        "the term itself, nameless, is in the key, and a dataclass equals only one of its own class: the class "
        "beside it adds nothing"),
    "solver.choice.x_same_change__mutmut_4": Equivalent(
        'return type(term), type(term.amount), replace(term, rule=None)',
        "every key has the same blank name, None as well as '': keys compare equal exactly when they did"),
    "solver.choice.x_same_change__mutmut_7": Equivalent(
        'return type(term), type(term.amount), replace(term, rule="XXXX")',
        "every key has the same blank name, 'XXXX' as well as '': keys compare equal exactly when they did"),
    "solver.choice.x_choose__mutmut_57": Equivalent(
        "ignored = {name for kind, n in zip(kinds, counts, strict=None) for name in kind[:n]}",
        "each count vector has one count per kind (it is made from the kinds' sizes): zip never meets unequal "
        "lengths"),
    "solver.choice.x_choose__mutmut_60": Equivalent(
        "ignored = {name for kind, n in zip(kinds, counts, ) for name in kind[:n]}",
        "as above: the lengths are always equal"),
    "solver.choice.x_choose__mutmut_61": Equivalent(
        "ignored = {name for kind, n in zip(kinds, counts, strict=False) for name in kind[:n]}",
        "as above: the lengths are always equal"),
    "solver.choice.x__kinds__mutmut_12": Equivalent(
        'groups.setdefault(kind_of(name) if kind_of is not None else ("XXmodifierXX", i), []).append(name)',
        "the word only makes a key of its own for each modifier; any word does"),
    "solver.choice.x__kinds__mutmut_13": Equivalent(
        'groups.setdefault(kind_of(name) if kind_of is not None else ("MODIFIER", i), []).append(name)',
        "the word only makes a key of its own for each modifier; any word does"),
    "solver.situation.x__plain_checks__mutmut_18": Equivalent(
        'name: True if f.type.kind == "bool" else f.range or (+math.inf, math.inf)',
        "the loader refuses an int fact without a range (derived or not), so the fallback is never read"),
    "solver.situation.x_situation_of__mutmut_14": Equivalent(
        'raise RulingsError("a situation must be a mapping", where=doc.span(None), hint="allowed keys: " + '
        '", ".join(KEYS))',
        "Document.span skips its loop for any empty path, None as well as (), and gives the document's own span"),
    "solver.situation.x_situation_from_data__mutmut_16": Equivalent(
        "return _situation(data, Document(None, data, {(): where}), (), pack)",
        "a Document's path is read only by span's fallback for a document without a span at (), and this one has "
        "`where` there"),
    "solver.situation.x_situation_from_data__mutmut_17": Equivalent(
        "return _situation(data, Document(where.path, None, {(): where}), (), pack)",
        "_situation is given the data itself and reads only the document's spans, never its data"),
    "solver.situation.x_check_numbers__mutmut_12": Equivalent(
        'if isinstance(value, str) and any(c.isdigit() and not "0" <= c <= "XX9XX" for c in value):',
        "a character at most 'XX9XX' is at most 'X', and no character after '9' up to 'X' (: to X) is a digit: the "
        "same digits are refused"),
    "solver.situation.x__situation__mutmut_257": Equivalent(
        'effects=_effects(data.get("effects", None), doc, path, pack),',
        "_effects reads a missing list (None) as no effects, as it reads []"),
    "solver.situation.x__situation__mutmut_259": Equivalent(
        'effects=_effects(data.get("effects", ), doc, path, pack),',
        "_effects reads a missing list (None) as no effects, as it reads []"),
    "rulings.cli.x__builtin_pack__mutmut_30": Equivalent(
        'print(file.read_text(encoding="UTF-8"), end="")', "Python's codec names are case-insensitive: UTF-8 is utf-8"),
    "rulings.cli.x__ask__mutmut_46": Equivalent(
        'output = json.dumps(ruling_json(ruling), ensure_ascii=None) + "\\n"', _ASCII_FALSY),
    "rulings.cli.x__sequence__mutmut_17": Equivalent(
        "print(json.dumps(sequence_json(result), ensure_ascii=None))", _ASCII_FALSY),
    "rulings.cli.x__match__mutmut_125": Equivalent(
        "for i, (own, ok) in enumerate(zip(situation.models, models, strict=None), 1):", _ONE_PER_MODEL),
    "rulings.cli.x__match__mutmut_128": Equivalent(
        "for i, (own, ok) in enumerate(zip(situation.models, models, ), 1):", _ONE_PER_MODEL),
    "rulings.cli.x__match__mutmut_129": Equivalent(
        "for i, (own, ok) in enumerate(zip(situation.models, models, strict=False), 1):", _ONE_PER_MODEL),
    "rulings.cli.x_main__mutmut_16": Equivalent(
        'if not hasattr(None, "given"):  # a command that takes no --given: argparse says so, as it would have',
        _GIVEN_AGAIN),
    "rulings.cli.x_main__mutmut_20": Equivalent(
        'if not hasattr(args, "XXgivenXX"):  # a command that takes no --given: argparse says so, as it would have',
        _GIVEN_AGAIN),
    "rulings.cli.x_main__mutmut_21": Equivalent(
        'if not hasattr(args, "GIVEN"):  # a command that takes no --given: argparse says so, as it would have',
        _GIVEN_AGAIN),
    "rulings.cli.x__lawyer_commands__mutmut_334": Equivalent(
        'p.add_argument("--new-with", action="append", default=[], metavar="FILE", dest=None,', _NEW_WITH_DEST),
    "rulings.cli.x__lawyer_commands__mutmut_340": Equivalent(
        'p.add_argument("--new-with", action="append", default=[], metavar="FILE", help="an erratum or house rule '
        'merged over the pack after only (repeatable): "', _NEW_WITH_DEST),
    "rulings.cli.x__version_action__mutmut_14": Equivalent(
        'number = version("RULINGS")',
        "importlib.metadata looks distributions up by their normalised names: RULINGS is rulings"),
    "rulings.cli.x__plain_ask__mutmut_42": Equivalent(
        'value = next(rest, None)', "the value is only read as `not value` first: None, like '', is no value"),
    "rulings.cli.x__lawyer_commands__mutmut_37": Equivalent(
        "_situation_args(p, values=None)  # a keyword phrase has no base or roll",
        "`values` is only read as `if not values`: None is False"),
    "rulings.cli.x__match__mutmut_61": Equivalent(
        "keywords = [*(k for m in situation.models for k in m), *([situation.datasheet] if (situation.datasheet) or "
        "True else [])]",
        "a situation without a datasheet name has the name '' (never None), whose canonical form is '', and no "
        "keyword of a phrase is '': an empty keyword among the unit's changes no form the phrase matched"),
    "rulings.web.api.x__names__mutmut_2": Equivalent(
        "return [str(None) for d in decides]",
        "never reached: a reading's `decides` is text (kb.model.Reading; the schema allows only 'non_reach'), "
        "returned just above"),
    "rulings.web.api.x__names__mutmut_3": Equivalent(
        'return [str(getattr(None, "name", d)) for d in decides]', "never reached: `decides` is text"),
    "rulings.web.api.x__names__mutmut_4": Equivalent(
        "return [str(getattr(d, None, d)) for d in decides]", "never reached: `decides` is text"),
    "rulings.web.api.x__names__mutmut_5": Equivalent(
        'return [str(getattr(d, "name", None)) for d in decides]', "never reached: `decides` is text"),
    "rulings.web.api.x__names__mutmut_6": Equivalent(
        'return [str(getattr("name", d)) for d in decides]', "never reached: `decides` is text"),
    "rulings.web.api.x__names__mutmut_7": Equivalent(
        "return [str(getattr(d, d)) for d in decides]", "never reached: `decides` is text"),
    "rulings.web.api.x__names__mutmut_8": Equivalent(
        'return [str(getattr(d, "name", )) for d in decides]', "never reached: `decides` is text"),
    "rulings.web.api.x__names__mutmut_9": Equivalent(
        'return [str(getattr(d, "XXnameXX", d)) for d in decides]', "never reached: `decides` is text"),
    "rulings.web.api.x__names__mutmut_10": Equivalent(
        'return [str(getattr(d, "NAME", d)) for d in decides]', "never reached: `decides` is text"),
    "rulings.web.api.x_brief_answer__mutmut_69": Equivalent(
        '"lines": [{"depth": line.depth, "tag": line.tag, "mark": MARKS.get(line.tag, None),',
        "every tag explain.brief gives a line (value, applied, failed, suppressed, ignored, clamp, chart, step, "
        "reading, assumption, note, case, group) is in MARKS: the default is never used"),
    "rulings.web.api.x_brief_answer__mutmut_71": Equivalent(
        '"lines": [{"depth": line.depth, "tag": line.tag, "mark": MARKS.get(line.tag, ),',
        "every tag explain.brief gives a line is in MARKS: the default is never used"),
    "rulings.web.api.x_brief_answer__mutmut_72": Equivalent(
        '"lines": [{"depth": line.depth, "tag": line.tag, "mark": MARKS.get(line.tag, "XXXX"),',
        "every tag explain.brief gives a line is in MARKS: the default is never used"),
    "rulings.web.api.x_check_answer__mutmut_6": Equivalent(
        "own, own_coverage = packs.memo(name, None, None, lambda: (check_pack(base, own_coverage), own_coverage))",
        "the word only names the pack's memo of its own findings; it stays apart from the others ('faq', 'faq.md')"),
    "rulings.web.api.x_check_answer__mutmut_12": Equivalent(
        'own, own_coverage = packs.memo(name, "XXcheckXX", None, lambda: (check_pack(base, own_coverage), '
        "own_coverage))",
        "the word only names the memo; any word apart from the others' does"),
    "rulings.web.api.x_check_answer__mutmut_13": Equivalent(
        'own, own_coverage = packs.memo(name, "CHECK", None, lambda: (check_pack(base, own_coverage), own_coverage))',
        "the word only names the memo; any word apart from the others' does"),
    "rulings.web.api.x_faq_answer__mutmut_4": Equivalent(
        "return packs.memo(name, None, None, lambda: faq_json(pack, faq(pack)))  # type: ignore[no-any-return]",
        "the word only names the memo of the FAQ's JSON; it stays apart from the others ('faq.md', 'check')"),
    "rulings.web.api.x_faq_answer__mutmut_10": Equivalent(
        'return packs.memo(name, "XXfaqXX", None, lambda: faq_json(pack, faq(pack)))  # type: ignore[no-any-return]',
        "the word only names the memo; any word apart from the others' does"),
    "rulings.web.api.x_faq_answer__mutmut_11": Equivalent(
        'return packs.memo(name, "FAQ", None, lambda: faq_json(pack, faq(pack)))  # type: ignore[no-any-return]',
        "the word only names the memo; any word apart from the others' does"),
    "rulings.web.api.x_faq_markdown_text__mutmut_4": Equivalent(
        "return packs.memo(name, None, None, lambda: faq_markdown(pack, faq(pack)))  # type: ignore[no-any-return]",
        "the word only names the memo of the FAQ's Markdown; it stays apart from the others ('faq', 'check')"),
    "rulings.web.api.x_faq_markdown_text__mutmut_10": Equivalent(
        'return packs.memo(name, "XXfaq.mdXX", None, lambda: faq_markdown(pack, faq(pack)))  '
        "# type: ignore[no-any-return]",
        "the word only names the memo; any word apart from the others' does"),
    "rulings.web.api.x_faq_markdown_text__mutmut_11": Equivalent(
        'return packs.memo(name, "FAQ.MD", None, lambda: faq_markdown(pack, faq(pack)))  '
        "# type: ignore[no-any-return]",
        "the word only names the memo; any word apart from the others' does"),
    "rulings.web.api.x_check_answer__mutmut_42": Equivalent(
        "pack = build_pack([*documents, overlay], None, overlay=len(documents))",
        "the default name is only taken by a pack without `pack:`, and the overlaid pack's name is read only by "
        "findings_of's progress label: the answer names the pack by the name asked (check_json's `name`)"),
    "rulings.web.api.x_facts_read__mutmut_9": Equivalent(
        "ancestors = nx.ancestors(graph, node) if (node in graph) or True else set()",
        "kb.graph.dependency_graph adds a node for every quantity: the fallback is never taken"),
    "rulings.web.api.x_quick_ask__mutmut_22": Equivalent(
        "ruling = ask(pack, args.quantity, situation, cases=None)",
        "solver.ask reads `cases` for its truth (MAX_CASES if cases else 0): None is False"),
    "rulings.web.api.x_read_situation__mutmut_4": Equivalent(
        'more = getattr(args, "more", None)',
        "`more` is only read for its truth and then as the keys: None and {} both give the empty Situation()"),
    "rulings.web.api.x_read_situation__mutmut_17": Equivalent(
        'return with_options(args, pack, situation_from_data(more, pack, Span("the query")) if (more) or True else '
        "Situation())",
        "situation_from_data({}, ...) is Situation(): every key left out takes the dataclass's default"),
    "rulings.web.api.x_sequence_vocabulary__mutmut_6": Equivalent(
        "names: set[str] = {f for q in used for f in reads.get(q, None)}",
        "`reads` is facts_read(pack), which has every quantity, and `used` holds only the pack's quantities: the "
        "default is never used"),
    "rulings.web.api.x_sequence_vocabulary__mutmut_8": Equivalent(
        "names: set[str] = {f for q in used for f in reads.get(q, )}",
        "as above: every quantity used is in `reads`"),
    "rulings.web.api.x_vocabulary_json__mutmut_26": Equivalent(
        '"group": f.name.split(".", )[0] if "." in f.name else ""}',
        "the first piece is the same however many times the name is split"),
    "rulings.web.api.x_vocabulary_json__mutmut_29": Equivalent(
        '"group": f.name.split(".", 2)[0] if "." in f.name else ""}',
        "the first piece is the same however many times the name is split"),
    "solver.rolls.x_pack_rerolls__mutmut_9": Equivalent(
        "first = by_name.get(r.improves) if (r.improves) or True else None",
        "a rule that improves nothing has improves None, and by_name.get(None) is None, as the else gives"),
    "solver.rolls.x_pack_rerolls__mutmut_33": Equivalent(
        "first = by_name.get(r.improves) if (r.improves) or True else None",
        "the same line again, where the nodes are worded: by_name.get(None) is None"),
    "solver.space.diff.x__alone__mutmut_14": Equivalent(
        "return pack if (len(own) == len(pack.constraints)) and False else replace(pack, constraints=own, index={})",
        "a copy with every constraint and a cache of its own reads as the pack itself"),
    "solver.space.diff.x__answer__mutmut_3": Equivalent(
        "return tuple(None)",
        _NO_GROUPS),
    "solver.space.diff.x__answer__mutmut_4": Equivalent(
        "return tuple((name, _answer(None)) for name, g in r.groups)",
        _NO_GROUPS),
    "solver.space.diff.x__assignments__mutmut_17": Equivalent(
        "for size in range(len(facts) + 2):",
        "no combination takes more facts than there are: the extra size yields nothing"),
    "solver.space.diff.x__assignments__mutmut_29": Equivalent(
        "yield {facts[i]: v for i, v in zip(chosen, values, strict=None)}",
        _ONE_VALUE_EACH),
    "solver.space.diff.x__assignments__mutmut_32": Equivalent(
        "yield {facts[i]: v for i, v in zip(chosen, values, )}",
        _ONE_VALUE_EACH),
    "solver.space.diff.x__assignments__mutmut_33": Equivalent(
        "yield {facts[i]: v for i, v in zip(chosen, values, strict=False)}",
        _ONE_VALUE_EACH),
    "solver.space.diff.x__fill__mutmut_17": Equivalent(
        "derivations_differ = any(c not in old.facts or c in new.facts for c in changed) or \\",
        _READ_OLD_TOO),
    "solver.space.diff.x__fill__mutmut_18": Equivalent(
        "derivations_differ = any(c in old.facts or c not in new.facts for c in changed) or \\",
        _READ_OLD_TOO),
    "solver.space.diff.x__fill__mutmut_19": Equivalent(
        "_shape(None) != _shape(new.constraints) or old.plurals != new.plurals",
        _READ_OLD_TOO),
    "solver.space.diff.x__fill__mutmut_21": Equivalent(
        "_shape(old.constraints) != _shape(None) or old.plurals != new.plurals",
        _READ_OLD_TOO),
    "solver.space.diff.x__fill__mutmut_49": Equivalent(
        "readings = _read(old if (derivations_differ) or True else None, new, part, given)",
        _READ_OLD_TOO),
    "solver.space.diff.x__joint_classes__mutmut_14": Equivalent(
        "coverage.stop(unsplit(None, name))",
        _UNSPLIT_NAME),
    "solver.space.diff.x__joint_classes__mutmut_20": Equivalent(
        'if fact.type.kind != "int" and not fact.range:',
        "every int fact has a range (the loader refuses one without, derived or not) and no other kind has one: "
        "`and` and `or` agree on every fact"),
    "solver.space.diff.x__joint_classes__mutmut_86": Equivalent(
        "groups.setdefault((index_a.get(v, None), index_b[v]), []).append(v)",
        _NO_CLASS),
    "solver.space.diff.x__joint_classes__mutmut_88": Equivalent(
        "groups.setdefault((index_a.get(v, ), index_b[v]), []).append(v)",
        _NO_CLASS),
    "solver.space.diff.x__joint_classes__mutmut_90": Equivalent(
        "groups.setdefault((index_a.get(v, -2), index_b[v]), []).append(v)",
        _NO_CLASS),
    "solver.space.diff.x__parts__mutmut_18": Equivalent(
        "for n in inputs_of(None):",
        _SHARED_INPUT),
    "solver.space.diff.x__parts__mutmut_24": Equivalent(
        "by_input.setdefault(None, f)",
        _SHARED_INPUT),
    "solver.space.diff.x__parts__mutmut_26": Equivalent(
        "by_input.setdefault(f)",
        _SHARED_INPUT),
    "solver.space.diff.x__parts__mutmut_30": Equivalent(
        "read = [f for f in facts if inputs_of(None) & {i for n in c.require.names for i in inputs_of(n)}]",
        _CONSTRAINT_READ),
    "solver.space.diff.x__parts__mutmut_31": Equivalent(
        "read = [f for f in facts if inputs_of(f) & {i for n in c.require.names for i in inputs_of(None)}]",
        _CONSTRAINT_READ),
    "solver.space.diff.x__parts__mutmut_38": Equivalent(
        "for component in sorted(nx.connected_components(graph), key=None):",
        _COMPONENT_ORDER),
    "solver.space.diff.x__parts__mutmut_40": Equivalent(
        "for component in sorted(nx.connected_components(graph), ):",
        _COMPONENT_ORDER),
    "solver.space.diff.x__read__mutmut_2": Equivalent(
        "possible = None",
        "only read for its truth: None is False"),
    "solver.space.diff.x__ruling__mutmut_20": Equivalent(
        'return (("XXerrorXX", e.message), f"error: {e.message}", set(), None)',
        _ERROR_KEY),
    "solver.space.diff.x__ruling__mutmut_21": Equivalent(
        'return (("ERROR", e.message), f"error: {e.message}", set(), None)',
        _ERROR_KEY),
    "solver.space.diff.x__shape__mutmut_19": Equivalent(
        "return tuple(sorted((repr(None), _shape(v)) for k, v in entry.items()))",
        "the only mapping shaped is a pack's constraints (no rule, quantity, fact or sequence holds one): the same "
        "requirements under other names derive every fact alike"),
    "solver.space.diff.x__shown_apart__mutmut_1": Equivalent(
        "if before[1] != after[1] or before[3] is None and after[3] is None:",
        "an answer without a ruling is an error or 'no such quantity', whose words no ruling's match, and two "
        "errors alike are no change: the words always differ where one side has no ruling"),
    "solver.space.diff.x__situations__mutmut_37": Equivalent(
        "coverage.stop(unsplit(None, name))",
        _UNSPLIT_NAME),
    "solver.space.diff.x__what_changed__mutmut_11": Equivalent(
        'parts = [f"re-roll {n}" for n in dict.fromkeys([*rerolls[0], *rerolls[1]])',
        "parts is empty just before: assigning the list is adding it"),
    "solver.space.diff.x__with_targets__mutmut_4": Equivalent(
        'if quantity is None and quantity.kind not in ("roll", "total") or quantity.passes is not None:',
        "the quantity is always the new pack's (every caller asks one it has); one that is no roll or total "
        "refuses a target, so no target is added either way"),
    "solver.space.diff.x__with_targets__mutmut_23": Equivalent(
        "base=None, target=1))",
        _NO_ROLL_BASE),
    "solver.space.diff.x__with_targets__mutmut_26": Equivalent(
        "target=1))",
        _NO_ROLL_BASE),
    "solver.space.diff.x__with_targets__mutmut_29": Equivalent(
        "base=given.get(None), target=1))",
        _NO_ROLL_BASE),
    "solver.space.diff.x__with_targets__mutmut_30": Equivalent(
        "base=given.get(BASE), target=2))",
        "the results a roll can end as are the same at any target (a re-roll of failed rolls can land on any "
        "face, and results that always fail or pass still end as themselves): only which are listed is read"),
    "solver.space.diff.x_read_by__mutmut_18": Equivalent(
        "tied = None",
        "only read for its truth: None is False"),
    "solver.space.check.x__and__mutmut_16": Equivalent(
        'return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "XXXX".join(names)',
        'the separator joins one name or none: it is never written'),
    "solver.space.check.x__cycle__mutmut_10": Equivalent(
        'steps = [f"{a} beats {b} by {by}" for a, b, (by, _) in zip(names, after, p.policies, strict=None)]',
        "each name of a cycle has a next one (the list turned by one) and, in a cycle of priorities, the "
        "policy that makes it beat that one (kb.graph builds the two from the same pairs): the lengths are "
        "always equal"),
    "solver.space.check.x__cycle__mutmut_14": Equivalent(
        'steps = [f"{a} beats {b} by {by}" for a, b, (by, _) in zip(names, after, p.policies, )]',
        'as above: the lengths are always equal'),
    "solver.space.check.x__cycle__mutmut_15": Equivalent(
        'steps = [f"{a} beats {b} by {by}" for a, b, (by, _) in zip(names, after, p.policies, strict=False)]',
        'as above: the lengths are always equal'),
    "solver.space.check.x__cycle__mutmut_24": Equivalent(
        'steps = [f"{b} is derived from {a}" for a, b in zip(names, after, strict=None)]',
        'the names and the same names turned by one: the lengths are always equal'),
    "solver.space.check.x__cycle__mutmut_27": Equivalent(
        'steps = [f"{b} is derived from {a}" for a, b in zip(names, after, )]',
        'the names and the same names turned by one: the lengths are always equal'),
    "solver.space.check.x__cycle__mutmut_28": Equivalent(
        'steps = [f"{b} is derived from {a}" for a, b in zip(names, after, strict=False)]',
        'the names and the same names turned by one: the lengths are always equal'),
    "solver.space.check.x__disagree__mutmut_30": Equivalent(
        'return one is UNKNOWN and other is UNKNOWN or one != other',
        "where only one amount is UNKNOWN, it differs from the other (UNKNOWN equals only itself), so `one !="
        " other` says true as the dropped test did"),
    "solver.space.check.x__not_proven__mutmut_6": Equivalent(
        'reasons = "; ".join(_coverage(pack).reasons) or "XXthe search stopped at a limitXX"',
        "never written: every note is made after a search that was not exhaustive, or a fact that cannot be "
        "split, has put its reason in the check's coverage (only `Coverage.stop` makes a search not "
        "exhaustive, and it always gives a reason)"),
    "solver.space.check.x__not_proven__mutmut_7": Equivalent(
        'reasons = "; ".join(_coverage(pack).reasons) or "THE SEARCH STOPPED AT A LIMIT"',
        "never written: every note is made after a search that was not exhaustive, or a fact that cannot be "
        "split, has put its reason in the check's coverage (only `Coverage.stop` makes a search not "
        "exhaustive, and it always gives a reason)"),
    "solver.space.check.x__searchable__mutmut_13": Equivalent(
        '_coverage(pack).stop(unsplit(None, f))',
        'the reason names the fact alone (`unsplit` reads only the name and the keyword limit)'),
    "solver.space.check.x__without__mutmut_14": Equivalent(
        'if ("XXdefaultsXX", "") in pack.index:  # the facts\' defaults: no rule changes them',
        "the facts' defaults are a cache (`solver.facts` makes them again where the index lacks them, or "
        "holds None): not copying them, or copying them under another key, only costs a recomputation"),
    "solver.space.check.x__without__mutmut_15": Equivalent(
        'if ("DEFAULTS", "") in pack.index:  # the facts\' defaults: no rule changes them',
        'as above: the defaults are a cache, made again where missing'),
    "solver.space.check.x__without__mutmut_16": Equivalent(
        'if ("defaults", "XXXX") in pack.index:  # the facts\' defaults: no rule changes them',
        'as above: the defaults are a cache, made again where missing'),
    "solver.space.check.x__without__mutmut_18": Equivalent(
        'index["defaults", ""] = None',
        'as above: the defaults are a cache, made again where missing'),
    "solver.space.check.x__without__mutmut_19": Equivalent(
        'index["XXdefaultsXX", ""] = pack.index["defaults", ""]',
        'as above: the defaults are a cache, made again where missing'),
    "solver.space.check.x__without__mutmut_20": Equivalent(
        'index["DEFAULTS", ""] = pack.index["defaults", ""]',
        'as above: the defaults are a cache, made again where missing'),
    "solver.space.check.x__without__mutmut_21": Equivalent(
        'index["defaults", "XXXX"] = pack.index["defaults", ""]',
        'as above: the defaults are a cache, made again where missing'),
    "solver.space.check.x__without__mutmut_17": Equivalent(
        'if ("defaults", "") not in pack.index:  # the facts\' defaults: no rule changes them',
        "the defaults are always in the index by then (the first situation a rule's search tries gives no "
        "derived fact, and reading its facts stores them), so nothing is copied, and the copy only made them "
        "again"),
    "solver.space.check.x__without__mutmut_31": Equivalent(
        'index["XXmodifiersXX", q] = (*mods[:at], never, *mods[at + 1:])',
        "the list is a cache (`Pack.modifiers_of` makes it again from the modifiers, where the rule is "
        "already replaced, in the same place): under another key it is made again alike"),
    "solver.space.check.x__without__mutmut_32": Equivalent(
        'index["MODIFIERS", q] = (*mods[:at], never, *mods[at + 1:])',
        'as above: the list is made again alike'),
    "solver.space.check.x__respects__mutmut_1": Equivalent(
        "return all(None)",
        "never reached: a limit's search (`every_reading`) decides every fact a ruling reads (it varies each fact "
        "it can split; a keywords fact it cannot split is refused when not given, a RulingsError skipped), so no "
        "ruling asked there has cases"),
    "solver.space.check.x__respects__mutmut_2": Equivalent(
        "return all(_respects(None, holds) for c in ruling.cases)", _NO_CASES),
    "solver.space.check.x__respects__mutmut_3": Equivalent(
        "return all(_respects(c.ruling, None) for c in ruling.cases)", _NO_CASES),
    "solver.space.check.x__respects__mutmut_4": Equivalent(
        "return all(_respects(holds) for c in ruling.cases)", _NO_CASES),
    "solver.space.check.x__respects__mutmut_5": Equivalent(
        "return all(_respects(c.ruling, ) for c in ruling.cases)", _NO_CASES),
    "solver.space.check.x__without__mutmut_35": Equivalent(
        'if ("XXpoliciesXX", q) in pack.index:  # a policy names rules, and no rule\'s name changed',
        "a quantity's policies are a cache (`Pack.policies_of` makes them again from the pack's policies and the "
        "copied list of the quantity's rules, whose names did not change): not copying them, or copying them under "
        "another key, only costs a recomputation"),
    "solver.space.check.x__without__mutmut_36": Equivalent(
        'if ("POLICIES", q) in pack.index:  # a policy names rules, and no rule\'s name changed', _POLICIES_CACHE),
    "solver.space.check.x__without__mutmut_39": Equivalent(
        'index["XXpoliciesXX", q] = pack.index["policies", q]', _POLICIES_CACHE),
    "solver.space.check.x__without__mutmut_40": Equivalent(
        'index["POLICIES", q] = pack.index["policies", q]', _POLICIES_CACHE),
    "solver.space.check.x__without__mutmut_47": Equivalent(
        "return replace(pack, index=index)  # type: ignore[arg-type]",
        "a ruling reads a quantity's rules from the list in the index and the plans (`plans_when_changed`), where "
        "the rule never holds; the rules by name (here the rule as it was) are read only by `solver.ask._tied`, a "
        "shortcut saying when a reading's options cannot differ (with the old condition it says so less often, and "
        "the options then asked give the same ruling), and by the pack's expressions, whose fact classes the old "
        "condition only splits finer"),
    "solver.space.check.xǁ_OneReplacedǁ__getitem____mutmut_1": Equivalent(
        "return self._rule if (name == self._rule.name) and False else self._rules[name]",
        "as x__without__mutmut_47: the rule as it was is read only by ask's `_tied` shortcut and the pack's fact "
        "classes, neither of which changes a ruling"),
    "solver.space.check.x__never_changes__mutmut_42": Equivalent(
        "if any(differs_at(pack, without, q, g) for g in every_reading(pack, q, coverage, targets=None)):",
        "`targets` is only read for its truth: None is False"),
    "solver.space.check.x__never_changes__mutmut_46": Equivalent(
        "if any(differs_at(pack, without, q, g) for g in every_reading(pack, q, coverage, )):",
        "`differs_at` already compares each situation at every target that matters, so the situations with a target "
        "added are compared already (and `every_reading` counts situations, not targets)"),
    "solver.space.check.x__never_changes__mutmut_47": Equivalent(
        "if any(differs_at(pack, without, q, g) for g in every_reading(pack, q, coverage, targets=True)):",
        _EVERY_TARGET),
    "solver.space.check.x__checked__mutmut_5": Equivalent(
        'for m in progress(pack.modifiers.values(), f"check {pack.name}", total=None):', _TQDM_TOTAL),
    "solver.space.check.x__checked__mutmut_8": Equivalent(
        'for m in progress(pack.modifiers.values(), f"check {pack.name}", ):', _TQDM_TOTAL),
    "solver.space.check.x__checked__mutmut_66": Equivalent(
        '*_never_changes(pack, holds, {f.key.split(".")[+1] for f in shadowed}),',
        "a shadowed rule's key is `shadowed_rule.NAME` and a rule's name holds no dot (the schema's name pattern): "
        "the second piece is the last"),
    "solver.space.check.x__limits__mutmut_8": Equivalent(
        'chance = bool(limit.holds.names | {"probability", "impossible", "display", "assumptions"}',
        _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_9": Equivalent(
        'chance = bool(limit.holds.names & {"XXprobabilityXX", "impossible", "display", "assumptions"}',
        _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_10": Equivalent(
        'chance = bool(limit.holds.names & {"PROBABILITY", "impossible", "display", "assumptions"}',
        _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_11": Equivalent(
        'chance = bool(limit.holds.names & {"probability", "XXimpossibleXX", "display", "assumptions"}',
        _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_12": Equivalent(
        'chance = bool(limit.holds.names & {"probability", "IMPOSSIBLE", "display", "assumptions"}',
        _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_13": Equivalent(
        'chance = bool(limit.holds.names & {"probability", "impossible", "XXdisplayXX", "assumptions"}',
        _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_14": Equivalent(
        'chance = bool(limit.holds.names & {"probability", "impossible", "DISPLAY", "assumptions"}',
        _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_18": Equivalent('or pack.policies_of(q, None))', _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_20": Equivalent('or pack.policies_of(q, ))', _TARGETS_ADD_NOTHING),
    "solver.space.check.x__limits__mutmut_30": Equivalent(
        'for given in every_reading(pack, q, coverage, ):', _TARGETS_ADD_NOTHING),
    "solver.space.check.x_replay__mutmut_53": Equivalent(
        'answer = None',
        "the loop runs at least once (a characteristic's searched bases are never empty) and writes `answer "
        'or "error: ..."` before it is returned: None and "" are both replaced'),
    "solver.space.check.x_policy_words__mutmut_16": Equivalent(
        'if p.kind == "override" or p.rule:',
        "only an override has a rule, and it always has one (the schema requires it): `and` and `or` agree on"
        " every policy"),
    "explain.english.x__past_to_base__mutmut_40": Equivalent(
        's = re.sub(r"(?<=[qg])u(?=[aeiouy])", "XXXX", stem.lower())  # the u of "qu", "gu" is no vowel: quoted, '
        'guided',
        "the u of qu or gu becomes four letters that are no vowels instead of none: every test of the stem reads its "
        "vowels and its last letters, and a u followed by a vowel is never among the last two, so both stems are "
        "read alike"),
    "explain.english.x_noun__mutmut_47": Equivalent(
        'before, _, after = " ".join(words[i + 1:]).rpartition("{value}")',
        "a fact's text names its value once, so the first {value} is the last"),
    "explain.brief.x__answer__mutmut_29": Equivalent(
        'base = next((n.claim for n in ruling.explanation.because if n.tag == "base"), "XXXX")',
        "the claim of a missing base is only asked whether it starts with 'the roll: ': neither '' nor 'XXXX' does"),
    "kb.limits.x_max_file_bytes__mutmut_8": Equivalent(
        'text = os.environ.get("RULINGS_MAX_FILE_BYTES", "XXXX")',
        "an unset variable read as 'XXXX' rather than '' is no digits either: both give MAX_FILE_BYTES"),
    "kb.limits.x_max_file_bytes__mutmut_16": Equivalent(
        "return int(text) if text.isascii() and text.isdigit() and 0 <= len(text) < 13 and int(text) > 0 else "
        "MAX_FILE_BYTES",
        "the only text of length 0, '', is no digits ('' .isdigit() is False): it is refused before the length"),
    "explain.whynot.x__said__mutmut_17": Equivalent(
        'value = f"{value[0]}..{value[1]}" if value[0] != value[1] else value[1]',
        "only taken when the two ends are equal: either is the same number"),
    "explain.whynot.x__said__mutmut_35": Equivalent(
        'elif isinstance(value, str) and ".." in value and fact.type.kind != "XXintXX":', _INT_RANGE_SAID),
    "explain.whynot.x__said__mutmut_36": Equivalent(
        'elif isinstance(value, str) and ".." in value and fact.type.kind != "INT":', _INT_RANGE_SAID),
    "kb.expr.x_evaluate__mutmut_3": Equivalent(
        'raise Unworkable(f"{e.message} in {excerpt(expr.text)}", where=None, hint=e.hint) from None', _WHERE_NONE),
    "kb.expr.x_evaluate__mutmut_6": Equivalent(
        'raise Unworkable(f"{e.message} in {excerpt(expr.text)}", hint=e.hint) from None', _WHERE_NONE),
    "kb.expr.xǁ_Converterǁconv__mutmut_46": Equivalent(
        "self.fail(_FORBIDDEN.get(type(n.op), None), n.left.end_col_offset or 0)", _EVERY_OPERATOR),
    "kb.expr.xǁ_Converterǁconv__mutmut_48": Equivalent(
        "self.fail(_FORBIDDEN.get(type(n.op), ), n.left.end_col_offset or 0)", _EVERY_OPERATOR),
    "kb.expr.xǁ_Converterǁconv__mutmut_50": Equivalent(
        'self.fail(_FORBIDDEN.get(type(n.op), "XXthis operatorXX"), n.left.end_col_offset or 0)', _EVERY_OPERATOR),
    "kb.expr.xǁ_Converterǁconv__mutmut_51": Equivalent(
        'self.fail(_FORBIDDEN.get(type(n.op), "THIS OPERATOR"), n.left.end_col_offset or 0)', _EVERY_OPERATOR),
    "kb.expr.xǁ_Converterǁconv__mutmut_53": Equivalent(
        'self.fail(_FORBIDDEN.get(type(n.op), "this operator"), n.left.end_col_offset or 1)',
        "a parsed left operand ends at column 1 or later (it holds at least one character on the one line parsed): "
        "the fallback for a missing or 0 end is never taken"),
    "kb.expr.xǁ_Converterǁconv__mutmut_63": Equivalent(
        "for op, right in zip(n.ops, n.comparators, strict=None):", _SAME_LENGTH),
    "kb.expr.xǁ_Converterǁconv__mutmut_66": Equivalent(
        "for op, right in zip(n.ops, n.comparators, ):", _SAME_LENGTH),
    "kb.expr.xǁ_Converterǁconv__mutmut_67": Equivalent(
        "for op, right in zip(n.ops, n.comparators, strict=False):", _SAME_LENGTH),
    "kb.expr.xǁ_Converterǁconv__mutmut_75": Equivalent(
        "self.fail(_FORBIDDEN.get(type(op), None), right.col_offset)", _EVERY_COMPARISON),
    "kb.expr.xǁ_Converterǁconv__mutmut_77": Equivalent(
        "self.fail(_FORBIDDEN.get(type(op), ), right.col_offset)", _EVERY_COMPARISON),
    "kb.expr.xǁ_Converterǁconv__mutmut_79": Equivalent(
        'self.fail(_FORBIDDEN.get(type(op), "XXthis comparisonXX"), right.col_offset)', _EVERY_COMPARISON),
    "kb.expr.xǁ_Converterǁconv__mutmut_80": Equivalent(
        'self.fail(_FORBIDDEN.get(type(op), "THIS COMPARISON"), right.col_offset)', _EVERY_COMPARISON),
    "kb.expr.xǁ_Converterǁconv__mutmut_135": Equivalent(
        'what = ast.get_source_segment(self.src, n.func) or "XXthisXX"',
        "a parsed call's function has a position in the text parsed, so its source is never empty"),
    "kb.expr.xǁ_Converterǁconv__mutmut_136": Equivalent(
        'what = ast.get_source_segment(self.src, n.func) or "THIS"',
        "a parsed call's function has a position in the text parsed, so its source is never empty"),
    "kb.expr.x__build__mutmut_34": Equivalent(
        "unknown = None",
        "only read for its truth (`UNKNOWN if unknown else ...`): None is False"),
    "kb.expr.x__build__mutmut_117": Equivalent(
        "phrase, keywords = phrase_of(None), keywords_of(values)",
        "a matches() phrase is a string written in the expression (`_Converter.phrase` refuses anything else), so "
        "`phrase_of` is a constant's closure, which never reads the values it is given"),
    "kb.expr.x__kind__mutmut_32": Equivalent(
        "close = difflib.get_close_matches(n[2], list(facts), )", _CLOSEST_FIRST),
    "kb.expr.x__kind__mutmut_35": Equivalent(
        "close = difflib.get_close_matches(n[2], list(facts), n=2)", _CLOSEST_FIRST),
    "kb.expr.x_phrases__mutmut_5": Equivalent(
        'if len(n) >= 3 and n[0] == "call" and n[2] == "matches" and n[3][0][0] == "c":',
        "the only tuples in a tree that start with a string are nodes (their tag first) and (operator, node) "
        "pairs, and a call node holds four items: no tuple of three starts with 'call', so the test still fails"),
    "kb.expr.x_atoms__mutmut_15": Equivalent(
        "return [parse_expr(ast.get_source_segment(src, n) or ast.unparse(None)) for n in flat(body)]",
        "every conjunct parsed has a position in the text parsed, so its source is never empty and `unparse` is "
        "never reached"),
    "kb.keywords.xǁKeywordPhraseǁmatch__mutmut_4": Equivalent(
        "own = [[*model, *([datasheet] if (datasheet.strip()) or True else [])] for model in models]",
        "a blank datasheet name is given to each model too, but its canonical form is '' and `_keyword_set` leaves "
        "every blank form out: the keywords matched are the same"),
    "kb.keywords.x_parse_phrase__mutmut_5": Equivalent(
        "scoped = None  # a scope word has closed the current alternative",
        "only read for its truth (`if scoped:`): None is False"),
    "kb.keywords.x__split__mutmut_10": Equivalent(
        "for start in range(len(run) + 1, -1, -1):",
        "the two extra starts lie past the run's last word: no end comes after them, so the inner loop is empty and "
        "nothing is written"),
    "kb.keywords.x__split__mutmut_13": Equivalent(
        "for start in range(len(run) - 1, -2, -1):",
        "the extra start -1 comes last and writes at most `best[-1]`, the end marker `best[len(run)]`, once "
        "`best[0]` is settled; a run holds one word or more (`_plan` starts each with a word), so `best[0]` is "
        "never that marker, and it is what is returned"),
    "kb.keywords.x_irregular_words__mutmut_11": Equivalent(
        "for a, b in zip(one, many, strict=None):",
        "a pair whose forms have different numbers of words is refused just above: the lengths are always equal"),
    "kb.keywords.x_irregular_words__mutmut_14": Equivalent(
        "for a, b in zip(one, many, ):",
        "as above: the lengths are always equal"),
    "kb.keywords.x_irregular_words__mutmut_15": Equivalent(
        "for a, b in zip(one, many, strict=False):",
        "as above: the lengths are always equal"),
    "kb.keywords.xǁKeywordPhraseǁpieces__mutmut_22": Equivalent(
        "for j in range(i + 1, len(run) + 2):",
        "the extra end slices past the run's last word, `run[i:len(run) + 1]` is `run[i:]`, a piece already "
        "found: `setdefault` keeps the first, so nothing changes"),
    "kb.errors.x_did_you_mean__mutmut_8": Equivalent(
        "close = difflib.get_close_matches(name, list(choices), cutoff=0.6)",
        "get_close_matches gives at most 3 by default: n=3 is its default"),
    "kb.errors.x_did_you_mean__mutmut_9": Equivalent(
        "close = difflib.get_close_matches(name, list(choices), n=3, )",
        "get_close_matches keeps ratios of at least 0.6 by default: cutoff=0.6 is its default"),
    "explain.text.x__value__mutmut_5": Equivalent(
        'return {"XXtrueXX": True, "false": False}.get(text.strip(), text.strip())', _TRUE_TEXT),
    "explain.text.x__value__mutmut_6": Equivalent(
        'return {"TRUE": True, "false": False}.get(text.strip(), text.strip())', _TRUE_TEXT),
    "explain.text.x_render_text__mutmut_12": Equivalent(
        "mark = MARKS.get(node.tag, None)", "the mark is only read for its truth (`if mark`): None is ''"),
    "explain.text.x_render_text__mutmut_14": Equivalent(
        "mark = MARKS.get(node.tag, )", "the mark is only read for its truth (`if mark`): None is ''"),
    "solver.kinds.x__roll__mutmut_1": Equivalent(
        "unmodified: tuple[int, ...] = (), fish: bool = True) -> Outcome:",
        "the default is never used: `outcome`, the only caller, always passes `fish`"),
    "solver.kinds.x__roll__mutmut_7": Equivalent(
        "_, raw_net, net, clamped, capping = capped_terms(terms, caps, better=q.better, way=None)", _WHOLE_NET),
    "solver.kinds.x__roll__mutmut_11": Equivalent(
        "_, raw_net, net, clamped, capping = capped_terms(terms, caps, better=q.better, )", _WHOLE_NET),
    "solver.kinds.x__roll__mutmut_14": Equivalent(
        'others = [t for t in terms if t.op not in "XX+-XX"]  # set, multiply, divide: the order of operations '
        "still holds",
        "a term's operation is one of = x / + - (lower-case x): none is an upper-case X, so the same terms are kept"),
    "solver.kinds.x__roll__mutmut_31": Equivalent(
        "return rounded(apply_terms(total, terms, order=order)[0], way) if (others) or True else total + net",
        "without a set, multiply or divide the terms only add and subtract: applied in order they give the total "
        "plus their sum, which is the net modifier (or, once a cap changed it, the one term of the capped net)"),
    "solver.kinds.x__roll__mutmut_48": Equivalent(
        "probability = dice_chance(q.dice, None, target, modified) if target is not None else None",
        "dice_chance reads the net modifier only when it is given no function of the total, and it is given one"),
    "kb.sequences.x__shown__mutmut_1": Equivalent(
        "return raw if (isinstance(raw, str)) and False else str(raw)",
        "str() of a string is the string itself"),
    "kb.sequences.x__shown__mutmut_2": Equivalent(
        "return raw if (isinstance(raw, str)) or True else str(raw)",
        "the value is only written into an f-string, which writes a number or a list as str() does"),
    "kb.sequences.x__results__mutmut_22": Equivalent(
        "return tuple(sorted({r for r in listed if isinstance(r, int) or not isinstance(r, bool)}))",
        "the schema lets only whole numbers into a list of results (it refuses 6.0, true and strings there), so "
        "every item is an int that is no bool, and both tests keep it"),
    "kb.sequences.x__step__mutmut_39": Equivalent(
        'count, _, faces = q.dice.upper().rpartition("D")',
        "a quantity's dice hold one D (the schema's pattern ^[1-9]?D(3|6)$), so the first D is the last"),
    "kb.sequences.x_build_sequence__mutmut_199": Equivalent(
        'bool(raw.get("carry_over", None)), tuple(raw.get("assumptions", ())), _cite(raw),', _BOOL_NONE),
    "kb.sequences.x_build_sequence__mutmut_201": Equivalent(
        'bool(raw.get("carry_over", )), tuple(raw.get("assumptions", ())), _cite(raw),', _BOOL_NONE),
    "kb.sequences.x__step__mutmut_228": Equivalent(
        'bool(e.get("carry_over", None)), e.get("text", ""), _cite(e),', _BOOL_NONE),
    "kb.sequences.x__step__mutmut_230": Equivalent(
        'bool(e.get("carry_over", )), e.get("text", ""), _cite(e),', _BOOL_NONE),
    "kb.graph.x_beats_graph__mutmut_2": Equivalent(
        'if p.kind == "override" or p.rule:',
        "only an override has a rule, and it always has one (the schema requires it): `and` and `or` agree on "
        "every policy"),
    "kb.graph.x_derivation_order__mutmut_22": Equivalent(
        'steps = [f"{b} reads {a} at {pack.facts[b].where}"'
        ' for a, b in zip(names, names[1:] + names[:1], strict=None)]', _TURNED),
    "kb.graph.x_derivation_order__mutmut_25": Equivalent(
        'steps = [f"{b} reads {a} at {pack.facts[b].where}" for a, b in zip(names, names[1:] + names[:1], )]', _TURNED),
    "kb.graph.x_derivation_order__mutmut_29": Equivalent(
        'steps = [f"{b} reads {a} at {pack.facts[b].where}"'
        ' for a, b in zip(names, names[1:] + names[:1], strict=False)]', _TURNED),
    "kb.graph.x_derivation_order__mutmut_50": Equivalent(
        'pairs = zip(cycle, cycle[1:] + cycle[:1], strict=None)', _TURNED),
    "kb.graph.x_derivation_order__mutmut_53": Equivalent(
        'pairs = zip(cycle, cycle[1:] + cycle[:1], )', _TURNED),
    "kb.graph.x_derivation_order__mutmut_57": Equivalent(
        'pairs = zip(cycle, cycle[1:] + cycle[:1], strict=False)', _TURNED),
    "kb.graph.x_derivation_order__mutmut_66": Equivalent(
        'by = [beats.edges[a, b]["policy"] for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=None)]', _TURNED),
    "kb.graph.x_derivation_order__mutmut_69": Equivalent(
        'by = [beats.edges[a, b]["policy"] for a, b in zip(cycle, cycle[1:] + cycle[:1], )]', _TURNED),
    "kb.graph.x_derivation_order__mutmut_73": Equivalent(
        'by = [beats.edges[a, b]["policy"] for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=False)]', _TURNED),
    "kb.graph.x_dependency_graph__mutmut_130": Equivalent(
        '_link(graph, ("policy", p.name), ("quantity", quantity), POLICY_ROLES.get(p.kind, None))', _EVERY_POLICY_ROLE),
    "kb.graph.x_dependency_graph__mutmut_131": Equivalent(
        '_link(graph, ("policy", p.name), ("quantity", quantity), POLICY_ROLES.get(p.kind))', _EVERY_POLICY_ROLE),
    "kb.graph.x_dependency_graph__mutmut_132": Equivalent(
        '_link(graph, ("policy", p.name), ("quantity", quantity), POLICY_ROLES.get(p.kind, ))', _EVERY_POLICY_ROLE),
    "kb.locate.x__folder_files__mutmut_26": Equivalent(
        "is_dir = None",
        "only read for its truth (`if is_dir:`): None is False"),
    "solver.facts.x__plural_forms__mutmut_1": Equivalent(
        "names = None", _KEYWORD_FACTS),
    "solver.facts.x__plural_forms__mutmut_2": Equivalent(
        "names = pack.index.get(None)", _KEYWORD_FACTS),
    "solver.facts.x__plural_forms__mutmut_3": Equivalent(
        'names = pack.index.get(("XXkeywords factsXX", ""))', _KEYWORD_FACTS),
    "solver.facts.x__plural_forms__mutmut_4": Equivalent(
        'names = pack.index.get(("KEYWORDS FACTS", ""))', _KEYWORD_FACTS),
    "solver.facts.x__plural_forms__mutmut_5": Equivalent(
        'names = pack.index.get(("keywords facts", "XXXX"))', _KEYWORD_FACTS),
    "solver.facts.x__plural_forms__mutmut_8": Equivalent(
        'names = pack.index["XXkeywords factsXX", ""] = tuple(n for'
        ' n, f in pack.facts.items() if f.type.kind == "keywords")', _KEYWORD_FACTS),
    "solver.facts.x__plural_forms__mutmut_9": Equivalent(
        'names = pack.index["KEYWORDS FACTS", ""] = tuple(n for n,'
        ' f in pack.facts.items() if f.type.kind == "keywords")', _KEYWORD_FACTS),
    "solver.facts.x__plural_forms__mutmut_10": Equivalent(
        'names = pack.index["keywords facts", "XXXX"] = tuple(n for'
        ' n, f in pack.facts.items() if f.type.kind == "keywords")', _KEYWORD_FACTS),
    "solver.facts.x_explain_condition__mutmut_2": Equivalent(
        'key = ("XXconditionXX", expr.text, want, condition_key(pack, expr, values, given))', _CONDITION_KEY),
    "solver.facts.x_explain_condition__mutmut_3": Equivalent(
        'key = ("CONDITION", expr.text, want, condition_key(pack, expr, values, given))', _CONDITION_KEY),
    "solver.facts.x_condition_key__mutmut_3": Equivalent(
        "plan = None", _READS_CACHE),
    "solver.facts.x_condition_key__mutmut_4": Equivalent(
        "plan = memo.reads.get(None)", _READS_CACHE),
    "solver.facts.x_condition_key__mutmut_26": Equivalent(
        "return (tuple([values.get(n, None) for n in reads]),", _NO_NONE_VALUE),
    "solver.facts.x_condition_key__mutmut_28": Equivalent(
        "return (tuple([values.get(n, ) for n in reads]),", _NO_NONE_VALUE),
    "solver.facts.x_condition_key__mutmut_30": Equivalent(
        "tuple([(n in given) + (n in assumed) for n in derived]) if (derived) or True else ())", _EMPTY_TUPLE),
    "solver.facts.x_shared__mutmut_3": Equivalent(
        "value = None", _NODES_CACHE),
    "solver.facts.x_shared__mutmut_4": Equivalent(
        "value = nodes.get(None)", _NODES_CACHE),
    "solver.facts.x_shared__mutmut_6": Equivalent(
        "if len(nodes) >= _MEMO_SIZE:", _NODES_CACHE),
    "solver.facts.x__atom_node__mutmut_97": Equivalent(
        "because = explain_condition(pack, fact.derive, values, given, bool(None))", _TRUE_DERIVED),
    "solver.arithmetic.x_rounded__mutmut_1": Equivalent(
        'def rounded(value: Number, way: str = "XXupXX") -> int:',
        "only 'down' rounds down: any other word, the default as well, rounds up"),
    "solver.arithmetic.x_rounded__mutmut_2": Equivalent(
        'def rounded(value: Number, way: str = "UP") -> int:',
        "only 'down' rounds down: any other word, the default as well, rounds up"),
    "solver.arithmetic.x_capped_terms__mutmut_3": Equivalent(
        'way: str = "XXupXX") -> tuple[list[Term], int, int, list[tuple[str, Any, Any]], list[str]]:',
        "`way` is only passed on to `rounded`, where any word but 'down' rounds up, as the default does"),
    "solver.arithmetic.x_capped_terms__mutmut_4": Equivalent(
        'way: str = "UP") -> tuple[list[Term], int, int, list[tuple[str, Any, Any]], list[str]]:',
        "`way` is only passed on to `rounded`, where any word but 'down' rounds up, as the default does"),
    "solver.arithmetic.xǁBoundǁapply__mutmut_3": Equivalent(
        'if self.low is not None and value <= self.low:',
        "a value equal to the low end is returned as the low end or as itself: the same number"),
    "solver.arithmetic.xǁBoundǁapply__mutmut_6": Equivalent(
        'if self.high is not None and value >= self.high:',
        "a value equal to the high end is returned as the high end or as itself: the same number"),
    "solver.arithmetic.x_dice_count__mutmut_4": Equivalent(
        'return int(dice.upper().rpartition("D")[0] or 1)',
        "a quantity's dice match the schema's ^[1-9]?D(3|6)$: one D, so the first is the last"),
    "solver.arithmetic.x_faces__mutmut_9": Equivalent(
        'return range(1, int(dice.upper().rpartition("D")[2]) + 1)',
        "a quantity's dice match the schema's ^[1-9]?D(3|6)$: one D, so the first is the last"),
    "solver.arithmetic.x_score_chance__mutmut_21": Equivalent(
        'return Fraction(min(6, max(1, 7 - score)), 6)',
        "only reached for a score of 6 or less, where 7 - score is at least 1: neither floor is ever taken"),
    "solver.arithmetic.x_capped_terms__mutmut_13": Equivalent(
        'raw_net = rounded(sum((t.signed for t in terms), ), way)',
        "summed from 0 rather than Fraction(0), the same number; `rounded` gives an int either way (ceil and "
        "floor of 0 are 0)"),
    "solver.arithmetic.x_capped_terms__mutmut_61": Equivalent(
        'total = rounded(sum((t.signed for t in part), ), way)',
        "summed from 0 rather than Fraction(0), the same number; `rounded` gives an int either way (ceil and "
        "floor of 0 are 0)"),
    "solver.arithmetic.x_capped_terms__mutmut_115": Equivalent(
        'net = rounded(sum((t.signed for t in kept), ), way)',
        "summed from 0 rather than Fraction(0), the same number; `rounded` gives an int either way (ceil and "
        "floor of 0 are 0)"),
    "solver.arithmetic.x_capped_terms__mutmut_23": Equivalent(
        'if all(b.of == "XXnetXX" for b in caps):  # the usual case, on every ruling of a roll: no share to hold',
        "the shortcut for caps of the net modifier alone: without it, the general path finds no share to hold, "
        "keeps every term, and caps the same net in the same order: the same result"),
    "solver.arithmetic.x_capped_terms__mutmut_24": Equivalent(
        'if all(b.of == "NET" for b in caps):  # the usual case, on every ruling of a roll: no share to hold',
        "the shortcut for caps of the net modifier alone: without it, the general path finds no share to hold, "
        "keeps every term, and caps the same net in the same order: the same result"),
    "solver.arithmetic.x_capped_terms__mutmut_103": Equivalent(
        'kept += [Term(bounds[0].rule, "+" if held > 0 else "-", abs(held))] if held else []',
        "only taken when held is not 0, and held is an int (`rounded`): >= 0, > 0 and >= 1 agree on every other int"),
    "solver.arithmetic.x_capped_terms__mutmut_104": Equivalent(
        'kept += [Term(bounds[0].rule, "+" if held >= 1 else "-", abs(held))] if held else []',
        "only taken when held is not 0, and held is an int (`rounded`): >= 0, > 0 and >= 1 agree on every other int"),
    # -- solver/space/dead.py
    "solver.space.dead.x_dead_reason__mutmut_25": Equivalent(
        "reach = {f for c in more for f in reads[c.name]}",
        "each round already took in every constraint touching the facts reached before it, so only the facts the "
        "last round's constraints add can tie in more: the constraints named are the same"),
    "solver.space.dead.x__never__mutmut_1": Equivalent(
        "def _never(pack: Pack, expr: Expr, words: Words, label: str | None, depth: int = 1) -> DeadReason:",
        _INNER_NEVER_DERIVED),
    "solver.space.dead.x__never__mutmut_45": Equivalent(
        'if depth <= 2 and pack.facts[n].type.kind == "bool":', _INNER_NEVER_DERIVED),
    "solver.space.dead.x__never__mutmut_46": Equivalent(
        'if depth < 3 and pack.facts[n].type.kind == "bool":', _INNER_NEVER_DERIVED),
    "solver.space.dead.x__never__mutmut_71": Equivalent(
        "inner = _never(pack, value, words, None, None)", _INNER_NEVER_DERIVED),
    "solver.space.dead.x__never__mutmut_76": Equivalent(
        "inner = _never(pack, value, words, None, )", _INNER_NEVER_DERIVED),
    "solver.space.dead.x__never__mutmut_77": Equivalent(
        "inner = _never(pack, value, words, None, depth - 1)", _INNER_NEVER_DERIVED),
    "solver.space.dead.x__never__mutmut_78": Equivalent(
        "inner = _never(pack, value, words, None, depth + 2)", _INNER_NEVER_DERIVED),
    "solver.space.dead.x__never__mutmut_70": Equivalent(
        "inner = _never(pack, value, None, None, depth + 1)",
        "the inner call has no label, so it quotes nothing (its sentence says 'it'): `words` is never read there"),
    "solver.space.dead.x__never__mutmut_112": Equivalent(
        "witness, exact = _free_witness(pack, expr, names, bounded=None)",
        "`bounded` is only read for its truth (`_candidates`: `if bounded:`): None is False"),
    "solver.space.dead.x__never__mutmut_129": Equivalent(
        "low, high = pack.facts[n].range or (1, 0)", _EVERY_INT_RANGED),
    "solver.space.dead.x__never__mutmut_130": Equivalent(
        "low, high = pack.facts[n].range or (0, 1)", _EVERY_INT_RANGED),
    "solver.space.dead.x__candidates__mutmut_48": Equivalent(
        "low, high = fact.range or (1, 0)", _EVERY_INT_RANGED),
    "solver.space.dead.x__candidates__mutmut_49": Equivalent(
        "low, high = fact.range or (0, 1)", _EVERY_INT_RANGED),
    "solver.space.dead.x__never__mutmut_134": Equivalent(
        'bound = f"at most {high}" if witness[n] >= high else f"at least {low}"',
        "only facts outside their range are listed, and a range's low end is never above its high one (the loader "
        "refuses it): a value outside it that reaches the high end is above it"),
    "solver.space.dead.x__outside__mutmut_2": Equivalent(
        'if fact.type.kind != "int" or not fact.range and isinstance(value, bool):',
        "an int fact always has a range (the loader requires one) and is only ever tried at ints, never at a bool"),
    "solver.space.dead.x__outside__mutmut_3": Equivalent(
        'if fact.type.kind != "int" and not fact.range or isinstance(value, bool):',
        "only an int fact takes a range, and it always has one (the loader requires it): the two tests agree"),
    "solver.space.dead.x__join__mutmut_4": Equivalent(
        'return "XXXX".join(parts)', "joining no part or one part never writes the separator"),
    "solver.space.dead.x__free_witness__mutmut_30": Equivalent(
        "fewest = len(names) + 2",
        "no combination has more facts outside than there are facts: before the first witness, len + 1 and len + 2 "
        "both let every combination be tried"),
    "solver.space.dead.x__free_witness__mutmut_35": Equivalent(
        "given = dict(zip(names, combo, strict=None))", _ONE_OPTION_EACH),
    "solver.space.dead.x__free_witness__mutmut_38": Equivalent(
        "given = dict(zip(names, combo, ))", _ONE_OPTION_EACH),
    "solver.space.dead.x__free_witness__mutmut_39": Equivalent(
        "given = dict(zip(names, combo, strict=False))", _ONE_OPTION_EACH),
    "solver.space.dead.x__free_witness__mutmut_59": Equivalent(
        "if outside < 1:",
        "no witness ever has no fact outside its range after one with a fact outside: a bounded search tries only "
        "values within the ranges (the first witness ends it either way), and an unbounded one is only made for a "
        "condition no values within the ranges satisfy (the caller proved it, or the bounded search found none)"),
    "solver.space.dead.x__candidates__mutmut_38": Equivalent(
        "cuts = [simple_cuts(a, None) for a in atoms]",
        "`simple_cuts` never reads the name it is given (an atom collected here reads this fact alone)"),
    "solver.space.dead.x__candidates__mutmut_73": Equivalent(
        "extra |= {low - 10, low - 100, high + 10, high + 100, *(c - d for c in constants for d in (-1, 0, 1))}",
        "c - d and c + d over d in (-1, 0, 1) give the same three values"),
    # -- solver/ruling.py (the functions checked so far: see the report)
    "solver.ruling.x__automatic__mutmut_7": Equivalent(
        "because = explain_condition(pack, q.automatic, values, situation.given, None)", _AUTOMATIC_HOLDS),
    "solver.ruling.x__automatic__mutmut_13": Equivalent(
        "because = explain_condition(pack, q.automatic, values, situation.given, False)", _AUTOMATIC_HOLDS),
    "solver.ruling.x__policy_cite__mutmut_6": Equivalent(
        "chosen = next((p for p in named if _turns(p, before, after)), None)", _SOME_POLICY_TURNS),
    "solver.ruling.x__policy_cite__mutmut_8": Equivalent(
        "chosen = next((p for p in named if _turns(p, before, after)), )", _SOME_POLICY_TURNS),
    "solver.ruling.x__policy_cite__mutmut_15": Equivalent(
        "chosen = next((p for p in named if _turns(p, before, after)), named[0] if (named) and False else None)",
        _SOME_POLICY_TURNS),
    "solver.ruling.x__policy_cite__mutmut_16": Equivalent(
        "chosen = next((p for p in named if _turns(p, before, after)), named[0] if (named) or True else None)",
        _SOME_POLICY_TURNS),
    "solver.ruling.x__policy_cite__mutmut_19": Equivalent(
        "return _cite(chosen) if (chosen is not None) or True else None", _SOME_POLICY_TURNS),
    "solver.ruling.x__share__mutmut_2": Equivalent(
        'for p in pack.policies_of(q.name, None):', _ONLY_CAPS_SHARE),
    "solver.ruling.x__share__mutmut_4": Equivalent(
        'for p in pack.policies_of(q.name, ):', _ONLY_CAPS_SHARE),
    "kb.cache.x_load__mutmut_35": Equivalent(
        'path.parent.mkdir(parents=True, exist_ok=True)',
        "the next line makes the cache folder 0o700 whenever it is the user's own, as a folder mkdir has just "
        "made always is: the mode it is made with is never the one it keeps"),
    "kb.cache.x_load__mutmut_38": Equivalent(
        'path.parent.mkdir(mode=449, parents=True, exist_ok=True)',
        "the next line makes the cache folder 0o700 whenever it is the user's own, as a folder mkdir has just "
        "made always is: the mode it is made with is never the one it keeps"),
    "kb.cache.x_load__mutmut_65": Equivalent(
        'out.write(pickle.dumps((key, pack), protocol=None))',
        "pickle.load reads every protocol: a pack written with the default protocol is read back the same as "
        "with the highest (no out-of-band buffers are used)"),
    "kb.cache.x_load__mutmut_67": Equivalent(
        'out.write(pickle.dumps((key, pack), ))',
        "pickle.load reads every protocol: a pack written with the default protocol is read back the same as "
        "with the highest (no out-of-band buffers are used)"),
    "kb.model.xǁFactǁshown__mutmut_1": Equivalent(
        'if self.value_text or isinstance(value, str):',
        "a fact's value is a bool, an int, a string or a set of keywords, and only a string equals a value_text "
        "name: for any other value the loop finds nothing and str(value) is returned either way"),
    "kb.model.xǁPackǁmodifiers_of__mutmut_2": Equivalent(
        'key = ("XXmodifiersXX", quantity)',
        "a cache key of the pack's index renamed alike where it is stored and read: still apart from every other "
        "key, and no other module reads or drops it"),
    "kb.model.xǁPackǁmodifiers_of__mutmut_3": Equivalent(
        'key = ("MODIFIERS", quantity)',
        "a cache key of the pack's index renamed alike where it is stored and read: still apart from every other "
        "key, and no other module reads or drops it"),
    "kb.model.xǁPackǁpolicies_of__mutmut_2": Equivalent(
        'key = ("XXpoliciesXX", quantity)',
        "a cache key of the pack's index renamed alike where it is stored and read: still apart from every other "
        "key, and no other module reads or drops it"),
    "kb.model.xǁPackǁpolicies_of__mutmut_3": Equivalent(
        'key = ("POLICIES", quantity)',
        "a cache key of the pack's index renamed alike where it is stored and read: still apart from every other "
        "key, and no other module reads or drops it"),
    "kb.document.x_read_bytes__mutmut_23": Equivalent(
        'data = stream.read(limit + 2) if stream is not None else sys.stdin.read(limit + 1).encode()',
        'reading limit + 2 bytes rather than limit + 1 tells the same apart: more than the limit is refused, '
        'up to it is read whole'),
    "kb.document.x_read_bytes__mutmut_27": Equivalent(
        'data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 2).encode()',
        'reading limit + 2 characters rather than limit + 1 tells the same apart: more than the limit is '
        'refused, up to it is read whole'),
    "kb.document.x_read_bytes__mutmut_46": Equivalent(
        'fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", None))',
        "os has O_NOCTTY on every system Rulings runs on (POSIX): getattr's default is never used"),
    "kb.document.x_read_bytes__mutmut_49": Equivalent(
        'fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", ))',
        "os has O_NOCTTY on every system Rulings runs on (POSIX): getattr's default is never used"),
    "kb.document.x_decode__mutmut_35": Equivalent(
        'return data.decode("UTF-8-SIG")',
        'codec names are looked up without regard to case: the same codec'),
    "kb.document.x_decode__mutmut_52": Equivalent(
        'line_start = max(data.rfind(b"\\n", None, start) + 1, marked)  # the byte order mark is no column',
        'a start of None is the start of the bytes, as 0 is'),
    "kb.document.x_decode__mutmut_73": Equivalent(
        'where = Span(path, data.count(b"\\n", None, start) + 1, column)',
        'a start of None is the start of the bytes, as 0 is'),
    "kb.document.x__drain__mutmut_25": Equivalent(
        'chunk = os.read(fd, min(65537, limit + 1 - size))',
        'a read of a pipe returns at most what is there: 64 KiB or one byte more per read reads the same '
        'bytes, and the loop stops past the limit either way'),
    "kb.document.x__drain__mutmut_26": Equivalent(
        'chunk = os.read(fd, min(65536, limit + 1 + size))',
        'each read is capped at 64 KiB and the loop stops once more than the limit has come: a larger cap '
        'only reads more of what is refused anyway, never less of what is kept'),
    "kb.document.x__drain__mutmut_28": Equivalent(
        'chunk = os.read(fd, min(65536, limit + 2 - size))',
        'reading limit + 2 bytes rather than limit + 1 tells the same apart: more than the limit is refused, '
        'up to it is read whole'),
    "kb.document.x__plain_scalar__mutmut_9": Equivalent(
        'tag = _resolver().resolve(yaml.ScalarNode, text, (True, True))',
        "PyYAML's resolver reads only the first of the two implicit flags for a plain scalar"),
    "kb.document.x__plain_scalar__mutmut_20": Equivalent(
        'node.start_mark = yaml.Mark(None, 0, -1, -1, None, None)  # type: ignore[arg-type]  # no line or '
        'column',
        "only the mark's line and column are read (`_span`), never its name"),
    "kb.document.x__plain_scalar__mutmut_21": Equivalent(
        'node.start_mark = yaml.Mark(where, None, -1, -1, None, None)  # type: ignore[arg-type]  # no line '
        'or column',
        "only the mark's line and column are read (`_span`), never its index"),
    "kb.document.x__plain_scalar__mutmut_30": Equivalent(
        'node.start_mark = yaml.Mark(where, 1, -1, -1, None, None)  # type: ignore[arg-type]  # no line or '
        'column',
        "only the mark's line and column are read (`_span`), never its index"),
    "kb.document.x__pairs__mutmut_67": Equivalent(
        'names.add(getattr(key_node, "value", ))',
        "every YAML node has a value: getattr's default is never used"),
    "kb.document.x__build__mutmut_75": Equivalent(
        'key = str(key) if (not isinstance(key, str)) or True else key',
        'str() of a string is that string'),
    "kb.document.x__build__mutmut_94": Equivalent(
        'hint=f"first given at {first}" if (first) or True else "",',
        'a key already in the mapping had its key span stored when it was first read: `first` is always a '
        'Span, which is true'),
    "kb.document.x__build__mutmut_95": Equivalent(
        'hint=f"first given at {first}" if first else "XXXX",',
        'a key already in the mapping had its key span stored when it was first read: `first` is always a '
        'Span, which is true'),
    "kb.document.x_read_yaml__mutmut_26": Equivalent(
        'where = Span(path, mark.line + 1, mark.column + 1) if (mark) or True else Span(path)',
        "never reached: every MarkedYAMLError PyYAML's parser and composer raise carries a problem or "
        'context mark'),
    "kb.document.x_read_yaml__mutmut_37": Equivalent(
        'where = Span(path, mark.line + 1, mark.column + 1) if mark else Span(None)',
        "never reached: every MarkedYAMLError PyYAML's parser and composer raise carries a problem or "
        'context mark'),
    "kb.document.x_read_yaml__mutmut_51": Equivalent(
        'hint=_yaml_hint(e.problem or "XXXX", e.context or ""))]) from None',
        "no hint's text is in 'XXXX' any more than in '': a missing problem matches no hint either way"),
    "kb.document.x_read_yaml__mutmut_53": Equivalent(
        'hint=_yaml_hint(e.problem or "", e.context or "XXXX"))]) from None',
        "no hint's text is in 'XXXX' any more than in '': a missing context matches no hint either way"),
    "kb.document.x_read_yaml__mutmut_57": Equivalent(
        'line = text.count("\\n", None, e.position) + 1',
        'a start of None is the start of the text, as 0 is'),
    "kb.document.x__scalar__mutmut_52": Equivalent(
        'where=_span(node, path), hint=_KIND_SHAPES.get(kind, None)))',
        'only int, float and bool values can fail to construct (a str or null never does), and each has a '
        'shape: the default is never used'),
    "kb.document.x__scalar__mutmut_54": Equivalent(
        'where=_span(node, path), hint=_KIND_SHAPES.get(kind, )))',
        'only int, float and bool values can fail to construct (a str or null never does), and each has a '
        'shape: the default is never used'),
    "kb.document.x__scalar__mutmut_55": Equivalent(
        'where=_span(node, path), hint=_KIND_SHAPES.get(kind, "XXXX")))',
        'only int, float and bool values can fail to construct (a str or null never does), and each has a '
        'shape: the default is never used'),
    "kb.document.x_read_bytes__mutmut_52": Equivalent(
        'fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 1))',
        "os has O_NOCTTY on every system Rulings runs on (POSIX): getattr's default is never used"),
    "kb.document.x_read_bytes__mutmut_89": Equivalent(
        'data = f.read(None)',
        'never changes a result: a regular file no larger than the limit by its size is read whole either '
        'way, and one with more in it than its size says (a /proc file) is refused either way; only how much '
        'of such a file is read differs'),
    "kb.document.x_read_bytes__mutmut_91": Equivalent(
        'data = f.read(limit + 2)',
        'reading limit + 2 bytes rather than limit + 1 tells the same apart: more than the limit is refused, '
        'up to it is read whole'),
    "kb.document.x_read_yaml__mutmut_74": Equivalent(
        'where = Span(path, line, e.position - text.rfind("\\n", None, e.position))',
        'a start of None is the start of the text, as 0 is'),
    "kb.document.x_read_yaml__mutmut_90": Equivalent(
        'f"character U+{e.character:04X} is not allowed in YAML text" if (isinstance(e.character, int)) or '
        'True',
        "never reached: read_yaml reads text, and PyYAML's reader gives a ReaderError for text only from its "
        "printable check, with the character's code point (an int); bytes never reach it"),
    "kb.document.x_read_yaml__mutmut_91": Equivalent(
        'else "XXunreadable textXX", where=where,',
        "never reached: read_yaml reads text, and PyYAML's reader gives a ReaderError for text only from its "
        "printable check, with the character's code point (an int); bytes never reach it"),
    "kb.document.x_read_yaml__mutmut_92": Equivalent(
        'else "UNREADABLE TEXT", where=where,',
        "never reached: read_yaml reads text, and PyYAML's reader gives a ReaderError for text only from its "
        "printable check, with the character's code point (an int); bytes never reach it"),
    "kb.document.x_read_yaml__mutmut_96": Equivalent(
        'raise PackError(None) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "kb.document.x_read_yaml__mutmut_97": Equivalent(
        'raise PackError([RulingsError(None, where=Span(path))]) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "kb.document.x_read_yaml__mutmut_98": Equivalent(
        'raise PackError([RulingsError(f"malformed YAML: {excerpt(str(e))}", where=None)]) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "kb.document.x_read_yaml__mutmut_99": Equivalent(
        'raise PackError([RulingsError(where=Span(path))]) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "kb.document.x_read_yaml__mutmut_100": Equivalent(
        'raise PackError([RulingsError(f"malformed YAML: {excerpt(str(e))}", )]) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "kb.document.x_read_yaml__mutmut_101": Equivalent(
        'raise PackError([RulingsError(f"malformed YAML: {excerpt(None)}", where=Span(path))]) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "kb.document.x_read_yaml__mutmut_102": Equivalent(
        'raise PackError([RulingsError(f"malformed YAML: {excerpt(str(None))}", where=Span(path))]) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "kb.document.x_read_yaml__mutmut_103": Equivalent(
        'raise PackError([RulingsError(f"malformed YAML: {excerpt(str(e))}", where=Span(None))]) from None',
        'never reached: composing text, PyYAML raises only ReaderErrors and MarkedYAMLErrors (scanner, '
        "parser, composer), both handled above; libyaml's own errors are worded by the pure-Python reader"),
    "rulings.web.guard.x_host_name__mutmut_13": Equivalent(
        'return header.partition(":")[0] if header.count(":") == 1 else header',
        "with exactly one colon in the header, cutting at the first or the last colon is the same cut"),
    "rulings.web.guard.x__plain__mutmut_7": Equivalent(
        'body = json.dumps({"error": message}).encode("UTF-8")',
        "Python's codec names are case-insensitive: UTF-8 is utf-8"),
    "rulings.web.guard.xǁGuardǁ__call____mutmut_15": Equivalent(
        'headers = {k.decode("LATIN-1"): v.decode("latin-1") for k, v in scope.get("headers", ())}',
        "Python's codec names are case-insensitive: LATIN-1 is latin-1"),
    "rulings.web.guard.xǁGuardǁ__call____mutmut_18": Equivalent(
        'headers = {k.decode("latin-1"): v.decode("LATIN-1") for k, v in scope.get("headers", ())}',
        "Python's codec names are case-insensitive: LATIN-1 is latin-1"),
    # rulings/examples.py
    "rulings.examples.x_run_example__mutmut_3": Equivalent(
        'want_exit = example.expect.get("exit", None)',
        "a missing exit read as None rather than 0: both are false, and neither is 2"),
    "rulings.examples.x_run_example__mutmut_5": Equivalent(
        'want_exit = example.expect.get("exit", )',
        "a missing exit read as None rather than 0: both are false, and neither is 2"),
    # rulings/graph.py
    "rulings.graph.x_svg__mutmut_24": Equivalent(
        'timeout=DOT_SECONDS, check=None)',
        "subprocess.run reads check for its truth: None is False, the default"),
    "rulings.graph.x_svg__mutmut_30": Equivalent(
        'timeout=DOT_SECONDS, )',
        "check=False is subprocess.run's default"),
    # rulings/web/packs.py
    "rulings.web.packs.xǁPacksǁmemo__mutmut_1": Equivalent(
        'pack = None',
        "the look before the locks is a shortcut: missing it, the same memo is found again under the locks "
        "(where the pack is got again, and an unknown name refused), only later"),
    "rulings.web.packs.xǁPacksǁmemo__mutmut_4": Equivalent(
        'held = None',
        "the look before the locks is a shortcut: missing it, the same memo is found again under the locks, "
        "only later"),
    "rulings.web.packs.xǁPacksǁmemo__mutmut_5": Equivalent(
        'held = self._memo.get(None)',
        "the look before the locks is a shortcut: missing it (no memo is kept under None), the same memo is found "
        "again under the locks, only later"),
    "rulings.web.packs.xǁPacksǁmemo__mutmut_8": Equivalent(
        'if held is not None and held[1] is pack:',
        "the look before the locks is a shortcut: a memo's value is never the pack itself, so it is missed and "
        "the same memo found again under the locks, only later"),
    "rulings.web.packs.xǁPacksǁget__mutmut_14": Equivalent(
        'held = None',
        "the look before the loading lock is a shortcut: missing it, the same loaded pack is found again under "
        "the lock, only later"),
    "rulings.web.packs.xǁPacksǁget__mutmut_15": Equivalent(
        'held = self._loaded.get(None)',
        "the look before the loading lock is a shortcut: missing it (no pack is kept under None), the same loaded "
        "pack is found again under the lock, only later"),
    "rulings.web.packs.xǁPacksǁget__mutmut_18": Equivalent(
        'if held is not None and held[1] == stamp:',
        "the look before the loading lock is a shortcut: a Pack never equals a stamp, so it is missed and the same "
        "loaded pack found again under the lock, only later"),
    # rulings/web/pages.py
    "rulings.web.pages.x__given__mutmut_15": Equivalent(
        'return quote(f"{name}={shown}", safe="XX=.XX")',
        "quote never escapes a letter: X kept safe as well changes nothing"),
    # rulings/starter.py
    "rulings.starter.x_run_new__mutmut_39": Equivalent(
        'with target.open("x", encoding="UTF-8") as f:',
        "Python's codec names are case-insensitive: UTF-8 is utf-8"),
    # rulings/expect.py
    "rulings.expect.x_same__mutmut_1": Equivalent(
        'if isinstance(a, bool) and isinstance(b, bool):',
        "a bool beside a value of another JSON or YAML type is then compared as a number (bool is an int: "
        "the types differ) or with ==, which no str, null, list, map or date equals to a bool: False alike"),
    "rulings.expect.x_same__mutmut_7": Equivalent(
        'if isinstance(a, int | float) or isinstance(b, int | float):',
        "a number beside a string, null, list or map: the types differ (False), as == says of them"),
    "rulings.expect.x_same__mutmut_23": Equivalent(
        'return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=None))',
        "the lengths are checked equal first: zip never meets lists of different lengths"),
    "rulings.expect.x_same__mutmut_26": Equivalent(
        'return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, ))',
        "the lengths are checked equal first: zip never meets lists of different lengths"),
    "rulings.expect.x_same__mutmut_27": Equivalent(
        'return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=False))',
        "the lengths are checked equal first: zip never meets lists of different lengths"),
    "rulings.expect.x_mismatches__mutmut_55": Equivalent(
        'problems += _compare(key, want, got[key], None)',
        "_compare never reads its `expect` argument"),
    "rulings.batch.x_run_batch__mutmut_25": Equivalent(
        'explained = bool(getattr(args, "full", None))',
        "bool(None) is False, as bool(False): arguments without full are the plain batch either way"),
    "rulings.check.x__print__mutmut_6": Equivalent(
        "print(json.dumps(check_json(findings, args.pack, extra, coverage, args.readings), ensure_ascii=None))",
        _ASCII_NONE),
    "rulings.check.x_run_diff__mutmut_51": Equivalent("ensure_ascii=None,", _ASCII_NONE),
    "rulings.batch.x_answer_line__mutmut_19": Equivalent(
        "return _dumps(answer_line(pack, line, quantity, file, number, None, explained))",
        "answer_line reads text for its truth: None is False"),
    "rulings.batch.x__answer_fast__mutmut_26": Equivalent(
        "if type(asked) is not str and asked not in pack.quantities or not (given is None or type(given) is dict):",
        "the only lines the guard now lets through have a string quantity the pack lacks (a quantity that is no "
        "string is never in pack.quantities, or cannot be looked up there: a TypeError, caught): ask then fails "
        "inside the quick way, which gives the line to the slow way: the same output"),
    "rulings.batch.x_ruling_text__mutmut_5": Equivalent(
        'text = "XXXX" if ruling.groups is not None else _text_unexplained(ruling)',
        "any text that does not end as a ruling without its explanation sends a ruling of groups the plain way, as "
        "the empty one does"),
    "solver.characteristics.x_show__mutmut_2": Equivalent(
        "n = number if (isinstance(number, Fraction)) and False else Fraction(number)  # no copy: shown for every step "
        "of a ruling",
        "a Fraction made of a Fraction is an equal Fraction: the copy the line avoids changes no value shown"),
    "solver.characteristics.x_show__mutmut_3": Equivalent(
        "n = number if (isinstance(number, Fraction)) or True else Fraction(number)  # no copy: shown for every step "
        "of a ruling",
        "an int has the numerator and denominator a Fraction has (n and 1): read as it is, it is shown the same"),
    "solver.characteristics.x_characteristic__mutmut_187": Equivalent(
        'assumes = (FRACTIONS_OF_X_PLUS,) if lowers and any(t.op in "XXx/XX" for t in rest) else ()',
        "a term's operation is one of = x / + - (`Term`): none of them is an X, so the same operations are found"),
    "rulings.batch.x__text_of_decision__mutmut_29": Equivalent(
        "return out if out is None or type(out) is str else ruling_text(out, explained=None)",
        "`explained` is only read for its truth (`if not explained`, `doc if explained else ...`): None is False"),
    "rulings.batch.x__decision_text__mutmut_4": Equivalent(
        "return _dumps(_unexplained(ruling_json(ruling, explained=None)))", _EXPLAINED_NONE),
    "rulings.batch.x__text_unexplained__mutmut_8": Equivalent(
        "return _dumps(ruling_json(r, explained=None))", _EXPLAINED_NONE),
    "rulings.batch.x__text_unexplained__mutmut_17": Equivalent(
        "p if (p is None) or True else (p.numerator, p.denominator), r.automatic, type(r.then), r.then, "
        "*map(id, parts))",
        "the probability keyed by the Fraction itself instead of its numerator and denominator: equal fractions are "
        "equal keys and unequal ones unequal (a Fraction is kept in lowest terms), only slower to hash"),
    "rulings.batch.x__text_unexplained__mutmut_28": Equivalent(
        "return _dumps(ruling_json(r, explained=None))", _EXPLAINED_NONE),
    "rulings.batch.x__text_unexplained__mutmut_37": Equivalent(
        "kept = _WRITTEN[key] = (parts, _dumps(ruling_json(r, explained=None)))",
        _EXPLAINED_NONE),
    "solver.ask.x__reading_facts__mutmut_1": Equivalent(
        'read = None',
        _MEMO_ASK),
    "solver.ask.x_ask__mutmut_2": Equivalent(
        'plain = None',
        _STRAIGHT_WAY),
    "solver.ask.x__defaults__mutmut_2": Equivalent(
        'key = ("XXreading defaultsXX", q.name)',
        _MEMO_ASK),
    "solver.ask.x__reading_facts__mutmut_2": Equivalent(
        'read = pack.index.get(None)',
        _MEMO_ASK),
    "solver.ask.x__may_change__mutmut_2": Equivalent(
        'key = ("XXtiedXX", q.name, reading.name)',
        _MEMO_ASK),
    "solver.ask.x_ask__mutmut_3": Equivalent(
        'plain = pack.index.get(None)',
        _STRAIGHT_WAY),
    "solver.ask.x__defaults__mutmut_3": Equivalent(
        'key = ("READING DEFAULTS", q.name)',
        _MEMO_ASK),
    "solver.ask.x__reading_facts__mutmut_3": Equivalent(
        'read = pack.index.get(("XXreading factsXX", ""))',
        _MEMO_ASK),
    "solver.ask.x__may_change__mutmut_3": Equivalent(
        'key = ("TIED", q.name, reading.name)',
        _MEMO_ASK),
    "solver.ask.x_ask__mutmut_4": Equivalent(
        'plain = pack.index.get(("XXplainXX", quantity))',
        _STRAIGHT_WAY),
    "solver.ask.x__defaults__mutmut_4": Equivalent(
        'found = None',
        _MEMO_ASK),
    "solver.ask.x__reading_facts__mutmut_4": Equivalent(
        'read = pack.index.get(("READING FACTS", ""))',
        _MEMO_ASK),
    "solver.ask.x_ask__mutmut_5": Equivalent(
        'plain = pack.index.get(("PLAIN", quantity))',
        _STRAIGHT_WAY),
    "solver.ask.x__other_readings__mutmut_5": Equivalent(
        'if ruling.values is None and not ruling.cases and not _may_change(pack, q, r, ruling.values, ruling.value,',
        _MAY_CHANGE_ONLY_SKIPS),
    "solver.ask.x__defaults__mutmut_5": Equivalent(
        'found = pack.index.get(None)',
        _MEMO_ASK),
    "solver.ask.x__reading_facts__mutmut_5": Equivalent(
        'read = pack.index.get(("reading facts", "XXXX"))',
        _MEMO_ASK),
    "solver.ask.x__may_change__mutmut_5": Equivalent(
        'tied = pack.index.get(None)',
        _MEMO_ASK),
    "solver.ask.x__other_readings__mutmut_6": Equivalent(
        'if ruling.values is not None and ruling.cases and not _may_change(pack, q, r, ruling.values, ruling.value,',
        _MAY_CHANGE_ONLY_SKIPS),
    "solver.ask.x__reading_facts__mutmut_8": Equivalent(
        'read = pack.index["XXreading factsXX", ""] = tuple(r for r in pack.readings if READING + r in pack.facts)',
        _MEMO_ASK),
    "solver.ask.x__reading_facts__mutmut_9": Equivalent(
        'read = pack.index["READING FACTS", ""] = tuple(r for r in pack.readings if READING + r in pack.facts)',
        _MEMO_ASK),
    "solver.ask.x__reading_facts__mutmut_10": Equivalent(
        'read = pack.index["reading facts", "XXXX"] = tuple(r for r in pack.readings if READING + r in pack.facts)',
        _MEMO_ASK),
    "solver.ask.x__with_reading_facts__mutmut_11": Equivalent(
        'if all(situation.given.get(None) == v for n, v in chosen.items()):  # set already (the engine after'
        ' the compiled)',
        _GIVEN_AS_SAME),
    "solver.ask.x__other_readings__mutmut_12": Equivalent(
        'if ruling.values is not None and not ruling.cases and not _may_change(pack, q, r, ruling.values, None,',
        _MAY_CHANGE_ONLY_SKIPS),
    "solver.ask.x_ask__mutmut_16": Equivalent(
        'ruling = None',
        _STRAIGHT_WAY),
    "solver.ask.x_ask__mutmut_17": Equivalent(
        'ruling = found.ruling(None)',
        _STRAIGHT_WAY),
    "solver.ask.x__other_readings__mutmut_18": Equivalent(
        'if ruling.values is not None and not ruling.cases and not _may_change(pack, q, r, ruling.values,'
        ' ruling.clamped):',
        _MAY_CHANGE_ONLY_SKIPS),
    "solver.ask.x_ask__mutmut_20": Equivalent(
        'if (readings) or True else ruling',
        "an empty `readings` only makes `_other_readings` loop over nothing and return the ruling it was given"),
    "solver.ask.x__other_readings__mutmut_22": Equivalent(
        'subs = [(option, ruling if (chosen[r.name] == option) and False else _one(pack, q, situation,'
        ' chosen | {r.name: option},',
        "the chosen option's ruling is made again rather than reused: the same ruling"),
    "solver.ask.x__may_change__mutmut_39": Equivalent(
        'holding = 1',
        _MAY_CHANGE_ONLY_SKIPS),
    "solver.ask.x__one__mutmut_58": Equivalent(
        'pack.index["plain", q.name] = None',
        _STRAIGHT_WAY),
    "solver.ask.x__solve__mutmut_14": Equivalent(
        "if q.passes is not None and not q.passes.names < values.keys():",
        "where the target reads exactly the facts known, none is left to work out: `_settled` is asked of no fact "
        "and settles none"),
    "solver.ask.x__one__mutmut_61": Equivalent(
        'ruling = None',
        _ENGINE_SAME),
    "solver.ask.x__one__mutmut_62": Equivalent(
        'ruling = found.ruling(None)',
        _ENGINE_SAME),
    "solver.space.progress.x_progress__mutmut_7": Equivalent(
        "yield from tqdm(items, desc=what, total=total, delay=DELAY, leave=False, file=None, dynamic_ncols=True)",
        _TQDM_STDERR),
    "solver.space.progress.x_progress__mutmut_14": Equivalent(
        "yield from tqdm(items, desc=what, total=total, delay=DELAY, leave=False, dynamic_ncols=True)",
        _TQDM_STDERR),
    # -- solver/ruling.py
    "solver.ruling.x__applied_node__mutmut_26": Equivalent(
        "because = explain_condition(pack, m.when, values, situation.given, None)", _HOLDING_WANT),
    "solver.ruling.x__applied_node__mutmut_32": Equivalent(
        "because = explain_condition(pack, m.when, values, situation.given, False)", _HOLDING_WANT),
    "solver.ruling.x__applied_node__mutmut_54": Equivalent(
        'key = ("XXappliedXX", m.name, term.change, condition_key(pack, m.when, values, situation.given), rows)',
        _NODE_KEY),
    "solver.ruling.x__applied_node__mutmut_55": Equivalent(
        'key = ("APPLIED", m.name, term.change, condition_key(pack, m.when, values, situation.given), rows)',
        _NODE_KEY),
    "solver.ruling.x__failed_node__mutmut_30": Equivalent(
        'return shared(pack, ("XXfailedXX", m.name, condition_key(pack, m.when, values, situation.given)), build)',
        _NODE_KEY),
    "solver.ruling.x__failed_node__mutmut_31": Equivalent(
        'return shared(pack, ("FAILED", m.name, condition_key(pack, m.when, values, situation.given)), build)',
        _NODE_KEY),
    # -- solver/keyword_classes.py
    "solver.keyword_classes.x__asked__mutmut_2": Equivalent('key = ("XXkeyword questionsXX", name)', _QUESTIONS_CACHE),
    "solver.keyword_classes.x__asked__mutmut_3": Equivalent('key = ("KEYWORD QUESTIONS", name)', _QUESTIONS_CACHE),
    "solver.keyword_classes.x__asked__mutmut_8": Equivalent(
        'if f.type.kind == "keywords" and f.derive is not None or name in inputs(pack, n)}', _ONLY_KEYWORDS_ASKED),
    "solver.keyword_classes.x__asked__mutmut_22": Equivalent(
        "if readers | expr.names and not _questions(expr._tree, readers, pack, out):  # type: ignore[arg-type]",
        "an expression that reads none of the readers asks them nothing: `_questions` finds no question there and "
        "says True, so asking it too changes nothing"),
    "solver.keyword_classes.x__asked__mutmut_32": Equivalent('out = ""', _ALWAYS_FOLLOWED),
    "solver.keyword_classes.x__asked__mutmut_33": Equivalent("return", _ALWAYS_FOLLOWED),
    "solver.keyword_classes.x__questions__mutmut_30": Equivalent("return True", _ALWAYS_FOLLOWED),
    "solver.keyword_classes.x__questions__mutmut_63": Equivalent("return True", _ALWAYS_FOLLOWED),
    "solver.keyword_classes.x__strings__mutmut_8": Equivalent(
        'if node[0] == "n" or node[2] in pack.facts and pack.facts[node[2]].type.kind == "enum":',
        "the left side of an `in` is a quoted string, an enum fact or an `if` (the loader refuses any other): a "
        "name there is always an enum fact, and an `if`'s condition (a tuple) is never a fact's name"),
    "solver.keyword_classes.x__strings__mutmut_36": Equivalent(
        "return None if (then is None or otherwise is None) and False else then + otherwise", _ALWAYS_FOLLOWED),
    "solver.keyword_classes.x__strings__mutmut_38": Equivalent(
        "return None if then is None and otherwise is None else then + otherwise", _ALWAYS_FOLLOWED),
    "solver.keyword_classes.x__classes__mutmut_12": Equivalent(
        "for size in range(len(pool) + 2):", "there is no mix of more keywords than the pool has: the last size "
        "adds no combination"),
    "solver.keyword_classes.x__classes__mutmut_20": Equivalent(
        "seen = {id(p): with_plural_forms(mix, p.plurals) if (p.plurals) or True else frozenset(mix) for p in packs}",
        _UPPER_POOL),
    "solver.ruling.x_decide__mutmut_5": Equivalent(
        "if q.automatic is not None and need(q.automatic, values, None, q.where):", _AUTOMATIC_GIVEN),
    "solver.ruling.x_decide__mutmut_11": Equivalent(
        "if q.automatic is not None and need(q.automatic, values, True, q.where):", _AUTOMATIC_GIVEN),
    "solver.ruling.x_decide__mutmut_29": Equivalent(
        "modifiers = [*plan.modifiers, *adhoc_modifiers(q, situation)] if (q.effects) or True else plan.modifiers",
        "`adhoc_modifiers` gives none for a quantity that takes no effects: the plan's modifiers, in a list (read "
        "only by iterating)"),
    "solver.ruling.x__plan__mutmut_40": Equivalent(
        'limits = [p for p in policies if p.kind in ("clamp", "cap") or q.name in p.quantities]',
        "a policy of another kind that names the quantity (a choice, which always has a condition) adds no limit: "
        "among `limits` it can only make `fixed` False, and the same clamps and caps are then worked out for each "
        "situation instead of once"),
    "solver.ruling.x__plan__mutmut_27": Equivalent(
        "terms[m.name] = _term(m, None)",
        "only a rule whose amount and per read no fact is planned: a compiled expression without names never reads "
        "the values it is given, so None serves as {} does"),
    "solver.ruling.x__plan__mutmut_47": Equivalent("fixed = None", _PER_SITUATION),
    "solver.ruling.x__plan__mutmut_54": Equivalent("bounds = None", _PER_SITUATION),
    "solver.ruling.x__plan__mutmut_55": Equivalent(
        'bounds = (_bounds(list(policies), q, "clamp", {}), _bounds(list(policies), q, "cap", {})) if (fixed) and '
        'False else None', _PER_SITUATION),
    "solver.ruling.x__plan__mutmut_60": Equivalent(
        'bounds = (_bounds(list(policies), q, "clamp", None), _bounds(list(policies), q, "cap", {})) if fixed else '
        'None', _FIXED_READ_NOTHING),
    "solver.ruling.x__plan__mutmut_71": Equivalent(
        'bounds = (_bounds(list(policies), q, "clamp", {}), _bounds(list(policies), q, "cap", None)) if fixed else '
        'None', _FIXED_READ_NOTHING),
    "solver.ruling.x__plan__mutmut_97": Equivalent(
        "plan = pack.index[key] = _Plan(modifiers, {m.name: m for m in modifiers}, terms, applied, policies, None,",
        _PER_SITUATION),
    "solver.ruling.x__plan__mutmut_109": Equivalent(
        'bool(kinds | {"exclusive", "override"}), "choice" in kinds)',
        "`settles` only lets a ruling skip looking for conflicts: where no exclusive group or override is in force, "
        "`conflicts` finds none, so settling them anyway counts every rule that holds, as before"),
    "solver.ruling.x__row__mutmut_16": Equivalent(
        'shown = "XX, XX".join(f"{n} = {_shown(values[n])}" for n in sorted(condition.names) if n in values)',
        "a row's condition reads only its table's key, one fact (the loader refuses any other key): the list "
        "joined has one item, so the joiner is never written"),
    "solver.ruling.x__term__mutmut_44": Equivalent(
        "return Term(m.name, m.op, amount if (isinstance(amount, int)) or True else Fraction(amount))", _WHOLE_AMOUNT),
    "solver.ruling.x__term__mutmut_45": Equivalent(
        "return Term(m.name, m.op, amount if isinstance(amount, int) else Fraction(None))", _WHOLE_AMOUNT),
    "explain.diagram.x_diagram__mutmut_125": Equivalent(
        'arrows = tuple(sorted(((ids[a], ids[b], ", ".join(roles)) for a, b, roles in graph.edges(data="roles", '
        'default=None)),',
        _EVERY_EDGE_HAS_ROLES),
    "explain.diagram.x_diagram__mutmut_127": Equivalent(
        'arrows = tuple(sorted(((ids[a], ids[b], ", ".join(roles)) for a, b, roles in graph.edges(data="roles", )),',
        _EVERY_EDGE_HAS_ROLES),
    # explain/sequence.py
    "explain.sequence.x__other_readings__mutmut_4": Equivalent(
        'meaning = dict(pack.readings[reading].options).get(option, "") if (reading in pack.readings) or True else ""',
        _READING_IN_PACK),
    "explain.sequence.x__other_readings__mutmut_6": Equivalent(
        'meaning = dict(pack.readings[reading].options).get(option, None) if reading in pack.readings else ""',
        _READING_IN_PACK),
    "explain.sequence.x__other_readings__mutmut_8": Equivalent(
        'meaning = dict(pack.readings[reading].options).get(option, ) if reading in pack.readings else ""',
        _READING_IN_PACK),
    "explain.sequence.x__other_readings__mutmut_10": Equivalent(
        'meaning = dict(pack.readings[reading].options).get(option, "XXXX") if reading in pack.readings else ""',
        _READING_IN_PACK),
    "explain.sequence.x__other_readings__mutmut_12": Equivalent(
        'meaning = dict(pack.readings[reading].options).get(option, "") if reading in pack.readings else "XXXX"',
        _READING_IN_PACK),
    "explain.sequence.x__step_line__mutmut_39": Equivalent(
        '+ (f" ({\', \'.join(skippers)})" if (skippers) or True else ""))',
        _SKIPPED_HAS_SKIPPERS),
    "explain.sequence.x__step_line__mutmut_42": Equivalent(
        '+ (f" ({\', \'.join(skippers)})" if skippers else "XXXX"))',
        _SKIPPED_HAS_SKIPPERS),
    "explain.sequence.x__event_lines__mutmut_6": Equivalent(
        'chance = sum((o.chance for o in s.outcomes if e.name in o.events), )',
        _SUM_OF_NONE),
    "explain.sequence.x__event_lines__mutmut_16": Equivalent(
        'does = [f"{extra} more {_noun(extra, _called(s))}" for _ in [1] if extra]',
        _ONE_PASS),
    "explain.sequence.x__event_lines__mutmut_28": Equivalent(
        'does += [f"skips the {_and(list(e.skip))} roll{\'s\' if len(e.skip) > 1 else \'\'}" for _ in [1] if e.skip]',
        _ONE_PASS),
    "explain.sequence.x__event_lines__mutmut_31": Equivalent(
        'does += [f"its damage is {damage}" for _ in [1] if damage is not None]',
        _ONE_PASS),
    "explain.sequence.x__event_lines__mutmut_37": Equivalent(
        'does += ["its damage carries over to the next model" for _ in [1] if e.carry_over]',
        _ONE_PASS),
    "explain.sequence.x__told__mutmut_14": Equivalent(
        'if r.destroyed is not None or r.models is not None and r.wounds is not None:',
        _DESTROYED_WITH_BOTH),
    "explain.sequence.x__rolled__mutmut_10": Equivalent(
        'rolled = sum((n for k, n in lanes.items() if name not in k), )',
        _SUM_OF_NONE),
    "explain.sequence.x__rolled__mutmut_20": Equivalent(
        'out.append((rolled, sum(nxt.values(), )))',
        _SUM_OF_NONE),
    "explain.sequence.x__rolled__mutmut_51": Equivalent(
        'nxt[k] = nxt.get(k, Fraction(0)) + n * o.chance * sum((extra for _, extra in fired), )',
        _SAME_START),
    "explain.sequence.x__rolled__mutmut_54": Equivalent(
        'if sum(out[-1]) != mean(s.dice_in) and sum(lanes.values()) != mean(s.dice_out):',
        _ROLLED_ALWAYS),
    "explain.sequence.x_sequence_text__mutmut_31": Equivalent(
        'lines.append(f"  {_step_line(step, before, counts[i] if (counts) or True else None, _skipped_by(r, i))}")',
        _ROLLED_ALWAYS),
    # explain/faq_keywords.py
    "explain.faq_keywords.x_keyword_questions__mutmut_13": Equivalent(
        'first = parse_phrase(text, ) if "/" not in text else None',
        _FIRST_AS_WRITTEN),
    "explain.faq_keywords.x_keyword_questions__mutmut_27": Equivalent(
        'keyword = text.split("/")[0] if first is None else dict(first.written).get(*first.alternatives[0][0][:2])',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_14": Equivalent(
        'wanted = [_other_number(written.get(k, None)) if len(phrase.alternatives) > 1 else written.get(k, k)',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_15": Equivalent(
        'wanted = [_other_number(written.get(k)) if len(phrase.alternatives) > 1 else written.get(k, k)',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_16": Equivalent(
        'wanted = [_other_number(written.get(k, )) if len(phrase.alternatives) > 1 else written.get(k, k)',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_20": Equivalent(
        'wanted = [_other_number(written.get(k, k)) if len(phrase.alternatives) > 1 else written.get(k, None)',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_21": Equivalent(
        'wanted = [_other_number(written.get(k, k)) if len(phrase.alternatives) > 1 else written.get(k)',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_22": Equivalent(
        'wanted = [_other_number(written.get(k, k)) if len(phrase.alternatives) > 1 else written.get(k, )',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_26": Equivalent(
        'refused = [written.get(k, None).title() for k, negated in first if negated]',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_27": Equivalent(
        'refused = [written.get(k).title() for k, negated in first if negated]',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x__unit_for__mutmut_28": Equivalent(
        'refused = [written.get(k, ).title() for k, negated in first if negated]',
        _WRITTEN_HAS_ALL),
    "explain.faq_keywords.x_phrases__mutmut_17": Equivalent(
        'if "keyword" not in (str(source.get("title", None)) + name).lower():',
        _NO_KEYWORD_AT_THE_JOIN),
    "explain.faq_keywords.x_phrases__mutmut_19": Equivalent(
        'if "keyword" not in (str(source.get("title", )) + name).lower():',
        _NO_KEYWORD_AT_THE_JOIN),
    "explain.faq_keywords.x_phrases__mutmut_22": Equivalent(
        'if "keyword" not in (str(source.get("title", "XXXX")) + name).lower():',
        _NO_KEYWORD_AT_THE_JOIN),
    # explain/faq_html.py
    "explain.faq_html.x__sequence_id__mutmut_16": Equivalent(
        'return "-".join(re.sub(r"[^a-z0-9]+", "-", p.lower()).strip("XX-XX") or "x" for p in ("attack", name, topic) '
        'if p)',
        _LOWERED_FIRST),
    "explain.faq_html.x__sequence_id__mutmut_20": Equivalent(
        'return "-".join(re.sub(r"[^a-z0-9]+", "-", p.lower()).strip("-") or "x" for p in ("ATTACK", name, topic) if '
        'p)',
        _LOWERED_FIRST),
    "explain.faq_html.x__readings__mutmut_5": Equivalent(
        'subs = [(g.get("name", None), g) for g in ruling["groups"]] if ruling.get("groups") else [("", ruling)]',
        _NAMELESS_GROUP),
    "explain.faq_html.x__readings__mutmut_7": Equivalent(
        'subs = [(g.get("name", ), g) for g in ruling["groups"]] if ruling.get("groups") else [("", ruling)]',
        _NAMELESS_GROUP),
    "explain.faq_html.x__readings__mutmut_40": Equivalent(
        'reading = pack.readings.get(str(r.get("of", None)))',
        _JSON_READING_OF),
    "explain.faq_html.x__readings__mutmut_42": Equivalent(
        'reading = pack.readings.get(str(r.get("of", )))',
        _JSON_READING_OF),
    "explain.faq_html.x__readings__mutmut_45": Equivalent(
        'reading = pack.readings.get(str(r.get("of", "XXXX")))',
        _JSON_READING_OF),
    "explain.faq_html.x__readings__mutmut_49": Equivalent(
        'return dict(reading.options).get(r["reading"], None) if reading is not None else str(r["reading"])',
        _JSON_READING_OPTION),
    "explain.faq_html.x__readings__mutmut_50": Equivalent(
        'return dict(reading.options).get(r["reading"]) if reading is not None else str(r["reading"])',
        _JSON_READING_OPTION),
    "explain.faq_html.x__readings__mutmut_51": Equivalent(
        'return dict(reading.options).get(r["reading"], ) if reading is not None else str(r["reading"])',
        _JSON_READING_OPTION),
    # explain/sequence.py
    "explain.sequence.x__marked__mutmut_3": Equivalent(
        'mark = MARKS.get(line.tag, None)',
        _NO_MARK),
    "explain.sequence.x__marked__mutmut_5": Equivalent(
        'mark = MARKS.get(line.tag, )',
        _NO_MARK),
    "explain.sequence.x_sequence_json__mutmut_18": Equivalent(
        'out["damage"] = {**_dist(r.damage), **({"per_attack": _dist(r.damage_per_attack)} if (r.damage_per_attack) '
        'or True',
        _PER_ATTACK_WITH_DAMAGE),
    # explain/faq_html.py
    "explain.faq_html.x__citation__mutmut_19": Equivalent(
        'found = re.fullmatch(r"(?:(.*?): )?\\u201C(.*)\\u201D", cite, re.DOTALL)',
        _HEX_CASE),
    "explain.faq_html.x__anchors__mutmut_25": Equivalent(
        'slug = "-".join(re.sub(r"[^a-z0-9]+", "-", p.lower()).strip("XX-XX") or "x" for p in ("about", *key) if p)',
        _LOWERED_FIRST),
    "explain.faq_html.x__anchors__mutmut_29": Equivalent(
        'slug = "-".join(re.sub(r"[^a-z0-9]+", "-", p.lower()).strip("-") or "x" for p in ("ABOUT", *key) if p)',
        _LOWERED_FIRST),
    "explain.faq_html.x__anchors__mutmut_38": Equivalent(
        'out[key] = next(f"{slug}-{i}" if i else slug for i in range(len(taken) + 2)',
        _PIGEONHOLE),
    # explain/faq_words.py
    "explain.faq_words.x_source_title__mutmut_7": Equivalent(
        'found = re.match(r"^([\\w.-]+) \\u00B6([\\w.-]+)", cite)',
        _HEX_CASE),
    "explain.faq_words.x__one_die__mutmut_3": Equivalent(
        'return q.kind == "XXscoreXX" or re.fullmatch(r"D\\d+", str(q.dice or "D6")) is not None',
        _DICE_ALWAYS),
    "explain.faq_words.x__one_die__mutmut_4": Equivalent(
        'return q.kind == "SCORE" or re.fullmatch(r"D\\d+", str(q.dice or "D6")) is not None',
        _DICE_ALWAYS),
    "explain.faq_words.x__one_die__mutmut_13": Equivalent(
        'return q.kind == "score" or re.fullmatch(r"D\\d+", str(q.dice or "XXD6XX")) is not None',
        _DICE_ALWAYS),
    "explain.faq_words.x__one_die__mutmut_14": Equivalent(
        'return q.kind == "score" or re.fullmatch(r"D\\d+", str(q.dice or "d6")) is not None',
        _DICE_ALWAYS),
    "explain.faq_words.x_topic_of__mutmut_55": Equivalent(
        'rules = p.rules if p.kind == "exclusive" else (*((p.rule,) if (p.rule) or True else ()), *p.over)',
        _OVERRIDE_HAS_RULE),
    "explain.faq_words.x__rule_with_change__mutmut_4": Equivalent(
        'change = f"{m.op}{m.amount.text}" if (m.amount._tree[0] == "c" and m.op in "+-") or True else ""',
        _FULLMATCH_DECIDES),
    "explain.faq_words.x__lower__mutmut_5": Equivalent(
        'first = text.split(" ", )[0]',
        _FIRST_WORD),
    "explain.faq_words.x__lower__mutmut_8": Equivalent(
        'first = text.split(" ", 2)[0]',
        _FIRST_WORD),
    "explain.faq_words.x__rule_with_change__mutmut_5": Equivalent(
        'change = f"{m.op}{m.amount.text}" if m.amount._tree[0] == "c" or m.op in "+-" else ""',
        _FULLMATCH_DECIDES),
    "explain.faq_words.x__rule_with_change__mutmut_11": Equivalent(
        'change = f"{m.op}{m.amount.text}" if m.amount._tree[0] == "c" and m.op in "XX+-XX" else ""',
        _FULLMATCH_DECIDES),
    "explain.faq_words.x__rule_with_change__mutmut_12": Equivalent(
        'change = f"{m.op}{m.amount.text}" if m.amount._tree[0] == "c" and m.op in "+-" else "XXXX"',
        _FULLMATCH_DECIDES),
    "explain.faq_words.x__dice_words__mutmut_31": Equivalent(
        'results = [str(k) for k in sorted(dist, key=lambda k: int(k) if str(k).lstrip("XX-XX").isdigit() else 0)]',
        _NO_X_IN_RESULTS),
    "solver.space.whynot.x__compact__mutmut_34": Equivalent(
        "return runs[0][1] if runs[0][0] == runs[0][1] else (runs[0][0], runs[0][1])",
        "the branch is taken only when runs[0][0] == runs[0][1], so the run's high end is its low end"),
    "solver.space.whynot.x__merged__mutmut_39": Equivalent(
        "return a if x < y else b if y <= x else None",
        "the fact is in `differ` only when {x} != {y}, so x != y, and then x <= y holds exactly when x < y"),
    "solver.space.whynot.x__merged__mutmut_42": Equivalent(
        "return a if x <= y else b if y < x else None",
        "the fact is in `differ` only when {x} != {y}, so x != y, and then y <= x holds exactly when y < x"),
    "solver.space.whynot.x_why_not__mutmut_55": Equivalent(
        "facts = _changeable(pack, quantity, None, status)",
        "why_not gets here only when status != 'counts', so _changeable adds every modifier of the quantity, "
        "the rule's own among them (_modifier takes it from modifiers_of(quantity)): the same facts either way"),
    "solver.space.whynot.x_why_not__mutmut_56": Equivalent(
        "facts = _changeable(pack, quantity, modifier, None)",
        "_changeable reads status only as `status != 'counts'`, and here status is never 'counts' (returned "
        "above): None != 'counts' holds just the same"),
    "solver.space.find.x__first__mutmut_1": Equivalent(
        'return members if (max_facts is None) and False else members[:max_facts]',
        "with max_facts None the slice members[:None] is every member, in order, as `members` is; its caller only "
        "reads its length"),
    "solver.space.find.x_condense__mutmut_1": Equivalent(
        'Row = None',
        "Row is only named in the annotations of `join` and `split`, which `from __future__ import annotations` "
        "leaves as strings that nothing evaluates"),
    "solver.space.find.x_merge_all__mutmut_5": Equivalent(
        'while i <= len(rows):',
        "at i == len(rows) the inner loop's range(i + 1, len(rows)) is empty: one more round that compares nothing, "
        "then i passes the end"),
    "solver.space.find.x_find__mutmut_6": Equivalent(
        'ask(pack, quantity, None)  # raises the UnknownName with its did-you-mean',
        "the quantity is not in the pack: `ask` finds no compiled ruling for it and `_ask` raises the same "
        "UnknownName before it reads the situation"),
    "solver.space.find.x__asked_before__mutmut_9": Equivalent(
        'parts = tuple(getattr(pack, f.name) for f in fields(pack) if f.name != "XXindexXX")',
        "the memos live in pack.index itself, so every pack that looks them up has that very index: its id, now in "
        "every key, tells no two packs apart that the other parts do not"),
    "solver.space.find.x__asked_before__mutmut_10": Equivalent(
        'parts = tuple(getattr(pack, f.name) for f in fields(pack) if f.name != "INDEX")',
        "the memos live in pack.index itself, so every pack that looks them up has that very index: its id, now in "
        "every key, tells no two packs apart that the other parts do not"),
    "solver.space.find.x__asked_before__mutmut_16": Equivalent(
        'memos = pack.index.setdefault(("XXaskedXX", ""), {})',
        "a cache key renamed alike where it is stored and looked up: still a (kind, name) pair, unique, not a kind "
        "`_forget` drops, read by no other module"),
    "solver.space.find.x__asked_before__mutmut_17": Equivalent(
        'memos = pack.index.setdefault(("ASKED", ""), {})',
        "a cache key renamed alike where it is stored and looked up: still a (kind, name) pair, unique, not a kind "
        "`_forget` drops, read by no other module"),
    "solver.space.find.x__asked_before__mutmut_18": Equivalent(
        'memos = pack.index.setdefault(("asked", "XXXX"), {})',
        "a cache key renamed alike where it is stored and looked up: still a (kind, name) pair, unique, not a kind "
        "`_forget` drops, read by no other module"),
    "solver.space.find.x_find__mutmut_48": Equivalent(
        'groups = _groups(pack, quantity, inner, expr, None)',
        "`_groups` never reads its max_facts argument (the limit is applied by `_first`): any value gives the "
        "same groups"),
    "solver.space.find.x_find__mutmut_92": Equivalent(
        'pinned = {**fixed, **{f: v for f, v in zip(outer, values, strict=None) if v is not None}}',
        "`values` comes from product(*outer_values), one value for each fact of `outer`: the two always have the "
        "same length"),
    "solver.space.find.x_find__mutmut_95": Equivalent(
        'pinned = {**fixed, **{f: v for f, v in zip(outer, values, ) if v is not None}}',
        "`values` comes from product(*outer_values), one value for each fact of `outer`: the two always have the "
        "same length"),
    "solver.space.find.x_find__mutmut_96": Equivalent(
        'pinned = {**fixed, **{f: v for f, v in zip(outer, values, strict=False) if v is not None}}',
        "`values` comes from product(*outer_values), one value for each fact of `outer`: the two always have the "
        "same length"),
    "solver.space.search.x_interchangeable__mutmut_44": Equivalent(
        'if (f is None or fact not in facts or f.type.kind != "bool" and f.derive is not None '
        'or f.default is not False',
        "the next test, `f.default is not False`, already drops every fact this one did: the loader keeps no default "
        "on a derived fact (None), and only a bool fact can have the default False"),
    "solver.space.search.x__constraint_check__mutmut_10": Equivalent(
        "return _allows(pack, require, {**fixed, **dict(zip(vars_, values, strict=None))})",
        "python-constraint calls the check with one value for each of `vars_`, the variables it was added with: the "
        "lengths are always equal"),
    "solver.space.search.x__constraint_check__mutmut_13": Equivalent(
        "return _allows(pack, require, {**fixed, **dict(zip(vars_, values, ))})",
        "python-constraint calls the check with one value for each of `vars_`, the variables it was added with: the "
        "lengths are always equal"),
    "solver.space.search.x__constraint_check__mutmut_14": Equivalent(
        "return _allows(pack, require, {**fixed, **dict(zip(vars_, values, strict=False))})",
        "python-constraint calls the check with one value for each of `vars_`, the variables it was added with: the "
        "lengths are always equal"),
    "solver.space.search.x__consistency_check__mutmut_8": Equivalent(
        "return consistent(pack, {**fixed, **dict(zip(chosen, values, strict=None))})",
        "python-constraint calls the check with one value for each of `chosen`, the variables it was added with: "
        "the lengths are always equal"),
    "solver.space.search.x__consistency_check__mutmut_11": Equivalent(
        "return consistent(pack, {**fixed, **dict(zip(chosen, values, ))})",
        "python-constraint calls the check with one value for each of `chosen`, the variables it was added with: "
        "the lengths are always equal"),
    "solver.space.search.x__consistency_check__mutmut_12": Equivalent(
        "return consistent(pack, {**fixed, **dict(zip(chosen, values, strict=False))})",
        "python-constraint calls the check with one value for each of `chosen`, the variables it was added with: "
        "the lengths are always equal"),
    "solver.space.search.x__index__mutmut_1": Equivalent(
        "index = None",
        "a pack's index is a cache: a lookup that misses only builds the same index again"),
    "solver.space.search.x__index__mutmut_2": Equivalent(
        "index = _INDEXES.get(None)",
        "a pack's index is a cache: a lookup that misses only builds the same index again"),
    "solver.space.search.x__index__mutmut_3": Equivalent(
        "index = _INDEXES.get(id(None))",
        "a pack's index is a cache: a lookup that misses only builds the same index again"),
    "solver.space.search.x__index__mutmut_6": Equivalent(
        "if index is None or index.pack is pack:",
        "an index keeps its pack alive, so the index found under id(pack) is always that pack's: the mutant only "
        "builds the same index again each time (a cache miss)"),
    "solver.space.search.x__index__mutmut_7": Equivalent(
        "if len(_INDEXES) > 8:",
        "the number of indexes kept is only how much the cache holds: one more kept changes no result"),
    "solver.space.search.x__index__mutmut_8": Equivalent(
        "if len(_INDEXES) >= 9:",
        "the number of indexes kept is only how much the cache holds: one more kept changes no result"),
    "solver.space.search.x__index__mutmut_13": Equivalent(
        "index = _INDEXES[id(None)] = _Index(pack)",
        "stored where it is never looked up, the index is only built again at each call (a cache miss), alike"),
    "solver.space.search.xǁ_Indexǁ__init____mutmut_1": Equivalent(
        "self.pack = None",
        "`_index` then never finds the pack's index its own and builds it again at each call: a cache miss, alike"),
    "solver.space.search.x__relevant__mutmut_21": Equivalent(
        "found = {id(entry[1]): entry for f in facts for entry in index.reads.get(f, ())}",
        "each expression gets its own `base` set, shared by all its entries, so id(base) tells expressions apart "
        "exactly as id(expr) does (and a repeated entry would only repeat an expression `_waiting` reads alike)"),
    "solver.space.search.x__sample_uncached__mutmut_3": Equivalent(
        "if fact is None and not splits(pack, name):",
        "for a fact that does not split, `values_of` has no value to give (no domain, or a keywords fact without "
        "classes: `_keyword_classes(...) or ()`), so the tuple built is () as returned before"),
    "solver.space.search.x__solve__mutmut_44": Equivalent(
        "problem.addConstraint(FunctionConstraint(_consistency_check(pack, chosen, fixed)), None)",
        "python-constraint gives a constraint without variables every variable of the problem, in the order they "
        "were added: exactly `chosen`, in its order"),
    "solver.space.search.x__solve__mutmut_46": Equivalent(
        "problem.addConstraint(FunctionConstraint(_consistency_check(pack, chosen, fixed)), )",
        "python-constraint gives a constraint without variables every variable of the problem, in the order they "
        "were added: exactly `chosen`, in its order"),
    "solver.sequence.x_at_least__mutmut_4": Equivalent(
        'return {n: sum((p for k, p in dist.items() if k >= n), ) for n in range(1, max(dist, default=0) + 1)}',
        "every N from 1 to the largest key has at least that key's chance in the sum, and a chance is a Fraction, so "
        "0 + Fraction is the same Fraction as Fraction(0) + Fraction"),
    "solver.sequence.x__value__mutmut_6": Equivalent(
        'found, missing = None',
        'evaluate reads every name with values.get (a missing fact is UNKNOWN) and raises no KeyError, so the except '
        'branch is never entered'),
    "solver.sequence.x__value__mutmut_7": Equivalent(
        'found, missing = UNKNOWN, e.args[1]',
        'evaluate reads every name with values.get (a missing fact is UNKNOWN) and raises no KeyError, so the except '
        'branch is never entered'),
    "solver.sequence.x__value__mutmut_10": Equivalent(
        'missing = next((n for n in sorted(expr.names) if values.get(n, UNKNOWN) is UNKNOWN), None)',
        'an expression is UNKNOWN only when a fact it names is UNKNOWN or absent in values, so a missing name is '
        'always found and the default is never used'),
    "solver.sequence.x__value__mutmut_19": Equivalent(
        'missing = next((n for n in sorted(expr.names) if values.get(n, UNKNOWN) is UNKNOWN), "XXXX")',
        'an expression is UNKNOWN only when a fact it names is UNKNOWN or absent in values, so a missing name is '
        'always found and the default is never used'),
    "solver.sequence.x__allocate__mutmut_16": Equivalent(
        'for n in range(max(attacks) + 2):',
        'the loop always breaks at n == max(attacks), before the last value of either range'),
    "solver.sequence.x__allocate__mutmut_21": Equivalent(
        'for lane, count in zip(carried, vector, strict=None):',
        'vector always has one count per carried lane (built from zero, which has one per carried lane), so zip '
        'never sees lengths that differ'),
    "solver.sequence.x__allocate__mutmut_24": Equivalent(
        'for lane, count in zip(carried, vector, ):',
        'vector always has one count per carried lane (built from zero, which has one per carried lane), so zip '
        'never sees lengths that differ'),
    "solver.sequence.x__allocate__mutmut_25": Equivalent(
        'for lane, count in zip(carried, vector, strict=False):',
        'vector always has one count per carried lane (built from zero, which has one per carried lane), so zip '
        'never sees lengths that differ'),
    "solver.sequence.x__allocate__mutmut_78": Equivalent(
        'after = _one(after, damage[lane], None, models, wounds)',
        '_one only tests carry for truth (elif carry:), and None is false as False is'),
    "solver.sequence.x__one__mutmut_9": Equivalent(
        'lost = min(d, (models - k) * wounds + h)',
        "the cap on lost only binds when the damage reaches past the last model's wounds, and then the capped and "
        "the uncapped total both give the state (models, 0)"),
    "solver.sequence.x__one__mutmut_11": Equivalent(
        'lost = min(d, (models + k) * wounds - h)',
        "the cap on lost only binds when the damage reaches past the last model's wounds, and then the capped and "
        "the uncapped total both give the state (models, 0)"),
    "solver.sequence.x__one__mutmut_23": Equivalent(
        'state = (min(models, total // wounds), total % wounds if (total // wounds < models) or True else 0)',
        'lost is capped at the wounds left, so total is at most models * wounds: total // wounds reaches models only '
        'at total == models * wounds, where total % wounds is 0 as well'),
    "solver.sequence.x__one__mutmut_26": Equivalent(
        'state = (min(models, total // wounds), total % wounds if total // wounds <= models else 0)',
        'lost is capped at the wounds left, so total is at most models * wounds: total // wounds reaches models only '
        'at total == models * wounds, where total % wounds is 0 as well'),
    "solver.sequence.x__one__mutmut_25": Equivalent(
        'state = (min(models, total // wounds), total % wounds if total / wounds < models else 0)',
        'lost is capped at the wounds left, so total is a whole number of at most models * wounds, and for whole '
        'numbers total / wounds < models exactly when total // wounds < models'),
    "solver.space.sequence_diff.x_sequence_changes__mutmut_14": Equivalent(
        "own = coverage[name] = Coverage(deadline=None)",
        "nothing asks a sequence's coverage whether time ran out (sequence_diff never calls out_of_time, and "
        "diff_packs and `rulings diff` read only its reasons, count and exhaustive): its deadline is never read"),
    "solver.characteristics.x_searched_bases__mutmut_2": Equivalent("return BASES.get(style_of(q), None)",
                                                                    _EVERY_STYLE_HAS_BASES),
    "solver.characteristics.x_searched_bases__mutmut_4": Equivalent("return BASES.get(style_of(q), )",
                                                                    _EVERY_STYLE_HAS_BASES),
    "solver.characteristics.x_searched_bases__mutmut_6": Equivalent("return BASES.get(style_of(q), (2,))",
                                                                    _EVERY_STYLE_HAS_BASES),
    "solver.characteristics.x_group_weapons__mutmut_27": Equivalent(
        "odd = next(out for out, one in zip(outs, ones, strict=None) if one is None)", _ONE_EACH),
    "solver.characteristics.x_group_weapons__mutmut_30": Equivalent(
        "odd = next(out for out, one in zip(outs, ones, ) if one is None)", _ONE_EACH),
    "solver.characteristics.x_group_weapons__mutmut_31": Equivalent(
        "odd = next(out for out, one in zip(outs, ones, strict=False) if one is None)", _ONE_EACH),
    "solver.characteristics.x__dice__mutmut_87": Equivalent(
        "mean = sum((v * p for v, p in ordered.items()), )",
        "every chance is a Fraction, so the sum starting at the int 0 is the same Fraction as from Fraction(0)"),
    "solver.characteristics.x__written__mutmut_5": Equivalent(
        'sums = any(c in text.lstrip(None)[1:] for c in "+-")', _DICE_TEXT),
    "solver.characteristics.x__written__mutmut_6": Equivalent(
        'sums = any(c in text.rstrip("(")[1:] for c in "+-")', _DICE_TEXT),
    "solver.characteristics.x__written__mutmut_7": Equivalent(
        'sums = any(c in text.lstrip("XX(XX")[1:] for c in "+-")', _DICE_TEXT),
    "solver.characteristics.x__written__mutmut_8": Equivalent(
        'sums = any(c in text.lstrip("(")[2:] for c in "+-")', _DICE_TEXT),
    "solver.characteristics.x__written__mutmut_9": Equivalent(
        'sums = any(c in text.lstrip("(")[1:] for c in "XX+-XX")', _DICE_TEXT),
    "solver.characteristics.x__written__mutmut_16": Equivalent(
        'text = f"({text}) {change}" if change[0] in "XXx/XX" and sums else f"{text} {change}"', _DICE_TEXT),
    "solver.characteristics.x_group_weapons__mutmut_68": Equivalent(
        "mean = sum((v * p for v, p in ordered.items()), )",
        "every chance is a Fraction, so the sum starting at the int 0 is the same Fraction as from Fraction(0)"),
    "solver.characteristics.x_group_weapons__mutmut_137": Equivalent(
        "return replace(outs[1], value=next(iter(ordered)) if fixed else None,",
        "the fields of a weapon's outcome not written here (steps, modifier, chance, inert rules, assumptions) come "
        "from the same terms and limits for every weapon of one quantity in one situation: the first weapon's and "
        "the second's are the same"),
    "solver.space.sequence_diff.x__own_situations__mutmut_47": Equivalent(
        "yield {f: v for f, v in zip(names, values, strict=None) if v != new.facts[f].default}",
        "product gives one value for each name: the two always have the same length"),
    "solver.space.sequence_diff.x__own_situations__mutmut_50": Equivalent(
        "yield {f: v for f, v in zip(names, values, ) if v != new.facts[f].default}",
        "product gives one value for each name: the two always have the same length"),
    "solver.space.sequence_diff.x__own_situations__mutmut_51": Equivalent(
        "yield {f: v for f, v in zip(names, values, strict=False) if v != new.facts[f].default}",
        "product gives one value for each name: the two always have the same length"),
    "solver.space.sequence_diff.x__inputs__mutmut_43": Equivalent(
        'sides = int(str(q.dice).upper().rpartition("D")[2] or 6)',
        "a quantity's dice hold one D (the schema's pattern ^[1-9]?D(3|6)$), so the first D is the last"),
    "solver.space.sequence_diff.x__inputs__mutmut_49": Equivalent(
        'sides = int(str(q.dice).upper().partition("D")[2] or 7)',
        "a roll's dice (D6 unless given, else the schema's pattern ^[1-9]?D(3|6)$) always have sides after the D, "
        "so the fallback number is never used"),
    "solver.facts.x_derive_facts__mutmut_11": Equivalent(
        "given_derived = [n for n in given if pack.facts[n].derive is not None or n not in assumed]",
        "the values are the same: where no derived fact is given outside a case's assumptions, `defaults_apply` "
        "frees no input and keeps every base default except the given facts', which `values.update(given)` sets "
        "anyway (only the ('defaults', '') cache goes unstored, and the order of the dict's keys, which nothing "
        "reads, differs)"),
    "solver.facts.x_derive_facts__mutmut_20": Equivalent(
        "defaults = None",
        "the facts' defaults are a cache in the pack's index: a lookup that misses only works them out again, "
        "alike"),
    "solver.facts.x_derive_facts__mutmut_21": Equivalent(
        "defaults = pack.index.get(None)",
        "as above: the defaults are a cache, a lookup that misses works them out again, alike"),
    "solver.facts.x_derive_facts__mutmut_22": Equivalent(
        'defaults = pack.index.get(("XXdefaultsXX", ""))',
        "as above: the defaults are a cache, a lookup that misses works them out again, alike"),
    "solver.facts.x_derive_facts__mutmut_23": Equivalent(
        'defaults = pack.index.get(("DEFAULTS", ""))',
        "as above: the defaults are a cache, a lookup that misses works them out again, alike"),
    "solver.facts.x_derive_facts__mutmut_24": Equivalent(
        'defaults = pack.index.get(("defaults", "XXXX"))',
        "as above: the defaults are a cache, a lookup that misses works them out again, alike"),
    "solver.facts.x_derive_facts__mutmut_27": Equivalent(
        'defaults = pack.index["XXdefaultsXX", ""] = {n: f.default for n, f in pack.facts.items()',
        "the defaults are a cache: stored under a key no lookup reads, they are worked out again, alike, for each "
        "situation (solver.space.check copies the ('defaults', '') key only where present, so it then copies "
        "nothing, and its pack works them out too)"),
    "solver.facts.x_derive_facts__mutmut_28": Equivalent(
        'defaults = pack.index["DEFAULTS", ""] = {n: f.default for n, f in pack.facts.items()',
        "as above: the defaults are a cache, stored where no lookup reads them they are worked out again, alike"),
    "solver.facts.x_derive_facts__mutmut_29": Equivalent(
        'defaults = pack.index["defaults", "XXXX"] = {n: f.default for n, f in pack.facts.items()',
        "as above: the defaults are a cache, stored where no lookup reads them they are worked out again, alike"),
    "solver.space.sequence_diff.x__inputs__mutmut_4": Equivalent(
        "return witness.get(BASE, None) if name is not None and name == quantity else default",
        "a witness of the attacks or damage characteristic is only read here when the situation gives its base, "
        "and diff's witness of such a characteristic always holds the base it tried: the default is never used"),
    "solver.space.sequence_diff.x__inputs__mutmut_6": Equivalent(
        "return witness.get(BASE, ) if name is not None and name == quantity else default",
        "a witness of the attacks or damage characteristic is only read here when the situation gives its base, "
        "and diff's witness of such a characteristic always holds the base it tried: the default is never used"),
    "kb.folders.x_fingerprint__mutmut_14": Equivalent(
        "text = f.read(None)",
        "a file larger than the limit is refused from its size before it is read; one that grew since is refused "
        "after reading more than the limit, whether one byte more or all of it: the same None"),
    "kb.folders.x_fingerprint__mutmut_16": Equivalent(
        "text = f.read(limit + 2)",
        "a file larger than the limit is refused from its size before it is read; one that grew since is refused "
        "after reading more than the limit, whether one byte more or two: the same None"),
    "kb.cache.x_load__mutmut_40": Equivalent(
        "path.parent.mkdir(parents=True, exist_ok=True)",
        "the folder is made private (chmod 0700) right after it is made, whatever mode it was made with"),
    "kb.cache.x_load__mutmut_43": Equivalent(
        "path.parent.mkdir(mode=449, parents=True, exist_ok=True)",
        "the folder is made private (chmod 0700) right after it is made, whatever mode it was made with"),
    "kb.cache.x_load__mutmut_70": Equivalent(
        "out.write(pickle.dumps((key, pack), protocol=None))",
        "the cache is read back by the same Python: a pack pickled with its default protocol loads the same"),
    "kb.cache.x_load__mutmut_72": Equivalent(
        "out.write(pickle.dumps((key, pack), ))",
        "the cache is read back by the same Python: a pack pickled with its default protocol loads the same"),
    "explain.brief.x__reasons__mutmut_116": Equivalent(
        'if op in "XX+-XX" and each.startswith("-") and each[1:].isdigit():  # "+-1" each is -1 each',
        "a modifier's op is a single one of + - x / = (the schema and split_change see to it), and the only other "
        "single character in \"XX+-XX\" is a capital X, which no op is"),
    "explain.brief.x__reasons__mutmut_226": Equivalent(
        'for n in nodes if n.tag == "step" and _shown_step(n.claim, None)]',
        "`_shown_step` reads only the step's claim, never the ruling it is given"),
    "solver.situation.x__check_value__mutmut_4": Equivalent(
        'if kind == "XXboolXX" and isinstance(value, bool):',
        "`check_given` takes a true or false of a bool fact as it is before `_check_value` is asked: a bool fact's "
        "value that reaches it is never a bool"),
    "solver.situation.x__check_value__mutmut_5": Equivalent(
        'if kind == "BOOL" and isinstance(value, bool):',
        "`check_given` takes a true or false of a bool fact as it is before `_check_value` is asked: a bool fact's "
        "value that reaches it is never a bool"),
    "solver.situation.x__check_value__mutmut_15": Equivalent(
        "if not low < value <= high:",
        "`check_given` takes a whole number within an int fact's range as it is before `_check_value` is asked: "
        "one that reaches it is out of range, never at either end"),
    "solver.situation.x__check_value__mutmut_16": Equivalent(
        "if not low <= value < high:",
        "`check_given` takes a whole number within an int fact's range as it is before `_check_value` is asked: "
        "one that reaches it is out of range, never at either end"),
    "solver.space.sequence_find.x_find_sequence__mutmut_23": Equivalent(
        "resolved = None",
        "resolved is only read as `not resolved`, and None is falsy as False is"),
    "solver.space.sequence_find.x_find_sequence__mutmut_45": Equivalent(
        "if any(found < items for found in seen):",
        "situations never yields the same assignment twice (and fixed facts are in every one), so a set found "
        "earlier is never equal to a later situation's and `<=` and `<` agree"),
    "solver.space.sequence_find.x_find_sequence__mutmut_77": Equivalent(
        "return [_shown(f, None) for f in condense(pack, [(g, _Brief(r)) for g, r in minimal])]",
        "_shown never reads its `minimal` argument"),
    "rulings.web.graph.x_box_width__mutmut_6": Equivalent(
        'longest = max((len(n) for n in names), default=1)',
        ('the default longest length (1 instead of 0, used only when there are no names) gives 1 * 7.2 + 16 = '
         '23.2, below BOX_WIDTH 190, so the box is BOX_WIDTH either way')),
    "rulings.web.graph.x_box_width__mutmut_18": Equivalent(
        'return max(BOX_WIDTH, round(longest * CHAR_WIDTH + 16, 2))',
        ('longest * 7.2 + 16 is a whole number of tenths (a multiple of 0.2) up to float noise far below 0.005'
         ' (checked for every length up to 2,000,000), so rounding it to 2 places gives the same float as '
         'rounding to 1')),
    "rulings.web.graph.x_graph_svg__mutmut_77": Equivalent(
        'for a, b, roles in graph.edges(data="roles", default=None):',
        ("the edges' default roles (None instead of ()) is never used: kb.graph._link gives every edge of "
         'dependency_graph its roles')),
    "rulings.web.graph.x_graph_svg__mutmut_79": Equivalent(
        'for a, b, roles in graph.edges(data="roles", ):',
        ('dropping default=() makes the default None, never used: kb.graph._link gives every edge of '
         'dependency_graph its roles')),
    "rulings.web.graph.x_drawn__mutmut_63": Equivalent(
        'text = text[text.rindex("<svg"):]  # inline in a page: no XML prolog or doctype',
        ("Graphviz's SVG has one '<svg' (its root): the doctype says '<!DOCTYPE svg' and every label, title "
         'and comment is XML-escaped (&lt;svg), so rindex finds what index finds')),
    "rulings.web.graph.x_drawn__mutmut_75": Equivalent(
        'f\'{escape(pack.name)}" \', 2)',
        ("Graphviz's SVG (prolog cut) has one '<svg ' (its root); every label, title and comment is XML-"
         'escaped, so replacing at most 2 replaces the same one')),
    "rulings.web.graph.x_drawn__mutmut_71": Equivalent(
        'f\'{escape(pack.name)}" \', )',
        ("Graphviz's SVG (prolog cut) has one '<svg ' (its root); every label, title and comment is XML-"
         'escaped, so replacing every occurrence replaces the same one')),
    "rulings.api.x_find__mutmut_50": Equivalent(
        'return json.loads(json.dumps(find_json(loaded, args, found, coverage), default=None))',
        ('default=str is never consulted for inputs the signature admits: find_json holds only '
         'str/int/bool/None and lists (given values are normalised by check_given to bool, int, a pack enum '
         'string - the loader reads enum values as strings - or a keywords frozenset made a sorted list; '
         'ranges are tuples made lists; displays, reasons and names are str; where is str, max_facts int or '
         'None), so json.dumps never meets an unserialisable object; only a non-str where (a parsed Expr or a '
         'callable, outside the str type) would tell')),
    "rulings.api.x_find__mutmut_52": Equivalent(
        'return json.loads(json.dumps(find_json(loaded, args, found, coverage), ))',
        ('dropping default=str is the same as default=None: find_json holds only JSON-native values '
         '(str/int/bool/None, lists; keywords sorted, ranges listed, enum values read as strings) for every '
         'input of the documented types, so the default hook is never called; only a non-str where outside the'
         ' signature would tell')),
    "rulings.faq.x_run_faq__mutmut_32": Equivalent(
        "sequences = sequence_faq(pack, None, chosen)",
        "sequence_faq then asks faq(pack) itself: the same questions, their situations without the readings stated; "
        "the sequence questions read only each entry's quantity, what it shows and its given facts (`_facts_only` "
        "takes a situation stating readings as one of facts alone), and state the chosen readings themselves "
        "(`_stating`): the same questions, only slower"),
    "rulings.faq.x_run_why_not__mutmut_42": Equivalent(
        'print(json.dumps(why_not_json(result, commands), ensure_ascii=None, default=str))',
        ('ensure_ascii=None is falsy, so json.dumps writes non-ASCII as it is, exactly as with '
         'ensure_ascii=False')),
    "rulings.faq.x_run_why_not__mutmut_43": Equivalent(
        'print(json.dumps(why_not_json(result, commands), ensure_ascii=False, default=None))',
        ('default=str is never called: why_not_json holds only str, int, bool, None, lists and dicts '
         '(json_value turns keyword sets into lists; the pack loader keeps YAML dates and the like as strings)')),
    "rulings.faq.x_run_why_not__mutmut_46": Equivalent(
        'print(json.dumps(why_not_json(result, commands), ensure_ascii=False, ))',
        ('default=str is never called: why_not_json holds only str, int, bool, None, lists and dicts '
         '(json_value turns keyword sets into lists; the pack loader keeps YAML dates and the like as strings)')),
    "rulings.faq.x_run_why_not__mutmut_107": Equivalent(
        'for change, command in zip(result.changes, commands, strict=None):',
        ('commands is built with one replay per change of result.changes, so zip never meets lists of '
         'different lengths and strict changes nothing')),
    "rulings.faq.x_run_why_not__mutmut_110": Equivalent(
        'for change, command in zip(result.changes, commands, ):',
        ('commands is built with one replay per change of result.changes, so zip never meets lists of '
         'different lengths and strict changes nothing')),
    "rulings.faq.x_run_why_not__mutmut_111": Equivalent(
        'for change, command in zip(result.changes, commands, strict=False):',
        ('commands is built with one replay per change of result.changes, so zip never meets lists of '
         'different lengths and strict changes nothing')),
    "rulings.faq.x_why_not_json__mutmut_26": Equivalent(
        '"values": {n: list(v) if (isinstance(v, tuple)) and False else json_value(v) for n, v in c.ranges},',
        ('a range then stays a tuple instead of a list, and json.dumps (the only consumer: run_why_not) writes'
         ' a tuple exactly as a list')),
    "rulings.faq.x_why_not_json__mutmut_36": Equivalent(
        'for c, cmd in zip(result.changes, commands, strict=None)]}',
        ('run_why_not passes one replay command per change, so zip never meets lists of different lengths and '
         'strict changes nothing')),
    "rulings.faq.x_why_not_json__mutmut_39": Equivalent(
        'for c, cmd in zip(result.changes, commands, )]}',
        ('run_why_not passes one replay command per change, so zip never meets lists of different lengths and '
         'strict changes nothing')),
    "rulings.faq.x_why_not_json__mutmut_40": Equivalent(
        'for c, cmd in zip(result.changes, commands, strict=False)]}',
        ('run_why_not passes one replay command per change, so zip never meets lists of different lengths and '
         'strict changes nothing')),
    "rulings.faq.x_run_find__mutmut_33": Equivalent(
        'print(json.dumps(find_json(pack, args, found, coverage), ensure_ascii=None, default=str))',
        ('ensure_ascii=None is falsy, so json.dumps writes non-ASCII as it is, exactly as with '
         'ensure_ascii=False')),
    "rulings.faq.x_run_find__mutmut_34": Equivalent(
        'print(json.dumps(find_json(pack, args, found, coverage), ensure_ascii=False, default=None))',
        ('default=str is never called: find_json holds only str, int, bool, lists and dicts (ranges become '
         "lists, keyword sets lists through json_value, the coverage's figures are ints and strings)")),
    "rulings.faq.x_run_find__mutmut_37": Equivalent(
        'print(json.dumps(find_json(pack, args, found, coverage), ensure_ascii=False, ))',
        ('default=str is never called: find_json holds only str, int, bool, lists and dicts (ranges become '
         "lists, keyword sets lists through json_value, the coverage's figures are ints and strings)")),
    "rulings.faq.x_find_json__mutmut_10": Equivalent(
        '**(coverage.as_json() if (coverage) or True else {}), "situations": [',
        ("find_json's only caller, run_find, always passes its Coverage object (always truthy), so `coverage "
         'or True` takes the same branch')),
    "rulings.faq.x_find_json__mutmut_15": Equivalent(
        '{"given": {n: (list(v) if (isinstance(v, tuple)) and False else json_value(v)) for n, v in f.given},',
        ('a range then stays a tuple instead of a list, and json.dumps (the only consumer: run_find) writes a '
         'tuple exactly as a list')),
    "rulings.faq.x_run_faq__mutmut_46": Equivalent(
        'suffix = (args.out or "").lower().rsplit(".", )[-1]',
        "rsplit('.') and rsplit('.', 1) end in the same last piece, and only [-1] is read"),
    "rulings.faq.x_run_faq__mutmut_52": Equivalent(
        'suffix = (args.out or "").lower().rsplit(".", 2)[-1]',
        "rsplit('.', 2) and rsplit('.', 1) end in the same last piece, and only [-1] is read"),
    "rulings.faq.x_run_faq__mutmut_50": Equivalent(
        'suffix = (args.out or "XXXX").lower().rsplit(".", 1)[-1]',
        ("with no --out the suffix becomes 'xxxx' instead of '', and neither is html, htm or json: both give "
         'markdown')),
    "rulings.faq.x_run_faq__mutmut_58": Equivalent(
        'form = args.format or {"html": "html", "htm": "html", "json": "json"}.get(suffix, None)',
        ("an unknown suffix gives form None instead of 'markdown'; None is neither 'json' nor 'html', so the "
         'same markdown branch runs')),
    "rulings.faq.x_run_faq__mutmut_60": Equivalent(
        'form = args.format or {"html": "html", "htm": "html", "json": "json"}.get(suffix, )',
        ("an unknown suffix gives form None instead of 'markdown'; None is neither 'json' nor 'html', so the "
         'same markdown branch runs')),
    "rulings.faq.x_run_faq__mutmut_73": Equivalent(
        'form = args.format or {"html": "html", "htm": "html", "json": "json"}.get(suffix, "XXmarkdownXX")',
        ("the default form is only compared with 'json' and 'html': 'XXmarkdownXX' takes the same markdown "
         'branch')),
    "rulings.faq.x_run_faq__mutmut_74": Equivalent(
        'form = args.format or {"html": "html", "htm": "html", "json": "json"}.get(suffix, "MARKDOWN")',
        "the default form is only compared with 'json' and 'html': 'MARKDOWN' takes the same markdown branch"),
    "rulings.faq.x_run_faq__mutmut_88": Equivalent(
        ('text = json.dumps(faq_json(pack, entries, named, sequences), ensure_ascii=None, indent=1, '
         'default=str) + "\\n"'),
        ('ensure_ascii=None is falsy, so json.dumps writes non-ASCII as it is, exactly as with '
         'ensure_ascii=False')),
    "rulings.faq.x_run_faq__mutmut_90": Equivalent(
        ('text = json.dumps(faq_json(pack, entries, named, sequences), ensure_ascii=False, indent=1,'
         ' default=None) + "\\n"'),
        ('default=str is never called: faq_json holds only JSON values (pack data comes from the loader with '
         'its scalars as str, int and bool; rulings through ruling_json); checked with a strict json.dumps '
         'over the three built-in FAQs and a pack whose values look like YAML dates')),
    "rulings.faq.x_run_faq__mutmut_94": Equivalent(
        'text = json.dumps(faq_json(pack, entries, named, sequences), ensure_ascii=False, indent=1, ) + "\\n"',
        ('default=str is never called: faq_json holds only JSON values (pack data comes from the loader with '
         'its scalars as str, int and bool; rulings through ruling_json); checked with a strict json.dumps '
         'over the three built-in FAQs and a pack whose values look like YAML dates')),
    "rulings.faq.x_run_faq__mutmut_140": Equivalent(
        'with open(args.out, "w", encoding="UTF-8") as f:',
        "codec names are case-insensitive: 'UTF-8' and 'utf-8' are the same codec"),
    "solver.ruling.x_adhoc_modifiers__mutmut_24": Equivalent(
        'if op not in "XX=x+/-XX" or not (written or whole):',
        ("the only operation the longer string lets through besides the five is 'X', and split_change keeps "
         "such a change whole as its amount ('X2'): not whole (the -?[0-9]{1,18} match fails) and not written "
         "(only '=' writes a value), so the second test refuses it all the same, with the same message (the "
         'old x_adhoc_modifiers__mutmut_20 entry, renumbered)')),
    "solver.ruling.x_adhoc_modifiers__mutmut_50": Equivalent(
        'out.append(Modifier(effect.name, None, op, value, _effect_expr(True),',
        ("an ad-hoc modifier is made for the one ruling being decided and is never among the pack's modifiers:"
         ' nothing reads its quantities (settle, choose, the arithmetic and the explanation go by its name, '
         'term, condition, place, text and adhoc mark) (the old x_adhoc_modifiers__mutmut_49 entry, '
         'renumbered)')),
    "solver.ruling.x_conclude__mutmut_24": Equivalent(
        'terms = {m.name: constant.get(None) or _term(m, values) for m in holding}  # (no effect is named as a rule)',
        ('constant.get(None) is always None, so every term is worked out as _term(m, values): for a planned '
         'rule (amount and per read no fact) that is the same Term the plan holds, so only slower (as '
         'x_conclude__mutmut_25)')),
    "solver.ruling.x_conclude__mutmut_41": Equivalent(
        'bites = conflicts(policies, names, lambda r: abs(terms[r].signed)) if (plan.settles) or True else []',
        ('plan.settles is False only when no exclusive group or override is among the policies in force under '
         'the reading, and conflicts() finds conflicts only for those two kinds: looking for them anyway gives'
         ' [], the same as not looking')),
    "solver.ruling.x_conclude__mutmut_58": Equivalent(
        'if sum(terms[r].op == "=" for r in counting) >= 1:  # two sets to different values: no ruling',
        ('with a single set among the rules that count, _refuse_unsettled is called too, but unsettled_sets '
         'compares every set after the first with the first: one set compares with nothing and raises nothing,'
         ' so the same ruling follows')),
    "solver.ruling.x_conclude__mutmut_164": Equivalent(
        'choice = _choice(q, policies, counting, result, situation, terms) if (plan.chooses) or True else None',
        ('plan.chooses is False only when no choice policy is among the policies in force under the reading, '
         'and the policies a situation keeps are some of those: _choice finds no chooser among them and gives '
         'None, the same as not asking it')),
    "solver.ruling.x_conclude__mutmut_200": Equivalent(
        'by_name = {m.name: m for m in modifiers} if (q.effects) or True else plan.by_name',
        ("for a quantity that takes no effects, `modifiers` is the plan's own modifiers in both callers "
         '(decide; solver.compiled passes self.plan.modifiers), and plan.by_name is the same name-to-rule '
         'mapping of them (built so by _plan, and kept so by plans_when_changed): building it again gives the '
         'same lookups')),
    "solver.ruling.x_conclude__mutmut_207": Equivalent(
        ('applied = tuple(said.get(None) or Applied(r, terms[r].change, by_name[r].text, '
         '_rule_cite(pack, by_name[r], values))'),
        ("said.get(None) is always None, so every Applied is worked out afresh, the same as the plan's for a "
         'planned rule (as x_conclude__mutmut_206)')),
    "solver.ruling.x__term__mutmut_43": Equivalent(
        'return Term(m.name, m.op, amount if (isinstance(amount, int)) and False else Fraction(amount))',
        ('a whole amount made Fraction(n) instead of n reads alike everywhere a Term is read: its change (_num'
         ' writes the numerator of a whole Fraction), its signed strength (Fraction(n) == n, same order and '
         "hash), a set's text (str(Fraction(3)) is '3'), and the arithmetic, which works in fractions and "
         'gives back whole results as int (rounded() is math.floor/ceil; caps and clamps likewise): every '
         'ruling and its JSON come out the same (compared whole for pools, rolls, scores, characteristics with'
         ' dice, weapons, x2, /2 and per)')),
    "rulings.web.app.x__body__mutmut_8": Equivalent(
        'declared = request.headers.get("CONTENT-LENGTH", "")',
        "Starlette's request headers are read case-insensitively: CONTENT-LENGTH finds the same header"),
    "rulings.web.app.x__body__mutmut_9": Equivalent(
        'declared = request.headers.get("content-length", "XXXX")',
        ("the default is read only through isdigit(): 'XXXX' is no more digits than '', so a request without "
         'the header streams alike')),
    "rulings.web.app.x_create_app__mutmut_37": Equivalent(
        'body = quick.encode("UTF-8")',
        "quick.encode('UTF-8') vs 'utf-8': the same codec, the same bytes"),
    "rulings.web.app.x_create_app__mutmut_86": Equivalent(
        'page = (STATIC / "explorer.html").read_text(encoding="UTF-8")',
        "read_text(encoding='UTF-8') vs 'utf-8': the same codec, the same page"),
    "rulings.web.app.x_create_app__mutmut_97": Equivalent(
        'return HTMLResponse(pages.named(page, _headline(request)), headers={"cache-control": "no-cache"})',
        "Starlette lowercases header names it sends: 'cache-control' goes out byte for byte the same"),
    "rulings.web.app.x_create_app__mutmut_98": Equivalent(
        'return HTMLResponse(pages.named(page, _headline(request)), headers={"CACHE-CONTROL": "no-cache"})',
        "Starlette lowercases header names it sends: 'CACHE-CONTROL' goes out byte for byte the same"),
    "rulings.web.app.x_create_app__mutmut_110": Equivalent(
        'return str(api.brief_answer(packs, api.arguments(request))["text"]).split("\\n", )[0]',
        "str.split('\\n')[0] is split('\\n', 1)[0]: the first line either way"),
    "rulings.web.app.x_create_app__mutmut_121": Equivalent(
        'return str(api.brief_answer(packs, api.arguments(request))["text"]).split("\\n", 2)[0]',
        "str.split('\\n', 2)[0] is split('\\n', 1)[0]: the first line either way"),
    "rulings.web.app.x_create_app__mutmut_184": Equivalent(
        'Route("/favicon.ico", lambda request: FileResponse(STATIC / "favicon.svg", media_type=None)),', _GUESSED),
    "rulings.web.app.x_create_app__mutmut_186": Equivalent(
        'Route("/favicon.ico", lambda request: FileResponse(STATIC / "favicon.svg", )),', _GUESSED),
    "rulings.web.app.x_create_app__mutmut_327": Equivalent(
        'Route("/api/check/{pack}", check, methods=["post"]),',
        "Starlette upper-cases a route's methods: ['post'] is ['POST']"),
    "rulings.web.app.x_create_app__mutmut_330": Equivalent(
        'Mount("/static", StaticFiles(directory=STATIC), name=None),', _UNNAMED),
    "rulings.web.app.x_create_app__mutmut_333": Equivalent(
        'Mount("/static", StaticFiles(directory=STATIC), ),', _UNNAMED),
    "rulings.web.app.x_create_app__mutmut_337": Equivalent(
        'Mount("/static", StaticFiles(directory=STATIC), name="XXstaticXX"),', _UNNAMED),
    "rulings.web.app.x_create_app__mutmut_338": Equivalent(
        'Mount("/static", StaticFiles(directory=STATIC), name="STATIC"),', _UNNAMED),
    "rulings.web.app.x__not_found__mutmut_4": Equivalent('status = getattr(exc, "status_code", None)', _ONLY_HTTP),
    "rulings.web.app.x__not_found__mutmut_7": Equivalent('status = getattr(exc, "status_code", )', _ONLY_HTTP),
    "rulings.web.app.x__not_found__mutmut_10": Equivalent('status = getattr(exc, "status_code", 405)', _ONLY_HTTP),
    "rulings.web.app.x__not_found__mutmut_26": Equivalent(
        'return _error(request, "nothing is served here" if status == 404 else str(getattr(exc, "detail", None)), '
        'status)', _ONLY_HTTP),
    "rulings.web.app.x__not_found__mutmut_29": Equivalent(
        'return _error(request, "nothing is served here" if status == 404 else str(getattr(exc, "detail", )), '
        'status)', _ONLY_HTTP),
    "rulings.web.app.x__not_found__mutmut_32": Equivalent(
        'return _error(request, "nothing is served here" if status == 404 else str(getattr(exc, "detail", "XXXX")), '
        'status)', _ONLY_HTTP),
    "rulings.web.app.xǁAnswerǁrender__mutmut_4": Equivalent(
        'return _ENCODE(content).encode("UTF-8")',
        "'UTF-8' and 'utf-8' name the same codec for str.encode"),
}
"""Mutants checked by hand and found equivalent, by mutmut's name.

``line`` is the mutated line as ``mutmut show`` prints it after ``+``; when the
code moves and the name points at another change, the entry is stale."""


def module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def prepare(workdir: Path, fresh: bool) -> None:
    """A folder that looks like the project to mutmut: the packages, tests and settings linked in."""
    if fresh and workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    for name in (*PACKAGES, "tests", "docs", "tools", ".ci", "README.md", "pyproject.toml"):
        link = workdir / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    refresh(workdir / "mutants")


def refresh(mutants: Path) -> None:
    """Bring the copy up to date where mutmut would not: a pack or schema changed, a file removed.

    mutmut copies a package's other files only when they are missing, and never
    removes one; each Python file it copies (or mutates) again itself. It maps the
    tests to the functions they reach once (`mutmut-stats.json`), and again only for
    tests with new names: a function added since would have "no tests", so the map
    is made again whenever a package's or a test's source is newer than it.
    """
    stats = mutants / "mutmut-stats.json"
    if stats.is_file():
        made = stats.stat().st_mtime
        if any(f.stat().st_mtime > made for name in (*PACKAGES, "tests") for f in (ROOT / name).rglob("*.py")):
            stats.unlink()
    for package in PACKAGES:
        copy = mutants / package
        if not copy.is_dir():
            continue
        for file in sorted(copy.rglob("*")):
            if not file.is_file() or "__pycache__" in file.parts or file.suffix == ".meta":
                continue
            source = ROOT / file.relative_to(mutants)
            if not source.is_file():
                file.unlink()
            elif file.suffix != ".py" and source.read_bytes() != file.read_bytes():
                shutil.copy2(source, file)


PRELOAD = ("pytest", "hypothesis", "_hypothesis_pytestplugin", "networkx", "jsonschema", "yaml", "constraint",
           "inflect", "tqdm", "starlette.applications", "starlette.testclient", "httpx")
"""What the fork server imports once before it forks a process per mutant: other people's code only, so every
mutant's process still imports (and runs the module-level code of) the project's own packages afresh."""


def run_mutmut(workdir: Path, module: str, tests: list[str], jobs: int, names: list[str] | None = None) -> int:
    """Run mutmut in `workdir` on `module` alone, with `tests` as the tests to choose from.

    With `names`, only those mutants are tested (again, whatever their last result)."""
    (workdir / "preload.txt").write_text("\n".join(PRELOAD) + "\n", encoding="utf-8")
    code = (
        "import sys\n"
        "from mutmut.configuration import ForkServerWarmup, config\n"
        "cfg = config()\n"
        f"cfg.only_mutate = [{module!r}]\n"
        f"cfg.pytest_add_cli_args_test_selection = {tests!r}\n"
        "cfg.forkserver_warmup = ForkServerWarmup.IMPORT\n"
        "cfg.preload_modules_file = 'preload.txt'\n"
        "from mutmut.__main__ import cli\n"
        f"sys.argv = ['mutmut', 'run', '--max-children', '{jobs}', *{names or []!r}]\n"
        "cli()\n"
    )
    # A loaded pack is kept between runs only where the mutant cannot change loading (kb is loaded by kb alone).
    cache = os.devnull + "/no-pack-cache" if module.startswith("kb/") else str(workdir / "pack-cache")
    env = dict(os.environ, RULINGS_CACHE=cache, RULINGS_TEST_CACHE=cache, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-c", code], cwd=workdir, env=env, check=False).returncode


# 2 is pytest's "interrupted": with the mutant in place the tests could not even be collected (an import that
# raises), since nobody interrupts these unattended runs (stopping the tool stops mutmut: unfinished checks stay
# unchecked); mutmut itself calls it "interrupted by user" and leaves it out of the caught.
STATUS = {1: "killed", 2: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
          36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout", None: "not checked"}
CAUGHT = {"killed", "timeout"}


RECORD = ROOT / "tools" / "mutation-record.json"
"""Each module's last run, kept with the project (the work folders are temporary): the hash of the source it ran
on, its figures and the names of the mutants left. `--packages` reads this, so a score outlives the machine."""


def source_hash(module: str) -> str:
    return hashlib.sha256((ROOT / module).read_bytes()).hexdigest()


def record(module: str, figures: dict[str, object]) -> None:
    """Keep `module`'s figures in `RECORD`, against the hash of its source now."""
    kept = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.is_file() else {}
    kept[module] = {"source": source_hash(module), **figures}
    RECORD.write_text(json.dumps(dict(sorted(kept.items())), indent=1) + "\n", encoding="utf-8")


def results(workdir: Path, module: str) -> dict[str, str]:
    meta = workdir / "mutants" / (module + ".meta")
    data = json.loads(meta.read_text(encoding="utf-8"))
    return {name: STATUS.get(code, "suspicious") for name, code in data["exit_code_by_key"].items()}


def diff(workdir: Path, name: str) -> str:
    """`mutmut show NAME`: the mutant's diff against the original function."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=workdir, capture_output=True,
                         text=True, check=False)
    return out.stdout.split("\n", 1)[-1]


def added_lines(patch: str) -> list[str]:
    return [line[1:].strip() for line in patch.splitlines() if line.startswith("+") and not line.startswith("+++")]


def equivalents_table(prefix: str = "") -> str:
    """`EQUIVALENT` (the entries whose mutant name starts with `prefix`) as a Markdown table."""
    rows = ["| mutant | mutated line | why it is equivalent |", "| --- | --- | --- |"]
    for name, known in EQUIVALENT.items():
        if name.startswith(prefix):
            line, why = (text.replace("|", "\\|") for text in (known.line.strip(), known.why))
            rows.append(f"| `{name}` | `{line}` | {why} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("module", nargs="?", help="a module's path, e.g. solver/rolls.py")
    parser.add_argument("--tests", nargs="+", help="the tests to run (default: the module's fast tests)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--workdir", type=Path, help="where mutmut works (default: under the temporary folder)")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results and test every mutant again")
    parser.add_argument("--recheck", action="store_true",
                        help="test the last run's survivors again (after adding tests: mutmut keeps a verdict "
                             "until the function changes)")
    parser.add_argument("--mutants", nargs="+", metavar="NAME",
                        help="test only these mutants again (names as the report prints them), then report")
    parser.add_argument("--show", action="store_true", help="print each survivor's diff")
    parser.add_argument("--report", action="store_true", help="print the last run's score without running")
    parser.add_argument("--list", action="store_true", help="list the modules with fast tests, and stop")
    parser.add_argument("--packages", action="store_true",
                        help="print each package's score over its modules' recorded last runs "
                             "(tools/mutation-record.json), and the modules not run")
    parser.add_argument("--stale", action="store_true",
                        help="run every module not run on its current source (as recorded), smallest first, "
                             "then print the packages' scores")
    parser.add_argument("--equivalents", action="store_true",
                        help="list the equivalent mutants (of MODULE, or all) with their line and why, and stop")
    args = parser.parse_args(argv)

    if args.equivalents:
        print(equivalents_table(module_name(args.module) + "." if args.module else ""))
        return 0

    if args.packages:
        return package_scores()

    if args.stale:
        return run_stale(args)

    if args.list or not args.module:
        for module, tests in FAST_TESTS.items():
            print(module)
            for test in tests:
                print("   ", test, "" if (ROOT / test).exists() else "(not there yet)")
        return 0 if args.list else 2

    module = Path(args.module).as_posix().removeprefix("./")
    if module.split("/")[0] not in PACKAGES or not (ROOT / module).is_file():
        parser.error(f"{module}: not a module of {', '.join(PACKAGES)}")
    tests = args.tests or fast_tests(module)
    if not tests:
        parser.error(f"{module}: no fast tests known; name them with --tests")
    return mutate(module, tests, args)


def fast_tests(module: str) -> list[str]:
    return [test for test in FAST_TESTS.get(module, ()) if (ROOT / test).exists()]


def mutate(module: str, tests: list[str], args: argparse.Namespace) -> int:
    """Run (unless `args.report`) and report one module, as the command line's options say."""
    workdir = args.workdir or Path(tempfile.gettempdir()) / "rulings-mutants" / module.replace("/", "-")
    if not args.report:
        prepare(workdir, args.fresh)
        code = run_mutmut(workdir, module, tests, args.jobs, args.mutants)
        left = [m for m, s in results(workdir, module).items() if s not in CAUGHT and m not in EQUIVALENT]
        if not code and args.recheck and left and not args.mutants:
            code = run_mutmut(workdir, module, tests, args.jobs, left)
        meta = workdir / "mutants" / (module + ".meta")
        if code and not (meta.is_file() and not results(workdir, module)):  # none to make: mutmut stops, and so
            print(f"mutmut stopped with exit code {code}", file=sys.stderr)  # the module is recorded with none
            return code

    return report(workdir, module, show=args.show)


def run_stale(args: argparse.Namespace) -> int:
    """Run, one after another, every module whose recorded run is missing or was on another source (smallest
    first), then print the packages' scores; a module with no fast tests is named and passed over."""
    kept = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.is_file() else {}
    stale = [module for package in PACKAGES for module in modules(package)
             if kept.get(module, {}).get("source") != source_hash(module)]
    for module in sorted(stale, key=lambda module: (ROOT / module).stat().st_size):
        tests = fast_tests(module)
        if not tests:
            print(f"{module}: no fast tests known (FAST_TESTS): not run", file=sys.stderr)
            continue
        print(f"\n== {module}", flush=True)
        mutate(module, tests, args)
    return package_scores()


def modules(package: str) -> list[str]:
    """The package's modules that mutmut has something to mutate in (a function)."""
    return [file.relative_to(ROOT).as_posix() for file in sorted((ROOT / package).rglob("*.py"))
            if "def " in file.read_text(encoding="utf-8")]


def package_scores() -> int:
    """Print each package's score over the recorded last runs of its modules (`RECORD`), and the modules never
    run, run in part or changed since their run; 1 while a package is under 90% or not wholly run.

    The score counts the mutants checked: caught over checked less equivalent."""
    kept = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.is_file() else {}
    missing = False
    print("| package | modules run | mutants | not checked | caught | equivalent | left | score |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    notes: list[str] = []
    for package in PACKAGES:
        totals, run, count = dict.fromkeys(("mutants", "not_checked", "caught", "equivalent"), 0), 0, 0
        for module in modules(package):
            count += 1
            figures = kept.get(module)
            if figures is None:
                notes.append(f"{module}: never run")
                continue
            if figures["source"] != source_hash(module):
                notes.append(f"{module}: changed since its last run (its figures are that run's)")
            else:
                run += 1
            if figures["not_checked"]:
                notes.append(f"{module}: {figures['not_checked']} of {figures['mutants']} mutants not checked yet")
            for key in totals:
                totals[key] += figures[key]
        counted = totals["mutants"] - totals["not_checked"] - totals["equivalent"]
        score = 100.0 * totals["caught"] / counted if counted else 100.0
        missing |= score < 90 or run < count or totals["not_checked"] > 0
        print(f"| {package} | {run} of {count} | {totals['mutants']} | {totals['not_checked']} | "
              f"{totals['caught']} | {totals['equivalent']} | {counted - totals['caught']} | {score:.1f}% |")
    for note in notes:
        print(f"- {note}")
    return 1 if missing else 0


def report(workdir: Path, module: str, *, show: bool = False) -> int:
    """Print the last run's score and its survivors (with their diffs when `show`); 1 while any is left."""
    status = results(workdir, module)
    name = module_name(module)
    equivalent, stale, survivors = [], [], []
    for mutant, state in sorted(status.items(), key=lambda item: int(item[0].rsplit("_", 1)[-1])):
        if state in CAUGHT:
            continue
        known = EQUIVALENT.get(mutant)
        if known is not None:
            if known.line in added_lines(diff(workdir, mutant)):
                equivalent.append(mutant)
                continue
            stale.append(mutant)
        survivors.append((mutant, state))
    counted = len(status) - len(equivalent)
    caught = sum(state in CAUGHT for state in status.values())
    score = 100.0 * caught / counted if counted else 100.0
    unchecked = sum(state == "not checked" for state in status.values())
    if (ROOT / module).stat().st_mtime <= (workdir / "mutants" / (module + ".meta")).stat().st_mtime:
        record(module, {"mutants": len(status), "not_checked": unchecked, "caught": caught,
                        "equivalent": len(equivalent), "left": [mutant for mutant, _ in survivors]})
    else:
        print(f"{module} changed since this run: its figures are not recorded (run it again)")
    print(f"\n{name}: {len(status)} mutants, {caught} caught, {len(equivalent)} equivalent, "
          f"{len(survivors)} left: score {score:.1f}% ({caught}/{counted})")
    for mutant, state in survivors:
        print(f"  {state}: {mutant}" + ("  (stale equivalent entry: check it again)" if mutant in stale else ""))
        if show:
            print("    " + diff(workdir, mutant).strip().replace("\n", "\n    "))
    print(f"(mutmut's own view: cd {workdir} && mutmut browse)")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
