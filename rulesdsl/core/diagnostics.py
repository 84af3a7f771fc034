"""Every diagnostic code rulesdsl emits, declared once: code, severity and title.

A ``Diagnostic`` (errors.py) or an expression error with a code not declared here is a
bug, refused when it is made; a Diagnostic takes its severity from here.
docs/diagnostics.md explains each code with a bad example and the fix, in the same order;
tests/test_docs_diagnostics.py checks the two against each other (every declared code
documented, a warning there starts with "Warning:") and that every code written in
rulesdsl/ is declared. Codes are stable: a code never changes meaning; new problems get
new codes.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class Code:
    code: str
    severity: str  # ERROR or WARNING
    title: str  # what went wrong, in a few words


_DECLARED = (
    # reading the file
    ("Y001", ERROR, "YAML syntax error"),
    ("Y002", ERROR, "the file is not UTF-8 text"),
    ("Y003", ERROR, "the file cannot be read"),
    ("Y007", ERROR, "not a regular file"),
    ("Y008", ERROR, "the file is too large"),
    ("Y004", ERROR, "too many values (aliases expanded)"),
    ("Y005", ERROR, "a key that is not a plain name, or a merge key"),
    ("Y006", ERROR, "a key given twice"),
    # extends
    ("X701", ERROR, "extends cycle"),
    ("X702", ERROR, "extends chain too long"),
    ("X703", ERROR, "the parent named by extends does not exist"),
    ("X704", ERROR, "extends gives an absolute path"),
    ("X705", ERROR, "extends leads out of the file's folder"),
    # structure
    ("S100", ERROR, "the file does not describe a variant"),
    ("S101", ERROR, "unknown key"),
    ("S102", ERROR, "a required key is missing"),
    ("S103", ERROR, "a value of the wrong kind"),
    ("S104", ERROR, "a number or size out of range"),
    ("S105", ERROR, "not one of the allowed words"),
    ("S106", ERROR, "a name that cannot be used in expressions"),
    ("S107", ERROR, "an entry of several kinds at once, or none"),
    ("S108", ERROR, "a name too long"),
    ("S110", ERROR, "a define head that cannot be read, or given twice"),
    # the deck
    ("K201", ERROR, "two suits share a name or a letter"),
    ("K202", ERROR, "a suit letter that reads as a rank"),
    ("K203", ERROR, "not a rank, or a rank listed twice"),
    # options and parameters
    ("O401", ERROR, "no such option"),
    ("O402", ERROR, "an option value not allowed"),
    ("O403", ERROR, "an option's default is not one of its values"),
    ("O404", ERROR, "a numeric option's default is not a whole number in range"),
    ("O405", ERROR, "min greater than max"),
    ("O406", ERROR, "a value listed twice"),
    ("O407", ERROR, "both values and min/max"),
    ("O409", ERROR, "an option value outside the integer range"),
    ("O410", ERROR, "loosest_first on an option without values"),
    ("O411", ERROR, "loosest_first does not list each of the values once"),
    ("O408", WARNING, "an option or parameter hides another name"),
    ("E213", ERROR, "not computable from the options alone"),
    ("E214", ERROR, "a parameter has the name of an option"),
    # piles
    ("P301", ERROR, "both count and rows"),
    ("P302", ERROR, "offsets and rows differ in number"),
    ("P303", ERROR, "overlap without rows"),
    ("P304", ERROR, "a sequence that is never used"),
    ("P305", ERROR, "no such pile or group"),
    ("P306", ERROR, "a group where one pile is needed"),
    ("P320", ERROR, "an interchangeable group laid out in rows"),
    ("P321", ERROR, "an interchangeable group whose rules tell its piles apart"),
    ("P322", ERROR, "suit_count more than the suits listed"),
    ("P323", ERROR, "deck size from the options out of range"),
    ("P324", ERROR, "face_up on a deal step other than rest"),
    ("P325", ERROR, "keep or lift_when on a group that lifts nothing"),
    ("P326", ERROR, "a rule tells apart piles of one interchangeable key"),
    ("P327", ERROR, "an interchangeable key that reads what a pile holds"),
    # the deal
    ("D501", ERROR, "the deal leaves cards undealt"),
    ("D502", ERROR, "the deal needs more cards than the deck has"),
    ("D503", ERROR, "a placed card not in the deck, or placed too often"),
    ("D504", ERROR, "a list of numbers that does not fit the piles"),
    ("D505", ERROR, "down and up together, or too many face down"),
    ("D506", WARNING, "the deal never shuffles"),
    ("D507", ERROR, "a place step after cards were dealt"),
    ("D508", ERROR, "rest face down onto face-up cards"),
    ("D509", ERROR, "a step deals face-down cards onto face-up ones"),
    ("D520", ERROR, "to_bottom without 'in'"),
    ("D521", ERROR, "a deal step key in the wrong kind of step"),
    ("D522", ERROR, "a count, face or skip key with new_pile"),
    ("D530", ERROR, "base_rank reads a pile no earlier step deals to"),
    ("D531", ERROR, "a second base_rank step"),
    ("D532", ERROR, "take without 'onto' or 'into'"),
    ("D533", ERROR, "take with both 'onto' and 'into'"),
    ("D534", ERROR, "a played base rank read from piles cards may leave"),
    # actions
    ("A601", ERROR, "a recycle onto several piles"),
    ("A610", ERROR, "an automatic move without destinations"),
    ("A611", ERROR, "a key of an automatic move on another follow-up"),
    ("A612", ERROR, "an automatic move from piles that lift nothing"),
    ("A613", ERROR, "an automatic move to piles that take nothing"),
    ("A614", ERROR, "face_up on an action that is not a recycle"),
    ("A615", WARNING, "an automatic move from piles that never show a face-up card"),
    ("A630", ERROR, "a deal or recycle action without 'to'"),
    ("A631", ERROR, "a redeal's key on another kind of action"),
    ("A632", ERROR, "a redeal naming a pile twice"),
    ("A633", ERROR, "a compaction naming a pile twice"),
    ("A634", ERROR, "a sequence step that is not a plain action"),
    ("A635", ERROR, "a key that does not go with a sequence, or steps elsewhere"),
    ("A636", ERROR, "a step_only action that no sequence names"),
    ("A637", ERROR, "an automatic removal naming no removal rule"),
    # expression syntax
    ("E100", ERROR, "empty expression"),
    ("E101", ERROR, "unexpected character"),
    ("E102", ERROR, "the expression ends too early"),
    ("E103", ERROR, "unexpected word or sign"),
    ("E106", ERROR, "expression too large"),
    ("E107", ERROR, "literal too large"),
    ("E108", ERROR, "a number outside the integer range"),
    ("E109", ERROR, "a list of lists"),
    # expression names and types
    ("E201", ERROR, "unknown name"),
    ("E202", ERROR, "unknown attribute"),
    ("E203", ERROR, "a value of the wrong type"),
    ("E204", ERROR, "wrong number of arguments"),
    ("E205", ERROR, "unknown function"),
    ("E206", ERROR, "index out of range"),
    ("E207", ERROR, "an inner quantifier not over the outer variable"),
    ("E208", ERROR, "the wrong kind of value for this key"),
    ("E209", ERROR, "pairs() outside a quantifier"),
    ("E210", ERROR, "wrong number of quantifier names"),
    ("E211", ERROR, "a quantifier name already bound"),
    ("E212", ERROR, "used() needs an action name"),
    ("E220", ERROR, "a negative pile index"),
    ("E230", ERROR, "a recursive define"),
    ("E231", ERROR, "a define with the name of a built-in or known name"),
    ("E232", ERROR, "a define used with the wrong number of arguments"),
    ("E233", ERROR, "a define using an unknown name or function"),
    ("E234", ERROR, "an expression too large once its defines are written out"),
    ("E235", ERROR, "an unknown method, or at() on something that is not a pile"),
    ("E236", ERROR, "a group name in quotes that no pile group has"),
    # the history in expressions
    ("E240", ERROR, "the history read where no move has been played"),
    ("E241", ERROR, "a move kind that does not exist"),
    ("E242", ERROR, "a move name that no action or removal has"),
    ("E250", ERROR, "base_rank in a variant whose deal fixes none"),
    ("E251", ERROR, "base_rank where only the options may be read"),
    # the validator: static
    ("V701", ERROR, "capacity too small for the win"),
    ("V702", ERROR, "the win can never hold"),
    ("V703", WARNING, "the win always holds"),
    ("V704", WARNING, "no card can ever be played"),
    ("V705", WARNING, "a dealt card can leave its pile but never return"),
    # the validator: playouts
    ("V801", ERROR, "an expression failed at run time"),
    ("V802", ERROR, "an expression gave the wrong kind of value at run time"),
    ("V803", ERROR, "a listed move that does not do what it says"),
    ("V804", ERROR, "cards lost or duplicated"),
    ("V805", ERROR, "undo or redo does not restore the position"),
    ("V806", WARNING, "no progress in any random game"),
    ("V807", WARNING, "the deal overfills a pile"),
    ("V808", WARNING, "won when dealt"),
    ("V809", ERROR, "rulesdsl itself failed"),
    # numbered deals
    ("I901", ERROR, "scheme and game do not go together"),
    ("I902", ERROR, "pysol-cards knows no such game"),
    ("I903", ERROR, "numbered deals need the standard deck"),
    ("I904", ERROR, "a pile named twice in the numbering"),
    ("I905", ERROR, "deal 1 does not fit the piles"),
    ("I906", ERROR, "the numbered deal differs from the variant's deal"),
    # finding a variant
    ("R001", ERROR, "no variant by that name"),
    # the solver-backed check (rulesdsl check --solve N)
    ("V901", ERROR, "no deal tried can be won"),
    ("V902", WARNING, "the solver won no deal in its time"),
    ("V903", ERROR, "a declared safe move lost a winnable deal"),
)

CODES: dict[str, Code] = {c: Code(c, sev, title) for c, sev, title in _DECLARED}
assert len(CODES) == len(_DECLARED), "a code declared twice"


def severity_of(code: str) -> str:
    """The declared severity of a code; KeyError (a bug in rulesdsl) if it is not declared."""
    try:
        return CODES[code].severity
    except KeyError:
        raise KeyError(f"diagnostic code {code!r} is not declared in rulesdsl/diagnostics.py") from None
